/*
 * A small driver-like file with the locking bugs people really write,
 * for `make demo`.  Each function says what smatch finds in it.
 */
#include "locks.h"

struct ring { spinlock_t lock; int head, tail, size; };
struct device { struct mutex lock; struct ring rx; int open_count; int broken; };

int hw_reset(struct device *dev);
int hw_start(struct device *dev);

/* bug: the error path returns with dev->lock held */
int dev_open(struct device *dev)
{
	int ret;

	mutex_lock(&dev->lock);
	if (dev->broken)
		return -EINVAL;
	ret = hw_start(dev);
	if (ret)
		goto out;
	dev->open_count++;
out:
	mutex_unlock(&dev->lock);
	return ret;
}

/* fine: every path releases the lock through the error ladder */
int dev_reset(struct device *dev)
{
	int ret;

	mutex_lock(&dev->lock);
	ret = hw_reset(dev);
	if (ret)
		goto out_unlock;
	ret = hw_start(dev);
out_unlock:
	mutex_unlock(&dev->lock);
	return ret;
}

static void ring_lock(struct ring *r)
{
	spin_lock(&r->lock);
}

/* bug: ring_lock() already took the lock */
int ring_push(struct device *dev, int v)
{
	ring_lock(&dev->rx);
	if (dev->rx.head == dev->rx.size)
		spin_lock(&dev->rx.lock);
	dev->rx.head++;
	spin_unlock(&dev->rx.lock);
	return 0;
}

/* bug: released twice when the device is broken */
void dev_close(struct device *dev)
{
	mutex_lock(&dev->lock);
	dev->open_count--;
	if (dev->broken)
		mutex_unlock(&dev->lock);
	mutex_unlock(&dev->lock);
}

/* fine: trylock failure returns before touching anything */
int dev_poll(struct device *dev)
{
	if (!mutex_trylock(&dev->lock))
		return -EINTR;
	dev->open_count++;
	mutex_unlock(&dev->lock);
	return 0;
}
