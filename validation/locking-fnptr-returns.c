/*
 * check-name: a call through a struct member function pointer whose
 * targets are the file's initializers returns what they return: targets
 * that return 0 or an error leave no path where "get" returned a positive
 * value with the mutex held (mv88e6xxx's ops->ppu_disable()); a target
 * that may return a positive value still leaves one
 */
#include "locks.h"

struct chip;
struct chip_ops {
	int (*disable)(struct chip *c);
	int (*count)(struct chip *c);
};
struct chip { struct mutex m; int bad, on, n; const struct chip_ops *ops; };
int hw_read(struct chip *c);
int chip_read(struct chip *c);
int chip_count_read(struct chip *c);

static int chip_disable(struct chip *c)
{
	if (c->bad)
		return -5;
	c->on = 0;
	return 0;
}

static int other_disable(struct chip *c)
{
	return c->bad ? -22 : 0;
}

static int chip_count(struct chip *c)
{
	return c->n;
}

static const struct chip_ops chip_ops = { .disable = chip_disable, .count = chip_count };
static const struct chip_ops other_ops = { .disable = other_disable, .count = chip_count };

static int access_get(struct chip *c)
{
	int ret;

	mutex_lock(&c->m);
	ret = c->ops->disable(c);
	if (ret < 0) {
		mutex_unlock(&c->m);
		return ret;
	}
	return ret;
}

int chip_read(struct chip *c)
{
	int err = access_get(c);

	if (!err) {
		err = hw_read(c);
		mutex_unlock(&c->m);
	}
	return err;
}

static int count_get(struct chip *c)
{
	int ret;

	mutex_lock(&c->m);
	ret = c->ops->count(c);
	if (ret < 0) {
		mutex_unlock(&c->m);
		return ret;
	}
	return ret;
}

int chip_count_read(struct chip *c)
{
	int err = count_get(c);

	if (!err) {
		err = hw_read(c);
		mutex_unlock(&c->m);
	}
	return err;
}

/*
 * check-output-start
validation/locking-fnptr-returns.c:86 chip_count_read() warn: inconsistent returns '&c->m': locked (line 86), unlocked (line 86)
 * check-output-end
 */
