/*
 * check-name: a lock named through a pointer is the same lock while the
 * pointer is unchanged; look-alikes: a call that may change it (an
 * unknown one given its base, one given its address), a loop whose
 * pointer moves each round, two objects of one type
 */
#include "locks.h"

struct sock { struct mutex sk_lock; };
struct conn { struct sock sk; int closed; };
struct host { spinlock_t *lock; int err; struct host *next; };
void lock_sock(struct sock *sk);
void release_sock(struct sock *sk);
void put_conn(struct conn *c);
void host_reset(struct host *h);		/* unknown: may store h->lock */
spinlock_t *pte_offset_map_lock(int *pmd, spinlock_t **ptlp);

static void conn_close(struct conn *c)
{
	struct sock *sk = &c->sk;

	lock_sock(sk);
	if (c->closed) {
		release_sock(sk);
		put_conn(c);
	}
	release_sock(sk);		/* warn: released above when closed */
}

static int host_irq(struct host *host, int err)
{
	unsigned long flags;

	spin_lock_irqsave(host->lock, flags);
	host->err = 0;
	spin_unlock_irqrestore(host->lock, flags);
	if (err)
		goto unlock;
	return 0;
unlock:
	spin_unlock_irqrestore(host->lock, flags);	/* warn */
	return err;
}

static int host_irq_reset(struct host *host, int err)
{
	unsigned long flags;

	spin_lock_irqsave(host->lock, flags);
	spin_unlock_irqrestore(host->lock, flags);
	host_reset(host);
	spin_unlock_irqrestore(host->lock, flags);	/* silent: host->lock may be another lock */
	return err;
}

static void pte_walk(int *pmd, spinlock_t *ptl)
{
	spin_lock(ptl);
	spin_unlock(ptl);
	pte_offset_map_lock(pmd, &ptl);		/* re-points ptl, and takes it */
	spin_unlock(ptl);			/* silent */
}

static void host_walk(struct host *host)
{
	for (; host; host = host->next) {
		spin_lock(host->lock);		/* silent: another host each round */
		host->err = 0;
	}
}

static void two_hosts(struct host *a, struct host *b)
{
	spin_lock(a->lock);
	spin_lock(b->lock);			/* silent: two objects */
	spin_unlock(b->lock);
	spin_unlock(a->lock);
}

/*
 * check-output-start
validation/locking-pointer-same.c:27 conn_close() warn: double unlock 'sk' (unlocked on line 24)
validation/locking-pointer-same.c:41 host_irq() warn: double unlock 'host->lock' (unlocked on line 36)
 * check-output-end
 */
