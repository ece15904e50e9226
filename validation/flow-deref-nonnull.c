/*
 * check-name: a pointer variable that was dereferenced, or whose member's
 * address was passed to a function, is not NULL after (until it is assigned
 * again), so a later "if (inode) unlock" is taken on the path that locked it,
 * and a trylock macro returning NULL on failure is told apart; a pointer
 * only passed on stays unknown
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

struct pcp { spinlock_t lock; int count; };
struct pcp *this_cpu_pcp(void);
#define pcp_trylock() ({ struct pcp *_ret = this_cpu_pcp(); \
	if (!spin_trylock(&_ret->lock)) _ret = (void *)0; _ret; })

static int take_one(void)
{
	struct pcp *pcp = pcp_trylock();

	if (!pcp)
		return -EINVAL;
	pcp->count--;
	spin_unlock(&pcp->lock);
	return 0;
}

static void values(struct inode *a, struct inode *b)
{
	check(b);
	__smatch_value((long)b);
	a->flags = 0;
	__smatch_value((long)a);
	a = get_inode(0);
	__smatch_value((long)a);
	mutex_lock(&a->lock);
	__smatch_value((long)a);
	mutex_unlock(&a->lock);
}

/*
 * check-output-start
validation/flow-deref-nonnull.c:54 values() info: value 'b' = s64min-s64max
validation/flow-deref-nonnull.c:56 values() info: value 'a' = s64min-(-1),1-s64max
validation/flow-deref-nonnull.c:58 values() info: value 'a' = s64min-s64max
validation/flow-deref-nonnull.c:60 values() info: value 'a' = s64min-(-1),1-s64max
 * check-output-end
 */
