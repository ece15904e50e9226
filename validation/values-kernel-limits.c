/*
 * check-name: the kernel's limits, written with '~' and '>>' on unsigned
 * constants (INT_MAX is ((int)(~0U >> 1)), LONG_MAX ((long)(~0UL >> 1))),
 * have their values: copy_from_user()'s size check "bytes > INT_MAX" does
 * not rule out its success, so the code after "if (copy_from_user(...))
 * return -EFAULT;" is walked and its leak reported; a test against
 * LONG_MAX and UINT_MAX likewise
 * check-command: smatch -p=kernel -Ivalidation/include $file
 */
#include "locks.h"

#define INT_MAX		((int)(~0U >> 1))
#define LONG_MAX	((long)(~0UL >> 1))
#define UINT_MAX	(~0U)
#define EFAULT		14

struct dev { struct mutex lock; int mode; };
struct req { int mode; int len; };
unsigned long raw_copy(void *to, const void *from, unsigned long n);

static inline int size_ok(unsigned long bytes)
{
	if (bytes > INT_MAX)
		return 0;
	return 1;
}

static inline unsigned long copy_in(void *to, const void *from, unsigned long n)
{
	if (size_ok(n))
		n = raw_copy(to, from, n);
	return n;
}

int dev_ioctl(struct dev *d, const void *arg)
{
	struct req r;

	if (copy_in(&r, arg, sizeof(r)))
		return -EFAULT;
	mutex_lock(&d->lock);
	if (r.mode < 0)
		return -22;
	d->mode = r.mode;
	mutex_unlock(&d->lock);
	return 0;
}

int dev_set_long(struct dev *d, long v)
{
	if (v >= LONG_MAX)
		return -22;
	mutex_lock(&d->lock);
	if (v < 0)
		return -22;
	mutex_unlock(&d->lock);
	return 0;
}

int dev_set_uint(struct dev *d, unsigned int v)
{
	if (v == UINT_MAX)
		return -22;
	mutex_lock(&d->lock);
	if (v > 100)
		return -22;
	mutex_unlock(&d->lock);
	return 0;
}

/*
 * check-output-start
validation/values-kernel-limits.c:43 dev_ioctl() warn: inconsistent returns '&d->lock': locked (line 43), unlocked (lines 40,46)
validation/values-kernel-limits.c:55 dev_set_long() warn: inconsistent returns '&d->lock': locked (line 55), unlocked (lines 52,57)
validation/values-kernel-limits.c:66 dev_set_uint() warn: inconsistent returns '&d->lock': locked (line 66), unlocked (lines 63,68)
 * check-output-end
 */
