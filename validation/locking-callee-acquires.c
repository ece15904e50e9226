/*
 * check-name: a callee that takes a lock the caller holds deadlocks, even
 * if it releases it before it returns, through a chain of helpers and for
 * globals; not a trylock, a _nested lock, a lock of the callee's own
 * object, a section (rcu, preemption, interrupts), a lock the callee drops
 * and takes again, or one it takes only under a parameter its caller rules
 * out or after asking whether it is held, or on some of its paths only
 * (a test of a member); chains of at most 8 names
 * check-command: smatch -p=kernel --debug=locking -Ivalidation/include $file 2>&1
 */
#include "locks.h"

int mutex_is_locked(struct mutex *m);
int __cond_resched_lock(spinlock_t *l);
void preempt_disable(void);
void preempt_enable(void);
void local_irq_disable(void);
void local_irq_enable(void);

struct dev { struct mutex lock; spinlock_t list_lock; int n; };
struct dev *dev_lookup(int id);

static struct mutex stats_mutex;

static void stats_refresh(struct dev *dev)
{
	mutex_lock(&dev->lock);
	dev->n++;
	mutex_unlock(&dev->lock);
}

static void stats_update(struct dev *dev)
{
	dev->n = 0;
	stats_refresh(dev);
}

static void stats_global(void)
{
	mutex_lock(&stats_mutex);
	mutex_unlock(&stats_mutex);
}

static void stats_try(struct dev *dev)
{
	if (mutex_trylock(&dev->lock))
		mutex_unlock(&dev->lock);
}

static void stats_nested(struct dev *dev)
{
	mutex_lock_nested(&dev->lock, 1);
	mutex_unlock(&dev->lock);
}

static void stats_other(int id)
{
	struct dev *d = dev_lookup(id);

	mutex_lock(&d->lock);
	mutex_unlock(&d->lock);
}

static void stats_sections(void)
{
	rcu_read_lock();
	rcu_read_unlock();
	preempt_disable();
	preempt_enable();
	local_irq_disable();
	local_irq_enable();
}

/* drops the lock its caller holds and takes it again */
static void stats_relock(struct dev *dev)
{
	mutex_unlock(&dev->lock);
	dev->n++;
	mutex_lock(&dev->lock);
}

static void stats_resched(struct dev *dev)
{
	__cond_resched_lock(&dev->list_lock);
}

static void stats_flagged(struct dev *dev, int locked)
{
	if (!locked)
		mutex_lock(&dev->lock);
	dev->n++;
	if (!locked)
		mutex_unlock(&dev->lock);
}

static void stats_asked(struct dev *dev)
{
	if (!mutex_is_locked(&dev->lock))
		mutex_lock(&dev->lock);
	dev->n++;
}

/* only when a flag is set: most calls do not take it */
static void stats_maybe(struct dev *dev)
{
	if (!(dev->n & 4))
		return;
	mutex_lock(&dev->lock);
	mutex_unlock(&dev->lock);
}

static void stats_maybe_wrap(struct dev *dev)
{
	stats_maybe(dev);
}

static void held_then_refresh(struct dev *dev)
{
	mutex_lock(&dev->lock);
	stats_refresh(dev);			/* warn */
	stats_update(dev);			/* warn: two calls down */
	stats_try(dev);
	stats_nested(dev);
	stats_other(1);
	stats_relock(dev);
	stats_maybe(dev);
	stats_maybe_wrap(dev);
	stats_flagged(dev, 1);
	stats_flagged(dev, 0);			/* warn */
	stats_asked(dev);
	mutex_unlock(&dev->lock);
}

static void held_global(void)
{
	mutex_lock(&stats_mutex);
	stats_global();				/* warn */
	mutex_unlock(&stats_mutex);
}

static void held_sections(struct dev *dev)
{
	rcu_read_lock();
	preempt_disable();
	local_irq_disable();
	stats_sections();
	local_irq_enable();
	preempt_enable();
	rcu_read_unlock();
	spin_lock(&dev->list_lock);
	stats_resched(dev);
	spin_unlock(&dev->list_lock);
}

