/* A small multi-file "driver" for the database tests: lock wrappers two levels deep. */
#ifndef PROJECT_H
#define PROJECT_H

#include "locks.h"

#define EBUSY 16

struct dev_ops;

struct dev {
	struct mutex lock;
	int count;
	int mode;
	const struct dev_ops *ops;
};

struct dev_ops {
	int (*set)(struct dev *d, int v);
	void (*reset)(struct dev *d);
};

struct dev_driver {
	const char *name;
	struct dev_ops ops;
};

extern int dev_debug;

void dev_lock(struct dev *d);
void dev_unlock(struct dev *d);
int dev_trylock(struct dev *d);
void dev_lock_all(struct dev *d);
void dev_unlock_all(struct dev *d);
int dev_check(struct dev *d);
void dev_maybe_lock(struct dev *d, int x);
int dev_set(struct dev *d, int v);
void dev_init(struct dev *d, struct dev_ops *ops);
int dev_update(struct dev *d, int v);
int dev_poke(struct dev *d);
int dev_bad(struct dev *d, int v);
void dev_call_op(struct dev *d);
int dev_try(struct dev *d);
int dev_maybe(struct dev *d);

extern const struct dev_ops default_ops;
extern struct dev_driver drivers[];

#endif
