/* Level 1: wrappers around the mutex of struct dev. */
#include "project.h"

static int check(int v)
{
	return v < 0 ? -EINVAL : 0;
}

void dev_lock(struct dev *d)
{
	mutex_lock(&d->lock);
}

void dev_unlock(struct dev *d)
{
	mutex_unlock(&d->lock);
}

int dev_trylock(struct dev *d)
{
	if (!mutex_trylock(&d->lock))
		return -EBUSY;
	return 0;
}

int dev_check(struct dev *d)
{
	return check(d->count);
}

/* Locks on some paths only, which the return value does not tell apart. */
void dev_maybe_lock(struct dev *d, int x)
{
	if (x)
		mutex_lock(&d->lock);
}
