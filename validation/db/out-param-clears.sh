#!/bin/bash
# A function of another file that may clear an integer out-parameter
# ("*locked = 0", here through a static helper) says so in the database
# (a "clears_param" item): a caller that holds the lock of the object it
# passes, gives it a flag's address and unlocks only "if (locked)" may take
# the lock again (rule released-via-out-param).  A callee that never clears
# its flag, or one given another object, still makes the retake a double
# lock.
. "$(dirname "$0")/common.bash"

mkdir "$tmp/out-param" && cd "$tmp/out-param"
cat > gup.h <<'H'
#include "locks.h"
struct mm { struct rw_semaphore mmap_lock; int nr; };
long pin_remote(struct mm *mm, long addr, int *locked);
long peek_remote(struct mm *mm, long addr, int *locked);
int more(void);
H
cat > gup.c <<'C'
#include "gup.h"
static long fault_in(struct mm *mm, long addr, int *locked)
{
	if (addr > mm->nr)
		*locked = 0;
	return addr + 1;
}
long pin_remote(struct mm *mm, long addr, int *locked)
{
	return fault_in(mm, addr, locked);
}
long peek_remote(struct mm *mm, long addr, int *locked)
{
	*locked = 1;
	return addr + mm->nr;
}
C
cat > user.c <<'C'
#include "gup.h"
void copy(struct mm *mm, long addr)
{
	while (more()) {
		int locked = 1;

		down_read(&mm->mmap_lock);
		addr = pin_remote(mm, addr, &locked);
		if (locked)
			up_read(&mm->mmap_lock);
	}
}
void never_cleared(struct mm *mm, long addr)
{
	int locked = 1;

	down_read(&mm->mmap_lock);
	addr = peek_remote(mm, addr, &locked);
	down_read(&mm->mmap_lock);
}
void other_object(struct mm *mm, struct mm *other, long addr)
{
	int locked = 1;

	down_read(&mm->mmap_lock);
	addr = pin_remote(other, addr, &locked);
	down_read(&mm->mmap_lock);
}
C
FILES="gup.c user.c"
build_db > /dev/null 2>&1
expect "pin_remote() may clear its flag, peek_remote() not" "pin_remote	\$2" \
	"$(smdb sql "SELECT DISTINCT r.function, i.key FROM return_items i JOIN return_states r ON r.id = i.return_id
		WHERE r.function IN ('pin_remote', 'peek_remote') AND i.type = 'clears_param'" | tail -n +2)"
expect "with the database" "user.c:19 never_cleared() warn: double lock '&mm->mmap_lock' (locked on line 17)
user.c:27 other_object() warn: double lock '&mm->mmap_lock' (locked on line 25)" \
	"$("$SMATCH" $CFLAGS user.c 2>/dev/null)"
expect "copy()'s retake, by its rule" "user.c:7 copy() not reported: double lock '&mm->mmap_lock' (locked on line 7) (rule: released-via-out-param)" \
	"$("$SMATCH" $CFLAGS --debug=locking user.c 2>&1 | grep 'copy() not reported: double lock')"
echo ok
