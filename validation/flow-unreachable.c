/*
 * check-name: paths after return and noreturn calls carry no state
 */
#include "locks.h"

static struct mutex m;
void fatal(const char *msg) __attribute__((noreturn));

static int f(int x)
{
	mutex_lock(&m);
	if (x < 0)
		fatal("bad");
	if (x > 100)
		__builtin_unreachable();
	__smatch_value(x);
	mutex_unlock(&m);
	return 0;
	__smatch_paths();
}

/*
 * check-output-start
validation/flow-unreachable.c:16 f() info: value 'x' = 0-100
 * check-output-end
 */
