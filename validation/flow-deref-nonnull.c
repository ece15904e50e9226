/*
 * check-name: a pointer variable that was dereferenced is not NULL after
 * (until it is assigned again), so a later "if (inode) unlock" is taken on
 * the path that locked it; a pointer only passed on stays unknown
 */
#include "locks.h"

struct inode { int flags; struct mutex lock; };
struct inode *get_inode(int fd);
int check(struct inode *inode);

static int swap_on(int fd)
{
	struct inode *inode = get_inode(fd);
	int error;

	mutex_lock(&inode->lock);
	if (inode->flags & 1) {
		error = -EINVAL;
		goto bad_unlock;
	}
	error = 0;
	goto out;
bad_unlock:
	mutex_unlock(&inode->lock);
	inode = (void *)0;
out:
	if (inode)
		mutex_unlock(&inode->lock);
	return error;
}

static void values(struct inode *a, struct inode *b)
{
	check(b);
	__smatch_value((long)b);
	a->flags = 0;
	__smatch_value((long)a);
	a = get_inode(0);
	__smatch_value((long)a);
}

/*
 * check-output-start
validation/flow-deref-nonnull.c:36 values() info: value 'b' = s64min-s64max
validation/flow-deref-nonnull.c:38 values() info: value 'a' = s64min-(-1),1-s64max
validation/flow-deref-nonnull.c:40 values() info: value 'a' = s64min-s64max
 * check-output-end
 */
