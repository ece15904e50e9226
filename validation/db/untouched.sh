#!/bin/bash
# Lock requirements of callers that never touched the lock
# (validation/db/untouched/): such a caller is reported when it has no
# callers of its own; silent, with the rule named, when its callers are in
# the database, it is exported or called through a pointer (held there or
# not), it says the lock is held (lockdep_assert_held(), WARN_ON(!...),
# __must_hold(), ASSERT_RTNL(), rcu_dereference_protected()), the object is one it allocated and has not
# published, or fewer than 80% of the other callers hold the lock.
DB_TEST_PROJECT=untouched DB_TEST_FILES="dev.c holders.c users.c movers.c ops.c"
. "$(dirname "$0")/common.bash"

build_db > /dev/null 2>&1 || fail "the database build failed"
check() { "$SMATCH" $CFLAGS "$@" 2> /dev/null; }

expect "warnings" "users.c:6 lone_update() warn: 'dev_update()' called without '&d->lock' held (held by 4 of 5 callers)
check.c:7 never_locks() warn: 'dev_update()' called without '&d->lock' held (held by 4 of 6 callers)
check.c:76 asserts_unlocked() warn: 'dev_update()' called without '&d->lock' held (held by 4 of 6 callers)
check.c:98 new_dev_published() warn: 'dev_update()' called without '&d->lock' held (held by 4 of 6 callers)
check.c:109 new_dev_passed() warn: 'dev_update()' called without '&d->lock' held (held by 4 of 6 callers)
check.c:135 protected_either() warn: 'dev_update()' called without '&d->lock' held (held by 4 of 6 callers)" \
	"$(check users.c; check check.c)"
expect "the rules of the silent ones" "check.c:13 moved_update() not reported: 'dev_update()' called without '&d->lock' held (held by 4 of 6 callers) (rule: requirement-moves-up)
check.c:19 exported_update() not reported: 'dev_update()' called without '&d->lock' held (held by 4 of 6 callers) (rule: exported-caller)
check.c:26 ptr_update() not reported: 'dev_update()' called without '&d->lock' held (held by 4 of 6 callers) (rule: held-by-pointer-callers)
check.c:32 ptr_other() not reported: 'dev_update()' called without '&d->lock' held (held by 4 of 6 callers) (rule: pointer-called-caller)
check.c:40 callback_update() not reported: 'dev_update()' called without '&d->lock' held (held by 4 of 6 callers) (rule: pointer-called-caller)
check.c:51 asserts_lockdep() state: '&d->lock' asserted held: held on entry (rule: asserted-held)
check.c:52 asserts_lockdep() not reported: 'dev_update()' called without '&d->lock' held (held by 4 of 6 callers) (rule: asserted-held)
check.c:57 asserts_warn() state: '&d->lock' asserted held: held on entry (rule: asserted-held)
check.c:58 asserts_warn() not reported: 'dev_update()' called without '&d->lock' held (held by 4 of 6 callers) (rule: asserted-held)
check.c:63 asserts_annotation() not reported: 'dev_update()' called without '&d->lock' held (held by 4 of 6 callers) (rule: asserted-held)
check.c:68 asserts_rtnl() state: 'rtnl_lock' asserted held: held on entry (rule: asserted-held)
check.c:69 asserts_rtnl() not reported: 'net_update()' called without 'rtnl_lock' held (held by 3 of 4 callers) (rule: asserted-held)
check.c:86 new_dev() not reported: 'dev_update()' called without '&d->lock' held (held by 4 of 6 callers) (rule: own-unpublished-object)
check.c:116 tally_free() not reported: 'dev_tally()' called without '&d->lock' held (held by 3 of 5 callers) (rule: mixed-callers)
check.c:122 protected_update() state: '&d->lock' asserted held: held on entry (rule: asserted-held)
check.c:125 protected_update() not reported: 'dev_update()' called without '&d->lock' held (held by 4 of 6 callers) (rule: asserted-held)" \
	"$("$SMATCH" $CFLAGS --debug=locking check.c 2>&1 >/dev/null | grep -v "warning: symbol")"

# the figures: 4 of the 5 callers in the database hold it for dev_update(), 3 of 4 for dev_tally()
T=$(printf '\t')
expect "smdb" "dev_update()${T}struct dev.lock${T}held at 4 of 5 calls (4 of 5 callers)
dev_tally()${T}struct dev.lock${T}held at 3 of 4 calls (3 of 4 callers)" \
	"$(smdb lock_requirements dev_update; smdb lock_requirements dev_tally)"
# --lock-callers=5: four holders are not enough
expect "--lock-callers=5" "" "$(check --lock-callers=5 users.c; check --lock-callers=5 check.c)"
# without the database nothing is known of the callers
expect "without the database" "" "$(SMATCH_DB= check users.c; SMATCH_DB= check check.c)"
# the allocators are the table's: without kzalloc, new_dev() is reported; a bad line ends smatch
cp -r "$repo/smatch_data" "$tmp/data"
printf 'vmalloc\n' > "$tmp/data/alloc/kernel.allocs"
expect "kzalloc left out of the table" "check.c:86 new_dev() warn: 'dev_update()' called without '&d->lock' held (held by 4 of 6 callers)" \
	"$(check --data="$tmp/data" check.c | grep 'new_dev()')"
printf 'kzalloc\nkzalloc\nkmalloc x\n' > "$tmp/data/alloc/kernel.allocs"
expect "bad lines" "smatch: $tmp/data/alloc/kernel.allocs:2: listed twice
smatch: $tmp/data/alloc/kernel.allocs:3: expected: NAME
smatch: 2 bad lines in $tmp/data/alloc/kernel.allocs
exit 2" "$("$SMATCH" $CFLAGS --data="$tmp/data" check.c 2>&1 >/dev/null | grep -v 'warning: symbol'; echo "exit ${PIPESTATUS[0]}")"
echo ok
