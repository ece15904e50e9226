/*
 * check-name: sleeping in atomic context: an allocation guarded by a
 * member's NULL test sleeps only while the member is NULL; its callers are
 * warned only where it is known NULL (--spammy shows the others, rule
 * sleep-if-member-null)
 */
#include "sleep.h"

struct dev { spinlock_t lock; int *info; struct dev *peer; };
static struct dev *global_dev;
struct dev *lookup(int id);

static int set_info(struct dev *dev, int v)
{
	if (!dev->info)
		dev->info = kzalloc(64, GFP_KERNEL);
	if (!dev->info)
		return -1;
	dev->info[0] = v;
	return 0;
}

static void set_info_wrapper(struct dev *dev)
{
	set_info(dev, 2);
}

static void set_global_info(void)
{
	if (global_dev->info)
		return;
	global_dev->info = kzalloc(64, GFP_KERNEL);
}

static void event(struct dev *dev)
{
	spin_lock(&dev->lock);
	set_info(dev, 1);
	set_info_wrapper(dev);
	set_global_info();
	spin_unlock(&dev->lock);
}

/* look-alikes: the member known NULL at the call, a direct allocation, a local's member */
static void event_known_null(struct dev *dev)
{
	spin_lock(&dev->lock);
	if (!dev->info)
		set_info(dev, 1);
	spin_unlock(&dev->lock);
}

static void direct(struct dev *dev)
{
	spin_lock(&dev->lock);
	if (!dev->info)
		dev->info = kzalloc(64, GFP_KERNEL);
	spin_unlock(&dev->lock);
}

static void set_found_info(int id)
{
	struct dev *d = lookup(id);

	if (!d->info)
		d->info = kzalloc(64, GFP_KERNEL);
}

static void event_found(struct dev *dev)
{
	spin_lock(&dev->lock);
	set_found_info(1);
	spin_unlock(&dev->lock);
}

/*
 * check-output-start
validation/sleep-member-guard.c:49 event_known_null() warn: sleeping in atomic context: 'set_info()' may sleep (via set_info -> kzalloc) with '&dev->lock' held
validation/sleep-member-guard.c:57 direct() warn: sleeping in atomic context: 'kzalloc()' called with '&dev->lock' held
validation/sleep-member-guard.c:72 event_found() warn: sleeping in atomic context: 'set_found_info()' may sleep (via set_found_info -> kzalloc) with '&dev->lock' held
 * check-output-end
 */
