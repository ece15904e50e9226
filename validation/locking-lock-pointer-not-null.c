/*
 * check-name: a pointer a lock is taken or released through is not NULL
 * after, even when a callee took it and stored the pointer over what the
 * caller knew ("w->ptl = NULL" before map(w)); a second release under
 * such a test is still a double unlock
 * check-command: smatch -p=kernel -Ivalidation/include $file 2>&1
 */
#include "locks.h"

struct walk { spinlock_t *ptl; int flags; unsigned long addr; };
spinlock_t *lockptr(struct walk *w);

static int map(struct walk *w)
{
	if (w->flags & 2)
		return 0;
	w->ptl = lockptr(w);
	spin_lock(w->ptl);
	return 1;
}

int check(struct walk *w);
int none(struct walk *w);

/*
 * map() took w->ptl: in the second round of the do loop, and after the
 * goto back, "!w->ptl" is false and the lock is not taken twice
 */
static int walk(struct walk *w, unsigned long end)
{
	w->ptl = NULL;
	if (!map(w))
		goto next;
this:
	if (check(w))
		return 1;
next:
	do {
		w->addr++;
		if (w->addr >= end) {
			if (w->ptl)
				spin_unlock(w->ptl);
			return 0;
		}
		if ((w->flags & 1) && !w->ptl) {
			w->ptl = lockptr(w);
			spin_lock(w->ptl);
		}
	} while (none(w));
	if (!w->ptl) {
		w->ptl = lockptr(w);
		spin_lock(w->ptl);
	}
	goto this;
}

/* the same test of a pointer the lock was taken through does not save a second lock */
static int map_then_lock_again(struct walk *w)
{
	w->ptl = NULL;
	if (!map(w))
		return 0;
	if ((w->flags & 1) && w->ptl)
		spin_lock(w->ptl);
	spin_unlock(w->ptl);
	return 1;
}

static void values(struct walk *w)
{
	w->ptl = NULL;
	if (map(w))
		__smatch_value((long)w->ptl);
}
/*
 * check-output-start
validation/locking-lock-pointer-not-null.c:64 map_then_lock_again() warn: double lock 'w->ptl' (locked on line 61)
validation/locking-lock-pointer-not-null.c:73 values() info: value 'w->ptl' = s64min-(-1),1-s64max
 * check-output-end
 */
