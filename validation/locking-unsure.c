/*
 * check-name: where the engine cannot tell a leak from correct code it stays
 * silent: conditions it cannot tie together, interrupt state restored from
 * flags, objects handed over with their lock, results of unknown functions
 * check-command: smatch -p=kernel --debug=locking -Ivalidation/include $file 2>&1
 */
#include "locks.h"

struct dev { struct mutex lock; spinlock_t slock; struct semaphore slots; int flags; int busy; };
struct item { struct item *next; };
int work(struct dev *d);
int put_or_lock(struct dev *d);
void *ERR_PTR(long error);

/* the unlock tests what the lock did, through memory the engine forgets */
static int flag_in_memory(struct dev *d)
{
	int ret;

	if (d->flags & 1)
		mutex_lock(&d->lock);
	ret = work(d);
	if (d->flags & 1)
		mutex_unlock(&d->lock);
	return ret;
}

/* an unconditional lock with an unlock under a test nothing else reads leaks */
static int retry_unlock(struct dev *d)
{
	int ret;

	mutex_lock(&d->lock);
	ret = work(d);
	if (!(d->busy & 1))
		mutex_unlock(&d->lock);
	return ret;
}

/* ... but a goto over the unlock is the classic leak */
static int goto_over_unlock(struct dev *d)
{
	int ret;

	mutex_lock(&d->lock);
	ret = work(d);
	if (ret)
		goto out;
	mutex_unlock(&d->lock);
out:
	return ret;
}

/* interrupts: their state comes back from the saved flags */
static void irq_section(struct dev *d)
{
	unsigned long flags;

	spin_lock_irqsave(&d->slock, flags);
	if (d->busy) {
		spin_unlock_irq(&d->slock);
		work(d);
		spin_lock_irq(&d->slock);
	}
	spin_unlock_irqrestore(&d->slock, flags);
}

/* called with d->slock held and interrupts off, it leaves them off */
static spinlock_t cpu_lock;

static int irq_flush(struct dev *d)
{
	unsigned long flags;

	spin_lock_irqsave(&cpu_lock, flags);
	work(d);
	spin_unlock_irqrestore(&cpu_lock, flags);
	if (!d->busy)
		return 0;
	spin_unlock_irq(&d->slock);
	work(d);
	spin_lock_irq(&d->slock);
	return 0;
}

/* a lookup that returns the object it found locked */
static struct dev *find_locked(struct dev **table, int n)
{
	int i;

	for (i = 0; i < n; i++) {
		mutex_lock(&table[i]->lock);
		if (table[i]->busy)
			return table[i];
		mutex_unlock(&table[i]->lock);
	}
	return (void *)0;
}

/* ... which is no excuse for a failure returned with the lock held */
static struct dev *find_error(struct dev *d)
{
	mutex_lock(&d->lock);
	if (d->busy)
		return ERR_PTR(-EINVAL);
	if (d->flags)
		return d;
	mutex_unlock(&d->lock);
	return (void *)0;
}

/* the unknown callee may take the lock and say so in its result */
static int put_dev(struct dev *d)
{
	if (d->flags)
		return put_or_lock(d);
	spin_lock(&d->slock);
	if (d->busy) {
		spin_unlock(&d->slock);
		return 1;
	}
	return 0;
}

/* the unknown callee's result is returned where the lock was dropped */
static int put_dev_busy(struct dev *d)
{
	spin_lock(&d->slock);
	if (d->busy) {
		spin_unlock(&d->slock);
		return put_or_lock(d);
	}
	return 0;
}

/* two objects of one type, each released once */
static void unlock_two(struct dev *a, struct dev *b, int both)
{
	mutex_lock(&a->lock);
	mutex_lock_nested(&b->lock, 1);
	if (both)
		mutex_unlock(&b->lock);
	mutex_unlock(&a->lock);
}

/* a semaphore used as a counter: the same up() in each round of a loop */
static void release_slots(struct dev *d, int n)
{
	int i;

	for (i = 0; i < n; i++)
		up(&d->slots);
	work(d);
}

/* a lock reached through a pointer that an unknown callee points */
spinlock_t *lock_entry(struct dev *d, spinlock_t **ptl);

static void through_pointer(struct dev *d)
{
	spinlock_t *ptl;

	lock_entry(d, &ptl);
	spin_unlock(ptl);
	lock_entry(d, &ptl);
	spin_unlock(ptl);
}

