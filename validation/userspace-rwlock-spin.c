/*
 * check-name: pthread read-write locks and spinlocks with the user-space table
 * check-command: smatch -p=userspace $file
 */
#include <pthread.h>
#include <errno.h>

struct table {
	pthread_rwlock_t rw;
	pthread_spinlock_t spin;
	int size;
};

static int lookup_bad(struct table *t, int key)
{
	pthread_rwlock_rdlock(&t->rw);
	if (key >= t->size)
		return -ENOENT;
	pthread_rwlock_unlock(&t->rw);
	return 0;
}

/* readers may nest */
static int lookup_good(struct table *t, int key)
{
	pthread_rwlock_rdlock(&t->rw);
	pthread_rwlock_rdlock(&t->rw);
	pthread_rwlock_unlock(&t->rw);
	if (key >= t->size) {
		pthread_rwlock_unlock(&t->rw);
		return -ENOENT;
	}
	pthread_rwlock_unlock(&t->rw);
	return 0;
}

static void grow_bad(struct table *t)
{
	pthread_rwlock_wrlock(&t->rw);
	t->size++;
	pthread_rwlock_wrlock(&t->rw);
	pthread_rwlock_unlock(&t->rw);
}

static int grow_try_good(struct table *t)
{
	if (pthread_rwlock_trywrlock(&t->rw))
		return -EBUSY;
	t->size++;
	pthread_rwlock_unlock(&t->rw);
	return 0;
}

static int count_bad(struct table *t, int n)
{
	pthread_spin_lock(&t->spin);
	if (n < 0)
		return -EINVAL;
	t->size += n;
	pthread_spin_unlock(&t->spin);
	return 0;
}

static int count_good(struct table *t, int n)
{
	if (pthread_spin_trylock(&t->spin) != 0)
		return -EBUSY;
	t->size += n;
	pthread_spin_unlock(&t->spin);
	pthread_spin_lock(&t->spin);
	pthread_spin_unlock(&t->spin);
	return 0;
}

/*
 * check-output-start
validation/userspace-rwlock-spin.c:18 lookup_bad() warn: inconsistent returns '&t->rw': locked (line 18), unlocked (line 20)
validation/userspace-rwlock-spin.c:41 grow_bad() warn: double lock '&t->rw' (locked on line 39)
validation/userspace-rwlock-spin.c:58 count_bad() warn: inconsistent returns '&t->spin': locked (line 58), unlocked (line 61)
 * check-output-end
 */
