#!/bin/bash
# A build killed during a pass leaves the previous database in place and
# usable; a build stopped with SIGTERM also stops its checkers and keeps its
# work directory for --resume (resume.sh continues it).
. "$(dirname "$0")/common.bash"

build_db --passes 1 > /dev/null 2>&1
cp smatch_db.sqlite before.sqlite
before=$(dump_db smatch_db.sqlite)

# a smatch that takes a second per file, so that there is time to interrupt
slow=$tmp/slow-smatch
printf '#!/bin/bash\nsleep 1\nexec %q "$@"\n' "$SMATCH" > "$slow"
chmod +x "$slow"

# start_build: a 4-pass build in its own process group; waits until pass 2 has checked a file
start_build() {
	setsid "$build" --files "$FILES" --cflags "$CFLAGS" --smatch "$slow" -j1 --passes 4 > build.log 2>&1 &
	pid=$!
	for _ in $(seq 600); do
		if [ -s "$(ls -d smatch_db.sqlite.build.*/pass2 2>/dev/null | head -n 1)/done" ]; then
			return
		fi
		sleep 0.1
	done
	cat build.log >&2
	fail "pass 2 did not start"
}

# killed outright during pass 2: the database is the one pass 1 made
start_build
kill -KILL -- "-$pid"
wait "$pid" 2>/dev/null || true
cmp -s before.sqlite smatch_db.sqlite || fail "pass 1's database was changed by the killed pass 2"
expect "killed: integrity" "integrity_check
ok" "$(smdb sql "PRAGMA integrity_check")"
expect "killed: contents" "$before" "$(dump_db smatch_db.sqlite)"
expect "killed: smatch reads it quietly" "" "$(SMATCH_DB=smatch_db.sqlite "$SMATCH" $CFLAGS user.c 2>&1)"
rm -rf smatch_db.sqlite.build.*

# SIGTERM to the script: it stops its checkers, says so and removes its work directory
start_build
kill -TERM "$pid"
rc=0
wait "$pid" || rc=$?
expect "terminated: status" 130 "$rc"
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
