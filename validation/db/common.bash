# Sourced by the validation/db/*.sh tests: a scratch copy of the test project,
# the database tools, and assertions that print what differs.
set -euo pipefail

repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
SMATCH=${SMATCH:-$repo/smatch}
export SMATCH PROGRESS_INTERVAL=1
unset SMATCH_DB SMATCH_FLAGS
build=$repo/smatch_scripts/build_kernel_data.sh
kchecker=$repo/smatch_scripts/kchecker
# a test may set DB_TEST_PROJECT (a directory of validation/db/) and DB_TEST_FILES first
FILES=${DB_TEST_FILES:-"lock.c wrap.c ops.c user.c"}
CFLAGS="-p=kernel -I../include"	# the kernel lock API of ../include

fail() {
	echo "FAIL: $*" >&2
	exit 1
}

smdb() {
	python3 "$repo/smatch_data/db/smdb.py" "$@"
}

# expect WHAT EXPECTED ACTUAL
expect() {
	if [ "$2" != "$3" ]; then
		echo "--- expected" >&2
		echo "$2" >&2
		echo "--- got" >&2
		echo "$3" >&2
		fail "$1"
	fi
}

# build_db [OPTIONS]: builds ./smatch_db.sqlite from the project files
build_db() {
	"$build" --files "$FILES" --cflags "$CFLAGS" "$@"
}

# every row of every table, sorted, row ids replaced by the rows they name:
# equal dumps mean databases with the same facts
dump_db() {
	python3 - "$1" <<'PY'
import sqlite3, sys
db = sqlite3.connect("file:%s?mode=ro" % sys.argv[1], uri=True)
queries = {
    "functions": "SELECT name, file, static, line FROM functions",
    "calls": "SELECT caller, file, callee, callee_static, ptr, line, cond FROM calls",
    "call_locks": "SELECT c.caller, c.file, c.line, c.callee, l.lock, l.name"
                  " FROM call_locks l JOIN calls c ON c.id = l.call_id",
    "call_args": "SELECT c.caller, c.file, c.line, c.callee, a.param, a.value, a.expr, a.passed_on"
                 " FROM call_args a JOIN calls c ON c.id = a.call_id",
    "return_states": "SELECT function, file, static, idx, ret, line FROM return_states",
    "return_items": "SELECT r.function, r.file, r.idx, i.type, i.key, i.name, i.value, i.via"
                    " FROM return_items i JOIN return_states r ON r.id = i.return_id",
}
for t in ("functions", "calls", "call_locks", "call_args", "return_states", "return_items",
          "fn_ptrs", "sets", "lock_ops", "lock_effects", "lock_requirements"):
    for row in sorted(db.execute(queries.get(t, "SELECT * FROM %s" % t)), key=repr):
        print("\t".join([t] + [str(v) for v in row]))
PY
}

# checked PASS N: the build's pass PASS has checked N files
checked() {
	[ "$(cat smatch_db.sqlite.build.*/pass"$1"/done 2>/dev/null | wc -l)" -ge "$2" ]
}

# loaded PASS WAVE: wave WAVE of the build's pass PASS is in the pass's database
loaded() {
	[ -n "$(ls smatch_db.sqlite.build.*/pass"$1"/wave"$2"/loaded 2>/dev/null)" ]
}

# stop_build SIGNAL "WHEN" [OPTIONS]: runs the build script on the project
# (slow_smatch, -j1, OPTIONS) in its own process group until WHEN ("checked
# 2 1", "loaded 1 3") holds, then sends it SIGNAL (KILL: the whole group, as
# a reboot would; any other: the script) and waits for it. Sets pid (the
# group) and stopped_status (the script's exit status); its output is in
# build.log.
stop_build() {
	local signal=$1 when=$2 tries=0
	shift 2
	setsid "$build" --files "$FILES" --cflags "$CFLAGS" --smatch "$slow_smatch" -j1 "$@" > build.log 2>&1 &
	pid=$!
	# shellcheck disable=SC2086
	until $when; do
		tries=$((tries + 1))
		[ $tries -le 600 ] || { cat build.log >&2; fail "the build stopped before: $when"; }
		sleep 0.1
	done
	if [ "$signal" = KILL ]; then kill -KILL -- "-$pid"; else kill -"$signal" "$pid"; fi
	stopped_status=0
	wait "$pid" 2>/dev/null || stopped_status=$?
}

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cp -r "$repo/validation/db/${DB_TEST_PROJECT:-project}" "$tmp/project"
cp -r "$repo/validation/include" "$tmp/include"
cd "$tmp/project"

# a smatch that takes a second per file, so that there is time to interrupt a
# build, and logs each file it checks to $tmp/checked
slow_smatch=$tmp/slow-smatch
printf '#!/bin/bash\necho "${@: -1}" >> %q\nsleep 1\nexec %q "$@"\n' "$tmp/checked" "$SMATCH" > "$slow_smatch"
chmod +x "$slow_smatch"

"$SMATCH" --info $CFLAGS ${FILES%% *} 2>/dev/null | grep -q "^SQL	end	" ||
	fail "$SMATCH --info prints no database rows: register_db() is not called from smatch.c"
