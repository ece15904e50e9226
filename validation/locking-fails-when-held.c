/*
 * check-name: taking a lock already held by a function that fails instead
 * of waiting (a trylock, ww_mutex_lock() with an acquire context, which
 * returns -EALREADY) is no double lock, as the kernel's ww_mutex self-test
 * does on purpose; ww_mutex_lock() without a context and mutex_lock() still
 * deadlock.  A lock on the function's own stack returned held on a failed
 * test goes with the stack: only a lock the caller can see leaks
 */
#include "locks.h"

#define EALREADY 114
struct ww_mutex { struct mutex base; };
struct ww_acquire_ctx { int stamp; };
int ww_mutex_lock(struct ww_mutex *lock, struct ww_acquire_ctx *ctx);
int ww_mutex_trylock(struct ww_mutex *lock, struct ww_acquire_ctx *ctx);
void ww_mutex_unlock(struct ww_mutex *lock);
void report(const char *what);

struct dev { struct ww_mutex lock; struct mutex m; spinlock_t spin; };

static int test_recursion(void)
{
	struct ww_mutex mutex;
	struct ww_acquire_ctx ctx;
	int ret;

	ret = ww_mutex_lock(&mutex, &ctx);
	if (ret)
		goto out;
	if (ww_mutex_trylock(&mutex, (void *)0)) {
		report("trylocked itself");
		ww_mutex_unlock(&mutex);
		ret = -EINVAL;
		goto out;
	}
	ret = ww_mutex_lock(&mutex, &ctx);
	if (ret != -EALREADY) {
		if (!ret)
			ww_mutex_unlock(&mutex);
		ret = -EINVAL;
		goto out;
	}
	ww_mutex_unlock(&mutex);
	ret = 0;
out:
	report("done");
	return ret;
}

static void spin_try_twice(struct dev *d)
{
	spin_lock(&d->spin);
	if (spin_trylock(&d->spin))
		report("recursion");
	spin_unlock(&d->spin);
}

static int same_test_on_a_device(struct dev *d, struct ww_acquire_ctx *ctx)
{
	int ret;

	ret = ww_mutex_lock(&d->lock, ctx);
	if (ret)
		return ret;
	ret = ww_mutex_lock(&d->lock, ctx);
	if (ret != -EALREADY)
		return -EINVAL;
	ww_mutex_unlock(&d->lock);
	return 0;
}

static void no_context(struct dev *d)
{
	ww_mutex_lock(&d->lock, (void *)0);
	ww_mutex_lock(&d->lock, (void *)0);
	ww_mutex_unlock(&d->lock);
}

static void plain_mutex(struct dev *d)
{
	mutex_lock(&d->m);
	mutex_lock(&d->m);
	mutex_unlock(&d->m);
}
/*
 * check-output-start
validation/locking-fails-when-held.c:67 same_test_on_a_device() warn: inconsistent returns '&d->lock': locked (line 67), unlocked (lines 64,69)
validation/locking-fails-when-held.c:75 no_context() warn: double lock '&d->lock' (locked on line 74)
validation/locking-fails-when-held.c:82 plain_mutex() warn: double lock '&d->m' (locked on line 81)
 * check-output-end
 */
