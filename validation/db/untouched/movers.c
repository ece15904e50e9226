/* The callers of moved_update() (check.c): one holds the lock, one does not. */
#include "req.h"

void mover_held(struct dev *d)
{
	mutex_lock(&d->lock);
	moved_update(d);
	mutex_unlock(&d->lock);
}

void mover_free(struct dev *d)
{
	moved_update(d);
}
