/*
 * check-name: a parameter assigned on some paths is not what the caller
 * passed once they join (`if (!count) count = 1;`): the lock taken under
 * a later test of it is taken for any argument, so a caller holding it
 * and passing 0 deadlocks; where the parameter is not assigned, 0 rules
 * the lock out
 * check-command: smatch -p=kernel -Ivalidation/include $file 2>&1
 */
#include "locks.h"

struct dev { struct mutex lock; int n; };
void fill_default(struct dev *d, unsigned int count);
void fill_some(struct dev *d, unsigned int count);
void refill(struct dev *d);

void fill_default(struct dev *d, unsigned int count)
{
	if (!count)
		count = 1;
	if (count) {
		mutex_lock(&d->lock);
		d->n = count;
		mutex_unlock(&d->lock);
	}
}

void fill_some(struct dev *d, unsigned int count)
{
	if (count) {
		mutex_lock(&d->lock);
		d->n = count;
		mutex_unlock(&d->lock);
	}
}

void refill(struct dev *d)
{
	mutex_lock(&d->lock);
	fill_default(d, 0);
	fill_some(d, 0);
	mutex_unlock(&d->lock);
}
/*
 * check-output-start
validation/locking-param-assigned.c:39 refill() warn: double lock '&d->lock': 'fill_default()' acquires it (via fill_default -> mutex_lock)
 * check-output-end
 */
