/*
 * check-name: locks taken and released in helpers defined in the file, and
 * functions whose job is to return with the lock held on success
 */
#include "locks.h"

struct dev { struct mutex lock; int state; };
int setup(struct dev *d);

static void dev_lock(struct dev *d)
{
	mutex_lock(&d->lock);
}

static void dev_unlock(struct dev *d)
{
	mutex_unlock(&d->lock);
}

static int uses_helpers(struct dev *d)
{
	dev_lock(d);
	d->state = 1;
	dev_unlock(d);
	return 0;
}

static int leaks_through_helper(struct dev *d)
{
	dev_lock(d);
	if (setup(d))
		return -EINVAL;
	dev_unlock(d);
	return 0;
}

/* returns 0 with the lock held, an error without it */
static int dev_lock_ready(struct dev *d)
{
	mutex_lock(&d->lock);
	if (!d->state) {
		mutex_unlock(&d->lock);
		return -EINVAL;
	}
	return 0;
}

static struct dev *dev_get_locked(struct dev *d)
{
	mutex_lock(&d->lock);
	if (d->state < 0) {
		mutex_unlock(&d->lock);
		return NULL;
	}
	return d;
}

static int caller(struct dev *d)
{
	if (dev_lock_ready(d))
		return -EINVAL;
	d->state = 2;
	dev_unlock(d);
	return 0;
}

static int lock_on_error(struct dev *d)
{
	mutex_lock(&d->lock);
	if (d->state)
		return -EINVAL;
	mutex_unlock(&d->lock);
	return 0;
}

/* released here, taken by the caller */
static void finish(struct dev *d)
{
	d->state = 0;
	mutex_unlock(&d->lock);
}

/*
 * check-output-start
validation/locking-helpers.c:32 leaks_through_helper() warn: inconsistent returns '&d->lock': locked (line 32), unlocked (line 34)
validation/locking-helpers.c:71 lock_on_error() warn: inconsistent returns '&d->lock': locked (line 71), unlocked (line 73)
 * check-output-end
 */
