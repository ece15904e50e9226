/* The pointer-copies test project: pointer members stored from each other. */
#ifndef CACHE_H
#define CACHE_H

#include "locks.h"

struct entry { void *data; spinlock_t *lock_ptr; };
struct attr { void *cache; spinlock_t *lock_ptr; };
extern spinlock_t table_lock;

void cache_add(struct entry *e, struct attr *a);
void cache_check(struct entry *e, struct attr *a);
void entry_bind(struct entry *e);
void entry_lock_twice(struct entry *e);

#endif
