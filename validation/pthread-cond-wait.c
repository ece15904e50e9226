/*
 * check-name: pthread suite: pthread_cond_wait() releases the mutex and
 * holds it again when it returns: no escape, the lock is still held
 * check-command: smatch -p=userspace $file
 */
#include <pthread.h>
#include <time.h>

struct chan { pthread_mutex_t lock; pthread_cond_t ready; int items; };

static int take(struct chan *c)
{
	pthread_mutex_lock(&c->lock);
	while (!c->items)
		pthread_cond_wait(&c->ready, &c->lock);	/* silent: the usual loop */
	c->items--;
	pthread_mutex_unlock(&c->lock);
	return 0;
}

static int take_timed(struct chan *c, const struct timespec *ts)
{
	pthread_mutex_lock(&c->lock);
	while (!c->items) {
		if (pthread_cond_timedwait(&c->ready, &c->lock, ts))
			break;			/* still held after a timeout */
	}
	pthread_mutex_unlock(&c->lock);
	return c->items;
}

static void take_then_relock(struct chan *c)
{
	pthread_mutex_lock(&c->lock);
	while (!c->items)
		pthread_cond_wait(&c->ready, &c->lock);
	pthread_mutex_lock(&c->lock);		/* warn: held again after the wait */
	c->items--;
	pthread_mutex_unlock(&c->lock);
}

static void take_unlock_twice(struct chan *c)
{
	pthread_mutex_lock(&c->lock);
	pthread_cond_wait(&c->ready, &c->lock);
	pthread_mutex_unlock(&c->lock);
	pthread_mutex_unlock(&c->lock);		/* warn */
}

static int take_leak(struct chan *c)
{
	pthread_mutex_lock(&c->lock);
	pthread_cond_wait(&c->ready, &c->lock);
	if (!c->items)
		return -1;			/* warn: returns with it held */
	c->items--;
	pthread_mutex_unlock(&c->lock);
	return 0;
}

/*
 * check-output-start
validation/pthread-cond-wait.c:37 take_then_relock() warn: double lock '&c->lock' (locked on line 34)
validation/pthread-cond-wait.c:47 take_unlock_twice() warn: double unlock '&c->lock' (unlocked on line 46)
validation/pthread-cond-wait.c:55 take_leak() warn: inconsistent returns '&c->lock': locked (line 55), unlocked (line 58)
 * check-output-end
 */
