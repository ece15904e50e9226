/*
 * check-name: where the engine cannot tell a leak from correct code it stays
 * silent: conditions it cannot tie together, interrupt state restored from
 * flags, objects handed over with their lock, results of unknown functions
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

/* an unconditional lock with an unlock under such a test: no jump skipped it */
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
validation/locking-unsure.c:50 goto_over_unlock() warn: inconsistent returns '&d->lock': locked (line 50), unlocked (line 50)
validation/locking-unsure.c:104 find_error() warn: inconsistent returns '&d->lock': locked (lines 104,106), unlocked (line 108)
validation/locking-unsure.c:194 unlock_twice() warn: double unlock '&a->lock' (unlocked on line 193)
 * check-output-end
 */
