/*
 * check-name: a function too complex to walk is given up on, once, and the
 * next function is still checked
 */
#include "locks.h"

static struct mutex m;
int c(void);

#define L(x) while (c()) { if (c()) mutex_lock(&m); x if (c()) mutex_unlock(&m); }

static void huge(void)
{
	L(L(L(L(L(L(L(L(L(L(L(L(L(L(L(L(L(L(L(L(L(L(L(L(;))))))))))))))))))))))))
}

static int next(int x)
{
	mutex_lock(&m);
	if (x)
		return -EINVAL;
	mutex_unlock(&m);
	return 0;
}

/*
 * check-output-start
validation/flow-too-complex.c:12 huge() info: function too complex, giving up
validation/flow-too-complex.c:21 next() warn: inconsistent returns '&m': locked (line 21), unlocked (line 23)
 * check-output-end
 */
