#!/bin/bash
# Cross-function locking with the database (validation/db/xfn/): a function
# all callers call with a lock held starts with it held; a call without a
# lock that every other caller holds is reported; double locks and unlocks
# through helpers of other files name the chain of calls.
. "$(dirname "$0")/common.bash"

cp -r "$repo/validation/db/xfn" "$tmp/xfn"
cd "$tmp/xfn"
FILES="lock.c core.c users.c bad.c dl.c queue.c waiters.c fault.c fault_user.c relock.c relock_users.c"	# extra.c is checked, not in the database
T=$(printf '\t')
build_db > /dev/null 2>&1
check() { "$SMATCH" $CFLAGS "$@" 2> /dev/null; }

expect "warnings with the database" "bad.c:9 bad_update() warn: 'dev_update_locked()' called without '&p->lock' held (held by 4 of 5 callers)
bad.c:39 bad_irq() warn: 'dev_irq_work()' called without '&dev_list_lock' held (held by 3 of 4 callers)
bad.c:47 bad_listed() warn: 'dev_listed()' called without '&dev_list_lock' held (held by 3 of 4 callers)
dl.c:7 x_double() warn: double lock '&d->lock': 'dev_grab2()' acquires it (via dev_grab2 -> dev_grab -> mutex_lock)
dl.c:15 x_unlock() warn: double unlock '&d->lock': 'dev_drop()' releases it (via dev_drop -> mutex_unlock)
extra.c:8 extra_bad() warn: 'dev_poll_locked()' called without '&q->lock' held (held by 3 of 4 callers)
extra.c:30 extra_unknown() warn: 'dev_poll_locked()' called without '&q->lock' held (held by 3 of 4 callers)" \
	"$(for f in bad.c dl.c extra.c users.c; do check $f; done)"
# the candidates not reported name their rule, and so do locks held on entry
expect "rules with --debug=locking" "bad.c:31 bad_two() not reported: 'dev_two()' called without '&d->lock' held (held by 2 of 3 callers) (rule: too-few-callers)
bad.c:39 bad_irq() not reported: 'dev_irq_work()' called without 'irq' held (held by 3 of 4 callers) (rule: nesting-kind)
bad.c:46 bad_listed() not reported: 'spin_unlock()' called without '&q->b->lock' held (held by 4 of 5 callers) (rule: callee-changes-lock)
bad.c:47 bad_listed() not reported: 'dev_matches()' called without '&dev_list_lock' held (held by 3 of 4 callers) (rule: args-only-callee)
bad.c:47 bad_listed() not reported: 'dev_matches()' called without 'irq' held (held by 3 of 4 callers) (rule: args-only-callee)
bad.c:47 bad_listed() not reported: 'dev_listed()' called without 'irq' held (held by 3 of 4 callers) (rule: nesting-kind)
extra.c:16 extra_other() not reported: 'dev_poll_locked()' called without '&q->lock' held (held by 3 of 4 callers) (rule: other-object-same-type)
extra.c:22 extra_drops() not reported: 'mutex_unlock()' called without '&p->lock' held (held by 23 of 26 callers) (rule: callee-changes-lock)
extra.c:23 extra_drops() not reported: 'dev_poll_locked()' called without '&d->lock' held (held by 3 of 4 callers) (rule: held-on-entry)
users.c:80 users_bad_inline() not reported: 'dev_inline_locked()' called without '&d->lock' held (held by 3 of 4 callers) (rule: header-helper)
core.c:9 dev_poll_locked() state: '&d->lock' held on entry: every caller holds it (3) (rule: held-by-callers)" \
	"$(for f in bad.c extra.c users.c core.c; do "$SMATCH" $CFLAGS --debug=locking $f 2>&1 >/dev/null; done |
		grep -E "called without|dev_poll_locked\(\) state" | grep -v __smatch)"
# (without it, what dev_grab_nested() takes is not known, and dev_maybe_grab()'s
# annotation says it always takes the lock)
expect "without the database" "dl.c:31 x_nested() warn: double unlock '&d->lock' (unlocked on line 30)
dl.c:45 x_maybe() warn: double lock '&d->lock' (locked on line 44)" \
	"$(for f in bad.c dl.c extra.c; do SMATCH_DB= check $f; done)"

# a lock pointer member: every store in the tree points it at a bucket's lock
expect "lock pointers with the database" "waiters.c:37 q_hold() warn: inconsistent returns 'q->lock_ptr': locked (line 37), unlocked (line 39)" \
	"$(check waiters.c)"
expect "lock pointers without it" "" "$(SMATCH_DB= check waiters.c)"
expect "the stores" "struct qentry.any_lock${T}struct bucket.lock
struct qentry.any_lock${T}struct qentry.own
struct qentry.lock_ptr${T}
struct qentry.lock_ptr${T}struct bucket.lock
struct qentry.lock_ptr${T}struct bucket.lock" \
	"$(smdb sql "SELECT target, points_to FROM sets WHERE file = 'queue.c' ORDER BY target, points_to" | tail -n +2)"

# a callee that drops the lock on some of the returns a caller cannot tell apart:
# its "unlock" (and a callee's "may or may not") is a "may or may not" at the call
expect "a callee that may have dropped it" "" "$(check fault_user.c)"

# the figures are those of smdb.py (extra.c is not in the database: one more caller)
expect "smdb: the evidence" "dev_update_locked()${T}struct dev.lock${T}held at 4 of 5 calls (4 of 5 callers)" \
	"$(smdb lock_requirements dev_update_locked)"
