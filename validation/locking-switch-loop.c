/*
 * check-name: locking across switch cases, loops and goto error ladders
 */
#include "locks.h"

struct dev { struct mutex lock; spinlock_t irq_lock; int mode; };
int step(struct dev *d);

static int by_mode(struct dev *d)
{
	mutex_lock(&d->lock);
	switch (d->mode) {
	case 0:
		break;
	case 1:
		if (step(d))
			goto unlock;
		break;
	case 2:
		return -EINVAL;
	default:
		mutex_unlock(&d->lock);
		return 0;
	}
unlock:
	mutex_unlock(&d->lock);
	return 0;
}

static int ladder(struct dev *d)
{
	unsigned long flags;
	int ret;

	mutex_lock(&d->lock);
	ret = step(d);
	if (ret)
		goto out;
	spin_lock_irqsave(&d->irq_lock, flags);
	ret = step(d);
	if (ret)
		goto out_irq;
	d->mode = 3;
out_irq:
	spin_unlock_irqrestore(&d->irq_lock, flags);
out:
	mutex_unlock(&d->lock);
	return ret;
}

static int retry(struct dev *d)
{
	int tries;

	for (tries = 0; tries < 3; tries++) {
		mutex_lock(&d->lock);
		if (!step(d)) {
			mutex_unlock(&d->lock);
			return 0;
		}
		mutex_unlock(&d->lock);
	}
	return -EINVAL;
}


/* the second switch releases in the same cases the first one locked in */
static void two_switches(struct dev *d, int type)
{
	switch (type) {
	case 4:
	case 5:
		mutex_lock(&d->lock);
		break;
	default:
		break;
	}
	d->mode = type;
	switch (type) {
	case 4:
	case 5:
		mutex_unlock(&d->lock);
		break;
	default:
		break;
	}
}

/*
 * check-output-start
validation/locking-switch-loop.c:20 by_mode() warn: inconsistent returns '&d->lock': locked (line 20), unlocked (lines 23,27)
 * check-output-end
 */
