/*
 * check-name: a goto back to a label of the same block is walked as a loop,
 * twice: what the second round does to a lock is checked; a jump back to a
 * label of another block is not followed (rule back-edge-not-walked); a
 * lock the round took and released is untouched in the next (rule
 * balanced-in-round)
 * check-command: smatch -p=kernel --debug=locking -Ivalidation/include $file 2>&1
 */
#include "locks.h"

struct dev { struct mutex lock; spinlock_t master; int busy; };
int step(struct dev *d);
void wait_idle(struct dev *d);
int handed(struct dev *d);

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
 * a round that took and released the lock leaves it as the first round
 * found it: the jump to master (the lock handed over by another CPU, as
 * kgdb_cpu_enter() does) releases it without taking it, in either round
 * (rule balanced-in-round, then held-on-entry)
 */
static int handed_over(struct dev *d)
{
again:
	if (handed(d))
		goto master;
	if (!spin_trylock(&d->master))
		return 0;
	if (step(d) == -EAGAIN) {
		spin_unlock(&d->master);
		goto again;
	}
master:
	step(d);
	spin_unlock(&d->master);
	return 1;
}

/* the caller's lock, released in each round: the second release is a double unlock */
static int release_each_round(struct dev *d)
{
again:
	spin_unlock(&d->master);
	if (step(d) == -EAGAIN)
		goto again;
	return 0;
}

/*
 * check-output-start
validation/locking-back-edge.c:63 retry_locks_again() state: '&d->lock' taken (line 59) and released since 'retry': untouched in the next round (rule: balanced-in-round)
validation/locking-back-edge.c:94 retry_in_loop() state: '&d->lock' taken (line 91) and released since 'again': untouched in the next round (rule: balanced-in-round)
validation/locking-back-edge.c:113 retry_holding() not reported: inconsistent returns '&d->lock': locked (line 113), unlocked (lines 113,118) (rule: correlation-lost)
validation/locking-back-edge.c:134 label_in_inner_block() state: goto back to 'again' (line 129) not followed: the label does not start a statement of a block holding the goto (rule: back-edge-not-walked)
validation/locking-back-edge.c:148 computed_goto() state: computed goto back to 'again' (line 141) not followed: only gotos to a label are walked as loops (rule: back-edge-not-walked)
validation/locking-back-edge.c:167 handed_over() state: '&d->master' taken (line 163) and released since 'again': untouched in the next round (rule: balanced-in-round)
validation/locking-back-edge.c:171 handed_over() state: '&d->master' released without being taken: the caller held it (rule: held-on-entry)
validation/locking-back-edge.c:179 release_each_round() state: '&d->master' released without being taken: the caller held it (rule: held-on-entry)
validation/locking-back-edge.c:24 unlock_each_round() warn: double unlock '&d->lock' (unlocked on line 24)
validation/locking-back-edge.c:36 relock_missing() warn: double unlock '&d->lock' (unlocked on line 36)
validation/locking-back-edge.c:40 relock_missing() warn: double unlock '&d->lock' (unlocked on line 36)
validation/locking-back-edge.c:48 unlock_missing() warn: double lock '&d->lock' (locked on line 48)
validation/locking-back-edge.c:179 release_each_round() warn: double unlock '&d->master' (unlocked on line 179)
 * check-output-end
 */
