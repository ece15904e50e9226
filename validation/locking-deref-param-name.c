/*
 * check-name: a lock a helper names through a pointer to a pointer
 * parameter, "&(*pp)->lock" ("&*$0->lock": the rcu tree's
 * add_ptr_to_bulk_krc_lock() storing "*krcp = krc_this_cpu_lock(flags)"),
 * is at a call passing "&d" the lock "&d->lock": taking it again is a
 * double lock; another object's is not
 * check-command: smatch -p=kernel --debug=locking -Wno-decl -Ivalidation/include $file 2>&1
 */
#include "locks.h"

struct dev { struct mutex lock; int n; };
struct dev *dev_get(int id);

void dev_lock_first(struct dev **pp)
{
	mutex_lock(&(*pp)->lock);
}

void dev_relock(int id)
{
	struct dev *d = dev_get(id);

	dev_lock_first(&d);
	mutex_lock(&d->lock);
	mutex_unlock(&d->lock);
}

void dev_lock_pair(int id)
{
	struct dev *d = dev_get(id), *e = dev_get(id + 1);

	dev_lock_first(&d);
	mutex_lock(&e->lock);
	mutex_unlock(&e->lock);
	mutex_unlock(&d->lock);
}

/*
 * check-output-start
validation/locking-deref-param-name.c:33 dev_lock_pair() not reported: double lock '&e->lock' (locked on line 32) (rule: other-object-same-type)
validation/locking-deref-param-name.c:24 dev_relock() warn: double lock '&d->lock' (locked on line 23)
 * check-output-end
 */
