/*
 * check-name: locks reached through array elements are printed as written:
 * "&objs[i]->lock" (an array of pointers) and "&arr[i].lock" (an array of
 * structs), not as the scaled sums Sparse evaluates them into
 */
#include "locks.h"

struct bo { struct mutex lock; int pinned; };
struct ring { struct mutex lock; int head; };
int cond(void);

static int pin_one(struct bo **objs, int i)
{
	mutex_lock(&objs[i]->lock);
	if (cond())
		return -1;
	objs[i]->pinned = 1;
	mutex_unlock(&objs[i]->lock);
	return 0;
}

static int bump_ring(struct ring *rings, int i)
{
	mutex_lock(&rings[i].lock);
	if (!rings[i].head)
		return -1;
	rings[i].head++;
	mutex_unlock(&rings[i].lock);
	return 0;
}

/*
 * check-output-start
validation/locking-names-array.c:16 pin_one() warn: inconsistent returns '&objs[i]->lock': locked (line 16), unlocked (line 19)
validation/locking-names-array.c:26 bump_ring() warn: inconsistent returns '&rings[i].lock': locked (line 26), unlocked (line 29)
 * check-output-end
 */
