/*
 * check-name: kernel locks passed to functions nothing is known of are
 * unknown after; queries (table action "query") and drop-and-retake
 * helpers (action "retake") are no escape
 */
#include "locks.h"

int mutex_is_locked(struct mutex *m);
int __cond_resched_lock(spinlock_t *l);
void wait_for_owner(struct mutex *m);		/* unknown */

struct dev { struct mutex lock; spinlock_t list_lock; int n; };
struct sock { int sk_lock; int err; };
void lock_sock(struct sock *sk);
void release_sock(struct sock *sk);
void sk_report(struct sock *sk);		/* unknown */

static void escaped(struct dev *d)
{
	mutex_lock(&d->lock);
	wait_for_owner(&d->lock);
	mutex_lock(&d->lock);			/* silent: it may have been released */
	mutex_unlock(&d->lock);
}

static void queried(struct dev *d)
{
	mutex_lock(&d->lock);
	if (!mutex_is_locked(&d->lock))
		d->n = 0;
	mutex_lock(&d->lock);			/* warn: a query is no escape */
	mutex_unlock(&d->lock);
}

static void rescheduled(struct dev *d)
{
	spin_lock(&d->list_lock);
	while (d->n--)
		__cond_resched_lock(&d->list_lock);
	spin_unlock(&d->list_lock);
	spin_unlock(&d->list_lock);		/* warn: held again after it */
}

static int rescheduled_leak(struct dev *d)
{
	spin_lock(&d->list_lock);
	__cond_resched_lock(&d->list_lock);
	if (d->n)
		return -EINVAL;			/* warn */
	spin_unlock(&d->list_lock);
	return 0;
}

/* lock_sock(sk) names the lock by its socket: passing sk is no escape */
static void sock_twice(struct sock *sk)
{
	lock_sock(sk);
	sk_report(sk);
	release_sock(sk);
	release_sock(sk);			/* warn */
}

/*
 * check-output-start
validation/locking-escape.c:31 queried() warn: double lock '&d->lock' (locked on line 28)
validation/locking-escape.c:41 rescheduled() warn: double unlock '&d->list_lock' (unlocked on line 40)
validation/locking-escape.c:49 rescheduled_leak() warn: inconsistent returns '&d->list_lock': locked (line 49), unlocked (line 51)
validation/locking-escape.c:60 sock_twice() warn: double unlock 'sk' (unlocked on line 59)
 * check-output-end
 */
