/*
 * check-name: a lock helper whose flags argument picks a trylock
 * (btrfs_inode_lock(inode, BTRFS_ILOCK_TRY)): "flags & ILOCK_TRY" being
 * true says flags is not 0, so a caller passing 0 never takes the paths
 * where the trylock fails and its unlock is no double unlock.  Passing
 * ILOCK_TRY and ignoring the result still is one
 */
#include "locks.h"

#define ILOCK_SHARED 1
#define ILOCK_TRY 2
struct inode { struct rw_semaphore i_rwsem; int compress; };
int down_write_trylock(struct rw_semaphore *s);
int down_read_trylock(struct rw_semaphore *s);
int defrag_one(struct inode *inode);

static int inode_lock_flags(struct inode *inode, unsigned int flags)
{
	if (flags & ILOCK_SHARED) {
		if ((flags & ILOCK_TRY) != 0) {
			if (!down_read_trylock(&inode->i_rwsem))
				return -EAGAIN;
			return 0;
		}
		down_read(&inode->i_rwsem);
		return 0;
	}
	if (flags & ILOCK_TRY) {
		if (!down_write_trylock(&inode->i_rwsem))
			return -EAGAIN;
		return 0;
	}
	down_write(&inode->i_rwsem);
	return 0;
}

static void inode_unlock_flags(struct inode *inode, unsigned int flags)
{
	if (flags & ILOCK_SHARED)
		up_read(&inode->i_rwsem);
	else
		up_write(&inode->i_rwsem);
}

static int defrag(struct inode *inode, int n)
{
	int ret = 0;

	while (n--) {
		inode_lock_flags(inode, 0);
		ret = defrag_one(inode);
		inode_unlock_flags(inode, 0);
		if (ret < 0)
			break;
	}
	inode_lock_flags(inode, 0);
	inode->compress = 0;
	inode_unlock_flags(inode, 0);
	return ret;
}

static void try_and_ignore(struct inode *inode)
{
	inode_lock_flags(inode, 0);
	inode->compress = 0;
	inode_unlock_flags(inode, 0);
	inode_lock_flags(inode, ILOCK_TRY);
	inode->compress = 1;
	inode_unlock_flags(inode, 0);
}
/*
 * check-output-start
validation/locking-flag-argument.c:69 try_and_ignore() warn: double unlock '&inode->i_rwsem': 'inode_unlock_flags()' releases it (via inode_unlock_flags -> up_read)
 * check-output-end
 */
