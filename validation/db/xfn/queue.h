/* The queue of validation/db/xfn/queue.c. */
#ifndef QUEUE_H
#define QUEUE_H

#include "locks.h"

struct bucket {
	spinlock_t lock;
	int waiters;
};

struct qentry {
	spinlock_t *lock_ptr;
	spinlock_t *any_lock;
	spinlock_t own;
	struct bucket *b;
};

struct bucket *q_lock(struct qentry *q);

#endif
