/*
 * check-name: pthread suite: a global mutex pointer locked twice with only
 * known calls between (the lock table, the C library, functions of the
 * file) is a double lock; an unknown call between may re-point it
 * check-command: smatch -p=userspace --debug=locking $file 2>&1
 */
#include <pthread.h>
#include <stdio.h>

extern pthread_mutex_t *pm;
void reconfigure(void);			/* unknown: may change pm */

static int count;

static void bump(void)
{
	count++;
}

static void log_twice(void)
{
	pthread_mutex_lock(pm);
	bump();
	printf("%d\n", count);
	pthread_mutex_lock(pm);		/* warn */
	pthread_mutex_unlock(pm);
}

static void log_reconfigured(void)
{
	pthread_mutex_lock(pm);
	pthread_mutex_unlock(pm);
	reconfigure();
	pthread_mutex_unlock(pm);	/* silent: pm may point elsewhere */
}

/*
 * check-output-start
validation/pthread-global-pointer.c:33 log_reconfigured() state: 'pm' may point elsewhere after 'reconfigure()' (rule: lock-pointer-may-change)
validation/pthread-global-pointer.c:34 log_reconfigured() not reported: double unlock 'pm' (unlocked on line 32) (rule: name-reassigned)
validation/pthread-global-pointer.c:25 log_twice() warn: double lock 'pm' (locked on line 22)
 * check-output-end
 */
