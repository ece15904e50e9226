/* The callers that hold the lock: four of dev_update(), three of the others. */
#include "req.h"

#define HOLDER(name)			\
void name(struct dev *d)		\
{					\
	mutex_lock(&d->lock);		\
	dev_update(d);			\
	dev_tally(d);			\
	mutex_unlock(&d->lock);		\
	rtnl_lock();			\
	net_update();			\
	rtnl_unlock();			\
}
HOLDER(holder_a)
HOLDER(holder_b)
HOLDER(holder_c)

void holder_d(struct dev *d)
{
	mutex_lock(&d->lock);
	dev_update(d);
	mutex_unlock(&d->lock);
}

/* the fourth caller of dev_tally() does not hold it: 3 of 4 is below 80% */
void tally_unlocked(struct dev *d)
{
	dev_tally(d);
}
