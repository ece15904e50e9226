/*
 * The bucket's lock taken by q_lock() (another file) and released through
 * the entry's pointer to it: the same lock.  'any_lock' may be another: what
 * it releases is not known, nor what q_lock() took after that.
 */
#include "queue.h"

int q_wait(struct qentry *q)
{
	struct bucket *b = q_lock(q);

	if (b->waiters) {
		spin_unlock(q->lock_ptr);
		return -11;
	}
	spin_unlock(&b->lock);
	return 0;
}

int q_wait_any(struct qentry *q)
{
	struct bucket *b = q_lock(q);

	if (b->waiters) {
		spin_unlock(q->any_lock);
		return -11;
	}
	spin_unlock(&b->lock);
	return 0;
}

/* taken through the entry's pointer, released by the bucket's name; one return leaks it */
void q_hold(struct qentry *q)
{
	spin_lock(q->lock_ptr);
	if (q->b->waiters)
		return;
	spin_unlock(&q->b->lock);
}

void q_hold_ok(struct qentry *q)
{
	spin_lock(q->lock_ptr);
	q->b->waiters++;
	spin_unlock(&q->b->lock);
}
