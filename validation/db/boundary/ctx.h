/* The callee-boundary test project: locks a callee may or may not hold. */
#ifndef CTX_H
#define CTX_H

#include "locks.h"

struct ctx {
	struct mutex m;
	int flag;
};

struct ctx *ctx_find(int id);
void ctx_maybe_lock(struct ctx *c, int x);
int ctx_use_local(int id, int x);
int ctx_use_param(struct ctx *c, int x);
extern struct semaphore console_sem;
void console_lock(void);
void console_unlock(void);
int vprintk_emit(int level);
int console_leak(int x);
void preempt_disable(void);
void preempt_enable(void);
void cpu_maybe_off(int x);
void cpu_off(void);

#endif
