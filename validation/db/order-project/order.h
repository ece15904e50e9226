/* The lock types of the lock order test project (validation/db/lock-order.sh). */
#ifndef ORDER_H
#define ORDER_H

#include "locks.h"

struct bus { struct mutex lock; };
struct dev { struct mutex lock; struct dev *parent; };
struct cfg { spinlock_t lock; };
struct stats { spinlock_t lock; };
struct pool { struct mutex lock; };
struct queue { struct mutex lock; };
struct tree { struct mutex lock; };
struct leaf { struct mutex lock; };
struct log { struct mutex lock; };
struct cache { spinlock_t lock; };
struct table { spinlock_t lock; };
struct wheel { struct mutex lock; };
struct spoke { struct mutex lock; };
struct link { struct mutex lock; };
struct port { struct mutex lock; void (*poke)(struct link *l); };

/* A helper of a header: its _nested annotation reaches its callers' rows. */
static inline void tree_lock_nested(struct tree *t)
{
	mutex_lock_nested(&t->lock, 1);
}

/* As the kernel's mutex_lock_nested() without lockdep: the annotation is in the name only. */
#define spoke_lock_nested(m, subclass) mutex_lock(m)

/* bus.c */
void bus_sync(struct bus *b, struct dev *d);
void bus_kick(struct bus *b);
/* dev.c */
void dev_take(struct dev *d);
void dev_drop(struct dev *d);
void dev_refresh(struct dev *d);
void dev_flush(struct dev *d, struct bus *b);

#endif
