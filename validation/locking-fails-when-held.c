/*
 * check-name: taking a lock already held by a function that fails instead
 * of waiting (a trylock, ww_mutex_lock() with an acquire context, which
 * returns -EALREADY) is no double lock, as the kernel's ww_mutex self-test
 * does on purpose; ww_mutex_lock() without a context and mutex_lock() still
 * deadlock.  A lock on the function's own stack returned held on a failed
 * test goes with the stack: only a lock the caller can see leaks
 * check-command: smatch -p=kernel --debug=locking -Ivalidation/include $file 2>&1
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
validation/locking-fails-when-held.c:31 test_recursion() not reported: double lock '&mutex' (locked on line 28) (rule: fails-when-held)
validation/locking-fails-when-held.c:37 test_recursion() not reported: double lock '&mutex' (locked on line 28) (rule: fails-when-held)
validation/locking-fails-when-held.c:48 test_recursion() not reported: inconsistent returns '&mutex': locked (line 48), unlocked (line 48) (rule: stack-lock)
validation/locking-fails-when-held.c:54 spin_try_twice() not reported: double lock '&d->spin' (locked on line 53) (rule: fails-when-held)
validation/locking-fails-when-held.c:66 same_test_on_a_device() not reported: double lock '&d->lock' (locked on line 63) (rule: fails-when-held)
validation/locking-fails-when-held.c:68 same_test_on_a_device() warn: inconsistent returns '&d->lock': locked (line 68), unlocked (lines 65,70)
validation/locking-fails-when-held.c:76 no_context() warn: double lock '&d->lock' (locked on line 75)
validation/locking-fails-when-held.c:83 plain_mutex() warn: double lock '&d->m' (locked on line 82)
 * check-output-end
 */
