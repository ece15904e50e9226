/*
 * Helpers whose callers are in another file (relock_users.c): every
 * caller holds the lock of the object it passes, or another object's.
 */
#include "xfn.h"

/* its callers hold &d->lock: taking it again is a double lock */
void dev_relock(struct dev *d)
{
	mutex_lock(&d->lock);
	d->count = 0;
	mutex_unlock(&d->lock);
}

/* its callers hold their parent's lock and pass the child */
void dev_child_lock(struct dev *child)
{
	mutex_lock(&child->lock);
	child->count++;
	mutex_unlock(&child->lock);
}
