/*
 * check-name: a function that stores the object whose lock it holds where
 * its caller sees it ("ac->ac_inode = inode", "*lsp = ls") hands the lock
 * over with the object, on success and failure alike: the caller releases
 * it (ocfs2_reserve_suballoc_bits(), nfsd4_preprocess_layout_stateid()).
 * A return before the handover still leaks, and so does a lock whose object
 * went to a local variable or whose name goes through another pointer
 */
#include "locks.h"

#define ENOSPC 28
struct inode { struct rw_semaphore i_rwsem; int free; };
struct ac { struct inode *ac_inode; int wanted; };
struct ls { struct mutex ls_mutex; int type; };
typedef unsigned int __be32;
#define nfserr_bad_stateid ((__be32)__builtin_bswap32(10025))
struct inode *get_system_inode(int slot);
int cluster_lock(struct inode *inode);
__be32 lookup_stateid(struct ls **lsp);

static int reserve_bits(struct ac *ac, int slot)
{
	struct inode *inode = get_system_inode(slot);
	int status;

	if (!inode)
		return -EINVAL;
	down_write(&inode->i_rwsem);
	status = cluster_lock(inode);
	if (status < 0) {
		up_write(&inode->i_rwsem);
		return status;
	}
	ac->ac_inode = inode;
	if (ac->wanted > inode->free)
		status = -ENOSPC;
	return status;
}

static __be32 preprocess_stateid(int type, struct ls **lsp)
{
	struct ls *ls;
	__be32 status;

	status = lookup_stateid(&ls);
	if (status)
		goto out;
	status = nfserr_bad_stateid;
	mutex_lock(&ls->ls_mutex);
	if (type != ls->type)
		goto out_unlock;
	*lsp = ls;
	return 0;
out_unlock:
	mutex_unlock(&ls->ls_mutex);
out:
	return status;
}

static int leak_before_handover(struct ac *ac, int slot)
{
	struct inode *inode = get_system_inode(slot);
	int status;

	down_write(&inode->i_rwsem);
	status = cluster_lock(inode);
	if (status < 0)
		return status;
	if (status > 0) {
		up_write(&inode->i_rwsem);
		return -EBUSY;
	}
	ac->ac_inode = inode;
	return 0;
}

static int local_context(int slot)
{
	struct inode *inode = get_system_inode(slot);
	struct ac local;
	int status;

	down_write(&inode->i_rwsem);
	status = cluster_lock(inode);
	if (status > 0) {
		up_write(&inode->i_rwsem);
		return -EBUSY;
	}
	local.ac_inode = inode;
	return status < 0 ? status : -ENOSPC;
}
/*
 * check-output-start
validation/locking-handed-over.c:68 leak_before_handover() warn: inconsistent returns '&inode->i_rwsem': locked (line 68), unlocked (line 71)
validation/locking-handed-over.c:90 local_context() warn: inconsistent returns '&inode->i_rwsem': locked (line 90), unlocked (line 87)
 * check-output-end
 */
