/*
 * check-name: the functions of a .c file that the checked file #includes are analysed and reported
 */
#include "locks.h"

struct foo { struct mutex lock; int ready; };
int policy_step(struct foo *dev);

#include "included/policy.c"

static int own(struct foo *dev)
{
	mutex_lock(&dev->lock);
	if (dev->ready)
		return -EINVAL;
	mutex_unlock(&dev->lock);
	return 0;
}

/*
 * check-output-start
validation/include-c-file.c:15 own() warn: inconsistent returns '&dev->lock': locked (line 15), unlocked (line 17)
validation/included/policy.c:6 leave_locked() warn: inconsistent returns '&dev->lock': locked (line 6), unlocked (line 8)
 * check-output-end
 */
