/*
 * check-name: a function that returns holding one of two locks on success
 * (a spinlock, or a mutex it switched to) and neither on failure hands the
 * caller a lock either way; an error return holding one still leaks
 * check-command: smatch -p=kernel --debug=locking -Ivalidation/include $file 2>&1
 */
#include "locks.h"

struct psd { spinlock_t lock; struct mutex clock_mutex; int might_sleep; };

/* pm_clk_op_lock(): the spinlock if nothing sleeps, else the mutex (its name says nothing) */
static int op_begin(struct psd *p, int atomic)
{
try_again:
	spin_lock(&p->lock);
	if (!p->might_sleep)
		return 0;
	if (atomic) {
		spin_unlock(&p->lock);
		return -EINVAL;
	}
	spin_unlock(&p->lock);
	mutex_lock(&p->clock_mutex);
	if (p->might_sleep)
		return 0;
	mutex_unlock(&p->clock_mutex);
	goto try_again;
}

/* the same, but a failure returns with the spinlock held */
static int op_lock_leaks(struct psd *p, int atomic)
{
	spin_lock(&p->lock);
	if (!p->might_sleep)
		return 0;
	if (atomic)
		return -EINVAL;
	spin_unlock(&p->lock);
	mutex_lock(&p->clock_mutex);
	return 0;
}

/*
 * check-output-start
validation/locking-either-lock.c:25 op_begin() not reported: inconsistent returns '&p->clock_mutex': locked (line 25), unlocked (lines 17,20) (rule: locks-for-caller)
validation/locking-either-lock.c:17 op_begin() not reported: inconsistent returns '&p->lock': locked (line 17), unlocked (lines 20,25) (rule: either-lock-on-success)
validation/locking-either-lock.c:40 op_lock_leaks() not reported: inconsistent returns '&p->clock_mutex': locked (line 40), unlocked (lines 35,37) (rule: locks-for-caller)
validation/locking-either-lock.c:37 op_lock_leaks() warn: inconsistent returns '&p->lock': locked (lines 35,37), unlocked (line 40)
 * check-output-end
 */
