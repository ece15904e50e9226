/* Calls made without the lock the other callers hold, and look-alikes. */
#include "xfn.h"

void bad_update(struct dev *p)
{
	mutex_lock(&p->lock);
	p->count = 1;
	mutex_unlock(&p->lock);
	dev_update_locked(p);
}

/* dev_mixed is also called without the lock by plain_calls() */
void bad_mixed(struct dev *p)
{
	mutex_lock(&p->lock);
	mutex_unlock(&p->lock);
	dev_mixed(p);
}

void plain_calls(struct dev *p)
{
	dev_mixed(p);
	dev_entered_mixed(p);
}

/* only two other callers hold it */
void bad_two(struct dev *p)
{
	mutex_lock(&p->lock);
	mutex_unlock(&p->lock);
	dev_two(p);
}

/* the list lock is a requirement; disabled interrupts are a context, not one */
void bad_irq(struct dev *p)
{
	spin_lock_irq(&dev_list_lock);
	spin_unlock_irq(&dev_list_lock);
	dev_irq_work(p);
}

/* the others call both under the list lock: a predicate on its arguments needs none, a reader of a global does */
int bad_listed(struct dev *p)
{
	spin_lock(&dev_list_lock);
	spin_unlock(&dev_list_lock);
	return dev_matches(p, p->parent) && dev_listed(p);
}
