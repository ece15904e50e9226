#!/bin/bash
# A pass that reads a database checks its files callees first, in waves
# (--wave N files each), loading each wave before the next one: a file
# reads what the files before it in the same pass learnt, so facts climb
# more than one call level per pass. The fixpoint is the same.
. "$(dirname "$0")/common.bash"

# counts: the files each pass checked, "4 4 3 ..."
counts() { grep '^build_kernel_data: pass [0-9]*: [0-9]* files (' | awk '{printf "%s%s", sep, $4; sep=" "}'; }

# one wave: every file reads the rows of the previous pass only
out=$(build_db --wave 0 2>&1)
expect "one wave: files per pass" "4 4 2 1 1" "$(echo "$out" | counts)"
one_wave=$(dump_db smatch_db.sqlite)

# waves of one file, callees first: lock.c's wrappers reach wrap.c's in pass 2
out=$(build_db --wave 1 2>&1)
expect "waves: files per pass" "4 4 2 1" "$(echo "$out" | counts)"
expect "waves: converged" "  passes: 4 (converged: no file read a row the last one changed)" \
	"$(echo "$out" | grep '^  passes:')"
expect "waves: the same facts" "$one_wave" "$(dump_db smatch_db.sqlite)"
expect "the order: callees first" "lock.c
ops.c
wrap.c
user.c" "$(printf '%s\n' user.c ops.c wrap.c lock.c | python3 "$repo/smatch_data/db/file_order.py" smatch_db.sqlite)"

# a pass reading the database (--reuse) killed once three waves of one file
# are loaded into its copy (the third, wrap.c's, changes rows): the database
# is the one before
build_db --passes 1 > /dev/null 2>&1
before=$(dump_db smatch_db.sqlite)
stop_build KILL "loaded 1 3" --reuse --wave 1
expect "killed between waves: the last pass's database" "$before" "$(dump_db smatch_db.sqlite)"

# stopped in pass 2 once three waves of one file are loaded (wrap.c's changes
# rows), then resumed: the waves loaded are loaded again, and the database is
# the uninterrupted build's
rm -rf smatch_db.sqlite smatch_db.sqlite.build.*
build_db --wave 1 --passes 3 > /dev/null 2>&1
whole=$(dump_db smatch_db.sqlite)
rm -f smatch_db.sqlite
stop_build TERM "loaded 2 3" --wave 1 --passes 3
out=$(build_db --smatch "$slow_smatch" -j1 --wave 1 --passes 3 --resume 2>&1) || fail "resume failed: $out"
expect "resumed with waves: same database" "$whole" "$(dump_db smatch_db.sqlite)"
echo ok
