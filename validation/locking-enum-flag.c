/*
 * check-name: an enum member tested twice in one loop round correlates
 * the lock and the unlock under it (iwlwifi's async handlers, a list
 * cursor's "entry->context"): a value of an enum type takes the values of
 * the enum's integer type, so "!= LOCKED" stays false at the second test
 * of the round; a release outside the test in the same loop still warns
 */
#include "locks.h"

enum handler_context { CTX_SYNC, CTX_LOCKED, CTX_UNLOCKED };
struct dev { struct mutex mutex; };
struct entry { enum handler_context context; struct entry *next; void (*fn)(struct dev *d); };

static void run_handlers(struct dev *d, struct entry *entry)
{
	for (; entry; entry = entry->next) {
		if (entry->context == CTX_LOCKED)
			mutex_lock(&d->mutex);
		entry->fn(d);
		if (entry->context == CTX_LOCKED)
			mutex_unlock(&d->mutex);	/* silent */
	}
}

static void run_handlers_unlock_twice(struct dev *d, struct entry *entry)
{
	for (; entry; entry = entry->next) {
		mutex_lock(&d->mutex);
		entry->fn(d);
		if (entry->context == CTX_LOCKED)
			mutex_unlock(&d->mutex);
		mutex_unlock(&d->mutex);		/* warn */
	}
}

static void context_values(struct entry *entry)
{
	if (entry->context != CTX_LOCKED)
		__smatch_value(entry->context);
}

/*
 * check-output-start
validation/locking-enum-flag.c:32 run_handlers_unlock_twice() warn: double unlock '&d->mutex' (unlocked on line 31)
validation/locking-enum-flag.c:39 context_values() info: value 'entry->context' = 0,2-4294967295
 * check-output-end
 */
