/* The functions with lock requirements. */
#include "req.h"

void dev_update(struct dev *d)
{
	d->count++;
}

void dev_tally(struct dev *d)
{
	d->count--;
}

int net_count;

void net_update(void)
{
	net_count++;
}
