/*
 * A fault handler that drops the device's lock on some paths and says so
 * in a bit of its result (the kernel's handle_mm_fault() and VM_FAULT_RETRY):
 * its callers cannot tell from the value which paths did.
 */
#include "xfn.h"

static int dev_fault_inner(struct dev *d, int flags)
{
	if (flags & 1) {
		mutex_unlock(&d->lock);
		return flags | 2;
	}
	return flags;
}

int dev_fault(struct dev *d, int flags)
{
	if (flags & 4)
		return flags;
	return dev_fault_inner(d, flags);
}
