/*
 * check-name: conditions the path already decided are not split again
 */
#include "locks.h"

struct dev { struct mutex lock; int flags; };

static void correlated(struct dev *d, int need_lock)
{
	if (need_lock)
		mutex_lock(&d->lock);
	d->flags = 0;
	if (need_lock)
		mutex_unlock(&d->lock);
	__smatch_states();
}

static int ranges(int ret)
{
	if (ret < 0)
		return ret;
	if (ret == 0)
		__smatch_value(ret);
	else
		__smatch_value(ret);
	if (ret < 0)
		__smatch_paths();
	return 0;
}

/*
 * check-output-start
validation/flow-impossible.c:15 correlated() info: states: values 'd' = s64min-(-1),1-s64max; values 'd->flags' = 0; values 'need_lock' = 0
validation/flow-impossible.c:15 correlated() info: states: values 'd' = s64min-(-1),1-s64max; values 'd->flags' = 0; values 'need_lock' = (-2147483648)-(-1),1-2147483647; lock 'struct dev.lock' = unlocked
validation/flow-impossible.c:23 ranges() info: value 'ret' = 0
validation/flow-impossible.c:25 ranges() info: value 'ret' = 1-2147483647
 * check-output-end
 */
