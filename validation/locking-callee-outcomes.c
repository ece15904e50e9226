/*
 * check-name: a helper returning 0 on two paths and RETRY on two, having
 * released the lock on one of those only (ttm_bo_vm_fault_idle()): a caller
 * that sees 0 knows the lock is still held, so a leak after that warns; a
 * caller returning RETRY without unlocking stays silent (it may have been
 * released)
 */
#include "locks.h"

#define RETRY 0x400

struct bo { struct mutex lock; };
int busy(struct bo *bo);
int nowait(struct bo *bo);

static int wait_idle(struct bo *bo)
{
	if (!busy(bo))
		return 0;
	if (nowait(bo))
		return RETRY;
	mutex_unlock(&bo->lock);
	return RETRY;
}

static int fault(struct bo *bo)
{
	int ret;

	mutex_lock(&bo->lock);
	ret = wait_idle(bo);
	if (ret == RETRY)
		return ret;
	mutex_unlock(&bo->lock);
	return 0;
}

static int fault_leaks(struct bo *bo, int flags)
{
	int ret;

	mutex_lock(&bo->lock);
	ret = wait_idle(bo);
	if (ret == RETRY)
		return ret;
	if (flags & 8)
		return -EINVAL;
	mutex_unlock(&bo->lock);
	return 0;
}

/*
 * check-output-start
validation/locking-callee-outcomes.c:47 fault_leaks() warn: inconsistent returns '&bo->lock': locked (line 47), unlocked (line 49)
 * check-output-end
 */
