/*
 * check-name: with lockdep, mutex_lock_nest_lock(), down_write_nest_lock()
 * and raw_spin_lock_nest_lock() are calls of _mutex_lock_nest_lock(),
 * _down_write_nest_lock() and _raw_spin_lock_nest_lock(): locks of their
 * first argument (another instance of the type, as _nested), not escapes
 * of it. A lock taken that way and left held on one return, or released
 * twice, warns; taking, releasing and taking it again does not. Their
 * bodies (here as in the kernel's, which a database summarises) show no lock call: the table
 * decides, not the summary.
 */
#include "locks.h"

static void _mutex_lock_nest_lock(struct mutex *m, struct lockdep_map *nest) { m->owner = 1; }
static void _down_write_nest_lock(struct rw_semaphore *s, struct lockdep_map *nest) { s->count = -1; }
static void _raw_spin_lock_nest_lock(struct raw_spinlock *l, struct lockdep_map *nest) { l->raw_lock = 1; }
void _raw_spin_unlock(struct raw_spinlock *l);
#define mutex_lock_nest_lock(l, n) _mutex_lock_nest_lock(l, &(n)->dep_map)
#define down_write_nest_lock(s, n) _down_write_nest_lock(s, &(n)->dep_map)
#define raw_spin_lock_nest_lock(l, n) _raw_spin_lock_nest_lock(l, &(n)->dep_map)

struct obj { struct mutex lock; struct rw_semaphore sem; struct raw_spinlock raw; int busy; };
struct all { struct mutex lock; };

static int leaks_on_busy(struct obj *o, struct all *a)
{
	mutex_lock_nest_lock(&o->lock, &a->lock);
	if (o->busy)
		return -EBUSY;
	mutex_unlock(&o->lock);
	return 0;
}

static void unlocks_twice(struct obj *o, struct all *a)
{
	down_write_nest_lock(&o->sem, &a->lock);
	up_write(&o->sem);
	up_write(&o->sem);
}

static int raw_leaks_on_busy(struct obj *o, struct all *a)
{
	raw_spin_lock_nest_lock(&o->raw, &a->lock);
	if (o->busy)
		return -EBUSY;
	_raw_spin_unlock(&o->raw);
	return 0;
}

static void lock_unlock_relock(struct obj *o, struct all *a)
{
	mutex_lock(&o->lock);
	mutex_unlock(&o->lock);
	mutex_lock_nest_lock(&o->lock, &a->lock);
	mutex_unlock(&o->lock);
}

/*
 * check-output-start
validation/locking-nest-lock.c:28 leaks_on_busy() warn: inconsistent returns '&o->lock': locked (line 28), unlocked (line 30)
validation/locking-nest-lock.c:37 unlocks_twice() warn: double unlock '&o->sem' (unlocked on line 36)
validation/locking-nest-lock.c:44 raw_leaks_on_busy() warn: inconsistent returns '&o->raw': locked (line 44), unlocked (line 46)
 * check-output-end
 */
