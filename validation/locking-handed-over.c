/*
 * check-name: a function that stores the object whose lock it holds where
 * its caller sees it ("ac->ac_inode = inode", "*lsp = ls") hands the lock
 * over with the object, on success and failure alike: the caller releases
 * it (ocfs2_reserve_suballoc_bits(), nfsd4_preprocess_layout_stateid()).
 * A return before the handover still leaks, and so does a lock whose object
 * went to a local variable or whose name goes through another pointer
 * check-command: smatch -p=kernel --debug=locking -Ivalidation/include $file 2>&1
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
validation/locking-handed-over.c:35 reserve_bits() state: '&inode->i_rwsem' handed to the caller: stored where the caller sees it (rule: handed-with-object)
validation/locking-handed-over.c:38 reserve_bits() not reported: inconsistent returns '&inode->i_rwsem': locked (line 38), unlocked (lines 28,33) (rule: handed-with-object)
validation/locking-handed-over.c:53 preprocess_stateid() state: '&ls->ls_mutex' handed to the caller: stored where the caller sees it (rule: handed-with-object)
validation/locking-handed-over.c:54 preprocess_stateid() not reported: inconsistent returns '&ls->ls_mutex': locked (line 54), unlocked (line 58) (rule: handed-with-object)
validation/locking-handed-over.c:74 leak_before_handover() state: '&inode->i_rwsem' handed to the caller: stored where the caller sees it (rule: handed-with-object)
validation/locking-handed-over.c:69 leak_before_handover() warn: inconsistent returns '&inode->i_rwsem': locked (line 69), unlocked (line 72)
validation/locking-handed-over.c:91 local_context() warn: inconsistent returns '&inode->i_rwsem': locked (line 91), unlocked (line 88)
 * check-output-end
 */
