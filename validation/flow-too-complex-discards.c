/*
 * check-name: what was said of a function before the engine gave up on it
 * goes with it (it may rest on a partial walk); the same warning in a
 * function walked to its end stays
 */
#include "locks.h"

static struct mutex m;
int c(void);

#define L(x) while (c()) { if (c()) mutex_lock(&m); x if (c()) mutex_unlock(&m); }

static void warned_then_given_up(void)
{
	mutex_lock(&m);
	mutex_lock(&m);
	mutex_unlock(&m);
	L(L(L(L(L(L(L(L(L(L(L(L(L(L(L(L(L(L(L(L(L(L(L(L(;))))))))))))))))))))))))
}

static void warned(void)
{
	mutex_lock(&m);
	mutex_lock(&m);
	mutex_unlock(&m);
}

/*
 * check-output-start
validation/flow-too-complex-discards.c:13 warned_then_given_up() info: function too complex, giving up
validation/flow-too-complex-discards.c:24 warned() warn: double lock '&m' (locked on line 23)
 * check-output-end
 */
