/* Stand-ins for the kernel's lock API, for validation tests. */
#ifndef VALIDATION_LOCKS_H
#define VALIDATION_LOCKS_H

/* lockdep's class of a lock: lockdep_set_class() gives some instances of a type another one */
struct lock_class_key { int id; };
struct lockdep_map { struct lock_class_key *key; };
void lockdep_init_map_type(struct lockdep_map *map, const char *name, struct lock_class_key *key, int subclass);
#define lockdep_set_class(lock, key) lockdep_init_map_type(&(lock)->dep_map, #key, key, 0)

struct mutex { int owner; struct lockdep_map dep_map; };
struct raw_spinlock { int raw_lock; struct lockdep_map dep_map; };
typedef struct spinlock {
	union {	/* as the kernel's: its dep_map is the raw lock's */
		struct raw_spinlock rlock;
		struct { char padding[sizeof(int)]; struct lockdep_map dep_map; };
	};
} spinlock_t;
struct semaphore { int count; };
struct rw_semaphore { int count; };

void mutex_lock(struct mutex *m);
void mutex_lock_nested(struct mutex *m, unsigned int subclass);
int mutex_lock_interruptible(struct mutex *m);
int mutex_lock_killable(struct mutex *m);
int mutex_trylock(struct mutex *m);
void mutex_unlock(struct mutex *m);

void spin_lock(spinlock_t *l);
void spin_unlock(spinlock_t *l);
void spin_lock_irq(spinlock_t *l);
void spin_unlock_irq(spinlock_t *l);
int spin_trylock(spinlock_t *l);
static inline spinlock_t *spinlock_check(spinlock_t *l) { return l; }
unsigned long _raw_spin_lock_irqsave(spinlock_t *l);
void spin_unlock_irqrestore(spinlock_t *l, unsigned long flags);
#define spin_lock_irqsave(l, flags) do { flags = _raw_spin_lock_irqsave(spinlock_check(l)); } while (0)

void down(struct semaphore *s);
int down_interruptible(struct semaphore *s);
int down_trylock(struct semaphore *s);
void up(struct semaphore *s);
void down_read(struct rw_semaphore *s);
void up_read(struct rw_semaphore *s);
void down_write(struct rw_semaphore *s);
int down_read_killable(struct rw_semaphore *s);
int down_write_killable(struct rw_semaphore *s);
void up_write(struct rw_semaphore *s);

void rcu_read_lock(void);
void rcu_read_unlock(void);
void rtnl_lock(void);
void rtnl_unlock(void);
void local_bh_disable(void);
void local_bh_enable(void);
void spin_lock_bh(spinlock_t *l);
void spin_unlock_bh(spinlock_t *l);

int atomic_dec_and_lock(int *count, spinlock_t *l);

void __smatch_states(void);
void __smatch_paths(void);
void __smatch_value(long x);

#define EINVAL 22
#define EAGAIN 11
#define EBUSY 16
#define ENOMEM 12
#define EINTR 4
#define NULL ((void *)0)

#endif
