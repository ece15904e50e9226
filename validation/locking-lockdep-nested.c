/*
 * check-name: with lockdep the kernel makes mutex_lock(l) a call of
 * mutex_lock_nested(l, 0): written as mutex_lock() it is a plain lock, so
 * taking it twice is a double lock; written as mutex_lock_nested() it is
 * another object's lock of the same type, which is not.
 */
#include "locks.h"

#define mutex_lock(l) mutex_lock_nested(l, 0)

struct node { struct mutex lock; struct node *parent; };

static void twice(struct node *n)
{
	mutex_lock(&n->lock);
	mutex_lock(&n->lock);
	mutex_unlock(&n->lock);
}

static void parent_then_child(struct node *n)
{
	mutex_lock(&n->parent->lock);
	mutex_lock_nested(&n->lock, 1);
	mutex_unlock(&n->lock);
	mutex_unlock(&n->parent->lock);
}

/*
 * check-output-start
validation/locking-lockdep-nested.c:16 twice() warn: double lock '&n->lock' (locked on line 15)
 * check-output-end
 */
