/*
 * check-name: POSIX semaphores, C11 mutexes and stdio FILE locks with the user-space table
 * check-command: smatch -p=userspace $file
 */
#include <semaphore.h>
#include <threads.h>
#include <stdio.h>
#include <errno.h>

struct pool { sem_t sem; mtx_t mtx; int free; };

static int take_bad(struct pool *p)
{
	sem_wait(&p->sem);
	if (!p->free)
		return -EAGAIN;
	p->free--;
	sem_post(&p->sem);
	return 0;
}

static int take_good(struct pool *p)
{
	int ret = -EAGAIN;

	sem_wait(&p->sem);
	if (p->free) {
		p->free--;
		ret = 0;
	}
	sem_post(&p->sem);
	return ret;
}

static int try_good(struct pool *p)
{
	if (sem_trywait(&p->sem))
		return -EAGAIN;
	p->free--;
	sem_post(&p->sem);
	return 0;
}

static int c11_bad(struct pool *p, int n)
{
	mtx_lock(&p->mtx);
	if (n > p->free)
		return -ENOMEM;
	p->free -= n;
	mtx_unlock(&p->mtx);
	return 0;
}

static int c11_good(struct pool *p, int n)
{
	if (mtx_trylock(&p->mtx) != thrd_success)
		return -EBUSY;
	p->free -= n;
	mtx_unlock(&p->mtx);
	return 0;
}

static int print_bad(FILE *f, int n)
{
	flockfile(f);
	if (n < 0)
		return -EINVAL;
	fprintf(f, "%d\n", n);
	funlockfile(f);
	return 0;
}

/* FILE locks nest */
static int print_good(FILE *f, int n)
{
	if (ftrylockfile(f))
		return -EBUSY;
	flockfile(f);
	fprintf(f, "%d\n", n);
	funlockfile(f);
	funlockfile(f);
	return 0;
}

/*
 * check-output-start
validation/userspace-sem-c11-stdio.c:16 take_bad() warn: inconsistent returns '&p->sem': locked (line 16), unlocked (line 19)
validation/userspace-sem-c11-stdio.c:48 c11_bad() warn: inconsistent returns '&p->mtx': locked (line 48), unlocked (line 51)
validation/userspace-sem-c11-stdio.c:67 print_bad() warn: inconsistent returns 'f': locked (line 67), unlocked (line 70)
 * check-output-end
 */