expect "smdb: extra.c's callee" "dev_poll_locked()${T}struct dev.lock${T}held at 3 of 3 calls (3 of 3 callers)" \
	"$(smdb lock_requirements dev_poll_locked)"

# the threshold: other callers that hold it (bad_two has two, bad_update four, extra_bad three)
expect "--lock-callers=2" "bad.c:9 bad_update() warn: 'dev_update_locked()' called without '&p->lock' held (held by 4 of 5 callers)
bad.c:31 bad_two() warn: 'dev_two()' called without '&p->lock' held (held by 2 of 3 callers)
bad.c:39 bad_irq() warn: 'dev_irq_work()' called without '&dev_list_lock' held (held by 3 of 4 callers)
bad.c:47 bad_listed() warn: 'dev_listed()' called without '&dev_list_lock' held (held by 3 of 4 callers)" \
	"$(check --lock-callers=2 bad.c)"
expect "--lock-callers=4" "bad.c:9 bad_update() warn: 'dev_update_locked()' called without '&p->lock' held (held by 4 of 5 callers)" \
	"$(check --lock-callers=4 bad.c; check --lock-callers=4 extra.c)"
expect "--lock-callers=5" "" "$(check --lock-callers 5 bad.c)"
"$SMATCH" --lock-callers=0 bad.c > /dev/null 2>&1 && fail "--lock-callers=0 is accepted"

# start states: every caller holds it / callers mixed / a static function's own file only
expect "start states" "core.c:35 dev_entered() info: states: lock 'struct dev.lock' = locked; lock_entry 'struct dev.lock' = held by the callers
core.c:43 dev_entered_mixed() info: states: (none)
core.c:49 static_locked() info: states: lock 'struct dev.lock' = locked; lock_entry 'struct dev.lock' = held by the callers" \
	"$(check core.c)"
# ... without the database, a static function's own file still tells
expect "static start states without the database" "core.c:35 dev_entered() info: states: (none)
core.c:43 dev_entered_mixed() info: states: (none)
core.c:49 static_locked() info: states: lock 'struct dev.lock' = locked; lock_entry 'struct dev.lock' = held by the callers" \
	"$(SMATCH_DB= check core.c)"
# ... and a function entered with the lock keeps the lock facts of what it does
expect "dev_entered releases and takes it again: no lock fact" \
	"dev_entered neither acquires nor releases a lock, as far as the database knows" "$(smdb locks dev_entered)"
expect "a wrapper called under another object's lock still acquires it" \
	"lock.c${T}dev_grab()${T}acquires struct dev.lock (&\$0->lock, mutex)${T}on every return" "$(smdb locks dev_grab)"
expect "its callers" "dev_entered()${T}struct dev.lock${T}held at 2 of 2 calls (2 of 2 callers)" \
	"$(smdb lock_requirements dev_entered)"
expect "the calls it makes before releasing it hold it" "callee${T}lock${T}name
__smatch_states${T}struct dev.lock${T}&d->lock
mutex_unlock${T}struct dev.lock${T}&d->lock" \
	"$(smdb sql "SELECT c.callee, l.lock, l.name FROM calls c JOIN call_locks l ON l.call_id = c.id
		     WHERE c.caller = 'dev_entered' ORDER BY c.line")"

# callers in another file: each call names the lock from the callee's parameters
expect "held by every caller, from the database" "relock.c:10 dev_relock() warn: double lock '&d->lock' (held by every caller: relock_a(), relock_b())" \
	"$(check relock.c)"
expect "... not without it" "" "$(SMATCH_DB= check relock.c)"
expect "another object's lock" "relock.c:18 dev_child_lock() not reported: double lock '&child->lock' (held by every caller: child_a(), child_b()) (rule: callers-hold-other-object)" \
	"$("$SMATCH" $CFLAGS --debug=locking relock.c 2>&1 >/dev/null | grep "not reported")"
expect "the call_locks rows" "relock_a${T}dev_relock${T}&d->lock${T}&\$0->lock
relock_b${T}dev_relock${T}&x->lock${T}&\$0->lock
child_a${T}dev_child_lock${T}&d->parent->lock${T}&\$0->parent->lock
child_b${T}dev_child_lock${T}&parent->lock${T}" \
	"$(smdb sql "SELECT c.caller, c.callee, l.name, l.param FROM calls c JOIN call_locks l ON l.call_id = c.id
		     WHERE c.file = 'relock_users.c' AND c.callee LIKE 'dev_%' ORDER BY c.line" | tail -n +2)"

# what reads only its arguments says so on every return
expect "args_only" "core.c:73${T}dev_matches()${T}[0] returns 0-1${T}args_only
core.c:81${T}dev_listed()${T}[0] returns 0-1${T}nothing" "$(smdb return_states dev_matches; smdb return_states dev_listed)"

# the chain of calls is in the database
expect "via" "lock.c:13${T}dev_grab2()${T}[0] returns s64min-s64max${T}lock struct dev.lock (&\$0->lock, mutex) via dev_grab -> mutex_lock; acquires struct dev.lock (&\$0->lock, mutex) via dev_grab -> mutex_lock; sleep mutex_lock (dev_grab -> mutex_lock)" \
	"$(smdb return_states dev_grab2)"
expect "a _nested lock stays one" "lock.c${T}dev_grab_nested()${T}acquires struct dev.lock (&\$0->lock, mutex,nested)${T}on every return" \
	"$(smdb locks dev_grab_nested)"
echo ok
