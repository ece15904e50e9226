/*
 * check-name: sleeping in atomic context: context predicates on the path
 * (irqs_disabled(), in_interrupt(), in_atomic(), preemptible()); a helper
 * that tests one sleeps only outside that context, for its callers too
 */
#include "sleep.h"

struct hw { spinlock_t lock; int ready; };

/* sleeps only when interrupts are enabled and not in a softirq */
static int hw_wait(struct hw *h)
{
	while (!h->ready) {
		if (irqs_disabled() || in_interrupt())
			return -1;
		schedule_timeout_uninterruptible(1);
	}
	return 0;
}

static int hw_wait_wrapper(struct hw *h)
{
	return hw_wait(h);
}

static void irq_off_callers(struct hw *h)
{
	unsigned long flags;

	spin_lock_irq(&h->lock);
	hw_wait(h);
	hw_wait_wrapper(h);
	spin_unlock_irq(&h->lock);
	spin_lock_irqsave(&h->lock, flags);
	hw_wait(h);
	spin_unlock_irqrestore(&h->lock, flags);
}

static void bh_off_caller(struct hw *h)
{
	local_bh_disable();
	hw_wait(h);
	local_bh_enable();
}

/* a plain spinlock says nothing of interrupts: a handler's spin_lock() may warn here */
static void plain_caller(struct hw *h)
{
	spin_lock(&h->lock);
	hw_wait(h);
	spin_unlock(&h->lock);
}

/* decided on the path: true under spin_lock_irq(), unknown under spin_lock() */
static void tested_here(struct hw *h)
{
	spin_lock_irq(&h->lock);
	if (!irqs_disabled())
		msleep(1);
	spin_unlock_irq(&h->lock);
	spin_lock(&h->lock);
	if (!irqs_disabled())
		msleep(2);
	spin_unlock(&h->lock);
}

/* in_atomic() is true under any spinning lock; preemptible() false */
static void atomic_tested(struct hw *h)
{
	spin_lock(&h->lock);
	if (!in_atomic())
		msleep(3);
	if (preemptible())
		msleep(4);
	spin_unlock(&h->lock);
}

static void sleeps_unless_atomic(struct hw *h)
{
	if (in_atomic())
		return;
	msleep(5);
}

static void atomic_helper_callers(struct hw *h)
{
	spin_lock(&h->lock);
	sleeps_unless_atomic(h);
	spin_unlock(&h->lock);
	rcu_read_lock();
	sleeps_unless_atomic(h);	/* RCU does not count for in_atomic(): unknown, warned */
	rcu_read_unlock();
}

/* two predicates on one line: each is decided, and each says so with --debug=sleep */
static void both_tested(struct hw *h)
{
	spin_lock_irq(&h->lock);
	if (!in_atomic() || !irqs_disabled())
		msleep(6);
	spin_unlock_irq(&h->lock);
}

/* in_softirq() is true under spin_lock_bh(), in_atomic() under preempt_disable() */
static void soft_wait(struct hw *h)
{
	if (in_softirq())
		return;
	msleep(7);
}

static void bh_and_preempt_callers(struct hw *h)
{
	spin_lock_bh(&h->lock);
	soft_wait(h);
	hw_wait(h);
	spin_unlock_bh(&h->lock);
	preempt_disable();
	sleeps_unless_atomic(h);
	soft_wait(h);	/* warned: preemption off says nothing of softirqs */
	preempt_enable();
}

/*
 * check-output-start
validation/sleep-context.c:50 plain_caller() warn: sleeping in atomic context: 'hw_wait()' may sleep (via hw_wait -> schedule_timeout_uninterruptible) with '&h->lock' held
validation/sleep-context.c:63 tested_here() warn: sleeping in atomic context: 'msleep()' called with '&h->lock' held
validation/sleep-context.c:91 atomic_helper_callers() warn: sleeping in atomic context: 'sleeps_unless_atomic()' may sleep (via sleeps_unless_atomic -> msleep) with 'rcu_read_lock()' held
validation/sleep-context.c:120 bh_and_preempt_callers() warn: sleeping in atomic context: 'soft_wait()' may sleep (via soft_wait -> msleep) with preemption disabled
 * check-output-end
 */
