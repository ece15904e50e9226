/*
 * check-name: switch with fall-through, default and no default
 */
#include "locks.h"

static struct mutex m;

static void fallthrough(int n)
{
	switch (n) {
	case 1:
		mutex_lock(&m);
		/* fall through */
	case 2:
		__smatch_states();
		break;
	case 3 ... 5:
		__smatch_value(n);
		break;
	default:
		__smatch_value(n);
		return;
	}
	__smatch_paths();
}

static void no_default(int n)
{
	switch (n) {
	case 7:
		return;
	}
	__smatch_value(n);
}

/* more case labels than a range list has ranges: a known value still misses default */
static int many_cases(int n)
{
	if (n != 41 && n != 48)
		return 0;
	switch (n) {
	case 41: case 43: case 45: case 48: case 50: case 52: case 54:
	case 56: case 58: case 60: case 62:
		return 1;
	default:
		__smatch_value(n);
		return 2;
	}
}

/*
 * check-output-start
validation/flow-switch.c:15 fallthrough() info: states: values 'n' = 1; lock 'm@validation/flow-switch.c' = locked
validation/flow-switch.c:15 fallthrough() info: states: values 'n' = 2
validation/flow-switch.c:18 fallthrough() info: value 'n' = 3-5
validation/flow-switch.c:21 fallthrough() info: value 'n' = (-2147483648)-0,6-2147483647
validation/flow-switch.c:24 fallthrough() info: 2 paths
validation/flow-switch.c:33 no_default() info: value 'n' = (-2147483648)-6,8-2147483647
 * check-output-end
 */
