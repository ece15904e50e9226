/*
 * check-name: a helper that takes a lock on some paths for its caller is
 * left alone, a lock taken on every path and skipped by a goto is not
 * check-command: smatch -p=kernel --debug=locking -Ivalidation/include $file 2>&1
 */
#include "locks.h"

struct pipe { struct mutex mutex; int files; int len; };
int fill(struct pipe *p);

static void pipe_lock_maybe(struct pipe *p)
{
	if (p->files)
		mutex_lock(&p->mutex);
}

static void lock_at_end(struct pipe *p)
{
	if (!p->files)
		return;
	if (p->len < 0)
		return;
	mutex_lock(&p->mutex);
}

static int goto_skips_unlock(struct pipe *p)
{
	int ret;

	mutex_lock(&p->mutex);
	ret = fill(p);
	if (ret)
		goto out;
	p->len = 0;
	mutex_unlock(&p->mutex);
out:
	return ret;
}

/*
 * check-output-start
validation/locking-for-caller.c:15 pipe_lock_maybe() not reported: inconsistent returns '&p->mutex': locked (line 15), unlocked (line 15) (rule: locks-for-caller)
validation/locking-for-caller.c:24 lock_at_end() not reported: inconsistent returns '&p->mutex': locked (line 24), unlocked (lines 20,22) (rule: locks-for-caller)
validation/locking-for-caller.c:37 goto_skips_unlock() warn: inconsistent returns '&p->mutex': locked (line 37), unlocked (line 37)
 * check-output-end
 */
