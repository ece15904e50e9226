#!/bin/bash
# Facts travel one call level per pass: a lock taken two calls down is known
# after two passes, the lock held around a call after three. After the first
# two passes, a pass checks only the files that read rows the last one
# changed; the default build goes on until there are none.
. "$(dirname "$0")/common.bash"

T=$(printf '\t')
build_db --passes 1 > /dev/null 2>&1
expect "pass 1: the level 1 wrapper" "lock.c${T}dev_lock()${T}acquires struct dev.lock (&\$0->lock, mutex)${T}on every return" \
	"$(smdb locks dev_lock)"
expect "pass 1: a trylock wrapper" "lock.c${T}dev_trylock()${T}acquires struct dev.lock (&\$0->lock, mutex)${T}when it returns 0" \
	"$(smdb locks dev_trylock)"
expect "pass 1: the level 2 wrapper is not known yet" \
	"dev_lock_all neither acquires nor releases a lock, as far as the database knows" "$(smdb locks dev_lock_all)"
expect "pass 1: pass number" "1" "$(smdb sql "SELECT value FROM meta WHERE key = 'pass'" | tail -n 1)"

build_db --passes 2 > /dev/null 2>&1
expect "pass 2: the level 2 wrapper" "wrap.c${T}dev_lock_all()${T}acquires struct dev.lock (&\$0->lock, mutex)${T}on every return" \
	"$(smdb locks dev_lock_all)"
expect "pass 2: no call is known to hold the lock yet" "no lock is held at any call to dev_set" \
	"$(smdb lock_requirements dev_set)"
expect "pass 2: dev_bad's leak is not a fact yet" \
	"dev_bad neither acquires nor releases a lock, as far as the database knows" "$(smdb locks dev_bad)"

# start states move down one call level per pass too: this project settles after 5
# (the lock requirement check reads a callee's callers for a warning only:
# when they change, its file is not checked again)
out=$(build_db 2>&1)
expect "full build: passes" "  passes: 5 (converged: no file read a row the last one changed)" "$(echo "$out" | grep '^  passes:')"
expect "full build: per pass" "build_kernel_data: pass 1: 4 files (0 smatch failures, 0 rejected outputs) lock facts: 4 rows; next: all files
build_kernel_data: pass 2: 4 files (0 smatch failures, 0 rejected outputs) lock facts: 7 rows; next: 2 files
build_kernel_data: pass 3: 2 files (0 smatch failures, 0 rejected outputs) lock facts: 10 rows; next: 1 files
build_kernel_data: pass 4: 1 files (0 smatch failures, 0 rejected outputs) lock facts: 10 rows; next: 1 files
build_kernel_data: pass 5: 1 files (0 smatch failures, 0 rejected outputs) lock facts: 11 rows; next: 0 files" \
	"$(echo "$out" | grep '^build_kernel_data: pass [0-9]*: [0-9]* files (' | sed 's/ in [0-9]*m[0-9]*s;//')"
# the converged database is a fixpoint: a pass over every file changes no row
converged=$(dump_db smatch_db.sqlite)
out=$(build_db --reuse 2>&1)
expect "a full pass after convergence" "  passes: 1 (converged: no file read a row the last one changed)" \
	"$(echo "$out" | grep '^  passes:')"
expect "the same rows" "$converged" "$(dump_db smatch_db.sqlite)"
expect "pass 3: the lock is held around a call" "dev_set()${T}struct dev.lock${T}held at 1 of 3 calls (1 of 3 callers)" \
	"$(smdb lock_requirements dev_set)"
expect "pass 3: a function leaking the lock" "user.c${T}dev_bad()${T}acquires struct dev.lock (&\$0->lock, mutex)${T}when it returns (-22)" \
	"$(smdb locks dev_bad)"

# a lock taken on some of the paths with the same return value is no fact for callers
expect "a lock on some paths" "lock.c${T}dev_maybe_lock()${T}acquires struct dev.lock (&\$0->lock, mutex)${T}when it returns s64min-s64max" \
	"$(smdb locks dev_maybe_lock)"
expect "is not applied at calls" "dev_maybe neither acquires nor releases a lock, as far as the database knows" \
	"$(smdb locks dev_maybe)"
# ... but a "may or may not" one, which dev_maybe's callers learn in turn
expect "the caller may hold it" "unknown_lock${T}struct dev.lock" \
	"$(smdb sql "SELECT i.type, i.key FROM return_items i JOIN return_states r ON r.id = i.return_id
		     WHERE r.function = 'dev_maybe' AND i.type LIKE '%lock%'" | tail -n +2)"

# a cap that stops before the facts settle says so
out=$(build_db --max-passes 2 2>&1)
expect "capped build" "  passes: 2 (the cap, --max-passes 2; 2 files read rows the last pass changed: run again with --reuse to go on)" \
	"$(echo "$out" | grep '^  passes:')"
# ... and --reuse goes on from the database there is
out=$(build_db --reuse 2>&1)
expect "reused build" "  passes: 3 (converged: no file read a row the last one changed)" "$(echo "$out" | grep '^  passes:')"
expect "as the full build" "$converged" "$(dump_db smatch_db.sqlite)"

# smatch itself uses the database: the leak in dev_bad is found with it only
warn="user.c:24 dev_bad() warn: inconsistent returns '&d->lock': locked (line 24), unlocked (line 26)"
expect "with the database" "$warn" "$(SMATCH_DB=smatch_db.sqlite "$SMATCH" $CFLAGS user.c)"
expect "without the database" "" "$(SMATCH_DB= "$SMATCH" $CFLAGS user.c)"
echo ok