/* the flag passed on: called with it clear and the lock held, it deadlocks */
static void flag_passed(struct dev *dev, int locked)
{
	stats_flagged(dev, locked);
}

static void held_flag_passed(struct dev *dev)
{
	mutex_lock(&dev->lock);
	flag_passed(dev, 1);
	flag_passed(dev, 0);			/* warn */
	mutex_unlock(&dev->lock);
}

/* chains: deep7() is "deep7 -> ... -> deep1 -> mutex_lock", 8 names */
static void deep1(struct dev *d) { mutex_lock(&d->lock); mutex_unlock(&d->lock); }
static void deep2(struct dev *d) { deep1(d); }
static void deep3(struct dev *d) { deep2(d); }
static void deep4(struct dev *d) { deep3(d); }
static void deep5(struct dev *d) { deep4(d); }
static void deep6(struct dev *d) { deep5(d); }
static void deep7(struct dev *d) { deep6(d); }
static void deep8(struct dev *d) { deep7(d); }

static void held_deep(struct dev *dev)
{
	mutex_lock(&dev->lock);
	deep7(dev);				/* warn */
	deep8(dev);				/* 9 names: not told */
	mutex_unlock(&dev->lock);
}

/*
 * each helper is also called without the lock: none starts with it held,
 * so the calls above are the reports (when all callers hold it, the helper's
 * own report is the one: validation/locking-callee-one-cause.c)
 */
static void unlocked_calls(struct dev *dev)
{
	stats_refresh(dev);
	stats_update(dev);
	stats_global();
	stats_flagged(dev, 0);
	flag_passed(dev, 0);
	deep7(dev);
}

