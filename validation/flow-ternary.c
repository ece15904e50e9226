/*
 * check-name: ?: splits and joins inside an expression
 */
#include "locks.h"

static int f(int a)
{
	int x = a ? 5 : 7;

	__smatch_value(x);
	return x;
}

static struct mutex m;

static int g(int a)
{
	int locked = a ? mutex_trylock(&m) : 0;

	if (locked) {
		__smatch_states();
		mutex_unlock(&m);
	}
	return 0;
}

/*
 * check-output-start
validation/flow-ternary.c:10 f() info: value 'x' = 5,7
validation/flow-ternary.c:21 g() info: states: values 'a' = (-2147483648)-(-1),1-2147483647; values 'locked' = 1; lock 'm@validation/flow-ternary.c' = locked
 * check-output-end
 */
