/*
 * check-name: pthread mutexes with the user-space lock table
 * check-command: smatch -p=userspace $file
 */
#include <pthread.h>
#include <errno.h>
#include <time.h>

struct queue { pthread_mutex_t lock; int len; };

static int push_bad(struct queue *q, int max)
{
	pthread_mutex_lock(&q->lock);
	if (q->len >= max)
		return -ENOSPC;
	q->len++;
	pthread_mutex_unlock(&q->lock);
	return 0;
}

static int push_good(struct queue *q, int max)
{
	int ret = 0;

	pthread_mutex_lock(&q->lock);
	if (q->len >= max)
		ret = -ENOSPC;
	else
		q->len++;
	pthread_mutex_unlock(&q->lock);
	return ret;
}

/* trylock: the failure return holds nothing */
static int poll_good(struct queue *q)
{
	if (pthread_mutex_trylock(&q->lock))
		return -EBUSY;
	q->len = 0;
	pthread_mutex_unlock(&q->lock);
	return 0;
}

static int poll_bad(struct queue *q)
{
	if (pthread_mutex_trylock(&q->lock) != 0)
		return -EBUSY;
	if (!q->len)
		return -ENODATA;
	q->len--;
	pthread_mutex_unlock(&q->lock);
	return 0;
}

static int wait_good(struct queue *q, const struct timespec *ts)
{
	if (pthread_mutex_timedlock(&q->lock, ts) != 0)
		return -ETIMEDOUT;
	q->len++;
	pthread_mutex_unlock(&q->lock);
	return 0;
}

static void twice_bad(struct queue *q)
{
	pthread_mutex_lock(&q->lock);
	q->len++;
	pthread_mutex_lock(&q->lock);
	pthread_mutex_unlock(&q->lock);
}

/*
 * check-output-start
validation/userspace-pthread-mutex.c:15 push_bad() warn: inconsistent returns '&q->lock': locked (line 15), unlocked (line 18)
validation/userspace-pthread-mutex.c:49 poll_bad() warn: inconsistent returns '&q->lock': locked (line 49), unlocked (lines 47,52)
validation/userspace-pthread-mutex.c:68 twice_bad() warn: double lock '&q->lock' (locked on line 66)
 * check-output-end
 */
