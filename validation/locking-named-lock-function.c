/*
 * check-name: a function whose name says it locks (usermodehelper_read_lock_wait())
 * returns with the lock held on success even when its return value does
 * not tell success from failure: silent; the same body under another name
 * warns, and so does a lock function returning an error code with the
 * lock held
 * check-command: smatch -p=kernel --debug=locking -Ivalidation/include $file 2>&1
 */
#include "locks.h"

static struct rw_semaphore helper_sem;
static int helpers_disabled;
long sleep_timeout(long timeout);

static long helper_read_lock_wait(long timeout)
{
	if (timeout < 0)
		return -EINVAL;
	down_read(&helper_sem);
	for (;;) {
		if (!helpers_disabled)
			break;
		up_read(&helper_sem);
		timeout = sleep_timeout(timeout);
		if (!timeout)
			break;
		down_read(&helper_sem);
	}
	return timeout;
}

static long helper_wait(long timeout)
{
	if (timeout < 0)
		return -EINVAL;
	down_read(&helper_sem);
	for (;;) {
		if (!helpers_disabled)
			break;
		up_read(&helper_sem);
		timeout = sleep_timeout(timeout);
		if (!timeout)
			break;
		down_read(&helper_sem);
	}
	return timeout;
}

static int helper_lock_checked(int flags)
{
	down_read(&helper_sem);
	if (flags & 1)
		return -EBUSY;
	if (flags & 2) {
		up_read(&helper_sem);
		return -EINVAL;
	}
	return 0;
}

/*
 * check-output-start
validation/locking-named-lock-function.c:29 helper_read_lock_wait() not reported: inconsistent returns '&helper_sem': locked (line 29), unlocked (lines 18,29) (rule: named-lock-function)
validation/locking-named-lock-function.c:46 helper_wait() warn: inconsistent returns '&helper_sem': locked (line 46), unlocked (lines 35,46)
validation/locking-named-lock-function.c:53 helper_lock_checked() warn: inconsistent returns '&helper_sem': locked (lines 53,58), unlocked (line 56)
 * check-output-end
 */
