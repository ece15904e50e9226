/*
 * check-name: assigning a variable forgets what is known of it and of
 * expressions rooted in it, not of a member that has the same name
 * ("need = 1" keeps "path->need = 0"), so a loop's second round does not
 * take the lock its first round took and cleared the member for
 * check-command: smatch -p=kernel -Ivalidation/include $file 2>&1
 */
#include "locks.h"

struct path { unsigned int keep:1; unsigned int need:1; };
struct fs { struct mutex sem; struct path *path; };
void release_path(struct path *p);
int search(struct path *p);
struct path *other_path(void);

/* the member is cleared where the lock is taken: the second round does not take it */
static int member_cleared(struct fs *fs, struct path *path, int wait)
{
	int need = 0;
	int ret;

	do {
		release_path(path);
		if (path->need) {
			path->need = 0;
			need = 1;
			if (wait)
				mutex_lock(&fs->sem);
			else if (!mutex_trylock(&fs->sem))
				return -EAGAIN;
		}
		ret = search(path);
	} while (ret == -EAGAIN);
	if (need) {
		path->need = 1;
		mutex_unlock(&fs->sem);
	}
	return ret;
}

/* the same with the variable that names the member assigned: it is forgotten */
static int variable_assigned(struct fs *fs, struct path *path, int wait)
{
	int need = 0;
	int ret;

	do {
		if (path->need) {
			path->need = 0;
			path = other_path();
			need = 1;
			if (wait)
				mutex_lock(&fs->sem);
			else if (!mutex_trylock(&fs->sem))
				return -EAGAIN;
		}
		ret = search(path);
	} while (ret == -EAGAIN);
	if (need)
		mutex_unlock(&fs->sem);
	return ret;
}

static void values(struct path *path, struct fs *fs, int need)
{
	path->need = 0;
	fs->path->need = 0;
	need = 1;
	__smatch_value(path->need);
	__smatch_value(fs->path->need);
	path = other_path();
	__smatch_value(path->need);
}
/*
 * check-output-start
validation/flow-member-name.c:53 variable_assigned() warn: double lock '&fs->sem' (locked on line 54)
validation/flow-member-name.c:55 variable_assigned() warn: inconsistent returns '&fs->sem': locked (line 55), unlocked (lines 55,61)
validation/flow-member-name.c:69 values() info: value 'path->need' = 0
validation/flow-member-name.c:70 values() info: value 'fs->path->need' = 0
validation/flow-member-name.c:72 values() info: value 'path->need' = s64min-s64max
 * check-output-end
 */
