/*
 * check-name: a semaphore used as a completion: down() in one function, up()
 * by another context.  mlx5's cmd_ent_put() releases one of two semaphores,
 * "up(c ? &a : &b)", on the last put only: the path forks on c, so the
 * work handler that returns with a command slot held is left alone.
 * xfs's I/O end work (called through a pointer) up()s the iclog semaphore
 * that the write function returns with once the bio is submitted: silent
 * too.  Still reported: a void function leaking a semaphore that only a
 * directly called wrapper of up() releases, a function whose return value
 * could have told (an error returned with it held), and a mutex released
 * by a work function.
 */
#include "locks.h"

struct slots { struct semaphore sem; struct semaphore pages_sem; };
struct ent { struct slots *s; int page_queue; int idx; int refcnt; };
int alloc_index(struct slots *s);
void ring_doorbell(struct ent *ent);

static void ent_put(struct ent *ent)
{
	if (--ent->refcnt)
		return;
	if (ent->idx >= 0)
		up(ent->page_queue ? &ent->s->pages_sem : &ent->s->sem);
}

void work_handler(struct ent *ent)
{
	if (!ent->page_queue) {
		down(&ent->s->sem);
		if (alloc_index(ent->s) < 0) {
			up(&ent->s->sem);
			return;
		}
	} else {
		down(&ent->s->pages_sem);
	}
	ring_doorbell(ent);
}

struct iclog { struct semaphore ic_sema; struct mutex io_lock; int work; };
int map_data(struct iclog *iclog);
void submit(struct iclog *iclog);
void init_work(int *work, void (*fn)(int *work));

static void ioend_work(int *work)
{
	struct iclog *iclog = (struct iclog *)work;

	up(&iclog->ic_sema);
	mutex_unlock(&iclog->io_lock);
}

void write_iclog(struct iclog *iclog)
{
	down(&iclog->ic_sema);
	if (map_data(iclog)) {
		up(&iclog->ic_sema);
		return;
	}
	submit(iclog);
}

/* an error returned with it held: the I/O end work will not release it */
int sync_iclog(struct iclog *iclog)
{
	down(&iclog->ic_sema);
	if (map_data(iclog))
		return -EINVAL;
	if (!iclog->work) {
		up(&iclog->ic_sema);
		return -EBUSY;
	}
	submit(iclog);
	return 0;
}

/* a mutex has an owner: the work function cannot release this one */
void lock_iclog_io(struct iclog *iclog)
{
	mutex_lock(&iclog->io_lock);
	if (map_data(iclog)) {
		mutex_unlock(&iclog->io_lock);
		return;
	}
	submit(iclog);
}

void alloc_iclog(struct iclog *iclog)
{
	init_work(&iclog->work, ioend_work);
}

struct dev { struct semaphore sem; int busy; };

static void dev_unlock(struct dev *d)
{
	up(&d->sem);
}

void dev_poke(struct dev *d)
{
	down(&d->sem);
	if (d->busy)
		return;
	d->busy = 1;
	dev_unlock(d);
}
/*
 * check-output-start
validation/locking-sem-completion.c:70 sync_iclog() warn: inconsistent returns '&iclog->ic_sema': locked (lines 70,76), unlocked (line 73)
validation/locking-sem-completion.c:88 lock_iclog_io() warn: inconsistent returns '&iclog->io_lock': locked (line 88), unlocked (line 85)
validation/locking-sem-completion.c:106 dev_poke() warn: inconsistent returns '&d->sem': locked (line 106), unlocked (line 109)
 * check-output-end
 */
