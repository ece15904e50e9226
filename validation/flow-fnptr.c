/*
 * check-name: calls through function pointers are walked like other calls
 */
#include "locks.h"

struct ops { int (*open)(int); void (*lock)(struct mutex *); };
static struct mutex m;

static int f(struct ops *ops, int x)
{
	int (*fn)(int) = ops->open;
	int ret = fn(x) + ops->open(x);

	ops->lock(&m);
	__smatch_states();
	return ret;
}

/*
 * check-output-start
validation/flow-fnptr.c:15 f() info: states: values 'fn == ops->open' = 1; values 'ops' = s64min-(-1),1-s64max
 * check-output-end
 */
