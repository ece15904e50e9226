#!/bin/bash
# Parallel builds lose and corrupt nothing: -j1, -j2 and a kbuild-style
# build with make -j2 give the same database, row for row.
. "$(dirname "$0")/common.bash"

build_db -j1 --db serial.sqlite > /dev/null 2>&1
build_db -j2 --db parallel.sqlite > /dev/null 2>&1
# kbuild mode: the project's Makefile runs $(CHECK) for each object as kbuild does
"$build" -C . -j2 --db kbuild.sqlite > kbuild.log 2>&1 || { cat kbuild.log >&2; fail "kbuild-mode build"; }
grep -q "^  passes: 5 (converged" kbuild.log || fail "kbuild mode: $(cat kbuild.log)"

serial=$(dump_db serial.sqlite)
expect "serial build has rows" 1 "$([ "$(echo "$serial" | wc -l)" -gt 100 ] && echo 1)"
expect "-j2 equals -j1" "$serial" "$(dump_db parallel.sqlite)"
expect "make -j2 equals -j1" "$serial" "$(dump_db kbuild.sqlite)"
for db in serial parallel kbuild; do
	expect "$db: integrity" "integrity_check
ok" "$(smdb --db $db.sqlite sql "PRAGMA integrity_check")"
done
echo ok
