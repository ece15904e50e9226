/*
 * check-name: double lock and double unlock, on every path or on some,
 * and the look-alikes that are not: loops, recursive kinds, parent/child
 * check-command: smatch -p=kernel --debug=locking -Ivalidation/include $file 2>&1
 */
#include "locks.h"

struct node { struct mutex lock; struct node *parent; int v; };
static spinlock_t list_lock;
int cond(void);

static void twice(struct node *n)
{
	mutex_lock(&n->lock);
	mutex_lock(&n->lock);
	mutex_unlock(&n->lock);
}

static void unlock_twice(struct node *n)
{
	spin_lock(&list_lock);
	spin_unlock(&list_lock);
	if (cond())
		spin_unlock(&list_lock);
}

static void in_loop(struct node *n, int count)
{
	int i;

	for (i = 0; i < count; i++) {
		mutex_lock(&n->lock);
		n->v++;
		mutex_unlock(&n->lock);
	}
}

static void parent_child(struct node *n)
{
	mutex_lock(&n->parent->lock);
	mutex_lock_nested(&n->lock, 1);
	mutex_unlock(&n->lock);
	mutex_unlock(&n->parent->lock);
}

static void walk_up(struct node *n)
{
	while (n) {
		mutex_lock(&n->lock);
		n->v = 0;
		mutex_unlock(&n->lock);
		n = n->parent;
	}
}

static void nesting_kinds(void)
{
	rcu_read_lock();
	rcu_read_lock();
	rcu_read_unlock();
	rcu_read_unlock();
	local_bh_disable();
	local_bh_disable();
	local_bh_enable();
	local_bh_enable();
}


static void lock_two(struct node *a, struct node *b)
{
	mutex_lock(&a->lock);
	mutex_lock_nested(&b->lock, 1);
}

/* the helper took two locks of one type: both releases are fine */
static void two_objects(struct node *a, struct node *b)
{
	lock_two(a, b);
	mutex_unlock(&b->lock);
	mutex_unlock(&a->lock);
}


static void unlock_two(struct node *a, struct node *b)
{
	mutex_unlock(&a->lock);
	mutex_unlock(&b->lock);
}

/* released by a helper that drops both: taking one again is fine */
static void two_and_again(struct node *a, struct node *b)
{
	lock_two(a, b);
	unlock_two(a, b);
	mutex_lock(&a->lock);
	mutex_unlock(&a->lock);
}

/* b's lock taken, a's released (maybe the same object), then b's: no double unlock */
static void release_other_name(struct node *a, struct node *b)
{
	mutex_lock(&b->lock);
	mutex_unlock(&a->lock);
	mutex_unlock(&b->lock);
}

/* a lookup that returns its bucket locked through an out-parameter, or NULL */
struct bucket { spinlock_t lock; };
struct node *find_locked(int key, struct bucket **out);

static int remove_twice(int key)
{
	struct bucket *bucket;
	struct node *n = find_locked(key, &bucket);

	if (bucket)
		spin_unlock(&bucket->lock);
	if (n)
		return 0;
	n = find_locked(key + 1, &bucket);
	if (bucket)
		spin_unlock(&bucket->lock);
	return n ? 0 : -EINVAL;
}

/*
 * check-output-start
validation/locking-double.c:41 parent_child() not reported: double lock '&n->lock' (locked on line 40) (rule: nested-variant)
validation/locking-double.c:52 walk_up() state: '&n->lock' may name another object now that 'n' changed (rule: release-name-unknown)
validation/locking-double.c:52 walk_up() state: '&n->lock' may name another object now that 'n' changed (rule: name-reassigned)
validation/locking-double.c:49 walk_up() state: '&n->lock' is not the caller's '&$0->lock' now: no acquisition told (rule: name-reassigned)
validation/locking-double.c:59 nesting_kinds() not reported: double lock 'rcu_read_lock' (locked on line 58) (rule: nesting-kind)
validation/locking-double.c:63 nesting_kinds() not reported: double lock 'bh' (locked on line 62) (rule: nesting-kind)
validation/locking-double.c:72 lock_two() not reported: double lock '&b->lock' (locked on line 71) (rule: nested-variant)
validation/locking-double.c:86 unlock_two() state: '&a->lock' released without being taken: the caller held it (rule: held-on-entry)
validation/locking-double.c:87 unlock_two() not reported: double unlock '&b->lock' (unlocked on line 86) (rule: other-object-same-type)
validation/locking-double.c:104 release_other_name() not reported: double unlock '&b->lock' (unlocked on line 103) (rule: released-under-other-name)
validation/locking-double.c:117 remove_twice() state: '&bucket->lock' released under a flag in memory (rule: flag-protocol)
validation/locking-double.c:117 remove_twice() state: '&bucket->lock' released without being taken: the caller held it (rule: held-on-entry)
validation/locking-double.c:120 remove_twice() state: '&bucket->lock' may name another object now that 'bucket' changed (rule: release-name-unknown)
validation/locking-double.c:120 remove_twice() state: '&bucket->lock' may name another object now that 'bucket' changed (rule: name-reassigned)
validation/locking-double.c:122 remove_twice() state: '&bucket->lock' released under a flag in memory (rule: flag-protocol)
validation/locking-double.c:122 remove_twice() state: '&bucket->lock' released without being taken: the caller held it (rule: held-on-entry)
validation/locking-double.c:122 remove_twice() not reported: double unlock '&bucket->lock' (unlocked on line 117) (rule: flag-protocol)
validation/locking-double.c:84 unlock_two() state: '&b->lock' held on entry: every caller holds it (1) (rule: held-by-callers)
validation/locking-double.c:15 twice() warn: double lock '&n->lock' (locked on line 14)
validation/locking-double.c:24 unlock_twice() warn: double unlock '&list_lock' (unlocked on line 22)
 * check-output-end
 */
