/* Allocators that take the shrinker's lock only when their arguments let them reclaim. */
#include "cond.h"

void shrink_all(struct shrinker *s)
{
	mutex_lock(&s->lock);
	mutex_unlock(&s->lock);
}

void *obj_alloc(struct shrinker *s, _Bool reclaim)
{
	if (reclaim)
		shrink_all(s);
	return s;
}

/* as the page allocator: reclaim only with GFP_DIRECT_RECLAIM */
void *buf_alloc(struct shrinker *s, unsigned int gfp)
{
	if (!(gfp & GFP_DIRECT_RECLAIM))
		return 0;
	shrink_all(s);
	return s;
}
