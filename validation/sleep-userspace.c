/*
 * check-name: sleeping with a pthread spinlock held, with the user-space table;
 * a mutex held is no atomic context
 * check-command: smatch -p=userspace $file
 */
#include <pthread.h>
#include <unistd.h>

struct q {
	pthread_spinlock_t spin;
	pthread_mutex_t m;
	pthread_cond_t c;
	int n;
};

static void spin_then_sleep(struct q *q)
{
	pthread_spin_lock(&q->spin);
	usleep(10);
	pthread_spin_unlock(&q->spin);
}

static void mutex_then_wait(struct q *q)
{
	pthread_mutex_lock(&q->m);
	while (!q->n)
		pthread_cond_wait(&q->c, &q->m);
	pthread_mutex_unlock(&q->m);
	sleep(1);
}

/*
 * check-output-start
validation/sleep-userspace.c:19 spin_then_sleep() warn: sleeping in atomic context: 'usleep()' called with '&q->spin' held
 * check-output-end
 */