/* a semaphore taken for another task, which releases it */
void down_read_non_owner(struct rw_semaphore *s);
void up_read_non_owner(struct rw_semaphore *s);
struct unlink { struct rw_semaphore rmdir_sem; int busy; };
int start_rpc(struct unlink *u);

static int hand_over(struct unlink *u)
{
	down_read_non_owner(&u->rmdir_sem);
	if (u->busy) {
		up_read_non_owner(&u->rmdir_sem);
		return 1;
	}
	start_rpc(u);
	return 1;
}

/* ... and so is one whose _non_owner name a macro turns into a plain lock */
#define down_write_non_owner(s) down_write(s)
#define up_write_non_owner(s) up_write(s)

static int hand_over_macro(struct unlink *u)
{
	down_write_non_owner(&u->rmdir_sem);
	if (u->busy) {
		up_write_non_owner(&u->rmdir_sem);
		return 1;
	}
	start_rpc(u);
	return 1;
}

/* one object released twice */
static void unlock_twice(struct dev *a)
{
	mutex_lock(&a->lock);
	mutex_unlock(&a->lock);
	mutex_unlock(&a->lock);
}

/*
 * check-output-start
validation/locking-unsure.c:61 irq_section() state: '&d->slock' released under a flag in memory (rule: flag-protocol)
validation/locking-unsure.c:61 irq_section() state: 'irq' released under a flag in memory (rule: flag-protocol)
validation/locking-unsure.c:80 irq_flush() state: '&d->slock' released without being taken: the caller held it (rule: held-on-entry)
validation/locking-unsure.c:80 irq_flush() not reported: double unlock 'irq' (unlocked on line 77) (rule: nesting-kind)
validation/locking-unsure.c:82 irq_flush() state: '&d->slock' taken while the caller's is released here: no acquisition (rule: retaken-callers-lock)
validation/locking-unsure.c:83 irq_flush() not reported: inconsistent returns '&d->slock': locked (line 83), unlocked (line 79) (rule: held-on-entry)
validation/locking-unsure.c:83 irq_flush() not reported: inconsistent returns 'irq': locked (line 83), unlocked (line 79) (rule: saved-irq-state)
validation/locking-unsure.c:91 find_locked() state: '&table[i]->lock' may name another object now that 'i' changed (rule: name-reassigned)
validation/locking-unsure.c:94 find_locked() not reported: inconsistent returns '&table[i]->lock': locked (line 94), unlocked (line 97) (rule: hands-over-object)
validation/locking-unsure.c:122 put_dev() not reported: inconsistent returns '&d->slock': locked (line 122), unlocked (line 120) (rule: locked-on-success)
validation/locking-unsure.c:133 put_dev_busy() not reported: inconsistent returns '&d->slock': locked (line 133), unlocked (line 131) (rule: returns-unknown-call)
validation/locking-unsure.c:140 unlock_two() not reported: double lock '&b->lock' (locked on line 139) (rule: nested-variant)
validation/locking-unsure.c:144 unlock_two() not reported: inconsistent returns '&b->lock': locked (line 144), unlocked (line 144) (rule: correlation-lost)
validation/locking-unsure.c:152 release_slots() state: '&d->slots' released without being taken: the caller held it (rule: held-on-entry)
validation/locking-unsure.c:152 release_slots() not reported: double unlock '&d->slots' (unlocked on line 152) (rule: nesting-kind)
validation/locking-unsure.c:164 through_pointer() state: 'ptl' released without being taken: the caller held it (rule: held-on-entry)
validation/locking-unsure.c:165 through_pointer() state: 'ptl' may name another object now that 'ptl' changed (rule: release-name-unknown)
validation/locking-unsure.c:165 through_pointer() state: 'ptl' may name another object now that 'ptl' changed (rule: name-reassigned)
validation/locking-unsure.c:166 through_pointer() not reported: double unlock 'ptl' (unlocked on line 164) (rule: name-reassigned)
validation/locking-unsure.c:37 retry_unlock() warn: inconsistent returns '&d->lock': locked (line 37), unlocked (line 37)
validation/locking-unsure.c:51 goto_over_unlock() warn: inconsistent returns '&d->lock': locked (line 51), unlocked (line 51)
validation/locking-unsure.c:105 find_error() warn: inconsistent returns '&d->lock': locked (lines 105,107), unlocked (line 109)
validation/locking-unsure.c:206 unlock_twice() warn: double unlock '&a->lock' (unlocked on line 205)
 * check-output-end
 */
