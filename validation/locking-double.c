/*
 * check-name: double lock and double unlock, on every path or on some,
 * and the look-alikes that are not: loops, recursive kinds, parent/child
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
validation/locking-double.c:14 twice() warn: double lock '&n->lock' (locked on line 13)
validation/locking-double.c:23 unlock_twice() warn: double unlock '&list_lock' (unlocked on line 21)
 * check-output-end
 */
