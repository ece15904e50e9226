/*
 * check-name: && and || conditions split as they short-circuit
 */
#include "locks.h"

static struct mutex m;

static void and(int a, int b)
{
	if (a && b) {
		__smatch_value(a);
		__smatch_value(b);
	} else {
		__smatch_states();
	}
}

static void or(int a, int b)
{
	if (a || b)
		return;
	__smatch_value(a);
	__smatch_value(b);
}

static void trylock_and(int a)
{
	if (a && mutex_trylock(&m)) {
		__smatch_states();
		mutex_unlock(&m);
	}
	__smatch_states();
}

/*
 * check-output-start
validation/flow-and-or.c:11 and() info: value 'a' = (-2147483648)-(-1),1-2147483647
validation/flow-and-or.c:12 and() info: value 'b' = (-2147483648)-(-1),1-2147483647
validation/flow-and-or.c:14 and() info: states: (none)
validation/flow-and-or.c:22 or() info: value 'a' = 0
validation/flow-and-or.c:23 or() info: value 'b' = 0
validation/flow-and-or.c:29 trylock_and() info: states: values 'a' = (-2147483648)-(-1),1-2147483647; lock 'm@validation/flow-and-or.c' = locked
validation/flow-and-or.c:32 trylock_and() info: states: (none)
validation/flow-and-or.c:32 trylock_and() info: states: values 'a' = (-2147483648)-(-1),1-2147483647; lock 'm@validation/flow-and-or.c' = unlocked
 * check-output-end
 */
