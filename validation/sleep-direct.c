/*
 * check-name: sleeping in atomic context: a sleeping call made directly
 * with a spinning lock held or interrupts, preemption, softirqs off or
 * inside an RCU read section
 */
#include "sleep.h"

struct dev { spinlock_t lock; struct mutex mlock; rwlock_t rw; void *buf; };
static spinlock_t list_lock;

static void mutex_under_spin(struct dev *dev)
{
	spin_lock(&dev->lock);
	mutex_lock(&dev->mlock);
	mutex_unlock(&dev->mlock);
	spin_unlock(&dev->lock);
}

static void kernel_alloc_under_global(struct dev *dev)
{
	spin_lock(&list_lock);
	dev->buf = kmalloc(32, GFP_KERNEL);
	spin_unlock(&list_lock);
}

static void sleep_irqsave(struct dev *dev)
{
	unsigned long flags;

	spin_lock_irqsave(&dev->lock, flags);
	msleep(10);
	spin_unlock_irqrestore(&dev->lock, flags);
}

static void sleep_in_rcu(void)
{
	rcu_read_lock();
	schedule();
	rcu_read_unlock();
}

static void sleep_irq_off(void)
{
	local_irq_disable();
	msleep(1);
	local_irq_enable();
}

static void sleep_preempt_off(struct completion *c)
{
	preempt_disable();
	wait_for_completion(c);
	preempt_enable();
}

static void sleep_bh_off(void)
{
	local_bh_disable();
	vmalloc(100);
	local_bh_enable();
}

static void sleep_read_lock(struct dev *dev, void *u)
{
	_raw_read_lock(&dev->rw);
	_copy_from_user(dev->buf, u, 4);
	_raw_read_unlock(&dev->rw);
}

/* a child's lock taken with a _nested annotation is a spinlock all the same */
void spin_lock_nested(spinlock_t *l, int subclass);

static void sleep_under_nested(struct dev *parent, struct dev *child)
{
	spin_lock(&parent->lock);
	spin_lock_nested(&child->lock, 1);
	spin_unlock(&parent->lock);
	msleep(1);
	spin_unlock(&child->lock);
}

/* only on the path that took the lock */
static void sleep_on_one_path(struct dev *dev, int locked)
{
	if (locked)
		spin_lock(&dev->lock);
	msleep(1);
	if (locked)
		spin_unlock(&dev->lock);
}

/*
 * check-output-start
validation/sleep-direct.c:14 mutex_under_spin() warn: sleeping in atomic context: 'mutex_lock()' called with '&dev->lock' held
validation/sleep-direct.c:22 kernel_alloc_under_global() warn: sleeping in atomic context: 'kmalloc()' called with '&list_lock' held
validation/sleep-direct.c:31 sleep_irqsave() warn: sleeping in atomic context: 'msleep()' called with '&dev->lock' held
validation/sleep-direct.c:38 sleep_in_rcu() warn: sleeping in atomic context: 'schedule()' called with 'rcu_read_lock()' held
validation/sleep-direct.c:45 sleep_irq_off() warn: sleeping in atomic context: 'msleep()' called with interrupts disabled
validation/sleep-direct.c:52 sleep_preempt_off() warn: sleeping in atomic context: 'wait_for_completion()' called with preemption disabled
validation/sleep-direct.c:59 sleep_bh_off() warn: sleeping in atomic context: 'vmalloc()' called with softirqs disabled
validation/sleep-direct.c:66 sleep_read_lock() warn: sleeping in atomic context: '_copy_from_user()' called with '&dev->rw' held
validation/sleep-direct.c:78 sleep_under_nested() warn: sleeping in atomic context: 'msleep()' called with '&child->lock' held
validation/sleep-direct.c:87 sleep_on_one_path() warn: sleeping in atomic context: 'msleep()' called with '&dev->lock' held
 * check-output-end
 */
