/* One half of an AB-BA inversion through helpers in two files (dev.c has the other). */
#include "order.h"

/* bus, then dev (in dev_refresh, through dev_take) */
void bus_sync(struct bus *b, struct dev *d)
{
	mutex_lock(&b->lock);
	dev_refresh(d);
	mutex_unlock(&b->lock);
}

void bus_kick(struct bus *b)
{
	mutex_lock(&b->lock);
	mutex_unlock(&b->lock);
}
