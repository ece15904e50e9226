/*
 * check-name: pthread suite: destroying a held mutex, using a destroyed
 * one, initialising a held one (also by assignment), per object; and
 * look-alikes: another object, array elements, a failed destroy, a
 * destroyed mutex initialised again
 * check-command: smatch -p=userspace $file
 */
#include <pthread.h>

struct conn { pthread_mutex_t lock; int open; struct conn *next; };
static pthread_mutex_t pool[8];

static void close_held(struct conn *c)
{
	pthread_mutex_lock(&c->lock);
	c->open = 0;
	pthread_mutex_destroy(&c->lock);	/* warn */
}

static void close_unlocked(struct conn *c)
{
	pthread_mutex_lock(&c->lock);
	c->open = 0;
	pthread_mutex_unlock(&c->lock);
	pthread_mutex_destroy(&c->lock);	/* silent */
}

static void close_next(struct conn *c)
{
	pthread_mutex_lock(&c->lock);
	pthread_mutex_destroy(&c->next->lock);	/* silent: another object */
	pthread_mutex_unlock(&c->lock);
}

static void use_after_destroy(struct conn *c)
{
	pthread_mutex_destroy(&c->lock);
	pthread_mutex_lock(&c->lock);		/* warn */
	c->open = 1;
	pthread_mutex_unlock(&c->lock);
}

static void unlock_after_destroy(struct conn *c)
{
	pthread_mutex_lock(&c->lock);
	c->open = 0;
	pthread_mutex_unlock(&c->lock);
	pthread_mutex_destroy(&c->lock);
	pthread_mutex_unlock(&c->lock);		/* warn (and a double unlock) */
}

static void destroy_failed(struct conn *c)
{
	if (pthread_mutex_destroy(&c->lock) != 0) {
		pthread_mutex_lock(&c->lock);	/* silent: it was not destroyed */
		c->open = 0;
		pthread_mutex_unlock(&c->lock);
	}
}

static void reopen(struct conn *c)
{
	pthread_mutex_destroy(&c->lock);
	pthread_mutex_init(&c->lock, NULL);
	pthread_mutex_lock(&c->lock);		/* silent: initialised again */
	c->open = 1;
	pthread_mutex_unlock(&c->lock);
}

static void next_conn(struct conn *c)
{
	pthread_mutex_destroy(&c->lock);
	c = c->next;
	pthread_mutex_lock(&c->lock);		/* silent: c is another object now */
	pthread_mutex_unlock(&c->lock);
}

static void reinit_held(struct conn *c)
{
	pthread_mutex_lock(&c->lock);
	pthread_mutex_init(&c->lock, NULL);	/* warn */
}

static void reset_held(struct conn *c)
{
	pthread_mutex_lock(&c->lock);
	c->lock = (pthread_mutex_t)PTHREAD_MUTEX_INITIALIZER;	/* warn */
}

static void init_new(struct conn *c, struct conn *fresh)
{
	pthread_mutex_lock(&c->lock);
	pthread_mutex_init(&fresh->lock, NULL);	/* silent: another object */
	c->next = fresh;
	pthread_mutex_unlock(&c->lock);
}

static void pool_reset(int i, int j)
{
	pthread_mutex_lock(&pool[i]);
	pthread_mutex_init(&pool[j], NULL);	/* silent: another element */
	pthread_mutex_unlock(&pool[i]);
}

static void pool_stale(int i)
{
	pthread_mutex_lock(&pool[i]);
	pthread_mutex_unlock(&pool[i]);
	pthread_mutex_destroy(&pool[i]);
	i++;
	pthread_mutex_lock(&pool[i]);		/* silent: the next element */
	pthread_mutex_unlock(&pool[i]);
}

/*
 * check-output-start
validation/pthread-lifecycle.c:17 close_held() warn: 'pthread_mutex_destroy()' of held lock '&c->lock'
validation/pthread-lifecycle.c:38 use_after_destroy() warn: 'pthread_mutex_lock()' of destroyed lock '&c->lock'
validation/pthread-lifecycle.c:49 unlock_after_destroy() warn: double unlock '&c->lock' (unlocked on line 47)
validation/pthread-lifecycle.c:49 unlock_after_destroy() warn: 'pthread_mutex_unlock()' of destroyed lock '&c->lock'
validation/pthread-lifecycle.c:81 reinit_held() warn: 'pthread_mutex_init()' of held lock '&c->lock'
validation/pthread-lifecycle.c:87 reset_held() warn: assignment initialises held lock '&c->lock'
 * check-output-end
 */
