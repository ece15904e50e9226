/*
 * check-name: a function that some calls enter with the lock held (it
 * releases it without taking it) and that returns with it held for the next
 * call to release (n_tty_read()'s retries): a protocol across calls, not a
 * leak; the same leak in a function that never finds the lock held warns
 */
#include "locks.h"

struct reader { struct mutex lock; int avail; };
int copy_some(struct reader *r);

static int read_more(struct reader *r, void **cookie)
{
	if (*cookie) {
		if (copy_some(r))
			return 1;
		mutex_unlock(&r->lock);
		*cookie = (void *)0;
		return 0;
	}
	mutex_lock(&r->lock);
	if (copy_some(r) < 0)
		return -EINVAL;
	if (copy_some(r) && r->avail) {
		*cookie = cookie;
		return 1;
	}
	mutex_unlock(&r->lock);
	return 0;
}

static int read_once(struct reader *r, void **cookie)
{
	mutex_lock(&r->lock);
	if (copy_some(r) < 0)
		return -EINVAL;
	mutex_unlock(&r->lock);
	return 0;
}

/*
 * check-output-start
validation/locking-across-calls.c:36 read_once() warn: inconsistent returns '&r->lock': locked (line 36), unlocked (line 38)
 * check-output-end
 */
