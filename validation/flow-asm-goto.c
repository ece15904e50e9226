/*
 * check-name: an asm goto in an inline function (the kernel's x86
 * test_and_clear_bit(): "asm goto (... : cc_label); if (0) { cc_label:
 * c = 1; }") jumps to its label in every copy Sparse makes of the body,
 * so its result can be true: the early return that keeps the lock warns;
 * the look-alike that releases it on both sides stays silent
 */
#include "locks.h"

struct d {
	struct mutex m;
	unsigned long st;
};

static inline __attribute__((always_inline)) _Bool test_clear(long nr, unsigned long *addr)
{
	return ({
		_Bool c = 0;
		asm goto("btr %1,%0; jc %l2" : : "m"(*addr), "Ir"(nr) : "memory" : cc_label);
		if (0) {
cc_label:
			c = 1;
		}
		c;
	});
}

void put_leaks(struct d *d)
{
	mutex_lock(&d->m);
	if (test_clear(1, &d->st))
		return;
	mutex_unlock(&d->m);
}

void put_ok(struct d *d)
{
	mutex_lock(&d->m);
	if (test_clear(2, &d->st)) {
		mutex_unlock(&d->m);
		return;
	}
	mutex_unlock(&d->m);
}
/*
 * check-output-start
validation/flow-asm-goto.c:32 put_leaks() warn: inconsistent returns '&d->m': locked (line 32), unlocked (line 34)
 * check-output-end
 */
