/*
 * check-name: a lock taken unconditionally and released in one branch only
 * leaks on the other branch, unless another test, a parameter or an
 * implication fact ties the release's test to the path that kept it
 * check-command: smatch -p=kernel --debug=locking -Ivalidation/include $file 2>&1
 */
#include "locks.h"

#define EFAULT 14

struct dev { spinlock_t lock, olock; struct mutex m; int head, tail, busy, mode; char *buf; };
unsigned long copy_to_user(void *to, const void *from, unsigned long n);
int work(struct dev *d);
int has_data(struct dev *d);
void wake(struct dev *d);
void seq_begin(struct dev *d, int *seq);
int need_retry(struct dev *d, int seq);

/* released only when there is data: with none, "return count" keeps it */
static long read_ready(struct dev *d, char *ubuf)
{
	long count = 0;
	int ready, n;

	spin_lock_irq(&d->lock);
	ready = d->head != d->tail;
	if (ready) {
		n = d->head - d->tail;
		spin_unlock_irq(&d->lock);
		if (copy_to_user(ubuf, d->buf, n))
			return -EFAULT;
		count = n;
	}
	return count;
}

/* the same, released in the else branch only */
static long read_else(struct dev *d)
{
	long count;
	int ready;

	spin_lock_irq(&d->lock);
	ready = d->head != d->tail;
	if (!ready) {
		count = 0;
	} else {
		count = d->head - d->tail;
		spin_unlock_irq(&d->lock);
	}
	return count;
}

/* a later test of ready releases it on the other path: nothing leaks */
static long read_later(struct dev *d)
{
	long count = 0;
	int ready;

	spin_lock_irq(&d->lock);
	ready = d->head != d->tail;
	if (ready) {
		count = d->head - d->tail;
		spin_unlock_irq(&d->lock);
	}
	work(d);
	if (!ready)
		spin_unlock_irq(&d->lock);
	return count;
}

/* the same test again, which the engine cannot tie to the first: silent */
static long read_retest(struct dev *d)
{
	long count = 0;

	spin_lock_irq(&d->lock);
	if (has_data(d)) {
		count = d->head - d->tail;
		spin_unlock_irq(&d->lock);
	}
	if (!has_data(d))
		return -EFAULT;
	return count;
}

/* taken and released under one test */
static int lock_if(struct dev *d)
{
	int x = has_data(d), ret;

	if (x)
		mutex_lock(&d->m);
	ret = work(d);
	if (x)
		mutex_unlock(&d->m);
	return ret;
}

/* the member chain is read again by a later test */
static int busy_member(struct dev *d)
{
	int ret = 0;

	mutex_lock(&d->m);
	if (d->busy & 1)
		ret = work(d);
	else
		mutex_unlock(&d->m);
	if (d->busy & 2)
		wake(d);
	return ret;
}

/* ... but no other test reads it: a leak */
static int busy_once(struct dev *d)
{
	int ret = 0;

	mutex_lock(&d->m);
	if (d->busy & 1)
		ret = work(d);
	else
		mutex_unlock(&d->m);
	return ret;
}

/* the result released under is tested again */
static int ret_again(struct dev *d)
{
	int ret;

	mutex_lock(&d->m);
	ret = work(d);
	if (ret)
		mutex_unlock(&d->m);
	wake(d);
	if (ret)
		return ret;
	mutex_unlock(&d->m);
	return 0;
}

/* the caller says whether to release it, and knows */
static int release_if(struct dev *d, int release)
{
	int ret;

	mutex_lock(&d->m);
	ret = work(d);
	if (release)
		mutex_unlock(&d->m);
	return ret;
}

/* a test of drop tells of mode (drop = must_drop(mode)), which is tested earlier */
static int must_drop(int mode)
{
	if (mode == 2)
		return 1;
	return 0;
}

static int implied(struct dev *d)
{
	int mode = d->mode, drop, ret = 0;

	if (mode == 2)
		ret = work(d);
	drop = must_drop(mode);
	mutex_lock(&d->m);
	if (drop) {
		mutex_unlock(&d->m);
		ret = work(d);
	}
	return ret;
}

