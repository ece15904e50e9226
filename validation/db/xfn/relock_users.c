/* The callers of relock.c's helpers. */
#include "xfn.h"

void relock_a(struct dev *d)
{
	mutex_lock(&d->lock);
	dev_relock(d);
	mutex_unlock(&d->lock);
}

void relock_b(struct dev *x)
{
	mutex_lock(&x->lock);
	dev_relock(x);
	mutex_unlock(&x->lock);
}

void child_a(struct dev *d)
{
	mutex_lock(&d->parent->lock);
	dev_child_lock(d);
	mutex_unlock(&d->parent->lock);
}

void child_b(struct dev *parent, struct dev *child)
{
	mutex_lock(&parent->lock);
	dev_child_lock(child);
	mutex_unlock(&parent->lock);
}
