/*
 * check-name: mc13xxx_lock(): "if (!mutex_trylock(l)) mutex_lock(l);", and
 * with lockdep mutex_lock(l) is mutex_lock_nested(l, 0).  Both paths hold
 * the lock, so the helper takes it for its caller: a caller that drops it
 * around a wait and takes it again has no double unlock.  Still reported:
 * a real double unlock and an error path that keeps it.
 */
#include "locks.h"

struct mc { struct mutex lock; int flags; };
void note_wait(struct mc *m);
int wait_done(void);

void mc_lock(struct mc *m)
{
	if (!mutex_trylock(&m->lock)) {
		note_wait(m);
		mutex_lock_nested(&m->lock, 0);
	}
}

void mc_unlock(struct mc *m)
{
	mutex_unlock(&m->lock);
}

int convert(struct mc *m)
{
	int ret;

	mc_lock(m);
	if (m->flags) {
		ret = -EBUSY;
		goto out;
	}
	mc_unlock(m);
	ret = wait_done();
	mc_lock(m);
out:
	mc_unlock(m);
	return ret;
}

int convert_unlocks_twice(struct mc *m)
{
	int ret;

	mc_lock(m);
	if (m->flags) {
		ret = -EBUSY;
		goto out;
	}
	mc_unlock(m);
	ret = wait_done();
out:
	mc_unlock(m);
	return ret;
}

int convert_leaks(struct mc *m)
{
	mc_lock(m);
	if (m->flags)
		return -EBUSY;
	mc_unlock(m);
	return 0;
}

/*
 * check-output-start
validation/locking-trylock-nested.c:56 convert_unlocks_twice() warn: double unlock '&m->lock': 'mc_unlock()' releases it (via mc_unlock -> mutex_unlock)
validation/locking-trylock-nested.c:64 convert_leaks() warn: inconsistent returns '&m->lock': locked (line 64), unlocked (line 66)
 * check-output-end
 */
