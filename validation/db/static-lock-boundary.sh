#!/bin/bash
# A static lock of another file that no function returns holding stops at
# its file's boundary (rule static-lock-boundary): a caller in another
# file can neither name nor hold it, so its acquisition is not told up the
# call graph from there.  One that a lock function of its file returns
# holding (core_lock(), as rtnl_lock() does) still travels: a double lock
# through a caller in another file warns.  Lock order follows the calls,
# not these items: an AB-BA with the stopped lock is still found.
. "$(dirname "$0")/common.bash"

mkdir "$tmp/boundary" && cd "$tmp/boundary"
cat > core.h <<'H'
#include "locks.h"
extern struct mutex shared_mutex;
void core_lock(void);
void core_unlock(void);
void core_work(void);
void debug_note(void);
H
cat > core.c <<'C'
#include "core.h"
static struct mutex core_mutex;		/* held by callers of core_lock() */
static struct mutex debug_mutex;	/* taken and released here only */
void core_lock(void)
{
	mutex_lock(&core_mutex);
}
void core_unlock(void)
{
	mutex_unlock(&core_mutex);
}
void core_work(void)
{
	mutex_lock(&core_mutex);
	mutex_unlock(&core_mutex);
}
void debug_note(void)
{
	mutex_lock(&debug_mutex);
	mutex_unlock(&debug_mutex);
}
/* debug_mutex, then shared_mutex */
void debug_order(void)
{
	mutex_lock(&debug_mutex);
	mutex_lock(&shared_mutex);
	mutex_unlock(&shared_mutex);
	mutex_unlock(&debug_mutex);
}
C
cat > user.c <<'C'
#include "core.h"
struct mutex shared_mutex;
void user_wrap(void)
{
	debug_note();
	core_work();
}
void user_bug(void)
{
	core_lock();
	user_wrap();
	core_unlock();
}
/* shared_mutex, then debug_mutex through two calls */
void user_order(void)
{
	mutex_lock(&shared_mutex);
	user_wrap();
	mutex_unlock(&shared_mutex);
}
C
FILES="core.c user.c"
build_db > /dev/null 2>&1
expect "the lock held through core_lock() travels" \
	"user.c:11 user_bug() warn: double lock '&core_mutex': 'user_wrap()' acquires it (via user_wrap -> core_work -> mutex_lock)" \
	"$("$SMATCH" $CFLAGS user.c 2>/dev/null)"
expect "acquisitions: debug_mutex stops at core.c" "core_lock	core_mutex@core.c
core_work	core_mutex@core.c
debug_note	debug_mutex@core.c
debug_order	debug_mutex@core.c
debug_order	shared_mutex
user_bug	core_mutex@core.c
user_order	core_mutex@core.c
user_order	shared_mutex
user_wrap	core_mutex@core.c" \
	"$(smdb sql "SELECT DISTINCT r.function, i.key FROM return_items i JOIN return_states r ON r.id = i.return_id
		     WHERE i.type = 'acquires' ORDER BY 1, 2" | tail -n +2 | tr '|' '\t')"
expect "the rule" "user.c:5 user_wrap() state: '&debug_mutex' is a static lock of another file that no function returns holding: not told to the callers (rule: static-lock-boundary)" \
	"$("$SMATCH" --debug=locking $CFLAGS user.c 2>&1 | grep static-lock-boundary)"
python3 "$repo/smatch_scripts/lock_order.py" | grep -q "debug_mutex@core.c then shared_mutex\|shared_mutex then debug_mutex@core.c" ||
	fail "the AB-BA through the stopped lock is still found"
echo ok
