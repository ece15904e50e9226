/*
 * check-name: trylocks and interruptible locks split on their return value,
 * tested directly, negated, or through a variable tested later
 */
#include "locks.h"

struct dev { struct mutex lock; struct semaphore sem; spinlock_t sl; int count; };

static int try_direct(struct dev *d)
{
	if (!mutex_trylock(&d->lock))
		return -16;
	d->count++;
	mutex_unlock(&d->lock);
	return 0;
}

static int try_variable(struct dev *d)
{
	int got = spin_trylock(&d->sl);

	d->count++;
	if (got)
		spin_unlock(&d->sl);
	return 0;
}

static int interruptible(struct dev *d)
{
	int ret;

	ret = mutex_lock_interruptible(&d->lock);
	if (ret)
		return ret;
	d->count++;
	mutex_unlock(&d->lock);
	return 0;
}

static int interruptible_direct(struct dev *d)
{
	if (mutex_lock_interruptible(&d->lock))
		return -EINTR;
	mutex_unlock(&d->lock);
	return 0;
}

static int down_try(struct dev *d)
{
	if (down_trylock(&d->sem))
		return -16;
	up(&d->sem);
	return 0;
}

static void dec_and_lock(struct dev *d, int *refs)
{
	if (!atomic_dec_and_lock(refs, &d->sl))
		return;
	d->count = 0;
	spin_unlock(&d->sl);
}

static int interruptible_leak(struct dev *d, int x)
{
	if (down_interruptible(&d->sem))
		return -EINTR;
	if (x)
		return -EINVAL;
	up(&d->sem);
	return 0;
}

/*
 * check-output-start
validation/locking-trylock.c:69 interruptible_leak() warn: inconsistent returns '&d->sem': locked (line 69), unlocked (lines 67,71)
 * check-output-end
 */