/* ... and without that earlier test, nothing ties it */
static int not_implied(struct dev *d)
{
	int mode = d->mode, drop, ret = 0;

	drop = must_drop(mode);
	mutex_lock(&d->m);
	if (drop) {
		mutex_unlock(&d->m);
		ret = work(d);
	}
	return ret;
}

/* a helper that releases it on some returns only: its outcome decides, not the test */
static int drop_if_idle(struct dev *d)
{
	if (d->busy)
		return 0;
	spin_unlock(&d->olock);
	return 1;
}

static void drop_outcome(struct dev *d)
{
	spin_lock(&d->olock);
	if (work(d))
		drop_if_idle(d);
}

/* ... and one that releases it on every return is an unlock like any other */
static void drop_always(struct dev *d)
{
	wake(d);
	mutex_unlock(&d->m);
}

static void drop_helper(struct dev *d)
{
	mutex_lock(&d->m);
	if (work(d))
		drop_always(d);
}

/* the value released under is passed to a later test (need_seqretry(&lock, seq)) */
static int seq_passed(struct dev *d)
{
	int seq = 0, ret;

	mutex_lock(&d->m);
	seq_begin(d, &seq);
	ret = work(d);
	if (!(seq & 1))
		mutex_unlock(&d->m);
	if (need_retry(d, seq))
		ret = -EAGAIN;
	return ret;
}

/* ... and a later test passed another value, or the pointer d, says nothing of it */
static int seq_not_passed(struct dev *d)
{
	int seq = 0, ret;

	mutex_lock(&d->m);
	seq_begin(d, &seq);
	ret = work(d);
	if (!(seq & 1))
		mutex_unlock(&d->m);
	if (need_retry(d, ret))
		ret = -EAGAIN;
	return ret;
}

/*
 * check-output-start
validation/locking-branch-release.c:34 read_ready() not reported: inconsistent returns 'irq': locked (line 34), unlocked (lines 31,34) (rule: saved-irq-state)
validation/locking-branch-release.c:51 read_else() not reported: inconsistent returns 'irq': locked (line 51), unlocked (line 51) (rule: saved-irq-state)
validation/locking-branch-release.c:83 read_retest() not reported: inconsistent returns '&d->lock': locked (lines 83,84), unlocked (lines 83,84) (rule: correlation-lost)
validation/locking-branch-release.c:83 read_retest() not reported: inconsistent returns 'irq': locked (lines 83,84), unlocked (lines 83,84) (rule: saved-irq-state)
validation/locking-branch-release.c:112 busy_member() not reported: inconsistent returns '&d->m': locked (line 112), unlocked (line 112) (rule: correlation-lost)
validation/locking-branch-release.c:153 release_if() not reported: inconsistent returns '&d->m': locked (line 153), unlocked (line 153) (rule: correlation-lost)
validation/locking-branch-release.c:176 implied() not reported: inconsistent returns '&d->m': locked (line 176), unlocked (line 176) (rule: correlation-lost)
validation/locking-branch-release.c:198 drop_if_idle() state: '&d->olock' released without being taken: the caller held it (rule: held-on-entry)
validation/locking-branch-release.c:207 drop_outcome() not reported: inconsistent returns '&d->olock': locked (line 207), unlocked (line 207) (rule: correlation-lost)
validation/locking-branch-release.c:213 drop_always() state: '&d->m' released without being taken: the caller held it (rule: held-on-entry)
validation/locking-branch-release.c:235 seq_passed() not reported: inconsistent returns '&d->m': locked (line 235), unlocked (line 235) (rule: correlation-lost)
validation/locking-branch-release.c:34 read_ready() warn: inconsistent returns '&d->lock': locked (line 34), unlocked (lines 31,34)
validation/locking-branch-release.c:51 read_else() warn: inconsistent returns '&d->lock': locked (line 51), unlocked (line 51)
validation/locking-branch-release.c:125 busy_once() warn: inconsistent returns '&d->m': locked (line 125), unlocked (line 125)
validation/locking-branch-release.c:190 not_implied() warn: inconsistent returns '&d->m': locked (line 190), unlocked (line 190)
validation/locking-branch-release.c:221 drop_helper() warn: inconsistent returns '&d->m': locked (line 221), unlocked (line 221)
validation/locking-branch-release.c:250 seq_not_passed() warn: inconsistent returns '&d->m': locked (line 250), unlocked (line 250)
 * check-output-end
 */
