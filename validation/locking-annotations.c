/*
 * check-name: a called function's Sparse context annotations (__acquires,
 * __releases, __cond_acquires) say what it does to locks when nothing else does
 */
#include "locks.h"

#define __must_hold(x)		__attribute__((context(x, 1, 1)))
#define __acquires(x)		__attribute__((context(x, 0, 1)))
#define __cond_acquires(x)	__attribute__((context(x, 0, -1)))
#define __releases(x)		__attribute__((context(x, 1, 0)))

typedef struct rwlock { int r; } rwlock_t;
void _raw_read_unlock(rwlock_t *l);
#define read_unlock(l) _raw_read_unlock(l)

struct log { spinlock_t icloglock; int n; };
struct iclog { struct log *ic_log; };
struct ail { struct mutex ail_lock; rwlock_t rw; };
struct two { struct mutex a, b; };
extern struct mutex big_lock;
int cond(void);
void *alloc(void);

/* declared here, defined in other files */
void wait_on_iclog(struct iclog *iclog) __releases(iclog->ic_log->icloglock);
void ail_update(struct ail *ailp, int lsn) __releases(ailp->ail_lock);
void ail_lock_it(struct ail *ailp) __acquires(&ailp->ail_lock);
void check_held(struct ail *ailp) __must_hold(&ailp->ail_lock);
void read_it(struct ail *ailp) __acquires(ailp->rw);
void take_big(void) __acquires(big_lock);
void lock_it(spinlock_t *lock) __acquires(lock);
int try_it(spinlock_t *lock) __cond_acquires(lock);
void *insert_rcu(int x) __acquires(RCU);
void *unnamed(int x) __acquires(nothing_called_that);

/* xfs_log_cil.c: the callee drops the lock, which is taken again */
static void wait_then_relock(struct log *log, struct iclog *ic)
{
	spin_lock(&log->icloglock);
	if (cond()) {
		wait_on_iclog(ic);
		spin_lock(&log->icloglock);
	}
	spin_unlock(&log->icloglock);
}

static void released_twice(struct iclog *ic)
{
	spin_lock(&ic->ic_log->icloglock);
	wait_on_iclog(ic);
	spin_unlock(&ic->ic_log->icloglock);
}

/* xfs_trans.c: the same, through a parameter's member */
static void commit_bulk(struct ail *ailp, int n)
{
	mutex_lock(&ailp->ail_lock);
	while (n--) {
		ail_update(ailp, n);
		mutex_lock(&ailp->ail_lock);
	}
	check_held(ailp);
	mutex_unlock(&ailp->ail_lock);
}

static void taken_twice(struct ail *ailp)
{
	ail_lock_it(ailp);
	mutex_lock(&ailp->ail_lock);
	mutex_unlock(&ailp->ail_lock);
}

/* an rwlock's annotation does not say read or write: not used */
static void rwlock_unknown(struct ail *ailp)
{
	read_it(ailp);
	if (cond())
		return;
	read_unlock(&ailp->rw);
}

static int global_leak(void)
{
	take_big();
	if (cond())
		return -1;
	mutex_unlock(&big_lock);
	return 0;
}

/* the parameter is the lock's address; a trylock when it returns non-zero */
static int param_lock(spinlock_t *l)
{
	lock_it(l);
	spin_unlock(l);
	if (!try_it(l))
		return -1;
	if (cond())
		return -2;
	spin_unlock(l);
	return 0;
}

/* mesh_plink.c: RCU dropped to allocate, and the insert takes it again */
static void *get_sta(void)
{
	void *sta;

	rcu_read_unlock();
	sta = alloc();
	if (!sta) {
		rcu_read_lock();
		return NULL;
	}
	if (insert_rcu(1))
		return NULL;
	return sta;
}

static int rcu_leak(void)
{
	insert_rcu(1);
	if (cond())
		return -1;
	rcu_read_unlock();
	return 0;
}

static int names_nothing(void)
{
	unnamed(1);
	if (cond())
		return -1;
	return 0;
}

/* defined in this file: what it does, not what its annotation forgot, counts */
static void unlock_both(struct two *t) __releases(&t->a)
{
	mutex_unlock(&t->a);
	mutex_unlock(&t->b);
}

static void both(struct two *t)
{
	mutex_lock(&t->a);
	mutex_lock(&t->b);
	unlock_both(t);
	mutex_lock(&t->b);
	mutex_unlock(&t->b);
}

/*
 * check-output-start
validation/locking-annotations.c:51 released_twice() warn: double unlock '&ic->ic_log->icloglock' (unlocked on line 50)
validation/locking-annotations.c:69 taken_twice() warn: double lock '&ailp->ail_lock' (locked on line 68)
validation/locking-annotations.c:86 global_leak() warn: inconsistent returns '&big_lock': locked (line 86), unlocked (line 88)
validation/locking-annotations.c:99 param_lock() warn: inconsistent returns 'l': locked (line 99), unlocked (lines 97,101)
validation/locking-annotations.c:124 rcu_leak() warn: inconsistent returns 'rcu_read_lock': locked (line 124), unlocked (line 126)
 * check-output-end
 */
