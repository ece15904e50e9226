/* A multi-file project for the cross-function locking tests (validation/db/xfn.sh). */
#ifndef XFN_H
#define XFN_H

#include "locks.h"

struct dev {
	struct mutex lock;
	int count;
	struct dev *parent;
};

void dev_grab(struct dev *d);
void dev_grab2(struct dev *d);
void dev_drop(struct dev *d);
void dev_read(void);
void dev_grab_nested(struct dev *d);
/* its annotation says less than the database, which comes first */
int dev_maybe_grab(struct dev *d) __attribute__((context(&d->lock, 0, 1)));

void dev_update_locked(struct dev *d);
void dev_poll_locked(struct dev *d);
void dev_mixed(struct dev *d);
void dev_two(struct dev *d);
void dev_entered(struct dev *d);
void dev_entered_mixed(struct dev *d);
void dev_irq_work(struct dev *d);
int dev_fault(struct dev *d, int flags);
void dev_entered_other(struct dev *d, struct dev *other);
extern spinlock_t dev_list_lock;
int dev_matches(struct dev *d, struct dev *other);
int dev_listed(struct dev *d);
void dev_relock(struct dev *d);
void dev_child_lock(struct dev *child);

/* a helper of a header: each file's callers are its own */
static inline void dev_inline_locked(struct dev *d)
{
	d->count += 2;
}

#endif
