/*
 * check-name: a condition on an assignment, "(rc = f()) < 0", teaches what
 * it says of the variable assigned, so a wait-and-lock loop that returns 0
 * with the lock held and errors without it is told apart; keeping it on an
 * error is still a leak
 */
#include "locks.h"

struct printer { struct mutex mut; };
int ready(struct printer *p);

static int wait_and_lock(struct printer *p)
{
	int rc;

	for (;;) {
		if (mutex_lock_interruptible(&p->mut)) {
			rc = -EINVAL;
			break;
		}
		if ((rc = ready(p)) < 0) {
			mutex_unlock(&p->mut);
			break;
		}
		if (rc == 0)	/* keep it locked */
			break;
		mutex_unlock(&p->mut);
	}
	return rc;
}

static int wait_and_leak(struct printer *p)
{
	int rc;

	mutex_lock(&p->mut);
	if ((rc = ready(p)) < 0)
		return rc;
	mutex_unlock(&p->mut);
	return 0;
}

static void values(struct printer *p)
{
	int rc;

	if ((rc = ready(p)) < 0)
		__smatch_value(rc);
	if (!(rc = ready(p)))
		__smatch_value(rc);
}

/*
 * check-output-start
validation/flow-assign-in-condition.c:38 wait_and_leak() warn: inconsistent returns '&p->mut': locked (line 38), unlocked (line 40)
validation/flow-assign-in-condition.c:48 values() info: value 'rc' = (-2147483648)-(-1)
validation/flow-assign-in-condition.c:50 values() info: value 'rc' = 0
 * check-output-end
 */
