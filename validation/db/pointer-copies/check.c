#include "cache.h"

void cache_check(struct entry *e, struct attr *a)
{
	a->cache = e->data;
}

void entry_lock_twice(struct entry *e)
{
	spin_lock(e->lock_ptr);
	spin_lock(&table_lock);
	spin_unlock(&table_lock);
	spin_unlock(e->lock_ptr);
}
