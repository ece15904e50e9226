/*
 * check-name: a helper that takes a lock on some paths for its caller is
 * left alone, a lock taken on every path and skipped by a goto is not
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
validation/locking-for-caller.c:36 goto_skips_unlock() warn: inconsistent returns '&p->mutex': locked (line 36), unlocked (line 36)
 * check-output-end
 */
