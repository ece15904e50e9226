/*
 * A static lock's key carries this file's name
 * ("scan_lock@validation/locking-static-lock-file.c"), which names no
 * variable: the callee that drops its caller's lock, assigns "file" and
 * takes the lock again still takes the caller's lock back, as with an
 * extern lock; and a callee that takes it without dropping it first is a
 * double lock.
 */
#include "locks.h"

static spinlock_t scan_lock;
struct file;
struct file *next_file(void);
int work(void);

static int scan_one(void)
{
	struct file *file;

	spin_unlock(&scan_lock);
	file = next_file();
	spin_lock(&scan_lock);
	return file != 0;
}

static int scan_locked(void)
{
	spin_lock(&scan_lock);
	spin_unlock(&scan_lock);
	return 0;
}

void scan_all(void)
{
	while (work()) {
		spin_lock(&scan_lock);
		if (work())
			scan_one();
		if (work())
			scan_locked();
		spin_unlock(&scan_lock);
	}
}

void scan_unlocked(void)
{
	scan_one();
	scan_locked();
}

/*
 * check-name: a static lock's file names no variable
 *
 * check-output-start
validation/locking-static-lock-file.c:40 scan_all() warn: double lock '&scan_lock': 'scan_locked()' acquires it (via scan_locked -> spin_lock)
 * check-output-end
 */
