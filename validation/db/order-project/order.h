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
struct inode { struct mutex lock; };
struct super { struct mutex lock; };
struct ra { struct mutex lock; };
struct rb { struct mutex lock; };
struct rc { struct mutex lock; };
struct rq { struct mutex lock; };
struct task { struct mutex lock; };
struct fs { spinlock_t lock; };
struct journal { spinlock_t lock; };

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
/* super.c */
void super_sync(struct super *s, struct inode *i);
void rb_take(struct rb *b);
void ra_take(struct ra *a);
void rq_pair_lock(struct rq *a, struct rq *b);
void journal_commit(struct journal *j, struct fs *f);

#endif
