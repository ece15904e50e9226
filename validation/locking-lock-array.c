/*
 * check-name: one lock of a global array of locks (or of a table a global
 * pointer points to) is the same lock whatever the index is called: a
 * helper that computes the index again and releases it matches; a return
 * that keeps it still leaks
 */
#include "locks.h"

struct mutex fault_table[64];
struct mutex *fault_ptr_table;
unsigned int hash_of(int idx);

static int no_page(int idx)
{
	unsigned int hash = hash_of(idx);

	mutex_unlock(&fault_table[hash]);
	return 0;
}

static int fault(int idx)
{
	unsigned int hash = hash_of(idx);

	mutex_lock(&fault_table[hash]);
	if (idx > 5)
		return no_page(idx);
	mutex_unlock(&fault_table[hash]);
	return 1;
}

static int ptr_no_page(int idx)
{
	unsigned int h = hash_of(idx);

	mutex_unlock(&fault_ptr_table[h]);
	return 0;
}

static int ptr_fault(int idx)
{
	unsigned int hash = hash_of(idx);

	mutex_lock(&fault_ptr_table[hash]);
	if (idx > 5)
		return ptr_no_page(idx);
	if (idx < 0)
		return -EINVAL;
	mutex_unlock(&fault_ptr_table[hash]);
	return 1;
}

/*
 * check-output-start
validation/locking-lock-array.c:48 ptr_fault() warn: inconsistent returns '&fault_ptr_table[hash]': locked (line 48), unlocked (lines 46,50)
 * check-output-end
 */
