/*
 * check-name: double lock and double unlock through helpers of the file,
 * named with the chain of calls down to the lock function, and the
 * look-alikes that are not: recursive kinds, _nested, another object, a
 * helper that locks or unlocks on some returns only, a lock taken and
 * dropped before
 * check-command: smatch -p=kernel --debug=locking -Ivalidation/include $file 2>&1
 */
#include "locks.h"

struct dev { struct mutex lock; struct dev *parent; int state; };
int cond(void);

static void dev_grab(struct dev *d)
{
	mutex_lock(&d->lock);
}

static void dev_enter(struct dev *d)
{
	dev_grab(d);
	d->state = 1;
}

static void dev_drop(struct dev *d)
{
	mutex_unlock(&d->lock);
}

static void dev_leave(struct dev *d)
{
	d->state = 0;
	dev_drop(d);
}

static void read_side(void)
{
	rcu_read_lock();
}

static void grab_nested(struct dev *d)
{
	mutex_lock_nested(&d->lock, 1);
}

/* takes the lock only when it returns 0 */
static int maybe_grab(struct dev *d)
{
	if (cond())
		return -EINVAL;
	mutex_lock(&d->lock);
	return 0;
}

/* releases the lock only when it returns 0 */
static int maybe_drop(struct dev *d)
{
	if (cond())
		return -EINVAL;
	mutex_unlock(&d->lock);
	return 0;
}

static void locks_twice(struct dev *d)
{
	mutex_lock(&d->lock);
	dev_enter(d);
	mutex_unlock(&d->lock);
}

static void unlocks_twice(struct dev *d)
{
	mutex_lock(&d->lock);
	mutex_unlock(&d->lock);
	dev_leave(d);
}

/* a helper of a helper: the chain starts at the call */
static void locks_twice_direct(struct dev *d)
{
	dev_grab(d);
	dev_grab(d);
	dev_drop(d);
}

static void table_twice(struct dev *d)
{
	mutex_lock(&d->lock);
	mutex_lock(&d->lock);
	mutex_unlock(&d->lock);
}

static void rcu_twice(void)
{
	rcu_read_lock();
	read_side();
	rcu_read_unlock();
	rcu_read_unlock();
}

static void nested(struct dev *d)
{
	mutex_lock(&d->lock);
	grab_nested(d);
	mutex_unlock(&d->lock);
	mutex_unlock(&d->lock);
}

static void parent_child(struct dev *d)
{
	struct dev *p = d->parent;

	mutex_lock(&d->lock);
	dev_enter(p);
	dev_leave(p);
	mutex_unlock(&d->lock);
}

static void conditional(struct dev *d)
{
	mutex_lock(&d->lock);
	if (maybe_grab(d))
		d->state = 2;
	mutex_unlock(&d->lock);
}

static void maybe_unlocked_twice(struct dev *d)
{
	mutex_lock(&d->lock);
	mutex_unlock(&d->lock);
	if (maybe_drop(d))
		d->state = 2;
}

static void in_order(struct dev *d)
{
	mutex_lock(&d->lock);
	mutex_unlock(&d->lock);
	dev_enter(d);
	dev_leave(d);
}

/*
 * check-output-start
validation/locking-double-via.c:27 dev_drop() state: '&d->lock' released without being taken: the caller held it (rule: held-on-entry)
validation/locking-double-via.c:33 dev_leave() state: '&d->lock' released without being taken: the caller held it (rule: held-on-entry)
validation/locking-double-via.c:52 maybe_grab() not reported: inconsistent returns '&d->lock': locked (line 52), unlocked (line 50) (rule: locked-on-success)
validation/locking-double-via.c:60 maybe_drop() state: '&d->lock' released without being taken: the caller held it (rule: held-on-entry)
validation/locking-double-via.c:104 nested() not reported: double lock '&d->lock': 'grab_nested()' acquires it (via grab_nested -> mutex_lock_nested) (rule: nested-variant)
validation/locking-double-via.c:114 parent_child() not reported: double lock '&p->lock': 'dev_enter()' acquires it (via dev_enter -> dev_grab -> mutex_lock) (rule: other-object-same-type)
validation/locking-double-via.c:122 conditional() not reported: double lock '&d->lock': 'maybe_grab()' acquires it (via maybe_grab -> mutex_lock) (rule: callee-some-returns)
validation/locking-double-via.c:131 maybe_unlocked_twice() not reported: double unlock '&d->lock': 'maybe_drop()' releases it (via maybe_drop -> mutex_unlock) (rule: callee-some-returns)
validation/locking-double-via.c:47 maybe_grab() state: '&d->lock' held on entry: every caller holds it (1) (rule: held-by-callers)
validation/locking-double-via.c:41 grab_nested() state: '&d->lock' held on entry: every caller holds it (1) (rule: held-by-callers)
validation/locking-double-via.c:43 grab_nested() not reported: double lock '&d->lock' (held by every caller: nested()) (rule: nested-variant)
validation/locking-double-via.c:36 read_side() state: 'rcu_read_lock' held on entry: every caller holds it (1) (rule: held-by-callers)
validation/locking-double-via.c:38 read_side() not reported: double lock 'rcu_read_lock' (held by every caller: rcu_twice()) (rule: nesting-kind)
validation/locking-double-via.c:51 maybe_grab() warn: double lock '&d->lock' (held by every caller: conditional())
validation/locking-double-via.c:67 locks_twice() warn: double lock '&d->lock': 'dev_enter()' acquires it (via dev_enter -> dev_grab -> mutex_lock)
validation/locking-double-via.c:75 unlocks_twice() warn: double unlock '&d->lock': 'dev_leave()' releases it (via dev_leave -> dev_drop -> mutex_unlock)
validation/locking-double-via.c:82 locks_twice_direct() warn: double lock '&d->lock': 'dev_grab()' acquires it (via dev_grab -> mutex_lock)
validation/locking-double-via.c:89 table_twice() warn: double lock '&d->lock' (locked on line 88)
 * check-output-end
 */
