/*
 * A project for validation/db/untouched.sh: functions most callers call
 * with a lock held, called by functions that never touch the lock.
 */
#ifndef REQ_H
#define REQ_H

#include "locks.h"

struct dev {
	struct mutex lock;
	int count;
	struct dev *next;
};

struct dev_ops {
	void (*run)(struct dev *d);
	void (*poke)(struct dev *d);
};

void dev_update(struct dev *d);		/* every holder holds d->lock */
void dev_tally(struct dev *d);		/* three of four hold it */
void net_update(void);			/* called under rtnl_lock() */
void moved_update(struct dev *d);	/* (check.c) its callers are in movers.c */
void ptr_update(struct dev *d);		/* (check.c) stored in held_ops.run */
void ptr_other(struct dev *d);		/* (check.c) stored in free_ops.poke */
void publish(struct dev *d);		/* nothing is known of it */
extern struct dev *last_dev;

/* the kernel's assertions, as they expand with lockdep */
int mutex_is_locked(struct mutex *m);
int lock_is_held(const void *map);
int rtnl_is_locked(void);
void warn_slowpath(void);
#define WARN_ON(c) ({ int __w = !!(c); if (__w) warn_slowpath(); __w; })
#define lockdep_assert(c) do { WARN_ON(!(c)); } while (0)
#define lockdep_is_held(l) lock_is_held(&(l)->owner)
#define lockdep_assert_held(l) lockdep_assert(lockdep_is_held(l) != 0)
#define ASSERT_RTNL() WARN_ON(!rtnl_is_locked())
int debug_lockdep_rcu_enabled(void);
/* RCU_LOCKDEP_WARN() asks whether lockdep is on first: the check runs on one side of a test only */
#define rcu_dereference_protected(p, c) ({ static int __warned; \
	if (debug_lockdep_rcu_enabled() && !(c) && !__warned) { __warned = 1; warn_slowpath(); } (p); })
#define __must_hold(x) __attribute__((context(x, 1, 1)))
#define EXPORT_SYMBOL(sym) extern typeof(sym) sym; extern const char __kstrtab_##sym[]

void *kzalloc(unsigned long size, unsigned int flags);

#endif
