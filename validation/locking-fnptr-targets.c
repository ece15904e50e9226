/*
 * check-name: a call through a struct member function pointer whose
 * targets are the file's initializers gets what they all do: every target
 * releases the argument's lock ("fiq->ops->wake_and_unlock(fiq)", fuse's
 * fuse_iqueue_ops), so the lock is released at the call; targets that
 * disagree, or an ops call whose targets keep the lock, change nothing
 * check-command: smatch -p=kernel --debug=locking -Ivalidation/include $file 2>&1
 */
#include "locks.h"

struct queue;
struct queue_ops {
	void (*wake_and_unlock)(struct queue *q);
	void (*wake)(struct queue *q);
	void (*maybe_unlock)(struct queue *q);
	void (*flush_and_unlock)(struct queue *q);
	void (*ext_and_unlock)(struct queue *q);
};
struct queue { spinlock_t lock; int pending; const struct queue_ops *ops; };

static void dev_wake_and_unlock(struct queue *q)
{
	q->pending++;
	spin_unlock(&q->lock);
}

static void other_wake_and_unlock(struct queue *q)
{
	spin_unlock(&q->lock);
	q->pending = 0;
}

static void dev_wake(struct queue *q)
{
	q->pending++;
}

static void dev_maybe_unlock(struct queue *q)
{
	spin_unlock(&q->lock);
}

static void other_maybe_unlock(struct queue *q)
{
	q->pending = 1;
}

static void dev_flush_and_unlock(struct queue *q);
void ext_and_unlock(struct queue *q);

static const struct queue_ops dev_ops = {
	.wake_and_unlock = dev_wake_and_unlock,
	.wake = dev_wake,
	.maybe_unlock = dev_maybe_unlock,
	.flush_and_unlock = dev_flush_and_unlock,
	.ext_and_unlock = ext_and_unlock,
};

static const struct queue_ops other_ops = {
	.wake_and_unlock = other_wake_and_unlock,
	.wake = dev_wake,
	.maybe_unlock = other_maybe_unlock,
};

/* every target releases the lock: no double lock in the second round */
static void queue_all(struct queue *q, int n)
{
	while (n--) {
		spin_lock(&q->lock);
		q->pending++;
		q->ops->wake_and_unlock(q);
	}
}

/* ... nor a return with the lock held */
static void queue_one(struct queue *q)
{
	spin_lock(&q->lock);
	if (q->pending > 8) {
		spin_unlock(&q->lock);
		return;
	}
	(*q->ops->wake_and_unlock)(q);
}

/* one target, defined below: analysed first */
static void flush_all(struct queue *q, int n)
{
	while (n--) {
		spin_lock(&q->lock);
		q->ops->flush_and_unlock(q);
	}
}

static void dev_flush_and_unlock(struct queue *q)
{
	if (q->pending)
		q->pending = 0;
	spin_unlock(&q->lock);
}

/* a target defined in another file, unknown without a database: nothing changes */
static void ext_all(struct queue *q, int n)
{
	while (n--) {
		spin_lock(&q->lock);
		q->ops->ext_and_unlock(q);
	}
}

/* the targets disagree: the call changes nothing, as before */
static void queue_maybe(struct queue *q, int n)
{
	while (n--) {
		spin_lock(&q->lock);
		q->pending++;
		q->ops->maybe_unlock(q);
	}
}

/* a real double lock around an ops call that does not release it */
static void wake_twice(struct queue *q)
{
	spin_lock(&q->lock);
	q->ops->wake(q);
	spin_lock(&q->lock);
	spin_unlock(&q->lock);
}

/*
 * check-output-start
validation/locking-fnptr-targets.c:24 dev_wake_and_unlock() state: '&q->lock' released without being taken: the caller held it (rule: held-on-entry)
validation/locking-fnptr-targets.c:29 other_wake_and_unlock() state: '&q->lock' released without being taken: the caller held it (rule: held-on-entry)
validation/locking-fnptr-targets.c:40 dev_maybe_unlock() state: '&q->lock' released without being taken: the caller held it (rule: held-on-entry)
validation/locking-fnptr-targets.c:99 dev_flush_and_unlock() state: '&q->lock' released without being taken: the caller held it (rule: held-on-entry)
validation/locking-fnptr-targets.c:71 queue_all() state: the known targets of '(struct queue_ops)->wake_and_unlock' (2) all do to locks: unlock struct queue.lock &$0->lock spin (rule: pointer-targets-agree)
validation/locking-fnptr-targets.c:91 flush_all() state: the known targets of '(struct queue_ops)->flush_and_unlock' (1) all do to locks: unlock struct queue.lock &$0->lock spin (rule: pointer-targets-agree)
validation/locking-fnptr-targets.c:109 ext_all() not reported: inconsistent returns '&q->lock': locked (line 109), unlocked (line 109) (rule: locks-for-caller)
validation/locking-fnptr-targets.c:117 queue_maybe() state: the known targets of '(struct queue_ops)->maybe_unlock' (2) differ in what they do to locks: none of it applied (rule: pointer-targets-disagree)
validation/locking-fnptr-targets.c:119 queue_maybe() not reported: inconsistent returns '&q->lock': locked (line 119), unlocked (line 119) (rule: locks-for-caller)
validation/locking-fnptr-targets.c:106 ext_all() warn: double lock '&q->lock' (locked on line 106)
validation/locking-fnptr-targets.c:115 queue_maybe() warn: double lock '&q->lock' (locked on line 115)
validation/locking-fnptr-targets.c:126 wake_twice() warn: double lock '&q->lock' (locked on line 124)
 * check-output-end
 */
