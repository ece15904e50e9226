/* Level 3: users of the level 2 wrappers and of the operations. */
#include "project.h"

int dev_update(struct dev *d, int v)
{
	int ret;

	dev_lock_all(d);
	ret = dev_set(d, v);
	dev_unlock_all(d);
	return ret;
}

int dev_poke(struct dev *d)
{
	return dev_set(d, 5);
}

/* Keeps the lock on the error path: only seen with what the database knows. */
int dev_bad(struct dev *d, int v)
{
	dev_lock_all(d);
	if (v < 0)
		return -EINVAL;
	dev_unlock_all(d);
	return 0;
}

void dev_call_op(struct dev *d)
{
	d->ops->reset(d);
}

int dev_try(struct dev *d)
{
	if (dev_trylock(d))
		return -EBUSY;
	d->count++;
	dev_unlock(d);
	return 0;
}

/* The database says dev_maybe_lock may or may not take the lock (it does when x is not 0): so may this. */
int dev_maybe(struct dev *d)
{
	dev_maybe_lock(d, d->count);
	return 0;
}
