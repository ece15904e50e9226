#!/bin/bash
# --update re-analyses the changed files and those of their direct callers
# and callees only, replacing their rows; a deleted file loses its rows.
. "$(dirname "$0")/common.bash"

T=$(printf '\t')
build_db > /dev/null 2>&1
update() { "$build" --files "$FILES" --cflags "$CFLAGS" --update "$@" 2>&1; }

# dev_unlock_all forgets to unlock
sed -i 's/^\tdev_unlock(d);$/\t\/* no unlock *\//' wrap.c
out=$(update wrap.c)
expect "update: files re-analysed" "build_kernel_data: update: re-analysing 3 file(s): lock.c user.c wrap.c" \
	"$(echo "$out" | grep 'update: re-analysing')"
expect "update: passes" "  passes: 2 (converged: no file read a row the last one changed)" "$(echo "$out" | grep '^  passes:')"
expect "update: the changed function" "dev_unlock_all neither acquires nor releases a lock, as far as the database knows" \
	"$(smdb locks dev_unlock_all)"
expect "update: its callers" "user.c${T}dev_bad()${T}acquires struct dev.lock (&\$0->lock, mutex)${T}on every return
user.c${T}dev_update()${T}acquires struct dev.lock (&\$0->lock, mutex)${T}on every return" \
	"$(smdb locks dev_bad; smdb locks dev_update)"
expect "update: ops.c was not re-analysed" "path${T}pass
lock.c${T}2
ops.c${T}2
user.c${T}2
wrap.c${T}1" "$(smdb sql "SELECT path, pass FROM files ORDER BY path")"

# the same as a full build of the changed project
full=$tmp/full
mkdir "$full"
cp ./*.c ./*.h "$full/"
(cd "$full" && build_db > /dev/null 2>&1)
expect "update: every row as a full build's" "$(dump_db "$full/smatch_db.sqlite")" \
	"$(dump_db smatch_db.sqlite)"

# ops.c is deleted: its rows go, its callers are re-analysed
rm ops.c
FILES="lock.c wrap.c user.c"
out=$(update ops.c)
expect "delete: files re-analysed" "build_kernel_data: update: re-analysing 1 file(s): user.c" \
	"$(echo "$out" | grep 'update: re-analysing')"
expect "delete: no rows left" "0" "$(smdb sql "SELECT (SELECT count(*) FROM functions WHERE file = 'ops.c') +
	(SELECT count(*) FROM calls WHERE file = 'ops.c') + (SELECT count(*) FROM fn_ptrs WHERE file = 'ops.c') +
	(SELECT count(*) FROM sets WHERE file = 'ops.c') + (SELECT count(*) FROM files WHERE path = 'ops.c')" | tail -n 1)"
expect "delete: dev_set is only called now" "no return states of dev_set in the database (it is called, not defined, in the analysed files)" \
	"$(smdb return_states dev_set)"
echo ok
