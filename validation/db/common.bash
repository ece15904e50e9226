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

# every row of every table, sorted: equal dumps mean equal databases
dump_db() {
	python3 - "$1" <<'PY'
import sqlite3, sys
db = sqlite3.connect("file:%s?mode=ro" % sys.argv[1], uri=True)
for t in ("functions", "calls", "call_locks", "call_args", "return_states", "return_items",
          "fn_ptrs", "sets", "lock_ops", "lock_effects", "lock_requirements"):
    for row in sorted(db.execute("SELECT * FROM %s" % t)):
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
