/*
 * check-name: a function that takes the lock only when asked (a flag) and
 * then returns with it held on success and released on failure: the returns
 * that never took it say nothing about success; an error return that keeps
 * the lock still warns
 */
#include "locks.h"

struct args { struct mutex lock; int flags; };
void *get_target(struct args *a);
int may_write(struct args *a);
static inline long PTR_ERR(const void *ptr) { return (long)ptr; }
static inline int IS_ERR(const void *ptr)
{
	return (unsigned long)ptr >= (unsigned long)-4095;
}

#define INTO_GROUP 1

static int prepare_fork(struct args *a)
{
	void *t;
	int ret;

	if (a->flags & INTO_GROUP)
		mutex_lock(&a->lock);
	if (!(a->flags & INTO_GROUP))
		return 0;
	t = get_target(a);
	if (IS_ERR(t)) {
		ret = PTR_ERR(t);
		goto err;
	}
	ret = may_write(a);
	if (ret)
		goto err;
	return ret;
err:
	mutex_unlock(&a->lock);
	return ret;
}

static int prepare_fork_leaks(struct args *a)
{
	void *t;
	int ret;

	if (a->flags & INTO_GROUP)
		mutex_lock(&a->lock);
	if (!(a->flags & INTO_GROUP))
		return 0;
	t = get_target(a);
	if (IS_ERR(t))
		return PTR_ERR(t);
	ret = may_write(a);
	if (ret)
		goto err;
	return 0;
err:
	mutex_unlock(&a->lock);
	return ret;
}

/*
 * check-output-start
validation/locking-success-untaken.c:54 prepare_fork_leaks() warn: inconsistent returns '&a->lock': locked (lines 54,58), unlocked (lines 51,61)
 * check-output-end
 */
