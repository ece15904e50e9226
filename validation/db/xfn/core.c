/* Functions that their callers call with the lock held (or not). */
#include "xfn.h"

void dev_update_locked(struct dev *d)
{
	d->count++;
}

void dev_poll_locked(struct dev *d)
{
	d->count--;
}

spinlock_t dev_list_lock;

/* called with the list lock and interrupts disabled */
void dev_irq_work(struct dev *d)
{
	d->count = 5;
}

void dev_mixed(struct dev *d)
{
	d->count = 3;
}

void dev_two(struct dev *d)
{
	d->count = 2;
}

/* every caller holds the lock: it starts with it held */
void dev_entered(struct dev *d)
{
	__smatch_states();
	mutex_unlock(&d->lock);
	mutex_lock(&d->lock);
}

/* called with and without the lock: nothing is known on entry */
void dev_entered_mixed(struct dev *d)
{
	__smatch_states();
}

/* a static function counts the callers of its own file only */
static void static_locked(struct dev *d)
{
	__smatch_states();
}

void core_user(struct dev *d)
{
	mutex_lock(&d->lock);
	static_locked(d);
	mutex_unlock(&d->lock);
}

/* entered with it held, released and taken again on some paths: another object after the join */
void dev_entered_other(struct dev *d, struct dev *other)
{
	if (d->count) {
		mutex_unlock(&d->lock);
		mutex_lock(&d->lock);
	}
	mutex_lock(&other->lock);
	mutex_unlock(&other->lock);
}

/* callers walk the list under its lock; this only compares the two it is given */
int dev_matches(struct dev *d, struct dev *other)
{
	return d->count == other->count && d->parent == other->parent;
}

/* ... this reads a global, which the list lock may well protect */
int dev_list_len;

int dev_listed(struct dev *d)
{
	return d->count < dev_list_len;
}
