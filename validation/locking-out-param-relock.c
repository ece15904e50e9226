/*
 * check-name: a callee nothing describes, given the lock's object and the
 * address of an integer local, may release the held lock and say so there
 * ("pin_user_pages_remote(mm, ..., &locked)" in mm/process_vm_access.c):
 * where the caller's test of the flag skips the unlock, taking the lock
 * again is no double lock; a same-file callee whose summary keeps the lock,
 * a callee given another object, and a retake with no such call between
 * still warn
 * check-command: smatch -p=kernel --debug=locking -Ivalidation/include $file 2>&1
 */
#include "locks.h"
struct mm { struct rw_semaphore mmap_lock; int nr; };
long pin_remote(struct mm *mm, long addr, int *locked);
int more(void);

static void copy_pages(struct mm *mm, long addr)
{
	while (more()) {
		int locked = 1;

		down_read(&mm->mmap_lock);
		addr = pin_remote(mm, addr, &locked);
		if (locked)
			up_read(&mm->mmap_lock);
	}
}

struct dev { struct mutex lock; int n; };
static int helper(struct dev *d, int *flag) { d->n++; *flag = 1; return 0; }
long other_remote(struct mm *other, long addr, int *locked);

static void helper_keeps(struct dev *d)
{
	int flag = 0;

	mutex_lock(&d->lock);
	helper(d, &flag);
	mutex_lock(&d->lock);
	mutex_unlock(&d->lock);
}

static void no_call_between(struct mm *mm, long addr)
{
	int locked = 1;

	down_read(&mm->mmap_lock);
	addr = pin_remote(mm, addr, &locked);
	if (locked)
		up_read(&mm->mmap_lock);
	down_read(&mm->mmap_lock);
	down_read(&mm->mmap_lock);
}

static void other_object(struct mm *mm, struct mm *other, long addr)
{
	int locked = 1;

	down_read(&mm->mmap_lock);
	addr = other_remote(other, addr, &locked);
	down_read(&mm->mmap_lock);
}

/*
 * check-output-start
validation/locking-out-param-relock.c:24 copy_pages() state: '&mm->mmap_lock' released under a flag in memory (rule: flag-protocol)
validation/locking-out-param-relock.c:21 copy_pages() not reported: double lock '&mm->mmap_lock' (locked on line 21) (rule: released-via-out-param)
validation/locking-out-param-relock.c:26 copy_pages() not reported: inconsistent returns '&mm->mmap_lock': locked (line 26), unlocked (line 26) (rule: flag-protocol)
validation/locking-out-param-relock.c:49 no_call_between() state: '&mm->mmap_lock' released under a flag in memory (rule: flag-protocol)
validation/locking-out-param-relock.c:50 no_call_between() not reported: double lock '&mm->mmap_lock' (locked on line 46) (rule: released-via-out-param)
validation/locking-out-param-relock.c:51 no_call_between() not reported: double lock '&mm->mmap_lock' (locked on line 50) (rule: released-via-out-param)
validation/locking-out-param-relock.c:29 helper() state: '&d->lock' held on entry: every caller holds it (1) (rule: held-by-callers)
validation/locking-out-param-relock.c:38 helper_keeps() warn: double lock '&d->lock' (locked on line 36)
validation/locking-out-param-relock.c:51 no_call_between() warn: double lock '&mm->mmap_lock' (locked on line 50)
validation/locking-out-param-relock.c:60 other_object() warn: double lock '&mm->mmap_lock' (locked on line 58)
 * check-output-end
 */
