/*
 * check-name: pthread suite: trylocks take the lock only when they return
 * 0, and on a held lock they fail instead of waiting
 * check-command: smatch -p=userspace $file
 */
#include <pthread.h>
#include <errno.h>

struct cache { pthread_mutex_t lock; int hits; };

static int try_then_lock(struct cache *c)
{
	if (pthread_mutex_trylock(&c->lock) != 0)
		return -EBUSY;
	c->hits++;
	pthread_mutex_lock(&c->lock);		/* warn: taken when trylock returned 0 */
	pthread_mutex_unlock(&c->lock);
	return 0;
}

static int lock_then_try(struct cache *c)
{
	int ret;

	pthread_mutex_lock(&c->lock);
	ret = pthread_mutex_trylock(&c->lock);	/* silent: fails, does not wait */
	c->hits++;
	pthread_mutex_unlock(&c->lock);
	return ret;
}

static int try_failed_then_lock(struct cache *c)
{
	if (pthread_mutex_trylock(&c->lock) == 0) {
		c->hits++;
		pthread_mutex_unlock(&c->lock);
		return 0;
	}
	pthread_mutex_lock(&c->lock);		/* silent: the trylock failed here */
	c->hits++;
	pthread_mutex_unlock(&c->lock);
	return 1;
}

static void try_unlock_twice(struct cache *c)
{
	if (pthread_mutex_trylock(&c->lock))
		return;
	pthread_mutex_unlock(&c->lock);
	pthread_mutex_unlock(&c->lock);		/* warn */
}

/*
 * check-output-start
validation/pthread-trylock.c:16 try_then_lock() warn: double lock '&c->lock' (locked on line 13)
validation/pthread-trylock.c:50 try_unlock_twice() warn: double unlock '&c->lock' (unlocked on line 49)
 * check-output-end
 */
