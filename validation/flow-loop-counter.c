/*
 * check-name: a counter stepped in a loop's condition ("while (++cnt <
 * max)", "while (--remaining > 0)") keeps its value and its relation to
 * the bound: after the loop, "if (cnt >= max)" tells the rounds that ran
 * out (lock released) from the break (lock held), as in qed's mailbox
 * and sctp's port search; a leak after the loop still warns
 */
#include "locks.h"

struct mbox { spinlock_t lock; int busy; };
int pending(struct mbox *m);
int port_taken(int port);

static int mbox_send(struct mbox *m)
{
	unsigned int cnt = 0, max = 500;

	do {
		spin_lock(&m->lock);
		if (!pending(m))
			break;
		spin_unlock(&m->lock);
	} while (++cnt < max);
	if (cnt >= max)
		return -EAGAIN;
	m->busy = 1;
	spin_unlock(&m->lock);
	return 0;
}

static int port_search(struct mbox *m)
{
	int port = 0, remaining = 100;

	do {
		port++;
		if (port_taken(port))
			continue;
		spin_lock(&m->lock);
		if (!pending(m))
			break;
		spin_unlock(&m->lock);
	} while (--remaining > 0);
	if (remaining <= 0)
		return 1;
	m->busy = port;
	spin_unlock(&m->lock);
	return 0;
}

static int tries_left(struct mbox *m)
{
	int tries = 0;

	while (tries++ < 5) {
		spin_lock(&m->lock);
		if (!pending(m))
			break;
		spin_unlock(&m->lock);
	}
	if (tries > 5)
		return -EBUSY;
	spin_unlock(&m->lock);
	return 0;
}

static int mbox_send_leak(struct mbox *m)
{
	unsigned int cnt = 0;

	do {
		spin_lock(&m->lock);
		if (!pending(m))
			break;
		spin_unlock(&m->lock);
	} while (++cnt < 100);
	if (cnt >= 100)
		return -EAGAIN;
	if (m->busy)
		return -EBUSY;
	spin_unlock(&m->lock);
	return 0;
}
/*
 * check-output-start
validation/flow-loop-counter.c:80 mbox_send_leak() warn: inconsistent returns '&m->lock': locked (line 80), unlocked (line 82)
 * check-output-end
 */
