/*
 * check-name: a lock in a global struct is the same lock whether reached
 * by the global's name or through a pointer to it
 */
#include "locks.h"

struct zone_cxt { struct mutex info_lock; void *info; };
static struct zone_cxt zone_cxt, other_cxt;
int cond(void);

/* pstore/zone.c: locked through "cxt", unlocked by the global's name */
static int register_zone(void *info)
{
	struct zone_cxt *cxt = &zone_cxt;

	mutex_lock(&cxt->info_lock);
	if (cxt->info) {
		mutex_unlock(&cxt->info_lock);
		return -16;
	}
	cxt->info = info;
	if (cond())
		goto fail;
	mutex_unlock(&zone_cxt.info_lock);
	return 0;
fail:
	zone_cxt.info = NULL;
	mutex_unlock(&zone_cxt.info_lock);
	return -22;
}

static int leak(void *info)
{
	struct zone_cxt *cxt = &zone_cxt;

	mutex_lock(&cxt->info_lock);
	if (cond())
		return -22;
	mutex_unlock(&zone_cxt.info_lock);
	return 0;
}

/* two globals of one type: two locks */
static void both(void)
{
	mutex_lock(&zone_cxt.info_lock);
	mutex_lock(&other_cxt.info_lock);
	mutex_unlock(&other_cxt.info_lock);
	mutex_unlock(&zone_cxt.info_lock);
}

static void twice(void)
{
	mutex_lock(&zone_cxt.info_lock);
	mutex_unlock(&zone_cxt.info_lock);
	mutex_unlock(&zone_cxt.info_lock);
}

/*
 * check-output-start
validation/locking-global-struct.c:38 leak() warn: inconsistent returns '&cxt->info_lock': locked (line 38), unlocked (line 40)
validation/locking-global-struct.c:56 twice() warn: double unlock '&zone_cxt.info_lock' (unlocked on line 55)
 * check-output-end
 */
