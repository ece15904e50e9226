/*
 * check-name: a lock taken again in the next round of a loop is a double
 * lock, unless a callee may have released it: one that releases a lock of
 * the same member on an object it reaches itself (dpaa2's transmit work:
 * the lock is released by the helper its callee hands netdev_priv() to),
 * which it tells its callers by type and member, through any number of
 * callers (rule callee-may-release-member); a callee that releases nothing,
 * or another member, leaves the retake a double lock, and a release after
 * the call still makes a second one a double unlock
 * check-command: smatch -p=kernel --debug=locking -Ivalidation/include $file 2>&1
 */
#include "locks.h"

struct port { struct mutex tx_lock; struct mutex stats_lock; int busy; };
struct netdev { int id; };
struct frame { int len; int stamp; };
struct port *netdev_port(struct netdev *nd);
struct netdev *port_dev(struct port *p);
struct frame *dequeue(struct port *p);
void free_frame(struct port *p, struct frame *f);
int xmit(struct frame *f, struct netdev *nd);
int xmit_outer(struct frame *f, struct netdev *nd);
int xmit_plain(struct frame *f, struct netdev *nd);
int xmit_stats(struct frame *f, struct netdev *nd);

/* the confirm path: releases the lock taken for a stamped frame */
void free_frame(struct port *p, struct frame *f)
{
	if (f->stamp)
		mutex_unlock(&p->tx_lock);
}

int xmit(struct frame *f, struct netdev *nd)
{
	struct port *p = netdev_port(nd);

	if (f->len > 100) {
		free_frame(p, f);
		return -1;
	}
	return 0;
}

int xmit_outer(struct frame *f, struct netdev *nd)
{
	return xmit(f, nd) + 1;
}

int xmit_plain(struct frame *f, struct netdev *nd)
{
	struct port *p = netdev_port(nd);

	p->busy++;
	return 0;
}

int xmit_stats(struct frame *f, struct netdev *nd)
{
	struct port *p = netdev_port(nd);

	if (f->len > 100)
		mutex_unlock(&p->stats_lock);
	return 0;
}

static void tx_work(struct port *p)
{
	struct frame *f;

	while ((f = dequeue(p))) {
		mutex_lock(&p->tx_lock);
		xmit(f, port_dev(p));
	}
}

static void tx_work_outer(struct port *p)
{
	struct frame *f;

	while ((f = dequeue(p))) {
		mutex_lock(&p->tx_lock);
		xmit_outer(f, port_dev(p));
	}
}

static void tx_work_plain(struct port *p)
{
	struct frame *f;

	while ((f = dequeue(p))) {
		mutex_lock(&p->tx_lock);
		xmit_plain(f, port_dev(p));
	}
}

static void tx_work_stats(struct port *p)
{
	struct frame *f;

	while ((f = dequeue(p))) {
		mutex_lock(&p->tx_lock);
		xmit_stats(f, port_dev(p));
	}
}

static void send_release_twice(struct port *p, struct frame *f)
{
	mutex_lock(&p->tx_lock);
	xmit(f, port_dev(p));
	mutex_unlock(&p->tx_lock);
	mutex_unlock(&p->tx_lock);
}

/*
 * check-output-start
validation/locking-loop-member-release.c:30 free_frame() state: '&p->tx_lock' released under a flag in memory (rule: flag-protocol)
validation/locking-loop-member-release.c:30 free_frame() state: '&p->tx_lock' released without being taken: the caller held it (rule: held-on-entry)
validation/locking-loop-member-release.c:38 xmit() state: '&p->tx_lock' may or may not be held after 'free_frame()' (rule: unknown-after-callee)
validation/locking-loop-member-release.c:39 xmit() state: '&p->tx_lock' may or may not be held: not told to the callers (rule: callee-boundary)
validation/locking-loop-member-release.c:62 xmit_stats() state: '&p->stats_lock' released without being taken: the caller held it (rule: held-on-entry)
validation/locking-loop-member-release.c:72 tx_work() state: '&p->tx_lock' may be released by 'xmit()': it may release '&p->tx_lock' of an object it reaches itself (via xmit -> free_frame -> mutex_unlock) (rule: callee-may-release-member)
validation/locking-loop-member-release.c:82 tx_work_outer() state: '&p->tx_lock' may be released by 'xmit_outer()': it may release '&p->tx_lock' of an object it reaches itself (via xmit_outer -> xmit -> free_frame -> mutex_unlock) (rule: callee-may-release-member)
validation/locking-loop-member-release.c:94 tx_work_plain() not reported: inconsistent returns '&p->tx_lock': locked (line 94), unlocked (line 94) (rule: locks-for-caller)
validation/locking-loop-member-release.c:102 tx_work_stats() state: '&p->stats_lock' may or may not be held after 'xmit_stats()' (rule: unknown-after-callee)
validation/locking-loop-member-release.c:104 tx_work_stats() not reported: inconsistent returns '&p->tx_lock': locked (line 104), unlocked (line 104) (rule: locks-for-caller)
validation/locking-loop-member-release.c:109 send_release_twice() state: '&p->tx_lock' may be released by 'xmit()': it may release '&p->tx_lock' of an object it reaches itself (via xmit -> free_frame -> mutex_unlock) (rule: callee-may-release-member)
validation/locking-loop-member-release.c:91 tx_work_plain() warn: double lock '&p->tx_lock' (locked on line 91)
validation/locking-loop-member-release.c:101 tx_work_stats() warn: double lock '&p->tx_lock' (locked on line 101)
validation/locking-loop-member-release.c:111 send_release_twice() warn: double unlock '&p->tx_lock' (unlocked on line 110)
 * check-output-end
 */
