/*
 * check-name: a callee that may release the lock and says so through an
 * out-parameter ("hpage_collapse_scan_pmd(mm, ..., &mmap_locked)"): the
 * caller's test of the flag decides whether the loop goes on to unlock
 * again, which the engine cannot tie to the release: no double unlock; a
 * callee that releases it with no such flag, followed by an unlock, warns
 */
#include "locks.h"

struct mm { struct rw_semaphore mmap_lock; int nr; };
int collapse(struct mm *mm, int addr);

static int scan_one(struct mm *mm, int addr, int *locked)
{
	if (!collapse(mm, addr))
		return 1;
	up_read(&mm->mmap_lock);
	*locked = 0;
	return 0;
}

static void scan_all(struct mm *mm, int end)
{
	int addr;

	down_read(&mm->mmap_lock);
	for (addr = 0; addr < end; addr++) {
		int locked = 1;

		if (addr & 1) {
			up_read(&mm->mmap_lock);
			locked = 0;
		} else {
			scan_one(mm, addr, &locked);
		}
		if (!locked)
			return;
	}
	up_read(&mm->mmap_lock);
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
validation/locking-out-param-release.c:52 drop_twice() warn: double unlock '&mm->mmap_lock' (unlocked on line 51)
 * check-output-end
 */
