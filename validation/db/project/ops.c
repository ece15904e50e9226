/* The operations of a dev, reached through function pointers. */
#include "project.h"

int dev_debug;

static int check(int v)
{
	return v > 100 ? -ENOMEM : 0;
}

int dev_set(struct dev *d, int v)
{
	if (check(v))
		return -EINVAL;
	d->count = v;
	return 0;
}

static void dev_reset(struct dev *d)
{
	d->count = 0;
	dev_debug = 1;
}

static int dev_set_op(struct dev *d, int v)
{
	return dev_set(d, v);
}

const struct dev_ops default_ops = {
	.set = dev_set_op,
	.reset = dev_reset,
};

struct dev_driver drivers[] = {
	{ .name = "plain", .ops = { .set = dev_set_op } },
};

void dev_init(struct dev *d, struct dev_ops *ops)
{
	ops->reset = dev_reset;
	d->ops = &default_ops;
}
