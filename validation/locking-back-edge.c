/*
 * check-name: a goto back to a label of the same block is walked as a loop,
 * twice: what the second round does to a lock is checked; a jump back to a
 * label of another block is not followed (rule back-edge-not-walked)
 * check-command: smatch -p=kernel --debug=locking -Ivalidation/include $file 2>&1
 */
#include "locks.h"

struct dev { struct mutex lock; int busy; };
int step(struct dev *d);
void wait_idle(struct dev *d);

/* the second round releases the lock the first released already */
static int unlock_each_round(struct dev *d)
{
	int ret;

	mutex_lock(&d->lock);
retry:
	ret = step(d);
	mutex_unlock(&d->lock);
	if (ret == -EAGAIN)
		goto retry;
	return ret;
}

/* the re-lock is missing: the second round runs without the lock */
static int relock_missing(struct dev *d)
{
	mutex_lock(&d->lock);
retry:
	if (step(d) == -EAGAIN) {
		mutex_unlock(&d->lock);
		wait_idle(d);
		goto retry;
	}
	mutex_unlock(&d->lock);
	return 0;
}

/* the unlock is missing: the second round takes the lock it holds */
static int unlock_missing(struct dev *d)
{
retry:
	mutex_lock(&d->lock);
	if (d->busy)
		goto retry;
	mutex_unlock(&d->lock);
	return 0;
}

/* correct: the lock is taken again after the label */
static int retry_locks_again(struct dev *d)
{
retry:
	mutex_lock(&d->lock);
	if (step(d) == -EAGAIN) {
		mutex_unlock(&d->lock);
		wait_idle(d);
		goto retry;
	}
	mutex_unlock(&d->lock);
	return 0;
}

/* correct: the lock is taken again before the goto */
static int relock_before_goto(struct dev *d)
{
	mutex_lock(&d->lock);
retry:
	if (step(d) == -EAGAIN) {
		mutex_unlock(&d->lock);
		wait_idle(d);
		mutex_lock(&d->lock);
		goto retry;
	}
	mutex_unlock(&d->lock);
	return 0;
}

/* correct: retries in a loop, the label inside its body */
static void retry_in_loop(struct dev *d, int n)
{
	int i;

	for (i = 0; i < n; i++) {
again:
		mutex_lock(&d->lock);
		if (step(d)) {
			mutex_unlock(&d->lock);
			goto again;
		}
		mutex_unlock(&d->lock);
	}
}

/*
 * a goto back taken holding the lock skips no unlock: a return reached
 * both holding and not holding it stays a lost correlation, as without
 * the goto (itimer_delete())
 */
static int retry_holding(struct dev *d)
{
	mutex_lock(&d->lock);
retry:
	if (step(d) == -EAGAIN) {
		if (step(d) == -EBUSY) {
			if (step(d) > 1)
				mutex_unlock(&d->lock);
			return -EBUSY;
		}
		goto retry;
	}
	mutex_unlock(&d->lock);
	return 0;
}

/*
 * the label is in an inner block, the goto after that block: not walked
 * (it would release the lock twice)
 */
static int label_in_inner_block(struct dev *d)
{
	mutex_lock(&d->lock);
	{
again:
		step(d);
		mutex_unlock(&d->lock);
	}
	if (step(d) == -EAGAIN)
		goto again;
	return 0;
}

/* a computed goto is not walked either */
static int computed_goto(struct dev *d)
{
	void *next = &&again;

	mutex_lock(&d->lock);
again:
	step(d);
	mutex_unlock(&d->lock);
	if (step(d) == -EAGAIN)
		goto *next;
	return 0;
}

/*
 * check-output-start
validation/locking-back-edge.c:110 retry_holding() not reported: inconsistent returns '&d->lock': locked (line 110), unlocked (lines 110,115) (rule: correlation-lost)
validation/locking-back-edge.c:131 label_in_inner_block() state: goto back to 'again' (line 126) not followed: the label does not start a statement of a block holding the goto (rule: back-edge-not-walked)
validation/locking-back-edge.c:145 computed_goto() state: computed goto back to 'again' (line 138) not followed: only gotos to a label are walked as loops (rule: back-edge-not-walked)
validation/locking-back-edge.c:21 unlock_each_round() warn: double unlock '&d->lock' (unlocked on line 21)
validation/locking-back-edge.c:33 relock_missing() warn: double unlock '&d->lock' (unlocked on line 33)
validation/locking-back-edge.c:37 relock_missing() warn: double unlock '&d->lock' (unlocked on line 33)
validation/locking-back-edge.c:45 unlock_missing() warn: double lock '&d->lock' (locked on line 45)
 * check-output-end
 */
