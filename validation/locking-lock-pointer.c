/*
 * check-name: a lock released through a struct member that points to a
 * lock (the kernel's futex_q.lock_ptr) may be any lock of its kind: with
 * nothing to say where it points, the spinlocks taken here are unknown
 * after it; a mutex is no spinlock, and a pointer held here is no mystery
 * check-command: smatch -p=kernel --debug=locking -Ivalidation/include $file 2>&1
 */
#include "locks.h"

struct bucket { spinlock_t lock; struct mutex m; int waiters; };
struct qentry { spinlock_t *lock_ptr; struct bucket *b; };

static int wait_unlock_by_pointer(struct qentry *q, struct bucket *b)
{
	spin_lock(&b->lock);
	if (b->waiters) {
		spin_unlock(q->lock_ptr);
		return -EINVAL;
	}
	spin_unlock(&b->lock);
	return 0;
}

static int other_kind_leaks(struct qentry *q, struct bucket *b)
{
	mutex_lock(&b->m);
	if (b->waiters) {
		spin_unlock(q->lock_ptr);
		return -EINVAL;
	}
	mutex_unlock(&b->m);
	return 0;
}

static int pointer_taken_here_leaks(struct qentry *q, struct bucket *b)
{
	spin_lock(&b->lock);
	spin_lock(q->lock_ptr);
	if (b->waiters) {
		spin_unlock(q->lock_ptr);
		return -EINVAL;
	}
	spin_unlock(q->lock_ptr);
	spin_unlock(&b->lock);
	return 0;
}

/*
 * check-output-start
validation/locking-lock-pointer.c:17 wait_unlock_by_pointer() state: 'q->lock_ptr' released without being taken: the caller held it (rule: held-on-entry)
validation/locking-lock-pointer.c:17 wait_unlock_by_pointer() state: '&b->lock' unknown: 'q->lock_ptr' may point to it (rule: lock-pointer-unknown)
validation/locking-lock-pointer.c:28 other_kind_leaks() state: 'q->lock_ptr' released without being taken: the caller held it (rule: held-on-entry)
validation/locking-lock-pointer.c:29 other_kind_leaks() warn: inconsistent returns '&b->m': locked (line 29), unlocked (line 32)
validation/locking-lock-pointer.c:41 pointer_taken_here_leaks() warn: inconsistent returns '&b->lock': locked (line 41), unlocked (line 45)
 * check-output-end
 */
