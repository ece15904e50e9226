/*
 * check-name: a function that keeps in its caller's memory whether it
 * holds a lock (btrfs walk_up_proc(): "path->locks[level] = WRITE_LOCK"
 * after taking it, "= 0" where it gives it up) returns it held for the
 * caller, who releases it by that record.  Setting a member while the
 * lock is held is not such a record unless it is cleared after a release,
 * and a return that holds the lock without the record still leaks
 * check-command: smatch -p=kernel --debug=locking -Ivalidation/include $file 2>&1
 */
#include "locks.h"

#define WRITE_LOCK 2
struct eb { struct rw_semaphore lock; int busy; };
struct path { struct eb *nodes[8]; int locks[8]; };
int lookup_refs(struct eb *eb, int *refs);
int free_block(struct eb *eb);

static int walk_up_proc(struct path *path, int level)
{
	struct eb *eb = path->nodes[level];
	int refs, ret;

	if (!path->locks[level]) {
		down_write(&eb->lock);
		path->locks[level] = WRITE_LOCK;
		ret = lookup_refs(eb, &refs);
		if (ret < 0) {
			up_write(&eb->lock);
			path->locks[level] = 0;
			return ret;
		}
		if (refs == 1) {
			up_write(&eb->lock);
			path->locks[level] = 0;
			return 1;
		}
	}
	ret = free_block(eb);
	return ret;
}

static int busy_is_no_record(struct eb *eb)
{
	int refs;

	down_write(&eb->lock);
	eb->busy = 1;
	if (lookup_refs(eb, &refs) < 0)
		return -EINVAL;
	up_write(&eb->lock);
	return 0;
}

static int leaks_before_recording(struct path *path, int level)
{
	struct eb *eb = path->nodes[level];
	int refs;

	down_write(&eb->lock);
	if (lookup_refs(eb, &refs) < 0)
		return -EINVAL;
	path->locks[level] = WRITE_LOCK;
	if (refs == 1) {
		up_write(&eb->lock);
		path->locks[level] = 0;
		return 1;
	}
	return 0;
}
/*
 * check-output-start
validation/locking-recorded-flag.c:39 walk_up_proc() not reported: inconsistent returns '&eb->lock': locked (line 39), unlocked (lines 30,35,39) (rule: holding-recorded)
validation/locking-recorded-flag.c:49 busy_is_no_record() warn: inconsistent returns '&eb->lock': locked (line 49), unlocked (line 51)
validation/locking-recorded-flag.c:61 leaks_before_recording() warn: inconsistent returns '&eb->lock': locked (line 61), unlocked (line 66)
 * check-output-end
 */
