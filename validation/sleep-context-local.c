/*
 * check-name: sleeping in atomic context: a local that holds a test of
 * context predicates ("not_atomic = !in_atomic() && !irqs_disabled()") is
 * that test where it is read, also in a header's inline function; a helper
 * that sleeps only on the side that rules the context out does not sleep
 * for callers in that context, through any number of levels
 */
#include "sleep.h"
#include "busy_loop.h"

struct guc { spinlock_t lock; struct mutex m; struct channel ch; };

/* the header's busy loop, one and two levels down */
static int guc_send(struct guc *g, int len)
{
	return channel_send_busy_loop(&g->ch, len, 1);
}

static int guc_set_policy(struct guc *g)
{
	return guc_send(g, 4);
}

/* the same loop written here, the test kept in a local */
static int local_busy_loop(struct guc *g)
{
	_Bool not_atomic = !in_atomic() && !irqs_disabled();

	might_sleep_if(not_atomic);
	while (channel_send_nb(&g->ch, 1) == -EBUSY) {
		if (not_atomic)
			msleep(1);
		else
			cpu_relax();
	}
	return 0;
}

/* the false side of an ||: returns where the context may be atomic */
static void busy_returns(struct guc *g)
{
	_Bool busy = in_atomic() || irqs_disabled();

	if (busy)
		return;
	msleep(2);
}

/* without the test: sleeps in any context */
static void plain_loop(struct guc *g)
{
	while (channel_send_nb(&g->ch, 1) == -EBUSY)
		msleep(3);
}

/* tests in_atomic() but sleeps on both sides */
static void both_sides(struct guc *g)
{
	_Bool not_atomic = !in_atomic();

	if (not_atomic)
		msleep(4);
	else
		schedule();
}

/* the local assigned again: it no longer holds the test */
static void reassigned(struct guc *g, int force)
{
	_Bool ok = !in_atomic();

	ok = force;
	if (ok)
		msleep(5);
}

/* the true side of an || rules out neither context */
static void either(struct guc *g)
{
	_Bool maybe = !in_atomic() || !irqs_disabled();

	if (maybe)
		msleep(6);
}

static void atomic_callers(struct guc *g)
{
	unsigned long flags;

	spin_lock_irqsave(&g->lock, flags);
	channel_send_busy_loop(&g->ch, 1, 1);
	channel_send_wait(&g->ch, 1);
	guc_send(g, 2);
	guc_set_policy(g);
	local_busy_loop(g);
	busy_returns(g);
	plain_loop(g);
	both_sides(g);
	reassigned(g, 1);
	either(g);
	spin_unlock_irqrestore(&g->lock, flags);
}

/* in_atomic() is true under a plain spin_lock(): the helpers that test it do not sleep */
static void plain_spinlock_callers(struct guc *g)
{
	spin_lock(&g->lock);
	guc_set_policy(g);
	busy_returns(g);
	spin_unlock(&g->lock);
}

/* a mutex is no atomic context: nothing to say, whatever the helper tests */
static void mutex_callers(struct guc *g)
{
	mutex_lock(&g->m);
	guc_set_policy(g);
	local_busy_loop(g);
	plain_loop(g);
	both_sides(g);
	mutex_unlock(&g->m);
}

/*
 * check-output-start
validation/sleep-context-local.c:92 atomic_callers() warn: sleeping in atomic context: 'channel_send_wait()' may sleep (via channel_send_wait -> msleep) with '&g->lock' held
validation/sleep-context-local.c:97 atomic_callers() warn: sleeping in atomic context: 'plain_loop()' may sleep (via plain_loop -> msleep) with '&g->lock' held
validation/sleep-context-local.c:98 atomic_callers() warn: sleeping in atomic context: 'both_sides()' may sleep (via both_sides -> msleep) with '&g->lock' held
validation/sleep-context-local.c:99 atomic_callers() warn: sleeping in atomic context: 'reassigned()' may sleep (via reassigned -> msleep) with '&g->lock' held
validation/sleep-context-local.c:100 atomic_callers() warn: sleeping in atomic context: 'either()' may sleep (via either -> msleep) with '&g->lock' held
 * check-output-end
 */
