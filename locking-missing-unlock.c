/*
 * check-name: a lock left held on an error path
 */
#include "locks.h"

struct foo { struct mutex lock; int ready; };

static int bad(struct foo *dev, int x)
{
	mutex_lock(&dev->lock);
	if (x < 0)
		return -EINVAL;
	mutex_unlock(&dev->lock);
	return 0;
}

static int good(struct foo *dev, int x)
{
	mutex_lock(&dev->lock);
	if (x < 0)
		goto out;
	dev->ready = 1;
out:
	mutex_unlock(&dev->lock);
	return x < 0 ? -EINVAL : 0;
}

/*
 * check-output-start
validation/locking-missing-unlock.c:12 bad() warn: inconsistent returns '&dev->lock': locked (line 12), unlocked (line 14)
 * check-output-end
 */
