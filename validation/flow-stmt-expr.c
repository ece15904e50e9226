/*
 * check-name: statement expressions ({ ... }) and do { } while (0) macros
 */
#include "locks.h"

static struct mutex m;

#define locked_read(p) ({ int __v; mutex_lock(&m); __v = *(p); mutex_unlock(&m); __v; })

static int f(int *p)
{
	int v = locked_read(p);

	__smatch_states();
	if (({ int t = v; t > 4; }))
		__smatch_value(v);
	return v;
}

/*
 * check-output-start
validation/flow-stmt-expr.c:14 f() info: states: values '*p == __v' = 1; values 'p' = s64min-(-1),1-s64max; lock 'm@validation/flow-stmt-expr.c' = unlocked
validation/flow-stmt-expr.c:16 f() info: value 'v' = (-2147483648)-2147483647
 * check-output-end
 */
