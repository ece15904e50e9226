/*
 * check-name: a helper that may or may not have released the lock when it
 * returns (its return values overlap), called through another helper: the
 * callers cannot tell and stay silent about it; a leak on a path where the
 * lock is surely held still warns
 * check-command: smatch -p=kernel --debug=locking -Ivalidation/include $file 2>&1
 */
#include "locks.h"

struct waiter { struct mutex lock; int flags; };
int pid_of(struct waiter *w);

/* 0 with the lock still held, or a pid (which may be 0 too) having released it */
static int reap(struct waiter *w)
{
	if (!(w->flags & 1))
		return 0;
	mutex_unlock(&w->lock);
	return pid_of(w);
}

static int consider(struct waiter *w)
{
	if (w->flags & 2)
		return 0;
	return reap(w);
}

static int wait_one(struct waiter *w)
{
	int ret;

	mutex_lock(&w->lock);
	ret = consider(w);
	if (ret)
		return ret;
	mutex_unlock(&w->lock);
	return 0;
}

static int wait_leaks(struct waiter *w)
{
	int ret;

	mutex_lock(&w->lock);
	if (w->flags & 4)
		return -EINVAL;
	ret = consider(w);
	if (ret)
		return ret;
	mutex_unlock(&w->lock);
	return 0;
}

/*
 * check-output-start
validation/locking-callee-maybe.c:18 reap() state: '&w->lock' released without being taken: the caller held it (rule: held-on-entry)
validation/locking-callee-maybe.c:26 consider() state: '&w->lock' may or may not be held after 'reap()' (rule: unknown-after-callee)
validation/locking-callee-maybe.c:34 wait_one() state: '&w->lock' may or may not be held after 'consider()' (rule: unknown-after-callee)
validation/locking-callee-maybe.c:48 wait_leaks() state: '&w->lock' may or may not be held after 'consider()' (rule: unknown-after-callee)
validation/locking-callee-maybe.c:22 consider() state: '&w->lock' held on entry: every caller holds it (2) (rule: held-by-callers)
validation/locking-callee-maybe.c:14 reap() state: '&w->lock' held on entry: every caller holds it (1) (rule: held-by-callers)
validation/locking-callee-maybe.c:17 reap() not reported: inconsistent returns '&w->lock': locked (line 17), unlocked (line 19) (rule: held-on-entry)
validation/locking-callee-maybe.c:47 wait_leaks() warn: inconsistent returns '&w->lock': locked (line 47), unlocked (line 52)
 * check-output-end
 */
