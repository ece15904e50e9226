/*
 * check-name: pthread suite: a mutex whose address goes to a function
 * nothing is known of may be taken or released there, so its state is
 * unknown after; known functions, and passing the object that holds the
 * lock, are no escape
 * check-command: smatch -p=userspace --debug=locking $file 2>&1
 */
#include <pthread.h>

struct worker { pthread_mutex_t lock; int jobs; };
void hand_off(pthread_mutex_t *m);		/* nothing known of it */
void queue_job(struct worker *w);		/* nor of this one */
extern void (*release_hook)(pthread_mutex_t *m);

static void note(pthread_mutex_t *m)		/* defined here: known */
{
	(void)m;
}

static void escaped(struct worker *w)
{
	pthread_mutex_lock(&w->lock);
	hand_off(&w->lock);
	pthread_mutex_lock(&w->lock);		/* silent: hand_off() may have released it */
	pthread_mutex_unlock(&w->lock);
}

static void escaped_through_pointer(struct worker *w)
{
	pthread_mutex_lock(&w->lock);
	release_hook(&w->lock);
	pthread_mutex_unlock(&w->lock);		/* silent */
	pthread_mutex_unlock(&w->lock);		/* warn: released just above */
}

static void known_callee(struct worker *w)
{
	pthread_mutex_lock(&w->lock);
	note(&w->lock);
	pthread_mutex_lock(&w->lock);		/* warn */
	pthread_mutex_unlock(&w->lock);
}

static void object_passed(struct worker *w)
{
	pthread_mutex_lock(&w->lock);
	queue_job(w);
	pthread_mutex_lock(&w->lock);		/* warn: the lock itself did not escape */
	pthread_mutex_unlock(&w->lock);
}

static void other_object_escaped(struct worker *a, struct worker *b)
{
	pthread_mutex_lock(&a->lock);
	hand_off(&b->lock);
	pthread_mutex_lock(&a->lock);		/* warn: b's lock escaped, not a's */
	pthread_mutex_unlock(&a->lock);
}

static void escaped_local(void)
{
	pthread_mutex_t m;

	pthread_mutex_init(&m, NULL);
	pthread_mutex_lock(&m);
	hand_off(&m);
	pthread_mutex_lock(&m);			/* silent */
	pthread_mutex_unlock(&m);
}

/*
 * check-output-start
validation/pthread-escape.c:23 escaped() state: '&w->lock' passed to 'hand_off()', which nothing is known of: its state is unknown (rule: lock-escapes)
validation/pthread-escape.c:31 escaped_through_pointer() state: '&w->lock' passed to 'release_hook()', which nothing is known of: its state is unknown (rule: lock-escapes)
validation/pthread-escape.c:66 escaped_local() state: '&m' passed to 'hand_off()', which nothing is known of: its state is unknown (rule: lock-escapes)
validation/pthread-escape.c:15 note() state: '&w->lock' held on entry: every caller holds it (1) (rule: held-by-callers)
validation/pthread-escape.c:33 escaped_through_pointer() warn: double unlock '&w->lock' (unlocked on line 32)
validation/pthread-escape.c:40 known_callee() warn: double lock '&w->lock' (locked on line 38)
validation/pthread-escape.c:48 object_passed() warn: double lock '&w->lock' (locked on line 46)
validation/pthread-escape.c:56 other_object_escaped() warn: double lock '&a->lock' (locked on line 54)
 * check-output-end
 */
