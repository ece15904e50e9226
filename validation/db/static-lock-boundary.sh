#!/bin/bash
# A static lock of another file that no function returns holding stops at
# its file's boundary (rule static-lock-boundary): a caller in another
# file can neither name nor hold it, so its acquisition is not told up the
# call graph from there.  One that a lock function of its file returns
# holding (core_lock(), as rtnl_lock() does) still travels: a double lock
# through a caller in another file warns.  Lock order follows the calls,
# not these items: an AB-BA with the stopped lock is still found.  So do a
# global that a file does not declare and a member of a struct it does not
# define (rule unseen-lock-boundary): core_private.h's private_mutex and
# struct core_obj stop at user.c, not at peer.c, which includes it.
. "$(dirname "$0")/common.bash"

mkdir "$tmp/boundary" && cd "$tmp/boundary"
cat > core.h <<'H'
#include "locks.h"
extern struct mutex shared_mutex;
void core_lock(void);
void core_unlock(void);
void core_work(void);
void debug_note(void);
struct core_obj;
void private_note(void);
void obj_note(struct core_obj *o);
H
cat > core_private.h <<'H'
extern struct mutex private_mutex;
struct core_obj { struct mutex lock; };
H
cat > core.c <<'C'
#include "core.h"
#include "core_private.h"
struct mutex private_mutex;
void private_note(void)
{
	mutex_lock(&private_mutex);
	mutex_unlock(&private_mutex);
}
void obj_note(struct core_obj *o)
{
	mutex_lock(&o->lock);
	mutex_unlock(&o->lock);
}
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
void user_private(struct core_obj *o)
{
	private_note();
	obj_note(o);
}
C
sed 's/^#include "core.h"$/#include "core.h"\n#include "core_private.h"/; s/user_private/peer_private/; /^struct mutex shared_mutex;$/d' \
	user.c | sed -n '1,2p;/peer_private/,$p' > peer.c
FILES="core.c user.c peer.c"
build_db > /dev/null 2>&1
expect "the lock held through core_lock() travels" \
	"user.c:11 user_bug() warn: double lock '&core_mutex': 'user_wrap()' acquires it (via user_wrap -> core_work -> mutex_lock)" \
	"$("$SMATCH" $CFLAGS user.c 2>/dev/null)"
expect "acquisitions: debug_mutex stops at core.c, private_mutex and core_obj's lock at user.c" "core_lock	core_mutex@core.c
core_work	core_mutex@core.c
debug_note	debug_mutex@core.c
debug_order	debug_mutex@core.c
debug_order	shared_mutex
obj_note	struct core_obj.lock
peer_private	private_mutex
peer_private	struct core_obj.lock
private_note	private_mutex
user_bug	core_mutex@core.c
user_order	core_mutex@core.c
user_order	shared_mutex
user_wrap	core_mutex@core.c" \
	"$(smdb sql "SELECT DISTINCT r.function, i.key FROM return_items i JOIN return_states r ON r.id = i.return_id
		     WHERE i.type = 'acquires' ORDER BY 1, 2" | tail -n +2 | tr '|' '\t')"
expect "the rule" "user.c:5 user_wrap() state: '&debug_mutex' is a static lock of another file that no function returns holding: not told to the callers (rule: static-lock-boundary)" \
	"$("$SMATCH" --debug=locking $CFLAGS user.c 2>&1 | grep static-lock-boundary)"
expect "the rule of the unseen locks" "user.c:23 user_private() state: '&private_mutex' is a lock this file does not see that no function returns holding: not told to the callers (rule: unseen-lock-boundary)
user.c:24 user_private() state: '&o->lock' is a lock this file does not see that no function returns holding: not told to the callers (rule: unseen-lock-boundary)" \
	"$("$SMATCH" --debug=locking $CFLAGS user.c 2>&1 | grep unseen-lock-boundary)"
python3 "$repo/smatch_scripts/lock_order.py" | grep -q "debug_mutex@core.c then shared_mutex\|shared_mutex then debug_mutex@core.c" ||
	fail "the AB-BA through the stopped lock is still found"
echo ok
