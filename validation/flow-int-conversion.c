/*
 * check-name: a value converted to an integer type takes the type's values,
 * as C converts them: "return -1;" in a function returning u32 returns
 * 4294967295 (i915's wakeref cookies), a bool is "!= 0", an unsigned char
 * keeps the low 8 bits.  A lock loop that runs while the cookie is not 0
 * (i915's with_intel_pps_lock()) then always runs and unlocks; a cookie
 * that may be 0 leaves the lock held
 */
#include "locks.h"

typedef unsigned int u32;
struct dev { struct mutex lock; int v; };

static u32 power_get(void) { return -1; }
static u32 power_get_maybe(int x) { return x ? -1 : 0; }

static u32 pps_lock(struct dev *d)
{
	u32 w = power_get();

	mutex_lock(&d->lock);
	return w;
}

static u32 pps_lock_maybe(struct dev *d, int x)
{
	u32 w = power_get_maybe(x);

	mutex_lock(&d->lock);
	return w;
}

static u32 pps_unlock(struct dev *d, u32 w)
{
	mutex_unlock(&d->lock);
	return 0;
}

#define with_pps_lock(d, w) for ((w) = pps_lock(d); (w); (w) = pps_unlock((d), (w)))
#define with_pps_lock_maybe(d, x, w) for ((w) = pps_lock_maybe(d, x); (w); (w) = pps_unlock((d), (w)))

static void values(int x)
{
	u32 w = power_get();
	_Bool b = 5;
	unsigned char c = 300;
	unsigned long ul = -5;

	__smatch_value(w);
	__smatch_value(b);
	__smatch_value(c);
	__smatch_value(ul);
}

static void backlight(struct dev *d)
{
	u32 w;

	with_pps_lock(d, w)
		d->v++;
	mutex_lock(&d->lock);
	mutex_unlock(&d->lock);
}

static void backlight_maybe(struct dev *d, int x)
{
	u32 w;

	with_pps_lock_maybe(d, x, w)
		d->v++;
	mutex_lock(&d->lock);
	mutex_unlock(&d->lock);
}

/*
 * check-output-start
validation/flow-int-conversion.c:49 values() info: value 'w' = 4294967295
validation/flow-int-conversion.c:50 values() info: value 'b' = 1
validation/flow-int-conversion.c:51 values() info: value 'c' = 44
validation/flow-int-conversion.c:52 values() info: value 'ul' = (-5)
validation/flow-int-conversion.c:71 backlight_maybe() warn: double lock '&d->lock' (locked on line 69)
 * check-output-end
 */
