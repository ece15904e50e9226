/*
 * check-name: a pointer computed as a pointer plus an offset is not NULL
 * (no code steps from a NULL pointer: the kernel's pte_offset_map() is a
 * page table's address plus an index), so a NULL test of a ({ }) macro's
 * value that locks and yields such a pointer is false on the locked path;
 * a pointer a lookup returned may be NULL there
 */
#include "locks.h"

struct table { spinlock_t lock; };
int *slot_base(struct table *t);
int *slot_find(struct table *t, int i);
int table_full(struct table *t);

#define slot_lock(t, i) ({ int *__s = slot_base(t) + (i); spin_lock(&(t)->lock); __s; })
#define slot_find_lock(t, i) ({ int *__s = slot_find(t, i); spin_lock(&(t)->lock); __s; })

static int fill(struct table *t, int i)
{
	int *s = table_full(t) ? NULL : slot_lock(t, i);

	if (!s)
		return -ENOMEM;		/* silent: not NULL when locked */
	*s = 1;
	spin_unlock(&t->lock);
	return 0;
}

static int fill_found(struct table *t, int i)
{
	int *s = table_full(t) ? NULL : slot_find_lock(t, i);

	if (!s)
		return -ENOMEM;		/* warn: the lookup may fail with the lock taken */
	*s = 1;
	spin_unlock(&t->lock);
	return 0;
}

static void offsets(int *base, int i)
{
	__smatch_value((long)(base + i));
	__smatch_value((long)((int *)0 + i));
}

/*
 * check-output-start
validation/flow-pointer-offset.c:34 fill_found() warn: inconsistent returns '&t->lock': locked (line 34), unlocked (lines 34,37)
validation/flow-pointer-offset.c:42 offsets() info: value '&base[i]' = s64min-(-1),1-s64max
validation/flow-pointer-offset.c:43 offsets() info: value '&0[i]' = s64min-s64max
 * check-output-end
 */
