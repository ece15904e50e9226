/*
 * check-name: what a function's constant returns say of its integer
 * parameters ("true only for MSFILTER") holds at its calls: a lock taken
 * when the predicate said so and released under the same test is told
 * apart by the argument's value, also when the call's outcomes are joined
 * before the test (an early return, as in the kernel's do_ip_getsockopt());
 * a call with a constant takes only the outcome it can; a case that keeps
 * the lock is still a leak
 */
#include "locks.h"

#define MSFILTER 41
#define MCAST_MSFILTER 48
int fill(int optname);

static _Bool needs_rtnl(int optname)
{
	switch (optname) {
	case MSFILTER:
	case MCAST_MSFILTER:
		return 1;
	}
	return 0;
}

static int getsockopt(int level, int optname)
{
	_Bool need = needs_rtnl(optname);
	int err;

	if (level != 0)
		return -EINVAL;
	if (need)
		rtnl_lock();
	switch (optname) {
	case 1:
		return fill(optname);
	case MSFILTER:
	case MCAST_MSFILTER:
		err = fill(optname);
		goto out;
	}
	return 0;
out:
	if (need)
		rtnl_unlock();
	return err;
}

static int getsockopt_leaks(int optname)
{
	_Bool need = needs_rtnl(optname);
	int err;

	if (need)
		rtnl_lock();
	switch (optname) {
	case MSFILTER:
		if (fill(optname) < 0)
			return -EINVAL;
		err = 0;
		goto out;
	case MCAST_MSFILTER:
		err = fill(optname);
		goto out;
	}
	return 0;
out:
	if (need)
		rtnl_unlock();
	return err;
}

/* a parameter whose address is passed on may have changed: nothing is said of it */
void change(int *p);
static int pick(int x)
{
	if (x != 3)
		return 0;
	change(&x);
	return 1;
}

static void values(int x)
{
	if (pick(x))
		__smatch_value(x);
	if (needs_rtnl(x))
		__smatch_value(x);
	if (needs_rtnl(7))
		__smatch_value(1);
}

/*
 * check-output-start
validation/flow-param-limits.c:60 getsockopt_leaks() warn: inconsistent returns 'rtnl_lock': locked (line 60), unlocked (lines 67,71)
validation/flow-param-limits.c:87 values() info: value 'x' = (-2147483648)-2147483647
validation/flow-param-limits.c:89 values() info: value 'x' = 41,48
 * check-output-end
 */
