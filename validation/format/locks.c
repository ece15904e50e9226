/* The input of the validation/format-*.c tests: one warning of each locking kind. */
#include "locks.h"

struct dev { struct mutex lock; spinlock_t slock; int ready, users; };

static int open_dev(struct dev *d, int flags)
{
	mutex_lock(&d->lock);
	if (!d->ready)
		goto fail;
	if (flags < 0)
		return -EINVAL;
	d->users++;
	mutex_unlock(&d->lock);
	return 0;
fail:
	mutex_unlock(&d->lock);
	return -ENOMEM;
}

static void kick(struct dev *d, int again)
{
	spin_lock(&d->slock);
	if (again)
    	  spin_lock(&d->slock);	/* indented with spaces and a tab: column 8 */
	spin_unlock(&d->slock);
}
