/* Double locks and unlocks through helpers of other files, and look-alikes. */
#include "xfn.h"

void x_double(struct dev *d)
{
	mutex_lock(&d->lock);
	dev_grab2(d);
	mutex_unlock(&d->lock);
}

void x_unlock(struct dev *d)
{
	mutex_lock(&d->lock);
	mutex_unlock(&d->lock);
	dev_drop(d);
}

void x_rcu(void)
{
	rcu_read_lock();
	dev_read();
	rcu_read_unlock();
	rcu_read_unlock();
}

void x_nested(struct dev *d)
{
	mutex_lock(&d->lock);
	dev_grab_nested(d);
	mutex_unlock(&d->lock);
	mutex_unlock(&d->lock);
}

void x_parent(struct dev *d)
{
	mutex_lock(&d->lock);
	dev_grab(d->parent);
	dev_drop(d->parent);
	mutex_unlock(&d->lock);
}

void x_maybe(struct dev *d)
{
	mutex_lock(&d->lock);
	if (dev_maybe_grab(d))
		d->count = 0;
	mutex_unlock(&d->lock);
}
