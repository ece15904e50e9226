/* Operations: run is called with the device's lock held, poke is not. */
#include "req.h"

struct dev_ops held_ops = { .run = ptr_update };
struct dev_ops free_ops = { .poke = ptr_other };

void run_op(struct dev *d, struct dev_ops *ops)
{
	mutex_lock(&d->lock);
	ops->run(d);
	mutex_unlock(&d->lock);
}

void poke_op(struct dev *d, struct dev_ops *ops)
{
	ops->poke(d);
}
