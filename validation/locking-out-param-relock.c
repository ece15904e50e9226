/*
 * check-name: a callee nothing describes, or one whose summary says it may
 * clear the flag (pin_pages() -> fault_in(): "*locked = 0"), given the
 * lock's object and the address of an integer local, may release the held
 * lock and say so there ("pin_user_pages_remote(mm, ..., &locked)" in
 * mm/process_vm_access.c): where the caller's test of the flag skips the
 * unlock, taking the lock again is no double lock; a same-file callee whose
 * summary keeps the lock and never clears the flag (helper() sets it to 1),
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

/* a helper of the file that may clear the flag (directly, or through another): it may have dropped it */
static long fault_in(struct mm *mm, long addr, int *locked)
{
	if (addr > mm->nr)
		*locked = 0;
	return addr + 1;
}
static long pin_pages(struct mm *mm, long addr, int *locked) { return fault_in(mm, addr, locked); }

static void helper_clears(struct mm *mm, long addr)
{
	while (more()) {
		int locked = 1;

		down_read(&mm->mmap_lock);
		addr = pin_pages(mm, addr, &locked);
		if (locked)
			up_read(&mm->mmap_lock);
	}
}

/* the same helper given another object: the held lock is not its to drop */
static void clears_other_object(struct mm *mm, struct mm *other, long addr)
{
	int locked = 1;

	down_read(&mm->mmap_lock);
	addr = pin_pages(other, addr, &locked);
	down_read(&mm->mmap_lock);
}

/*
 * check-output-start
validation/locking-out-param-relock.c:26 copy_pages() state: '&mm->mmap_lock' released under a flag in memory (rule: flag-protocol)
validation/locking-out-param-relock.c:23 copy_pages() not reported: double lock '&mm->mmap_lock' (locked on line 23) (rule: released-via-out-param)
validation/locking-out-param-relock.c:28 copy_pages() not reported: inconsistent returns '&mm->mmap_lock': locked (line 28), unlocked (line 28) (rule: flag-protocol)
validation/locking-out-param-relock.c:51 no_call_between() state: '&mm->mmap_lock' released under a flag in memory (rule: flag-protocol)
validation/locking-out-param-relock.c:52 no_call_between() not reported: double lock '&mm->mmap_lock' (locked on line 48) (rule: released-via-out-param)
validation/locking-out-param-relock.c:53 no_call_between() not reported: double lock '&mm->mmap_lock' (locked on line 52) (rule: released-via-out-param)
validation/locking-out-param-relock.c:82 helper_clears() state: '&mm->mmap_lock' released under a flag in memory (rule: flag-protocol)
validation/locking-out-param-relock.c:79 helper_clears() not reported: double lock '&mm->mmap_lock' (locked on line 79) (rule: released-via-out-param)
validation/locking-out-param-relock.c:84 helper_clears() not reported: inconsistent returns '&mm->mmap_lock': locked (line 84), unlocked (line 84) (rule: flag-protocol)
validation/locking-out-param-relock.c:72 pin_pages() state: '&mm->mmap_lock' held on entry: every caller holds it (2) (rule: held-by-callers)
validation/locking-out-param-relock.c:66 fault_in() state: '&mm->mmap_lock' held on entry: every caller holds it (1) (rule: held-by-callers)
validation/locking-out-param-relock.c:31 helper() state: '&d->lock' held on entry: every caller holds it (1) (rule: held-by-callers)
validation/locking-out-param-relock.c:40 helper_keeps() warn: double lock '&d->lock' (locked on line 38)
validation/locking-out-param-relock.c:53 no_call_between() warn: double lock '&mm->mmap_lock' (locked on line 52)
validation/locking-out-param-relock.c:62 other_object() warn: double lock '&mm->mmap_lock' (locked on line 60)
validation/locking-out-param-relock.c:93 clears_other_object() warn: double lock '&mm->mmap_lock' (locked on line 91)
 * check-output-end
 */
