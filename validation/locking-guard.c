/*
 * check-name: cleanup-attribute guards (guard(), scoped_guard()) give no
 * false positives; plain locking next to them is still checked
 */
#include "locks.h"

#define __cleanup(f) __attribute__((__cleanup__(f)))
#define DEFINE_GUARD(_name, _type, _lock, _unlock)				\
	typedef _type class_##_name##_t;					\
	static inline void class_##_name##_destructor(_type *p)		\
	{ _type _T = *p; _unlock; }						\
	static inline _type class_##_name##_constructor(_type _T)		\
	{ _lock; return _T; }
#define CLASS(_name, var) \
	class_##_name##_t var __cleanup(class_##_name##_destructor) = class_##_name##_constructor
#define guard(_name) CLASS(_name, __guard_var)
#define scoped_guard(_name, args...) \
	for (CLASS(_name, scope)(args), *done = NULL; !done; done = (void *)1)

DEFINE_GUARD(mutex, struct mutex *, mutex_lock(_T), mutex_unlock(_T))

struct dev { struct mutex lock; int users; };
int busy(struct dev *d);

static int guarded(struct dev *d)
{
	guard(mutex)(&d->lock);
	if (busy(d))
		return -EINVAL;
	d->users++;
	return 0;
}

static int scoped(struct dev *d)
{
	scoped_guard(mutex, &d->lock) {
		if (busy(d))
			return -EINVAL;
		d->users++;
	}
	return 0;
}

static int plain_leak(struct dev *d)
{
	mutex_lock(&d->lock);
	if (busy(d))
		return -EINVAL;
	mutex_unlock(&d->lock);
	return 0;
}

/*
 * check-output-start
validation/locking-guard.c:48 plain_leak() warn: inconsistent returns '&d->lock': locked (line 48), unlocked (line 50)
 * check-output-end
 */
