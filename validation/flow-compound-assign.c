/*
 * check-name: a compound assignment of a known value ("ret |= RETRY" after
 * "ret = 0") leaves a known value; one in a loop is stepped, as "++" is,
 * and not kept past the loop
 */
#include "locks.h"

int more(void);

static int flags_of(int x)
{
	int ret = 0, m = 4, n = 0;

	ret |= 0x400;
	__smatch_value(ret);
	ret |= 1;
	ret &= ~1;
	__smatch_value(ret);
	m <<= 2;
	m -= 1;
	__smatch_value(m);
	/* the rounds not walked step it further */
	while (more())
		n += 2;
	__smatch_value(n);
	return ret;
}

/*
 * check-output-start
validation/flow-compound-assign.c:15 flags_of() info: value 'ret' = 1024
validation/flow-compound-assign.c:18 flags_of() info: value 'ret' = 1024
validation/flow-compound-assign.c:21 flags_of() info: value 'm' = 15
validation/flow-compound-assign.c:25 flags_of() info: value 'n' = (-2147483648)-2147483647
 * check-output-end
 */
