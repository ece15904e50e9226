/*
 * check-name: for, while and do loops with break and continue
 */
#include "locks.h"

static struct mutex m;
int cond(void);

static void for_break(int n)
{
	int i;

	for (i = 0; i < n; i++) {
		mutex_lock(&m);
		if (cond())
			break;
		mutex_unlock(&m);
	}
	__smatch_states();
}

static void while_continue(void)
{
	while (cond()) {
		mutex_lock(&m);
		if (cond()) {
			mutex_unlock(&m);
			continue;
		}
		mutex_unlock(&m);
	}
	__smatch_states();
}

static void do_while(void)
{
	int done = 0;

	do {
		done = cond();
	} while (!done);
	__smatch_value(done);
}

static void forever(void)
{
	for (;;) {
		if (cond())
			break;
	}
	__smatch_paths();
}

/*
 * check-output-start
validation/flow-loops.c:19 for_break() info: states: values 'i' = 0; values 'i < n' = 0; values 'n' = (-2147483648)-0
validation/flow-loops.c:19 for_break() info: states: values 'i' = 0-1; values 'i < n' = 1; values 'n' = 1-2147483647; lock 'm@validation/flow-loops.c' = locked
validation/flow-loops.c:19 for_break() info: states: values 'i' = 1-2147483647; values 'i < n' = 0; values 'n' = 1-2147483647; lock 'm@validation/flow-loops.c' = unlocked
validation/flow-loops.c:20 for_break() warn: inconsistent returns '&m': locked (line 20), unlocked (line 20)
validation/flow-loops.c:32 while_continue() info: states: (none)
validation/flow-loops.c:32 while_continue() info: states: lock 'm@validation/flow-loops.c' = unlocked
validation/flow-loops.c:42 do_while() info: value 'done' = (-2147483648)-(-1),1-2147483647
validation/flow-loops.c:51 forever() info: 1 path
 * check-output-end
 */
