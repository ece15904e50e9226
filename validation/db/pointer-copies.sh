#!/bin/bash
# A pointer member stored from another pointer member points to no lock the
# database can name: "e->data = a->cache" and "a->cache = e->data" keep
# their rows from pass to pass (following the other's store made them swap
# pointees at every pass, and the build never settled), while a member
# stored the address of one lock still names it where it is used.
DB_TEST_PROJECT=pointer-copies DB_TEST_FILES="add.c check.c"
. "$(dirname "$0")/common.bash"

T=$(printf '\t')
out=$(build_db 2>&1)
expect "converged" "  passes: 2 (converged: no file read a row the last one changed)" "$(echo "$out" | grep '^  passes:')"
expect "the copies point to each other's member" "struct attr.cache${T}*struct entry.data
struct entry.data${T}*struct attr.cache
struct entry.lock_ptr${T}table_lock" \
	"$(smdb sql "SELECT target, points_to FROM sets ORDER BY 1" | tail -n +2)"
# the same lock as '&table_lock' (a double lock that a rule keeps silent:
# the pointer may be another object's)
expect "the lock's pointer names the lock" \
	"check.c:11 entry_lock_twice() not reported: double lock '&table_lock' (locked on line 10) (rule: other-object-same-type)" \
	"$(SMATCH_DB=smatch_db.sqlite "$SMATCH" --debug=locking $CFLAGS check.c 2>&1 | grep entry_lock_twice)"
echo ok
