/* Lock helpers, one and two calls above the lock functions. */
#include "xfn.h"

void dev_grab(struct dev *d)
{
	mutex_lock(&d->lock);
}

void dev_grab2(struct dev *d)
{
	dev_grab(d);
	d->count++;
}

void dev_drop(struct dev *d)
{
	mutex_unlock(&d->lock);
}

void dev_read(void)
{
	rcu_read_lock();
}

void dev_grab_nested(struct dev *d)
{
	mutex_lock_nested(&d->lock, 1);
}

/* takes the lock only when it returns 0 */
int dev_maybe_grab(struct dev *d)
{
	if (d->count)
		return -EINVAL;
	mutex_lock(&d->lock);
	return 0;
}
