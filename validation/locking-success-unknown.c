/*
 * check-name: a function that returns with the lock held and a value
 * nothing is known of (an int member) where every unlocked return is an
 * error code takes the lock for its caller on success
 * (mlx5_esw_try_lock()); the same unknown value returned with the lock
 * held where another return gives 0 unlocked is a leak
 */
#include "locks.h"

struct esw {
	struct rw_semaphore mode_lock;
	int mode;
	int users;
};

int down_write_trylock(struct rw_semaphore *s);
int esw_work(struct esw *esw);

int esw_try_lock(struct esw *esw)
{
	if (down_write_trylock(&esw->mode_lock) == 0)
		return -22;
	if (esw->users > 0) {
		up_write(&esw->mode_lock);
		return -16;
	}
	return esw->mode;
}

int esw_run(struct esw *esw)
{
	int ret;

	down_write(&esw->mode_lock);
	ret = esw_work(esw);
	if (ret)
		return ret;
	up_write(&esw->mode_lock);
	return 0;
}
/*
 * check-output-start
validation/locking-success-unknown.c:37 esw_run() warn: inconsistent returns '&esw->mode_lock': locked (line 37), unlocked (line 39)
 * check-output-end
 */
