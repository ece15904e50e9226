#include "ctx.h"

/* The lock of an object found here: its callers cannot name it. */
int ctx_use_local(int id, int x)
{
	struct ctx *c = ctx_find(id);

	ctx_maybe_lock(c, x);
	return 0;
}

/* The lock of the caller's object: its callers learn the doubt. */
int ctx_use_param(struct ctx *c, int x)
{
	ctx_maybe_lock(c, x);
	return 0;
}

int outer_local(int id, int x)
{
	return ctx_use_local(id, x);
}

int outer_param(struct ctx *c, int x)
{
	return ctx_use_param(c, x);
}

int log_it(int level)
{
	return vprintk_emit(level);
}
