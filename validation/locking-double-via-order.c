/*
 * check-name: a helper that takes two locks of one type in either order
 * (by address) and its counterpart, used twice: no double unlock; taking
 * them twice is a double lock
 */
#include "locks.h"

struct info { struct rw_semaphore sem; int n; };

static void double_down(struct info *a, struct info *b)
{
	if (a < b) {
		down_write(&a->sem);
		down_write(&b->sem);
	} else {
		down_write(&b->sem);
		down_write(&a->sem);
	}
}

static void double_up(struct info *a, struct info *b)
{
	up_write(&a->sem);
	up_write(&b->sem);
}

static void swap_twice(struct info *a, struct info *b)
{
	double_down(a, b);
	a->n = b->n;
	double_up(a, b);
	double_down(a, b);
	b->n = a->n;
	double_up(a, b);
}

static void down_twice(struct info *a, struct info *b)
{
	double_down(a, b);
	double_down(a, b);
	double_up(a, b);
}

/*
 * check-output-start
validation/locking-double-via-order.c:40 down_twice() warn: double lock '&a->sem': 'double_down()' acquires it (via double_down -> down_write)
 * check-output-end
 */
