/*
 * check-name: if/else splits the paths and joins them after
 */
#include "locks.h"

static struct mutex a, b;

static void f(int x)
{
	if (x)
		mutex_lock(&a);
	else
		mutex_lock(&b);
	__smatch_states();
	__smatch_paths();
	if (x)
		mutex_unlock(&a);
	else
		mutex_unlock(&b);
	__smatch_states();
}

static void g(int x)
{
	if (x > 10)
		mutex_lock(&a);
	__smatch_states();
	if (x >= 11)
		mutex_unlock(&a);
}

/*
 * check-output-start
validation/flow-if-else.c:14 f() info: states: values 'x' = 0; lock 'b@validation/flow-if-else.c' = locked
validation/flow-if-else.c:14 f() info: states: values 'x' = (-2147483648)-(-1),1-2147483647; lock 'a@validation/flow-if-else.c' = locked
validation/flow-if-else.c:15 f() info: 2 paths
validation/flow-if-else.c:20 f() info: states: values 'x' = 0; lock 'b@validation/flow-if-else.c' = unlocked
validation/flow-if-else.c:20 f() info: states: values 'x' = (-2147483648)-(-1),1-2147483647; lock 'a@validation/flow-if-else.c' = unlocked
validation/flow-if-else.c:27 g() info: states: values 'x' = (-2147483648)-10
validation/flow-if-else.c:27 g() info: states: values 'x' = 11-2147483647; lock 'a@validation/flow-if-else.c' = locked
 * check-output-end
 */