/*
 * check-output-start
validation/locking-callee-acquires.c:77 stats_relock() state: '&dev->lock' released without being taken: the caller held it (rule: held-on-entry)
validation/locking-callee-acquires.c:79 stats_relock() state: '&dev->lock' taken while the caller's is released here: no acquisition (rule: retaken-callers-lock)
validation/locking-callee-acquires.c:101 stats_asked() not reported: inconsistent returns '&dev->lock': locked (line 101), unlocked (line 101) (rule: locks-for-caller)
validation/locking-callee-acquires.c:122 held_then_refresh() state: '&dev->lock' tried by a callee: not told to the callers (rule: trylock-boundary)
validation/locking-callee-acquires.c:122 held_then_refresh() not reported: double lock '&dev->lock': 'stats_try()' acquires it (via stats_try -> mutex_trylock) (rule: fails-when-held)
validation/locking-callee-acquires.c:123 held_then_refresh() not reported: double lock '&dev->lock': 'stats_nested()' acquires it (via stats_nested -> mutex_lock_nested) (rule: nested-variant)
validation/locking-callee-acquires.c:126 held_then_refresh() not reported: double lock '&dev->lock': 'stats_maybe()' acquires it (via stats_maybe -> mutex_lock) (rule: callee-some-returns)
validation/locking-callee-acquires.c:127 held_then_refresh() not reported: double lock '&dev->lock': 'stats_maybe_wrap()' acquires it (via stats_maybe_wrap -> stats_maybe -> mutex_lock) (rule: callee-some-returns)
validation/locking-callee-acquires.c:130 held_then_refresh() state: '&dev->lock' may or may not be held after 'stats_asked()' (rule: unknown-after-callee)
validation/locking-callee-acquires.c:177 deep8() state: '&d->lock' held on entry: every caller holds it (1) (rule: held-by-callers)
validation/locking-callee-acquires.c:177 deep8() not reported: double lock '&d->lock': 'deep7()' acquires it (via deep7 -> deep6 -> deep5 -> deep4 -> deep3 -> deep2 -> deep1 -> mutex_lock) (rule: callers-warned-at-call)
validation/locking-callee-acquires.c:112 stats_maybe_wrap() state: '&dev->lock' held on entry: every caller holds it (1) (rule: held-by-callers)
validation/locking-callee-acquires.c:114 stats_maybe_wrap() not reported: double lock '&dev->lock': 'stats_maybe()' acquires it (via stats_maybe -> mutex_lock) (rule: callee-some-returns)
validation/locking-callee-acquires.c:104 stats_maybe() state: '&dev->lock' held on entry: every caller holds it (2) (rule: held-by-callers)
validation/locking-callee-acquires.c:96 stats_asked() state: '&dev->lock' held on entry: every caller holds it (1) (rule: held-by-callers)
validation/locking-callee-acquires.c:99 stats_asked() not reported: double lock '&dev->lock' (held by every caller: held_then_refresh()) (rule: queried-unheld)
validation/locking-callee-acquires.c:82 stats_resched() state: '&dev->list_lock' held on entry: every caller holds it (1) (rule: held-by-callers)
validation/locking-callee-acquires.c:75 stats_relock() state: '&dev->lock' held on entry: every caller holds it (1) (rule: held-by-callers)
validation/locking-callee-acquires.c:64 stats_sections() state: 'rcu_read_lock' held on entry: every caller holds it (1) (rule: held-by-callers)
validation/locking-callee-acquires.c:64 stats_sections() state: 'preempt' held on entry: every caller holds it (1) (rule: held-by-callers)
validation/locking-callee-acquires.c:64 stats_sections() state: 'irq' held on entry: every caller holds it (1) (rule: held-by-callers)
validation/locking-callee-acquires.c:66 stats_sections() not reported: double lock 'rcu_read_lock' (held by every caller: held_sections()) (rule: nesting-kind)
validation/locking-callee-acquires.c:68 stats_sections() not reported: double lock 'preempt' (held by every caller: held_sections()) (rule: nesting-kind)
validation/locking-callee-acquires.c:70 stats_sections() not reported: double lock 'irq' (held by every caller: held_sections()) (rule: nesting-kind)
validation/locking-callee-acquires.c:56 stats_other() state: '&dev->lock' held on entry: every caller holds it (1) (rule: held-by-callers)
validation/locking-callee-acquires.c:60 stats_other() not reported: double lock '&d->lock' (held by every caller: held_then_refresh()) (rule: callers-hold-other-object)
validation/locking-callee-acquires.c:50 stats_nested() state: '&dev->lock' held on entry: every caller holds it (1) (rule: held-by-callers)
validation/locking-callee-acquires.c:52 stats_nested() not reported: double lock '&dev->lock' (held by every caller: held_then_refresh()) (rule: nested-variant)
validation/locking-callee-acquires.c:44 stats_try() state: '&dev->lock' held on entry: every caller holds it (1) (rule: held-by-callers)
validation/locking-callee-acquires.c:46 stats_try() not reported: double lock '&dev->lock' (held by every caller: held_then_refresh()) (rule: fails-when-held)
validation/locking-callee-acquires.c:108 stats_maybe() warn: double lock '&dev->lock' (held by every caller: held_then_refresh(), stats_maybe_wrap())
validation/locking-callee-acquires.c:120 held_then_refresh() warn: double lock '&dev->lock': 'stats_refresh()' acquires it (via stats_refresh -> mutex_lock)
validation/locking-callee-acquires.c:121 held_then_refresh() warn: double lock '&dev->lock': 'stats_update()' acquires it (via stats_update -> stats_refresh -> mutex_lock)
validation/locking-callee-acquires.c:129 held_then_refresh() warn: double lock '&dev->lock': 'stats_flagged()' acquires it (via stats_flagged -> mutex_lock)
validation/locking-callee-acquires.c:137 held_global() warn: double lock '&stats_mutex': 'stats_global()' acquires it (via stats_global -> mutex_lock)
validation/locking-callee-acquires.c:165 held_flag_passed() warn: double lock '&dev->lock': 'flag_passed()' acquires it (via flag_passed -> stats_flagged -> mutex_lock)
validation/locking-callee-acquires.c:182 held_deep() warn: double lock '&dev->lock': 'deep7()' acquires it (via deep7 -> deep6 -> deep5 -> deep4 -> deep3 -> deep2 -> deep1 -> mutex_lock)
 * check-output-end
 */
