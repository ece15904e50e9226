/* Callers that hold the lock around their calls. */
#include "xfn.h"

void user_a(struct dev *d)
{
	mutex_lock(&d->lock);
	dev_update_locked(d);
	dev_inline_locked(d);
	dev_poll_locked(d);
	dev_mixed(d);
	dev_two(d);
	dev_entered(d);
	dev_entered_mixed(d);
	dev_entered_other(d, d->parent);
	mutex_unlock(&d->lock);
	spin_lock_irq(&dev_list_lock);
	dev_irq_work(d);
	dev_matches(d, d->parent);
	dev_listed(d);
	spin_unlock_irq(&dev_list_lock);
}

void user_b(struct dev *d)
{
	mutex_lock(&d->lock);
	dev_update_locked(d);
	dev_inline_locked(d);
	dev_poll_locked(d);
	dev_mixed(d);
	dev_two(d);
	dev_entered(d);
	dev_entered_other(d, d->parent);
	mutex_unlock(&d->lock);
	spin_lock_irq(&dev_list_lock);
	dev_irq_work(d);
	dev_matches(d, d->parent);
	dev_listed(d);
	spin_unlock_irq(&dev_list_lock);
}

void user_c(struct dev *dev)
{
	mutex_lock(&dev->lock);
	dev_update_locked(dev);
	dev_inline_locked(dev);
	dev_poll_locked(dev);
	dev_mixed(dev);
	mutex_unlock(&dev->lock);
	spin_lock_irq(&dev_list_lock);
	dev_irq_work(dev);
	dev_matches(dev, dev->parent);
	dev_listed(dev);
	spin_unlock_irq(&dev_list_lock);
}

void still_held(struct dev *p)
{
	mutex_lock(&p->lock);
	dev_update_locked(p);
	mutex_unlock(&p->lock);
}

/* a static function of the same name, in another file: its callers are its own */
static void static_locked(struct dev *d)
{
	d->count = 0;
}

void users_plain(struct dev *d)
{
	static_locked(d);
	static_locked(d);
}

/* three callers here hold it, but a header's helper is nobody's requirement */
void users_bad_inline(struct dev *d)
{
	mutex_lock(&d->lock);
	mutex_unlock(&d->lock);
	dev_inline_locked(d);
}
