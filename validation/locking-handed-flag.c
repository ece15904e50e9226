/*
 * check-name: a lock handed from one call to the next, with a flag that says who holds
 * it: the prepare step returns with it held when it succeeded (a void
 * function, so no return value says so), the done step releases it if the
 * flag is set.  Silent; the same prepare step with no such done step in
 * the file warns, and so does a leak of the handed lock in a function whose
 * return value could have told the caller.
 * check-command: smatch -p=kernel --debug=locking -Wno-decl -Ivalidation/include $file 2>&1
 */
#include "locks.h"

struct hdev {
	struct mutex reset_lock;
	unsigned long handling;
	int pending;
};

struct other {
	struct mutex reset_lock;
	int pending;
};

int try_prepare(void *p);

void reset_prepare(struct hdev *hdev)
{
	int retry = 0;

	while (retry++ < 5) {
		mutex_lock(&hdev->reset_lock);
		hdev->handling = 1;
		if (!try_prepare(hdev) && !hdev->pending)
			break;
		hdev->handling = 0;
		mutex_unlock(&hdev->reset_lock);
	}
}

void reset_done(struct hdev *hdev)
{
	if (hdev->handling) {
		hdev->handling = 0;
		mutex_unlock(&hdev->reset_lock);
	}
}

int hdev_busy(struct hdev *hdev)
{
	mutex_lock(&hdev->reset_lock);
	if (hdev->pending)
		return -16;
	mutex_unlock(&hdev->reset_lock);
	return 0;
}

/* nothing in the file releases struct other.reset_lock for it */
void other_prepare(struct other *o)
{
	int retry = 0;

	while (retry++ < 5) {
		mutex_lock(&o->reset_lock);
		if (!try_prepare(o) && !o->pending)
			break;
		mutex_unlock(&o->reset_lock);
	}
}
/*
 * check-output-start
validation/locking-handed-flag.c:43 reset_done() state: '&hdev->reset_lock' released under a flag in memory (rule: flag-protocol)
validation/locking-handed-flag.c:43 reset_done() state: '&hdev->reset_lock' released without being taken: the caller held it (rule: held-on-entry)
validation/locking-handed-flag.c:37 reset_prepare() not reported: inconsistent returns '&hdev->reset_lock': locked (line 37), unlocked (line 37) (rule: flag-handed-across-calls)
validation/locking-handed-flag.c:51 hdev_busy() warn: inconsistent returns '&hdev->reset_lock': locked (line 51), unlocked (line 53)
validation/locking-handed-flag.c:67 other_prepare() warn: inconsistent returns '&o->reset_lock': locked (line 67), unlocked (line 67)
 * check-output-end
 */
