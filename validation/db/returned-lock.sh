#!/bin/bash
# A function that returns an object whose lock it holds (the kernel's
# __task_rq_lock() returning its local rq) says so in the database through
# its return value ("&$ret->lock"), and a function that releases a lock
# through a lock-pointer helper of its parameter (raw_spin_rq_unlock()'s
# rq_lockp(rq)) names it relative to the parameter ("rq_lockp($0)"): a
# caller in another file names the lock after the variable it keeps the
# value in ("rq = __task_rq_lock(p); ... __task_rq_unlock(rq);" takes and
# releases one lock: no item), a function returning the call's value
# passes it on, and a caller that leaves it held on one return is warned
# under its own name.  Named through the callee's local before, the lock
# stopped at __task_rq_lock()'s boundary, and the release became an
# "unlock" item and, through a caller that may or may not release, a
# "may_unlock_member" item climbing to every caller of wake_up_process().
. "$(dirname "$0")/common.bash"

mkdir "$tmp/retlock" && cd "$tmp/retlock"
cat > rq.h <<'H'
#include "locks.h"
struct rq { spinlock_t lock; struct rq *core; int nr; };
struct task { int cpu; int on_rq; int state; };
struct rq *cpu_rq(int cpu);
static inline spinlock_t *rq_lockp(struct rq *rq)
{
	return &rq->lock;
}
void raw_spin_rq_lock(struct rq *rq);
void raw_spin_rq_unlock(struct rq *rq);
struct rq *__task_rq_lock(struct task *p);
struct rq *cpu_rq_lock(int cpu);
struct rq *this_rq_lock(void);
static inline void __task_rq_unlock(struct rq *rq)
{
	rq->nr++;
	raw_spin_rq_unlock(rq);
}
int ttwu_runnable(struct task *p, int flags);
int try_to_wake_up(struct task *p, int flags);
int wake_up_process(struct task *p);
H
# raw_spin_rq_lock() as the kernel's: on one path through a local pointer,
# so that its callers may or may not hold the lock after it
cat > rq.c <<'C'
#include "rq.h"
void raw_spin_rq_lock(struct rq *rq)
{
	spinlock_t *lock;

	if (!rq->core) {
		spin_lock(&rq->lock);
		return;
	}
	lock = rq_lockp(rq);
	spin_lock(lock);
}
void raw_spin_rq_unlock(struct rq *rq)
{
	spin_unlock(rq_lockp(rq));
}
struct rq *__task_rq_lock(struct task *p)
{
	struct rq *rq = cpu_rq(p->cpu);

	raw_spin_rq_lock(rq);
	return rq;
}
struct rq *cpu_rq_lock(int cpu)
{
	struct rq *rq = cpu_rq(cpu);

	spin_lock(&rq->lock);
	return rq;
}
C
cat > wrap.c <<'C'
#include "rq.h"
struct rq *this_rq_lock(void)
{
	return cpu_rq_lock(0);
}
C
cat > wake.c <<'C'
#include "rq.h"
int ttwu_runnable(struct task *p, int flags)
{
	struct rq *rq;

	if (!p->on_rq)
		return flags;
	rq = __task_rq_lock(p);
	p->state = flags;
	__task_rq_unlock(rq);
	return flags;
}
int try_to_wake_up(struct task *p, int flags)
{
	return ttwu_runnable(p, flags);
}
int wake_up_process(struct task *p)
{
	return try_to_wake_up(p, 3);
}
C
cat > user.c <<'C'
#include "rq.h"
int task_check(struct task *t, int bad)
{
	struct rq *r = this_rq_lock();

	if (bad)
		return -EINVAL;
	__task_rq_unlock(r);
	return 0;
}
void task_update(struct task *t)
{
	struct rq *this = this_rq_lock();

	this->nr += t->cpu;
	raw_spin_rq_unlock(this);
}
C
FILES="rq.c wrap.c wake.c user.c"
build_db > /dev/null 2>&1
T=$(printf '\t')
expect "the lock and release items, named through the return value and the parameter" \
"__task_rq_lock${T}unknown_lock${T}struct rq.lock${T}&\$ret->lock
cpu_rq_lock${T}lock${T}struct rq.lock${T}&\$ret->lock
raw_spin_rq_lock${T}lock${T}struct rq.lock${T}&\$0->lock
raw_spin_rq_unlock${T}unlock${T}struct rq.lock${T}rq_lockp(\$0)
task_check${T}lock${T}struct rq.lock${T}&r->lock
this_rq_lock${T}lock${T}struct rq.lock${T}&\$ret->lock" \
	"$(smdb sql "SELECT DISTINCT r.function, i.type, i.key, i.name FROM return_items i
		JOIN return_states r ON r.id = i.return_id
		WHERE i.type IN ('lock', 'unlock', 'unknown_lock', 'unknown_unlock', 'may_unlock_member')
		ORDER BY 1, 2" | tail -n +2)"
expect "no release of a lock it never took, nor a member release, for the callers of ttwu_runnable()" "0" \
	"$(smdb sql "SELECT COUNT(*) FROM return_items i JOIN return_states r ON r.id = i.return_id
		WHERE r.function IN ('ttwu_runnable', 'try_to_wake_up', 'wake_up_process')
		AND i.type IN ('unlock', 'unknown_unlock', 'may_unlock_member')" | tail -n +2)"
expect "with the database, the caller that leaves it held, under its own name" \
	"user.c:7 task_check() warn: inconsistent returns '&r->lock': locked (line 7), unlocked (line 9)" \
	"$("$SMATCH" $CFLAGS -Wno-decl user.c 2>/dev/null)"
echo ok
