#!/bin/bash
# A build killed during a pass leaves the previous database in place and
# usable; a build stopped with SIGTERM also stops its checkers and keeps its
# work directory for --resume (resume.sh continues it).
. "$(dirname "$0")/common.bash"

build_db --passes 1 > /dev/null 2>&1
cp smatch_db.sqlite before.sqlite
before=$(dump_db smatch_db.sqlite)

# killed outright during pass 2 of 4: the database is the one pass 1 made
stop_build KILL "checked 2 1" --passes 4
cmp -s before.sqlite smatch_db.sqlite || fail "pass 1's database was changed by the killed pass 2"
expect "killed: integrity" "integrity_check
ok" "$(smdb sql "PRAGMA integrity_check")"
expect "killed: contents" "$before" "$(dump_db smatch_db.sqlite)"
expect "killed: smatch reads it quietly" "" "$(SMATCH_DB=smatch_db.sqlite "$SMATCH" $CFLAGS user.c 2>&1)"
rm -rf smatch_db.sqlite.build.*

# SIGTERM to the script: it stops its checkers, says so and removes its work directory
stop_build TERM "checked 2 1" --passes 4
expect "terminated: status" 130 "$stopped_status"
grep -q "interrupted: the database was not changed by the unfinished pass; continue with the same options and --resume" build.log ||
	fail "no interruption message"
expect "terminated: work directory kept" "2 running" "$(cat smatch_db.sqlite.build.*/state)"
for _ in $(seq 100); do
	pgrep -s "$pid" > /dev/null || break
	sleep 0.1
done
expect "terminated: no checker left running" "" "$(ps -o pid=,args= -s "$pid" || true)"
cmp -s before.sqlite smatch_db.sqlite || fail "pass 1's database was changed by the stopped pass 2"
echo ok
