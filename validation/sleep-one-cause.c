/*
 * check-name: sleeping in atomic context: one root cause, one warning; the
 * other sites that reach the same sleeping call through the same helper
 * are listed under it (--explain, JSON "same_cause", SARIF relatedLocations)
 * check-command: smatch -p=kernel --explain -Ivalidation/include $file
 */
#include "sleep.h"

struct dev { spinlock_t lock; int n; };

static void settle(struct dev *dev)
{
	msleep(dev->n);
}

static void settle_wrapper(struct dev *dev)
{
	settle(dev);
}

static void flush(struct dev *dev)
{
	schedule();
}

static void first(struct dev *dev)
{
	spin_lock(&dev->lock);
	settle(dev);
	spin_unlock(&dev->lock);
}

static void second(struct dev *dev)
{
	spin_lock(&dev->lock);
	settle_wrapper(dev);
	settle(dev);
	spin_unlock(&dev->lock);
}

/* look-alikes: another helper, and direct calls, are causes of their own */
static void others(struct dev *dev)
{
	spin_lock(&dev->lock);
	flush(dev);
	msleep(1);
	msleep(2);
	spin_unlock(&dev->lock);
}

/*
 * check-output-start
validation/sleep-one-cause.c:29 first() warn: sleeping in atomic context: 'settle()' may sleep (via settle -> msleep) with '&dev->lock' held
  validation/sleep-one-cause.c:36: same cause, in second()
  validation/sleep-one-cause.c:37: same cause, in second()
validation/sleep-one-cause.c:45 others() warn: sleeping in atomic context: 'flush()' may sleep (via flush -> schedule) with '&dev->lock' held
validation/sleep-one-cause.c:46 others() warn: sleeping in atomic context: 'msleep()' called with '&dev->lock' held
validation/sleep-one-cause.c:47 others() warn: sleeping in atomic context: 'msleep()' called with '&dev->lock' held
 * check-output-end
 */
