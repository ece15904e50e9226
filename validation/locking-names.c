/*
 * check-name: a lock is tracked by its type, so it matches when taken and
 * released under different names
 */
#include "locks.h"

struct dev { struct mutex lock; int v; };
struct wrapper { int id; struct dev dev; };

#define offsetof(T, m) ((unsigned long)&((T *)0)->m)
#define container_of(ptr, type, member) ({ void *__mptr = (void *)(ptr); ((type *)(__mptr - offsetof(type, member))); })

static void pointer_alias(struct dev *d)
{
	struct mutex *m = &d->lock;

	mutex_lock(m);
	d->v++;
	mutex_unlock(&d->lock);
}

static void through_container(struct dev *d)
{
	struct wrapper *w = container_of(d, struct wrapper, dev);

	mutex_lock(&w->dev.lock);
	d->v++;
	mutex_unlock(&d->lock);
}

static int two_names_leak(struct dev *d, struct dev *other, int x)
{
	struct mutex *m = &d->lock;

	mutex_lock(m);
	if (x)
		return -EINVAL;
	mutex_unlock(&d->lock);
	return 0;
}

static void embedded_leak(struct dev *d, int x)
{
	struct wrapper *w = container_of(d, struct wrapper, dev);

	mutex_lock(&w->dev.lock);
	if (x)
		return;
	mutex_unlock(&d->lock);
}

/*
 * check-output-start
validation/locking-names.c:37 two_names_leak() warn: inconsistent returns 'm': locked (line 37), unlocked (line 39)
validation/locking-names.c:48 embedded_leak() warn: inconsistent returns '&w->dev.lock': locked (line 48), unlocked (line 50)
 * check-output-end
 */
