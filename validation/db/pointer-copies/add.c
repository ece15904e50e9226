#include "cache.h"

/* Each member is stored from the other (cipso_v4_cache_add()/_check()). */
void cache_add(struct entry *e, struct attr *a)
{
	e->data = a->cache;
}

spinlock_t table_lock;

/* Stored the address of one lock: e->lock_ptr points to it. */
void entry_bind(struct entry *e)
{
	e->lock_ptr = &table_lock;
}
