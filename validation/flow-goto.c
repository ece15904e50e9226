/*
 * check-name: goto error ladders, forward and backward labels
 */
#include "locks.h"

struct dev { struct mutex lock; spinlock_t irq_lock; int state; };
int step(struct dev *d);

static int ladder(struct dev *d)
{
	int ret;

	mutex_lock(&d->lock);
	ret = step(d);
	if (ret)
		goto out_unlock;
	spin_lock(&d->irq_lock);
	ret = step(d);
	if (ret)
		goto out_spin;
	d->state = 1;
out_spin:
	spin_unlock(&d->irq_lock);
out_unlock:
	__smatch_states();
	mutex_unlock(&d->lock);
	return ret;
}

static int retry(struct dev *d)
{
	int tries = 0;

again:
	mutex_lock(&d->lock);
	if (step(d) && tries++ < 3) {
		mutex_unlock(&d->lock);
		goto again;
	}
	mutex_unlock(&d->lock);
	__smatch_states();
	return 0;
}

/*
 * check-output-start
validation/flow-goto.c:25 ladder() info: states: values 'd' = s64min-(-1),1-s64max; param_written 'd->' = written; lock 'struct dev.irq_lock' = unlocked; lock 'struct dev.lock' = locked
validation/flow-goto.c:25 ladder() info: states: values 'd' = s64min-(-1),1-s64max; values 'ret' = (-2147483648)-(-1),1-2147483647; param_written 'd->' = written; lock 'struct dev.lock' = locked
validation/flow-goto.c:41 retry() info: states: values 'd' = s64min-(-1),1-s64max; values 'tries' = 0; param_written 'd->' = written; lock 'struct dev.lock' = unlocked
 * check-output-end
 */
