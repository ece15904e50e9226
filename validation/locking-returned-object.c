/*
 * check-name: a function that returns an object whose lock it holds (the
 * kernel's __task_rq_lock() takes its local rq's lock and returns rq):
 * the lock is named through the value returned, and a caller names it
 * after the variable it keeps the value in, whatever the callee called
 * it: released through another helper, or on the non-NULL side of a
 * trylock-style lookup, it is silent; left held on one return it is an
 * inconsistent return, and taken again a double lock (a second object
 * returned is no double lock); a function that returns the call's value
 * passes the lock on; a call whose value is kept nowhere holds a lock
 * its callers cannot name (rule callee-boundary), but one it released
 * (finish_task_switch() releasing the lock of the rq it returns) is
 * released for its callers too
 * check-command: smatch -p=kernel --debug=locking -Wno-decl -Ivalidation/include $file 2>&1
 */
#include "locks.h"

struct rq { spinlock_t lock; int nr; };
struct task { int cpu; };
struct rq *cpu_rq(int cpu);
int rq_busy(struct rq *rq);

static inline spinlock_t *rq_lockp(struct rq *rq)
{
	return &rq->lock;
}

void rq_unlock(struct rq *rq)
{
	spin_unlock(rq_lockp(rq));
}

struct rq *task_rq_lock(struct task *p)
{
	struct rq *rq = cpu_rq(p->cpu);

	spin_lock(&rq->lock);
	return rq;
}

struct rq *task_rq_trylock(struct task *p)
{
	struct rq *rq = cpu_rq(p->cpu);

	if (rq_busy(rq))
		return NULL;
	spin_lock(rq_lockp(rq));
	return rq;
}

struct rq *task_rq_lock_again(struct task *p)
{
	return task_rq_lock(p);
}

void task_update(struct task *t)
{
	struct rq *this = task_rq_lock(t);

	this->nr++;
	rq_unlock(this);
}

int task_try_update(struct task *t)
{
	struct rq *r;

	r = task_rq_trylock(t);
	if (!r)
		return -EBUSY;
	r->nr++;
	rq_unlock(r);
	return 0;
}

int task_check(struct task *t, int bad)
{
	struct rq *r = task_rq_lock_again(t);

	if (bad)
		return -EINVAL;
	rq_unlock(r);
	return 0;
}

void task_relock(struct task *t)
{
	struct rq *r = task_rq_lock(t);

	spin_lock(&r->lock);
	r->nr++;
	rq_unlock(r);
}

void task_two(struct task *a, struct task *b)
{
	struct rq *x = task_rq_lock(a);
	struct rq *y = task_rq_lock(b);

	rq_unlock(y);
	rq_unlock(x);
}

void task_poke(struct task *t)
{
	task_rq_lock(t);
	t->cpu++;
}

struct rq *rq_finish(int cpu)
{
	struct rq *rq = cpu_rq(cpu);

	spin_unlock(&rq->lock);
	return rq;
}

void task_finish(struct task *t)
{
	rq_finish(t->cpu);
}

int task_switch(struct task *t)
{
	struct rq *rq = task_rq_lock(t);

	if (rq->nr) {
		task_finish(t);
		return 1;
	}
	rq_unlock(rq);
	return 0;
}

/*
 * check-output-start
validation/locking-returned-object.c:30 rq_unlock() state: 'rq_lockp(rq)' released without being taken: the caller held it (rule: held-on-entry)
validation/locking-returned-object.c:48 task_rq_trylock() not reported: inconsistent returns 'rq_lockp(rq)': locked (line 48), unlocked (line 46) (rule: hands-over-object)
validation/locking-returned-object.c:108 task_poke() state: '&task_rq_lock(t)->lock' held through the value of 'task_rq_lock()', which is not kept: not told to the callers (rule: callee-boundary)
validation/locking-returned-object.c:114 rq_finish() state: '&rq->lock' released without being taken: the caller held it (rule: held-on-entry)
validation/locking-returned-object.c:120 task_finish() state: '&rq_finish(t->cpu)->lock' released without being taken: the caller held it (rule: held-on-entry)
validation/locking-returned-object.c:81 task_check() warn: inconsistent returns '&r->lock': locked (line 81), unlocked (line 83)
validation/locking-returned-object.c:90 task_relock() warn: double lock '&r->lock' (locked on line 88)
 * check-output-end
 */
