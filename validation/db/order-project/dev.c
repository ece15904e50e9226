/* The other half: dev, then bus (in bus_kick); and a parent and child dev. */
#include "order.h"

void dev_take(struct dev *d)
{
	mutex_lock(&d->lock);
}

void dev_drop(struct dev *d)
{
	mutex_unlock(&d->lock);
}

void dev_refresh(struct dev *d)
{
	dev_take(d);
	dev_drop(d);
}

void dev_flush(struct dev *d, struct bus *b)
{
	mutex_lock(&d->lock);
	bus_kick(b);
	mutex_unlock(&d->lock);
}

/* Silent: a parent and its child are locks of one type, ordered by design. */
void dev_lock_child(struct dev *d)
{
	mutex_lock(&d->parent->lock);
	dev_take(d);
	dev_drop(d);
	mutex_unlock(&d->parent->lock);
}
