/*
 * check-name: ww_mutex_lock() without an acquire context cannot fail (the
 * table's fails-if=$1), and neither can a helper that passes its context
 * on to it (dma_resv_lock(obj, NULL)): a lock-touch-unlock helper always
 * takes the lock, so calling it with the lock held is a double lock, and
 * it releases nothing of its caller's.  With a context the helper may
 * fail (-EALREADY where the context holds it): silent
 * check-command: smatch -p=kernel -Ivalidation/include $file
 */
#include "locks.h"

struct ww_acquire_ctx { int stamp; };
struct ww_mutex { struct mutex base; };
int ww_mutex_lock(struct ww_mutex *lock, struct ww_acquire_ctx *ctx);
void ww_mutex_unlock(struct ww_mutex *lock);

struct resv { struct ww_mutex lock; };
struct bo { struct resv *resv; int busy; };
void mark_busy(struct bo *bo);
int mark_busy_ctx(struct bo *bo, struct ww_acquire_ctx *ctx);
int validate(struct bo *bo);
int validate_ctx(struct bo *bo, struct ww_acquire_ctx *ctx);

static inline int resv_lock(struct resv *obj, struct ww_acquire_ctx *ctx)
{
	return ww_mutex_lock(&obj->lock, ctx);
}

static inline void resv_unlock(struct resv *obj)
{
	ww_mutex_unlock(&obj->lock);
}

void mark_busy(struct bo *bo)
{
	resv_lock(bo->resv, (void *)0);
	bo->busy = 1;
	resv_unlock(bo->resv);
}

int mark_busy_ctx(struct bo *bo, struct ww_acquire_ctx *ctx)
{
	int ret = resv_lock(bo->resv, ctx);

	if (ret)
		return ret;
	bo->busy = 1;
	resv_unlock(bo->resv);
	return 0;
}

int validate(struct bo *bo)
{
	resv_lock(bo->resv, (void *)0);
	if (bo->busy) {
		resv_unlock(bo->resv);
		return -16;
	}
	mark_busy(bo);
	resv_unlock(bo->resv);
	return 0;
}

int validate_ctx(struct bo *bo, struct ww_acquire_ctx *ctx)
{
	int ret;

	if (resv_lock(bo->resv, ctx))
		return -16;
	ret = mark_busy_ctx(bo, ctx);
	resv_unlock(bo->resv);
	return ret;
}

/*
 * check-output-start
validation/locking-ww-mutex-no-context.c:59 validate() warn: double lock '&bo->resv->lock': 'mark_busy()' acquires it (via mark_busy -> resv_lock -> ww_mutex_lock)
 * check-output-end
 */
