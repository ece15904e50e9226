/*
 * check-name: four objects' locks of one type taken nested and released
 * under conditions the engine does not tie together, then one of them
 * taken and released in a loop (fs/jfs/namei.c jfs_rename()): the lock
 * still counted after the loop's unlock is another object's, so the next
 * turn's lock is not a double lock.  Taking one object's lock twice with
 * another object's of the type held still is.
 */
#include "locks.h"

#define mutex_lock(l) mutex_lock_nested(l, 0)

struct inode_info { struct mutex commit_mutex; };
struct inode_info *info(int i);
int commit(void);

static int rename_like(int a, int b, int c, int size)
{
	int rc = 0;

	mutex_lock_nested(&info(a)->commit_mutex, 1);
	if (b)
		mutex_lock_nested(&info(b)->commit_mutex, 2);
	if (c)
		mutex_lock_nested(&info(c)->commit_mutex, 3);
	rc = commit();
	if (c)
		mutex_unlock(&info(c)->commit_mutex);
	if (b)
		mutex_unlock(&info(b)->commit_mutex);
	mutex_unlock(&info(a)->commit_mutex);

	while (size && rc == 0) {
		mutex_lock(&info(c)->commit_mutex);
		size = commit();
		mutex_unlock(&info(c)->commit_mutex);
	}
	return rc;
}

static void twice_under_parent(int a, int c)
{
	mutex_lock_nested(&info(a)->commit_mutex, 1);
	mutex_lock(&info(c)->commit_mutex);
	mutex_lock(&info(c)->commit_mutex);
	mutex_unlock(&info(c)->commit_mutex);
	mutex_unlock(&info(a)->commit_mutex);
}

/*
 * check-output-start
validation/locking-nested-then-loop.c:45 twice_under_parent() warn: double lock '&info(c)->commit_mutex' (locked on line 44)
 * check-output-end
 */
