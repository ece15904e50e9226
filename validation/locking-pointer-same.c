/*
 * check-name: a lock named through a pointer is the same lock while the
 * pointer is unchanged; look-alikes: a call that may change it (an
 * unknown one given its base, one given its address), a loop whose
 * pointer moves each round, two objects of one type
 * check-command: smatch -p=kernel --debug=locking -Ivalidation/include $file 2>&1
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
validation/locking-pointer-same.c:25 conn_close() state: 'sk' released under a flag in memory (rule: flag-protocol)
validation/locking-pointer-same.c:42 host_irq() not reported: double unlock 'irq' (unlocked on line 37) (rule: nesting-kind)
validation/locking-pointer-same.c:52 host_irq_reset() state: 'host->lock' may point elsewhere after 'host_reset()' (rule: lock-pointer-may-change)
validation/locking-pointer-same.c:53 host_irq_reset() not reported: double unlock 'host->lock' (unlocked on line 51) (rule: name-reassigned)
validation/locking-pointer-same.c:53 host_irq_reset() not reported: double unlock 'irq' (unlocked on line 51) (rule: nesting-kind)
validation/locking-pointer-same.c:61 pte_walk() state: 'ptl' may name another object now that 'ptl' changed (rule: release-name-unknown)
validation/locking-pointer-same.c:61 pte_walk() state: 'ptl' may name another object now that 'ptl' changed (rule: name-reassigned)
validation/locking-pointer-same.c:62 pte_walk() not reported: double unlock 'ptl' (unlocked on line 60) (rule: name-reassigned)
validation/locking-pointer-same.c:67 host_walk() state: 'host->lock' may name another object now that 'host' changed (rule: name-reassigned)
validation/locking-pointer-same.c:68 host_walk() state: 'host->lock' is not the caller's '$0->lock' now: no acquisition told (rule: name-reassigned)
validation/locking-pointer-same.c:68 host_walk() not reported: double lock 'host->lock' (locked on line 68) (rule: name-reassigned)
validation/locking-pointer-same.c:71 host_walk() not reported: inconsistent returns 'host->lock': locked (line 71), unlocked (line 71) (rule: locks-for-caller)
validation/locking-pointer-same.c:76 two_hosts() not reported: double lock 'b->lock' (locked on line 75) (rule: other-object-same-type)
validation/locking-pointer-same.c:28 conn_close() warn: double unlock 'sk' (unlocked on line 25)
validation/locking-pointer-same.c:42 host_irq() warn: double unlock 'host->lock' (unlocked on line 37)
 * check-output-end
 */
