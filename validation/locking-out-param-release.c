/*
 * check-name: a callee that may release the lock and says so through an
 * out-parameter ("hpage_collapse_scan_pmd(mm, ..., &mmap_locked)" in
 * khugepaged_scan_mm_slot()): the caller's test of the flag decides whether
 * the loop goes on to unlock again, which the engine cannot tie to the
 * release (the flag's value is lost where the loop's paths join): no
 * double unlock; the "return -EBUSY" that leaks the lock when the callee
 * kept it still warns, and so does a callee that releases it with no such
 * flag, followed by an unlock
 * check-command: smatch -p=kernel --debug=locking -Ivalidation/include $file 2>&1
 */
#include "locks.h"

struct mm { struct rw_semaphore mmap_lock; int nr; };
int collapse(struct mm *mm, int addr);
int is_file(int addr);
int scan_file(struct mm *mm, int addr);
void add_thp(struct mm *mm, int addr);

static int scan_one(struct mm *mm, int addr, int *locked)
{
	if (!collapse(mm, addr))
		return 1;
	up_read(&mm->mmap_lock);
	*locked = 0;
	return 25;
}

static int scan_all(struct mm *mm, int end, int *result, int limit)
{
	int addr, progress = 0;

	down_read(&mm->mmap_lock);
	for (addr = 0; addr < end; addr++) {
		int locked = 1;

		if (is_file(addr)) {
			up_read(&mm->mmap_lock);
			*result = scan_file(mm, addr);
			locked = 0;
		} else {
			*result = scan_one(mm, addr, &locked);
		}
		switch (*result) {
		case 10:
			add_thp(mm, addr);
			break;
		default:
			break;
		}
		progress++;
		if (!locked)
			goto out_unlocked;
		if (progress > limit)
			return -EBUSY;
	}
	up_read(&mm->mmap_lock);
out_unlocked:
	return progress;
}

static void drop(struct mm *mm)
{
	mm->nr = 0;
	up_read(&mm->mmap_lock);
}

static void drop_twice(struct mm *mm)
{
	down_read(&mm->mmap_lock);
	drop(mm);
	up_read(&mm->mmap_lock);
}

/*
 * check-output-start
validation/locking-out-param-release.c:24 scan_one() state: '&mm->mmap_lock' released without being taken: the caller held it (rule: held-on-entry)
validation/locking-out-param-release.c:42 scan_all() state: '&mm->mmap_lock' released by 'scan_one()', which may say so through an argument (rule: released-via-out-param)
validation/locking-out-param-release.c:38 scan_all() not reported: double unlock '&mm->mmap_lock' (unlocked on line 42) (rule: released-via-out-param)
validation/locking-out-param-release.c:42 scan_all() not reported: double unlock '&mm->mmap_lock': 'scan_one()' releases it (via scan_one -> up_read) (rule: callee-some-returns)
validation/locking-out-param-release.c:57 scan_all() not reported: double unlock '&mm->mmap_lock' (unlocked on line 42) (rule: released-via-out-param)
validation/locking-out-param-release.c:65 drop() state: '&mm->mmap_lock' released without being taken: the caller held it (rule: held-on-entry)
validation/locking-out-param-release.c:62 drop() state: '&mm->mmap_lock' held on entry: every caller holds it (1) (rule: held-by-callers)
validation/locking-out-param-release.c:55 scan_all() warn: inconsistent returns '&mm->mmap_lock': locked (lines 55,59), unlocked (lines 55,59)
validation/locking-out-param-release.c:72 drop_twice() warn: double unlock '&mm->mmap_lock' (unlocked on line 71)
 * check-output-end
 */
