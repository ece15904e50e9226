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

/* May or may not have preemption off: its callers are not told. */
int cpu_use_maybe(int x)
{
	cpu_maybe_off(x);
	return 0;
}

/* Has it off: its callers are told. */
int cpu_use_off(void)
{
	cpu_off();
	return 0;
}

int outer_cpu_maybe(int x)
{
	return cpu_use_maybe(x);
}

int outer_cpu_off(void)
{
	return cpu_use_off();
}
