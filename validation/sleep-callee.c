/*
 * check-name: sleeping in atomic context through callees: the chain of
 * calls that sleeps, and the helpers that are no sleepers
 */
#include "sleep.h"

struct dev { spinlock_t lock; struct mutex mlock; void *buf; int n; };
static spinlock_t other_lock;

static void baz(struct dev *dev)
{
	msleep(5);
}

static void bar(struct dev *dev)
{
	if (dev->n)
		baz(dev);
}

static void direct_caller(struct dev *dev)
{
	spin_lock(&dev->lock);
	bar(dev);
	spin_unlock(&dev->lock);
}

static int alloc_buf(struct dev *dev)
{
	dev->buf = kzalloc(64, GFP_KERNEL);
	if (!dev->buf)
		return -ENOMEM;
	return 0;
}

static int alloc_under_rcu(struct dev *dev)
{
	int ret;

	rcu_read_lock();
	ret = alloc_buf(dev);
	rcu_read_unlock();
	return ret;
}

/* a long chain: its middle is left out */
static void c6(void) { schedule(); }
static void c5(void) { c6(); }
static void c4(void) { c5(); }
static void c3(void) { c4(); }
static void c2(void) { c3(); }
static void c1(void) { c2(); }

static void long_chain(struct dev *dev)
{
	spin_lock(&dev->lock);
	c1();
	spin_unlock(&dev->lock);
}

/* sleeps only inside its own spinlock: warned there, not in its callers */
static void own_bug(struct dev *dev)
{
	spin_lock(&dev->lock);
	msleep(1);
	spin_unlock(&dev->lock);
}

static void own_bug_caller(struct dev *dev)
{
	spin_lock(&other_lock);
	own_bug(dev);
	spin_unlock(&other_lock);
}

/* allocates atomically only: no sleeper */
static void *atomic_helper(void)
{
	return kmalloc(16, GFP_ATOMIC);
}

static void atomic_helper_caller(struct dev *dev)
{
	spin_lock(&dev->lock);
	dev->buf = atomic_helper();
	spin_unlock(&dev->lock);
}

/* sleeps only for a gfp that allows direct reclaim: it depends on the caller's */
static void *new_buf(unsigned long n, gfp_t gfp)
{
	return kzalloc(n, gfp);
}

static void *new_buf_wrapper(gfp_t flags)
{
	return new_buf(8, flags);
}

static void gfp_callers(struct dev *dev)
{
	spin_lock(&dev->lock);
	dev->buf = new_buf(4, GFP_ATOMIC);
	dev->buf = new_buf_wrapper(GFP_NOWAIT);
	dev->buf = new_buf_wrapper(GFP_KERNEL);
	spin_unlock(&dev->lock);
	dev->buf = new_buf(4, GFP_KERNEL);
}

/* sleeps only when a flag is set: callers that pass it clear do not */
static void *alloc_ext(int nofail)
{
	if (!nofail)
		return kmalloc(8, GFP_ATOMIC);
	return kmalloc(8, GFP_KERNEL);
}

static void *alloc_ext_wrapper(int nofail)
{
	return alloc_ext(nofail);
}

static void flag_callers(struct dev *dev, int any)
{
	spin_lock(&dev->lock);
	dev->buf = alloc_ext(0);
	dev->buf = alloc_ext_wrapper(0);
	dev->buf = alloc_ext(1);
	dev->buf = alloc_ext_wrapper(any);	/* the same cause as the line above: one warning */
	spin_unlock(&dev->lock);
}

/* sleeps without a head only, also through a helper given !head (kvfree_call_rcu()) */
static void add_to_bulk(int can_alloc)
{
	if (can_alloc)
		kfree(kmalloc(8, GFP_KERNEL));
}

static void call_rcu_like(void *head)
{
	if (!head)
		msleep(1);
	add_to_bulk(!head);
}

static void rcu_like_callers(struct dev *dev)
{
	spin_lock(&dev->lock);
	call_rcu_like(&dev->n);
	call_rcu_like(NULL);
	spin_unlock(&dev->lock);
}

/*
 * check-output-start
validation/sleep-callee.c:24 direct_caller() warn: sleeping in atomic context: 'bar()' may sleep (via bar -> baz -> msleep) with '&dev->lock' held
validation/sleep-callee.c:41 alloc_under_rcu() warn: sleeping in atomic context: 'alloc_buf()' may sleep (via alloc_buf -> kzalloc) with 'rcu_read_lock()' held
validation/sleep-callee.c:57 long_chain() warn: sleeping in atomic context: 'c1()' may sleep (via c1 -> ... -> schedule) with '&dev->lock' held
validation/sleep-callee.c:65 own_bug() warn: sleeping in atomic context: 'msleep()' called with '&dev->lock' held
validation/sleep-callee.c:105 gfp_callers() warn: sleeping in atomic context: 'new_buf_wrapper()' may sleep (via new_buf_wrapper -> new_buf -> kzalloc) with '&dev->lock' held
validation/sleep-callee.c:128 flag_callers() warn: sleeping in atomic context: 'alloc_ext()' may sleep (via alloc_ext -> kmalloc) with '&dev->lock' held
validation/sleep-callee.c:151 rcu_like_callers() warn: sleeping in atomic context: 'call_rcu_like()' may sleep (via call_rcu_like -> msleep) with '&dev->lock' held
 * check-output-end
 */
