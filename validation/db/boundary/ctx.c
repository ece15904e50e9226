#include "ctx.h"

static struct ctx table[4];

struct ctx *ctx_find(int id)
{
	return &table[id & 3];
}

/* Locks on some paths only, which the return value does not tell apart. */
void ctx_maybe_lock(struct ctx *c, int x)
{
	if (x)
		mutex_lock(&c->m);
}

/* Preemption off on some paths only, which the return value does not tell apart. */
void cpu_maybe_off(int x)
{
	if (x)
		preempt_disable();
}

/* Preemption off on every return, as get_cpu() leaves it. */
void cpu_off(void)
{
	preempt_disable();
}
