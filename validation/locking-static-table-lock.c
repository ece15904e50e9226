/*
 * A static lock is keyed by its file, except one a lock table line names:
 * that is the table's lock.  console_lock() takes the kernel table's
 * "console_sem", so releasing this file's static console_sem releases it;
 * releasing another static (other_sem) does not.
 */
#include "locks.h"

static struct semaphore console_sem;
static struct semaphore other_sem;
void console_lock(void);
void console_unlock(void);
int cond(void);

int print_released_by_name(void)
{
	console_lock();
	if (cond()) {
		up(&console_sem);
		return -1;
	}
	console_unlock();
	return 0;
}

int print_released_other(void)
{
	console_lock();
	if (cond()) {
		up(&other_sem);
		return -1;
	}
	console_unlock();
	return 0;
}

/*
 * check-name: a static lock the lock table names is the table's lock
 *
 * check-output-start
validation/locking-static-table-lock.c:31 print_released_other() warn: inconsistent returns 'console_sem': locked (line 31), unlocked (line 34)
 * check-output-end
 */
