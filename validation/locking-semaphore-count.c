/*
 * check-name: a semaphore counts (up() once per finished job, down() once
 * per slot): two up() or two down() in a row are not a double unlock or
 * lock; the same with a mutex is; a semaphore kept on an error path still
 * leaks
 */
#include "locks.h"

struct region { struct semaphore recovery; struct mutex lock; int done; };
int start(struct region *r);

static void finish_two(struct region *r)
{
	up(&r->recovery);
	up(&r->recovery);
}

static void take_two_slots(struct region *r)
{
	down(&r->recovery);
	down(&r->recovery);
}

static void unlock_twice(struct region *r)
{
	mutex_lock(&r->lock);
	mutex_unlock(&r->lock);
	mutex_unlock(&r->lock);
}

static int recover(struct region *r)
{
	down(&r->recovery);
	if (start(r))
		return -EINVAL;
	r->done = 1;
	up(&r->recovery);
	return 0;
}

/*
 * check-output-start
validation/locking-semaphore-count.c:28 unlock_twice() warn: double unlock '&r->lock' (unlocked on line 27)
validation/locking-semaphore-count.c:35 recover() warn: inconsistent returns '&r->recovery': locked (line 35), unlocked (line 38)
 * check-output-end
 */
