/*
 * check-name: a callee that takes a lock only where a test of bits of its
 * argument was false ("if (flags & NOLOCK) return; mutex_lock()") says
 * ";$1!&0x4" in its acquires item: a caller holding the lock that passes
 * NOLOCK is silent, one passing 0 takes it twice, one passing a value not
 * known here may (rule callee-some-returns)
 * check-command: smatch -p=kernel --debug=locking -Ivalidation/include $file 2>&1
 */
#include "locks.h"

#define NOLOCK	4

struct dev { struct mutex m; int count; };

void dev_count(struct dev *d, unsigned int flags);
void dev_count(struct dev *d, unsigned int flags)
{
	if (flags & NOLOCK)
		return;
	mutex_lock(&d->m);
	d->count++;
	mutex_unlock(&d->m);
}

void dev_reset(struct dev *d, unsigned int flags);
void dev_reset(struct dev *d, unsigned int flags)
{
	mutex_lock(&d->m);
	dev_count(d, NOLOCK);
	dev_count(d, NOLOCK | 1);
	dev_count(d, 0);
	dev_count(d, flags);
	mutex_unlock(&d->m);
}

/*
 * check-output-start
validation/locking-callee-bit-clear.c:32 dev_reset() not reported: double lock '&d->m': 'dev_count()' acquires it (via dev_count -> mutex_lock) (rule: callee-some-returns)
validation/locking-callee-bit-clear.c:31 dev_reset() warn: double lock '&d->m': 'dev_count()' acquires it (via dev_count -> mutex_lock)
 * check-output-end
 */
