/* Intermediates: one passes its gfp on as it came, one changes it first. */
#include "cond.h"

void *cache_get(struct shrinker *s, unsigned int gfp)
{
	return buf_alloc(s, gfp);
}

void *cache_get_nowarn(struct shrinker *s, unsigned int gfp)
{
	gfp |= GFP_NOWARN;
	return buf_alloc(s, gfp);
}
