/*
 * check-name: a callee that takes the lock under a local that holds a
 * test of its parameters (`not_lockless = !held && !(ops->flags &
 * UNLOCKED); if (not_lockless) mutex_lock()`): the test of the local tells
 * what held is where it holds, so a caller holding the lock that passes
 * held = 1 is silent and one passing 0 is a double lock.  A local assigned
 * again, or whose parameter changed, before its test no longer tells it
 * check-command: smatch -p=kernel --debug=locking -Wno-decl -Ivalidation/include $file 2>&1
 */
#include "locks.h"

typedef _Bool bool;
struct mutex big_lock;
struct ops { int flags; };
struct proto { struct ops *ops; int refs; };
#define OPS_UNLOCKED 1

void proto_destroy(struct proto *tp, bool big_held)
{
	bool not_lockless = !big_held && !(tp->ops->flags & OPS_UNLOCKED);

	if (not_lockless)
		mutex_lock(&big_lock);
	tp->refs = 0;
	if (not_lockless)
		mutex_unlock(&big_lock);
}

void put_held(struct proto *tp)
{
	mutex_lock(&big_lock);
	proto_destroy(tp, 1);
	mutex_unlock(&big_lock);
}

void put_not_held(struct proto *tp)
{
	mutex_lock(&big_lock);
	proto_destroy(tp, 0);
	mutex_unlock(&big_lock);
}

void proto_destroy_reassigned(struct proto *tp, int big_held)
{
	int need = !big_held;

	need = tp->refs > 1;
	if (need)
		mutex_lock(&big_lock);
	tp->refs = 0;
	if (need)
		mutex_unlock(&big_lock);
}

void proto_destroy_param_changed(struct proto *tp, int big_held)
{
	int need = !big_held;

	big_held = tp->refs;
	if (need)
		mutex_lock(&big_lock);
	tp->refs = big_held;
	if (need)
		mutex_unlock(&big_lock);
}

void put_held_changed(struct proto *tp)
{
	mutex_lock(&big_lock);
	proto_destroy_reassigned(tp, 1);
	proto_destroy_param_changed(tp, 1);
	mutex_unlock(&big_lock);
}

/*
 * check-output-start
validation/locking-acquires-local-test.c:70 put_held_changed() not reported: double lock '&big_lock': 'proto_destroy_reassigned()' acquires it (via proto_destroy_reassigned -> mutex_lock) (rule: callee-some-returns)
validation/locking-acquires-local-test.c:71 put_held_changed() not reported: double lock '&big_lock': 'proto_destroy_param_changed()' acquires it (via proto_destroy_param_changed -> mutex_lock) (rule: callee-some-returns)
validation/locking-acquires-local-test.c:39 put_not_held() warn: double lock '&big_lock': 'proto_destroy()' acquires it (via proto_destroy -> mutex_lock)
 * check-output-end
 */
