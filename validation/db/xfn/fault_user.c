/* dev_fault() (fault.c) may have dropped the lock when it returns: no leak to see. */
#include "xfn.h"

void dev_handle_fault(struct dev *d, int flags)
{
	int ret;

	mutex_lock(&d->lock);
	ret = dev_fault(d, flags);
	if (ret & 2)
		return;
	mutex_unlock(&d->lock);
}
