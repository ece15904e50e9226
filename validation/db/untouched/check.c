/* Checked with the database, not in it: callers that never touch the lock. */
#include "req.h"

/* no callers anywhere: reported */
void never_locks(struct dev *d)
{
	dev_update(d);
}

/* its callers (movers.c) are where the lock belongs */
void moved_update(struct dev *d)
{
	dev_update(d);
}

/* modules call it */
void exported_update(struct dev *d)
{
	dev_update(d);
}
EXPORT_SYMBOL(exported_update);

/* called through held_ops.run, under the lock */
void ptr_update(struct dev *d)
{
	dev_update(d);
}

/* called through free_ops.poke, by whoever has the ops */
void ptr_other(struct dev *d)
{
	dev_update(d);
}

void set_callback(void (*fn)(struct dev *));

/* its address is taken here */
static void callback_update(struct dev *d)
{
	dev_update(d);
}

void register_update(void)
{
	set_callback(callback_update);
}

/* they say the lock is held */
void asserts_lockdep(struct dev *d)
{
	lockdep_assert_held(&d->lock);
	dev_update(d);
}

void asserts_warn(struct dev *d)
{
	WARN_ON(!mutex_is_locked(&d->lock));
	dev_update(d);
}

void asserts_annotation(struct dev *d) __must_hold(&d->lock)
{
	dev_update(d);
}

void asserts_rtnl(void)
{
	ASSERT_RTNL();
	net_update();
}

/* ... this says it is not: reported */
void asserts_unlocked(struct dev *d)
{
	WARN_ON(mutex_is_locked(&d->lock));
	dev_update(d);
}

/* a new object no one else can reach yet */
struct dev *new_dev(void)
{
	struct dev *d = kzalloc(sizeof(*d), 0);

	if (!d)
		return NULL;
	dev_update(d);
	return d;
}

/* ... published before the call: reported */
struct dev *new_dev_published(void)
{
	struct dev *d = kzalloc(sizeof(*d), 0);

	if (!d)
		return NULL;
	last_dev = d;
	dev_update(d);
	return d;
}

struct dev *new_dev_passed(void)
{
	struct dev *d = kzalloc(sizeof(*d), 0);

	if (!d)
		return NULL;
	publish(d);
	dev_update(d);
	return d;
}

/* below the threshold: three of four other callers hold it */
void tally_free(struct dev *d)
{
	dev_tally(d);
}

/* an update-side access: the lock is held */
void protected_update(struct dev *d)
{
	struct dev *next = rcu_dereference_protected(d->next, lockdep_is_held(&d->lock));

	if (next)
		dev_update(d);
}

/* ... one of two locks is: reported */
void protected_either(struct dev *d)
{
	struct dev *next = rcu_dereference_protected(d->next, lockdep_is_held(&d->lock) ||
							      lockdep_is_held(&d->next->lock));

	if (next)
		dev_update(d);
}
