/*
 * check-name: a call whose callee has three or more outcomes (by return
 * value) gives each its own path, forked from the path before the call:
 * what one outcome does (take a lock) is not carried into the next one
 * (cachefiles_lookup_for_cull(): the victim locked, -EBUSY or -ESTALE
 * after unlocking, told apart here by what they say of 'mode').  A caller that leaks on the success outcome still
 * warns
 */
#include "locks.h"

#define ESTALE 116
struct dir { struct mutex lock; int busy; };
int lookup(struct dir *d);

static int lock_victim(struct dir *d, int mode)
{
	mutex_lock(&d->lock);
	if (!d->busy)
		return 0;
	mutex_unlock(&d->lock);
	if (mode == 1)
		return -EBUSY;
	return -ESTALE;
}

int check_in_use(struct dir *d, int mode)
{
	int ret = lock_victim(d, mode);

	if (ret)
		return ret;
	mutex_unlock(&d->lock);
	return 0;
}

int check_leaks(struct dir *d, int mode)
{
	int ret = lock_victim(d, mode);

	if (ret)
		return ret;
	if (lookup(d))
		return -EINVAL;
	mutex_unlock(&d->lock);
	return 0;
}
/*
 * check-output-start
validation/flow-call-outcomes.c:43 check_leaks() warn: inconsistent returns '&d->lock': locked (line 43), unlocked (lines 41,45)
 * check-output-end
 */
