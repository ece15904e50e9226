/*
 * Queue entries point at the lock of the bucket they wait on (the kernel's
 * futex_q.lock_ptr): every store to 'lock_ptr' is a bucket's lock or NULL.
 * 'any_lock' is pointed at two kinds of lock.
 */
#include "queue.h"

struct bucket *q_lock(struct qentry *q)
{
	struct bucket *b = q->b;

	q->lock_ptr = &b->lock;
	q->any_lock = &b->lock;
	spin_lock(&b->lock);
	return b;
}

void q_requeue(struct qentry *q, struct bucket *b2)
{
	q->lock_ptr = &b2->lock;
	q->any_lock = &q->own;
}

void q_clear(struct qentry *q)
{
	q->lock_ptr = NULL;
}
