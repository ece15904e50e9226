/*
 * check-name: wound/wait mutexes (the table's ww_mutex_* lines, under the
 * kernel's dma_resv_*() helpers): a trylock after the unlock takes the lock
 * again, so the second unlock is no double unlock; an error return that
 * keeps the lock leaks
 */
#include "locks.h"

struct ww_mutex { struct mutex base; };
int ww_mutex_lock(struct ww_mutex *lock, void *ctx);
int ww_mutex_trylock(struct ww_mutex *lock, void *ctx);
void ww_mutex_unlock(struct ww_mutex *lock);

struct resv { struct ww_mutex lock; };
struct bo { struct resv *resv; int busy; };
int wait_idle(struct bo *bo);

static inline int resv_trylock(struct resv *r) { return ww_mutex_trylock(&r->lock, (void *)0); }
static inline void resv_unlock(struct resv *r) { ww_mutex_unlock(&r->lock); }

static int cleanup_refs(struct bo *bo, _Bool unlock_resv)
{
	int ret;

	if (unlock_resv)
		resv_unlock(bo->resv);
	ret = wait_idle(bo);
	if (ret < 0)
		return ret;
	if (unlock_resv && !resv_trylock(bo->resv))
		return 0;
	bo->busy = 0;
	if (unlock_resv)
		resv_unlock(bo->resv);
	return 0;
}

static int reserve(struct bo *bo)
{
	if (ww_mutex_lock(&bo->resv->lock, (void *)0))
		return -EINVAL;
	if (bo->busy)
		return -EINVAL;
	resv_unlock(bo->resv);
	return 0;
}

/*
 * check-output-start
validation/locking-ww-mutex.c:43 reserve() warn: inconsistent returns '&bo->resv->lock': locked (line 43), unlocked (line 45)
 * check-output-end
 */
