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
    "calls": "SELECT caller, file, callee, callee_static, ptr, line FROM calls",
    "call_locks": "SELECT c.caller, c.file, c.line, c.callee, l.lock, l.name"
                  " FROM call_locks l JOIN calls c ON c.id = l.call_id",
    "call_args": "SELECT c.caller, c.file, c.line, c.callee, a.param, a.value, a.expr"
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

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cp -r "$repo/validation/db/${DB_TEST_PROJECT:-project}" "$tmp/project"
cp -r "$repo/validation/include" "$tmp/include"
cd "$tmp/project"

"$SMATCH" --info $CFLAGS ${FILES%% *} 2>/dev/null | grep -q "^SQL	end	" ||
	fail "$SMATCH --info prints no database rows: register_db() is not called from smatch.c"
