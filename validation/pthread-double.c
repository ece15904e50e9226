/*
 * check-name: pthread suite: a mutex taken or released twice on one path,
 * and look-alikes: two objects of one type, a lock released between, a
 * recursive read lock
 * check-command: smatch -p=userspace $file
 */
#include <pthread.h>

struct account { pthread_mutex_t lock; pthread_rwlock_t rw; long balance; };
static pthread_mutex_t registry_lock = PTHREAD_MUTEX_INITIALIZER;
int busy(void);

static void deposit_twice(struct account *a, long n)
{
	pthread_mutex_lock(&a->lock);
	a->balance += n;
	pthread_mutex_lock(&a->lock);		/* warn: self-deadlock */
	pthread_mutex_unlock(&a->lock);
}

static void deposit_relocked(struct account *a, long n)
{
	pthread_mutex_lock(&a->lock);
	a->balance += n;
	pthread_mutex_unlock(&a->lock);
	pthread_mutex_lock(&a->lock);		/* silent: released before */
	a->balance -= n;
	pthread_mutex_unlock(&a->lock);
}

static void transfer(struct account *from, struct account *to, long n)
{
	pthread_mutex_lock(&from->lock);	/* silent: two objects */
	pthread_mutex_lock(&to->lock);
	from->balance -= n;
	to->balance += n;
	pthread_mutex_unlock(&to->lock);
	pthread_mutex_unlock(&from->lock);
}

static void unregister_twice(void)
{
	pthread_mutex_lock(&registry_lock);
	pthread_mutex_unlock(&registry_lock);
	if (busy())
		pthread_mutex_unlock(&registry_lock);	/* warn: on that path */
}

static void unregister_once(void)
{
	pthread_mutex_lock(&registry_lock);
	if (busy()) {
		pthread_mutex_unlock(&registry_lock);
		return;
	}
	pthread_mutex_unlock(&registry_lock);	/* silent: the other path */
}

static long read_nested(struct account *a)
{
	long b;

	pthread_rwlock_rdlock(&a->rw);		/* silent: readers nest */
	pthread_rwlock_rdlock(&a->rw);
	b = a->balance;
	pthread_rwlock_unlock(&a->rw);
	pthread_rwlock_unlock(&a->rw);
	return b;
}

/*
 * check-output-start
validation/pthread-double.c:17 deposit_twice() warn: double lock '&a->lock' (locked on line 15)
validation/pthread-double.c:46 unregister_twice() warn: double unlock '&registry_lock' (unlocked on line 44)
 * check-output-end
 */
