/*
 * check-name: a lock named through a lock-pointer helper of a parameter
 * (the kernel's raw_spin_rq_unlock() is raw_spin_unlock(rq_lockp(rq))) is
 * named relative to the parameter, "rq_lockp($0)", and each caller puts
 * its own argument in: releasing it twice is a double unlock, two objects
 * are not; and a function every caller calls holding "rq_lockp(q)" of the
 * object it passes starts with it held under its own parameter's name
 * check-command: smatch -p=kernel --debug=locking -Wno-decl -Ivalidation/include $file 2>&1
 */
#include "locks.h"

struct rq { spinlock_t lock; int nr; };

static inline spinlock_t *rq_lockp(struct rq *rq)
{
	return &rq->lock;
}

void rq_unlock(struct rq *rq)
{
	spin_unlock(rq_lockp(rq));
}

void rq_unlock_twice(struct rq *q)
{
	spin_lock(rq_lockp(q));
	q->nr++;
	rq_unlock(q);
	rq_unlock(q);
}

void rq_unlock_two(struct rq *a, struct rq *b)
{
	rq_unlock(a);
	rq_unlock(b);
}

static void rq_account(struct rq *rq)
{
	rq->nr++;
	spin_lock(rq_lockp(rq));
}

void rq_tick(struct rq *q)
{
	spin_lock(rq_lockp(q));
	rq_account(q);
	spin_unlock(rq_lockp(q));
}

void rq_balance(struct rq *q)
{
	spin_lock(rq_lockp(q));
	q->nr--;
	rq_account(q);
	spin_unlock(rq_lockp(q));
}

/*
 * check-output-start
validation/locking-lock-helper-name.c:21 rq_unlock() state: 'rq_lockp(rq)' released without being taken: the caller held it (rule: held-on-entry)
validation/locking-lock-helper-name.c:34 rq_unlock_two() state: 'rq_lockp(a)' released without being taken: the caller held it (rule: held-on-entry)
validation/locking-lock-helper-name.c:35 rq_unlock_two() not reported: double unlock 'rq_lockp(b)': 'rq_unlock()' releases it (via rq_unlock -> spin_unlock) (rule: other-object-same-type)
validation/locking-lock-helper-name.c:38 rq_account() state: 'rq_lockp(rq)' held on entry: every caller holds it (2) (rule: held-by-callers)
validation/locking-lock-helper-name.c:47 rq_tick() not reported: double lock 'rq_lockp(q)': 'rq_account()' acquires it (via rq_account -> spin_lock) (rule: reported-in-callee)
validation/locking-lock-helper-name.c:55 rq_balance() not reported: double lock 'rq_lockp(q)': 'rq_account()' acquires it (via rq_account -> spin_lock) (rule: reported-in-callee)
validation/locking-lock-helper-name.c:29 rq_unlock_twice() warn: double unlock 'rq_lockp(q)': 'rq_unlock()' releases it (via rq_unlock -> spin_unlock)
validation/locking-lock-helper-name.c:41 rq_account() warn: double lock 'rq_lockp(rq)' (held by every caller: rq_balance(), rq_tick())
 * check-output-end
 */
