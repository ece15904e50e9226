/*
 * check-name: sleeping in atomic context: a helper that sleeps only where a
 * test of bits of its argument was false ("if (flags & SEND_NB) return
 * send_nb(); ... msleep()") says "$1!&MASK" in its sleep item, and sleeps
 * only for callers passing an argument that may lack those bits
 * check-command: smatch -p=kernel --debug=sleep -Ivalidation/include $file 2>&1
 */
#include "sleep.h"

#define SEND_NB			(1u << 31)
#define MAKE_SEND_FLAGS(len)	({ unsigned int len_ = (len); (len_ & 0xff) | SEND_NB; })

struct ct { spinlock_t lock; int credits; };
int ct_send_nb(struct ct *ct);

static int ct_send(struct ct *ct, unsigned int flags)
{
	if (flags & SEND_NB)
		return ct_send_nb(ct);
	msleep(1);
	return 0;
}

/* the flags it builds have SEND_NB, whatever the length */
static int send_nb(struct ct *ct, unsigned int g2h)
{
	return ct_send(ct, MAKE_SEND_FLAGS(g2h));
}

/* passes its own flags on: the condition becomes its callers' */
static int send_flags(struct ct *ct, unsigned int flags)
{
	return ct_send(ct, flags);
}

/* tests the bit and sleeps on both sides (called from other files too) */
void both_sides(struct ct *ct, unsigned int flags);
void both_sides(struct ct *ct, unsigned int flags)
{
	if (flags & SEND_NB)
		msleep(2);
	else
		msleep(3);
}

static void nonblocking_callers(struct ct *ct)
{
	spin_lock(&ct->lock);
	ct_send(ct, SEND_NB);
	ct_send(ct, SEND_NB | 3);
	send_nb(ct, 2);
	send_flags(ct, SEND_NB);
	spin_unlock(&ct->lock);
}

static void blocking_callers(struct ct *ct, unsigned int unknown)
{
	spin_lock(&ct->lock);
	ct_send(ct, 0);
	ct_send(ct, unknown);
	send_flags(ct, unknown & 0xff);
	both_sides(ct, SEND_NB);
	spin_unlock(&ct->lock);
}

/*
 * check-output-start
validation/sleep-param-clear.c:60 blocking_callers() not reported: sleeping in atomic context: 'ct_send()' may sleep (via ct_send -> msleep) with '&ct->lock' held (rule: same-root-cause)
validation/sleep-param-clear.c:61 blocking_callers() not reported: sleeping in atomic context: 'send_flags()' may sleep (via send_flags -> ct_send -> msleep) with '&ct->lock' held (rule: same-root-cause)
validation/sleep-param-clear.c:59 blocking_callers() warn: sleeping in atomic context: 'ct_send()' may sleep (via ct_send -> msleep) with '&ct->lock' held
validation/sleep-param-clear.c:62 blocking_callers() warn: sleeping in atomic context: 'both_sides()' may sleep (via both_sides -> msleep) with '&ct->lock' held
 * check-output-end
 */
