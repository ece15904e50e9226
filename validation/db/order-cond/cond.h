/* The lock types and helpers of the lock order conditions test (validation/db/lock-order-cond.sh). */
#ifndef COND_H
#define COND_H

#include "locks.h"

#define GFP_NOWARN 0x200
#define GFP_DIRECT_RECLAIM 0x400
#define GFP_ATOMIC 0x20
#define GFP_KERNEL (0xc0 | GFP_DIRECT_RECLAIM)

enum flush { NO_FLUSH, FLUSH_LIMIT, FLUSH_ALL };

struct shrinker { struct mutex lock; };
struct owner { struct mutex lock; };
struct space { struct mutex lock; };
struct vault { struct owner *owner; int open; };
struct pool { struct mutex lock; struct shrinker *shrinker; };
struct queue { struct mutex lock; struct shrinker *shrinker; };
struct tx { struct mutex lock; struct shrinker *shrinker; };
struct rx { struct mutex lock; struct shrinker *shrinker; };
struct ring { struct mutex lock; struct shrinker *shrinker; };
struct port { struct mutex lock; struct shrinker *shrinker; };
struct slot { struct mutex lock; struct shrinker *shrinker; };
struct bank { struct mutex lock; struct vault *vault; };
struct desk { struct mutex lock; struct vault *vault; struct owner owner; };
struct meta { struct mutex lock; struct space *space; };
struct delayed { struct mutex lock; struct space *space; };

void *obj_alloc(struct shrinker *s, _Bool reclaim);
void *buf_alloc(struct shrinker *s, unsigned int gfp);
void *cache_get(struct shrinker *s, unsigned int gfp);
void *cache_get_nowarn(struct shrinker *s, unsigned int gfp);
void shrink_all(struct shrinker *s);
void vault_open(struct vault *v, struct owner *o);
int reserve(struct space *sp, enum flush flush);

#endif
