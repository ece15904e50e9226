/*
 * check-name: sleeping in atomic context: the look-alikes that are fine
 * (GFP_ATOMIC, after the unlock, mutex under mutex, srcu, a trylock, an
 * unknown gfp, a caller's lock released first, a lock of unknown state)
 */
#include "sleep.h"

struct dev { spinlock_t lock; struct mutex mlock, other; struct srcu_struct srcu; void *buf; };
int cond(void);

static void atomic_alloc(struct dev *dev)
{
	spin_lock(&dev->lock);
	dev->buf = kmalloc(32, GFP_ATOMIC);
	kfree(kzalloc(8, GFP_NOWAIT));
	spin_unlock(&dev->lock);
}

static void after_unlock(struct dev *dev)
{
	spin_lock(&dev->lock);
	dev->buf = NULL;
	spin_unlock(&dev->lock);
	msleep(10);
}

static void mutex_under_mutex(struct dev *dev)
{
	mutex_lock(&dev->mlock);
	mutex_lock_nested(&dev->other, 1);
	dev->buf = kmalloc(4, GFP_KERNEL);
	mutex_unlock(&dev->other);
	mutex_unlock(&dev->mlock);
}

static void in_srcu(struct dev *dev)
{
	int idx = srcu_read_lock(&dev->srcu);

	msleep(1);
	srcu_read_unlock(&dev->srcu, idx);
}

static void irqrestore_then_sleep(struct dev *dev)
{
	unsigned long flags;

	spin_lock_irqsave(&dev->lock, flags);
	dev->buf = NULL;
	spin_unlock_irqrestore(&dev->lock, flags);
	mutex_lock(&dev->mlock);
	mutex_unlock(&dev->mlock);
}

static void trylock_under_spin(struct dev *dev)
{
	spin_lock(&dev->lock);
	if (mutex_trylock(&dev->mlock))
		mutex_unlock(&dev->mlock);
	spin_unlock(&dev->lock);
}

static void unknown_gfp(struct dev *dev, gfp_t gfp)
{
	spin_lock(&dev->lock);
	dev->buf = kmalloc(32, gfp);
	spin_unlock(&dev->lock);
}

/* called with dev->lock held: releases it, sleeps, takes it again */
static void drop_and_sleep(struct dev *dev)
{
	spin_unlock(&dev->lock);
	msleep(1);
	spin_lock(&dev->lock);
}

static void caller_of_drop(struct dev *dev)
{
	spin_lock(&dev->lock);
	drop_and_sleep(dev);
	spin_unlock(&dev->lock);
}

/* releases the lock on some paths only: after it, the lock's state is unknown */
static void maybe_unlock(struct dev *dev)
{
	if (cond())
		spin_unlock(&dev->lock);
}

static void unknown_state(struct dev *dev)
{
	spin_lock(&dev->lock);
	maybe_unlock(dev);
	msleep(1);
}

/* a lock taken under one local name and released under another may be the same */
spinlock_t *lock_of(struct dev *dev);
#define map_lock(dev, ptlp) ({ spinlock_t *__ptl = lock_of(dev); *(ptlp) = __ptl; spin_lock(__ptl); (dev)->buf; })

static void two_local_names(struct dev *dev)
{
	spinlock_t *ptl;

	dev->buf = map_lock(dev, &ptl);
	spin_unlock(ptl);
	msleep(1);
}

/* releases the caller's lock under one of two names, then sleeps */
static void drop_either(struct dev *a, struct dev *b, int c)
{
	if (c)
		spin_unlock(&a->lock);
	else
		spin_unlock(&b->lock);
	msleep(1);
}

static void drop_either_caller(struct dev *dev, int c)
{
	spin_lock(&dev->lock);
	drop_either(dev, dev, c);
}

/*
 * check-output-start
 * check-output-end
 */
