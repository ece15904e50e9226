/*
 * check-name: goto error ladders, forward and backward labels; a goto back
 * to a label of its block is walked as a loop, twice, nested and overlapping
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

/* the inner segment is walked twice in each of the outer's two rounds */
static int nested(struct dev *d)
{
	int inner = 0, outer = 0;

again:
	outer++;
retry:
	inner++;
	if (step(d) == 1)
		goto retry;
	if (step(d) == 2)
		goto again;
	__smatch_value(inner);
	__smatch_value(outer);
	return 0;
}

/* the second segment ends after the first: the first is walked to its end */
static int overlapping(struct dev *d)
{
	int n = 0, m = 0;

first:
	n++;
second:
	m++;
	if (step(d) == 1)
		goto first;
	if (step(d) == 2)
		goto second;
	__smatch_value(n);
	__smatch_value(m);
	return 0;
}

/* the goto is in the label's own statement; two labels name one statement */
static int own_statement(struct dev *d)
{
	int n = 0;

top:
again:
	if (step(d) == n++)
		goto again;
	if (step(d) == 3)
		goto top;
	__smatch_value(n);
	return 0;
}

/*
 * check-output-start
validation/flow-goto.c:26 ladder() info: states: values 'd' = s64min-(-1),1-s64max; lock 'struct dev.irq_lock' = unlocked; lock 'struct dev.lock' = locked
validation/flow-goto.c:26 ladder() info: states: values 'd' = s64min-(-1),1-s64max; values 'ret' = (-2147483648)-(-1),1-2147483647; lock 'struct dev.lock' = locked
validation/flow-goto.c:42 retry() info: states: values 'd' = s64min-(-1),1-s64max; values 'tries' = 0-1; lock 'struct dev.lock' = unlocked
validation/flow-goto.c:59 nested() info: value 'inner' = 1-4
validation/flow-goto.c:60 nested() info: value 'outer' = 1-2
validation/flow-goto.c:77 overlapping() info: value 'n' = 1-2
validation/flow-goto.c:78 overlapping() info: value 'm' = 1-4
validation/flow-goto.c:93 own_statement() info: value 'n' = 1-2
 * check-output-end
 */
