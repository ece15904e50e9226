/*
 * check-name: interruptible and killable locks fail with a negative error
 * code, so "if (down_write_killable(l) < 0)" splits like "if (down_write_killable(l))"
 */
#include "locks.h"

struct dir { struct rw_semaphore validate_lock; int valid; struct mutex m; };

int fetch(struct dir *d);

/* afs_read_dir(): a read lock traded for the write lock, tested with "< 0" */
static struct dir *read_dir(struct dir *d)
{
	if (down_read_killable(&d->validate_lock) < 0)
		return NULL;
	if (d->valid)
		return d;
	up_read(&d->validate_lock);
	if (down_write_killable(&d->validate_lock) < 0)
		return NULL;
	if (fetch(d)) {
		up_write(&d->validate_lock);
		return NULL;
	}
	up_write(&d->validate_lock);
	return NULL;
}

/* the same test, then a leak on an error path */
static int leak_after_less_than_zero(struct dir *d)
{
	int ret = mutex_lock_killable(&d->m);

	if (ret < 0)
		return ret;
	if (fetch(d))
		return -EINVAL;
	mutex_unlock(&d->m);
	return 0;
}

/*
 * check-output-start
validation/locking-errno-fail.c:37 leak_after_less_than_zero() warn: inconsistent returns '&d->m': locked (line 37), unlocked (lines 35,39)
 * check-output-end
 */
