/*
 * check-name: a call through a struct member function pointer whose
 * targets are the file's initializers gets what they all do: every target
 * releases the argument's lock ("fiq->ops->wake_and_unlock(fiq)", fuse's
 * fuse_iqueue_ops), so the lock is released at the call; targets that
 * disagree, or an ops call whose targets keep the lock, change nothing;
 * what else the targets do with their arguments stays unknown
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
 * what else the targets do to their arguments is not known: the call may
 * re-point host->lock, as any call through a pointer (lock-pointer-may-change)
 */
struct host;
struct host_ops { void (*reset)(struct host *h); };
struct host { spinlock_t *lock; int n; const struct host_ops *ops; };

static void plain_reset(struct host *h)
{
	h->n = 0;
}

static const struct host_ops host_ops = { .reset = plain_reset };

static void reset_between(struct host *h)
{
	spin_lock(h->lock);
	spin_unlock(h->lock);
	h->ops->reset(h);
	spin_unlock(h->lock);
}

/*
 * check-output-start
validation/locking-fnptr-targets.c:25 dev_wake_and_unlock() state: '&q->lock' released without being taken: the caller held it (rule: held-on-entry)
validation/locking-fnptr-targets.c:30 other_wake_and_unlock() state: '&q->lock' released without being taken: the caller held it (rule: held-on-entry)
validation/locking-fnptr-targets.c:41 dev_maybe_unlock() state: '&q->lock' released without being taken: the caller held it (rule: held-on-entry)
validation/locking-fnptr-targets.c:100 dev_flush_and_unlock() state: '&q->lock' released without being taken: the caller held it (rule: held-on-entry)
validation/locking-fnptr-targets.c:72 queue_all() state: the known targets of '(struct queue_ops)->wake_and_unlock' (2) all do to locks: unlock struct queue.lock &$0->lock spin (rule: pointer-targets-agree)
validation/locking-fnptr-targets.c:92 flush_all() state: the known targets of '(struct queue_ops)->flush_and_unlock' (1) all do to locks: unlock struct queue.lock &$0->lock spin (rule: pointer-targets-agree)
validation/locking-fnptr-targets.c:110 ext_all() not reported: inconsistent returns '&q->lock': locked (line 110), unlocked (line 110) (rule: locks-for-caller)
validation/locking-fnptr-targets.c:118 queue_maybe() state: the known targets of '(struct queue_ops)->maybe_unlock' (2) differ in what they do to locks: none of it applied (rule: pointer-targets-disagree)
validation/locking-fnptr-targets.c:120 queue_maybe() not reported: inconsistent returns '&q->lock': locked (line 120), unlocked (line 120) (rule: locks-for-caller)
validation/locking-fnptr-targets.c:150 reset_between() state: 'h->lock' may point elsewhere after 'h->ops->reset()' (rule: lock-pointer-may-change)
validation/locking-fnptr-targets.c:151 reset_between() not reported: double unlock 'h->lock' (unlocked on line 149) (rule: name-reassigned)
validation/locking-fnptr-targets.c:107 ext_all() warn: double lock '&q->lock' (locked on line 107)
validation/locking-fnptr-targets.c:116 queue_maybe() warn: double lock '&q->lock' (locked on line 116)
validation/locking-fnptr-targets.c:127 wake_twice() warn: double lock '&q->lock' (locked on line 125)
 * check-output-end
 */
