#!/bin/bash
# --compile-commands FILE: each entry is checked in its directory with its own
# flags, as smatch --compile-commands checks it; the database equals the one
# --files builds with the same flags, and --update works from it too.
. "$(dirname "$0")/common.bash"

T=$(printf '\t')
# one file whose lock exists only with its entry's -D, in a subdirectory with its own -I
mkdir sub
cat > sub/flag.c <<'C'
#include "project.h"

void flag_lock(struct dev *d)
{
#ifdef WITH_LOCK
	mutex_lock(&d->lock);
#endif
}
C
cp sub/flag.c sub/noflag.c
sed -i 's/flag_lock/noflag_lock/' sub/noflag.c
entries() {	# the project's files, then sub/'s
	local sep='' f
	for f in $FILES; do
		printf '%s{"directory": "%s", "file": "%s", "command": "cc %s -MD -c -o %s %s"}\n' \
			"$sep" "$PWD" "$f" "$CFLAGS" "${f%.c}.o" "$f"
		sep=,
	done
	printf ',{"directory": "%s/sub", "file": "flag.c", "arguments": ["cc", "-I../../include", "-I..", "-DWITH_LOCK", "-c", "flag.c"]}\n' "$PWD"
	printf ',{"directory": "%s/sub", "file": "noflag.c", "arguments": ["cc", "-I../../include", "-I..", "-c", "noflag.c"]}\n' "$PWD"
}
{ echo '['; entries; echo ']'; } > compile_commands.json

out=$("$build" --compile-commands compile_commands.json 2>&1)
expect "passes" "  passes: 5 (converged: no file read a row the last one changed)" "$(echo "$out" | grep '^  passes:')"
expect "the entry's -D" "flag.c${T}flag_lock()${T}acquires struct dev.lock (&\$0->lock, mutex)${T}on every return" \
	"$(smdb locks flag_lock)"
expect "without it" "noflag_lock neither acquires nor releases a lock, as far as the database knows" \
	"$(smdb locks noflag_lock)"
ls ./*.d sub/*.d 2>/dev/null && fail "dependency files written"

# the project's files give the database --files gives
mv smatch_db.sqlite cc.sqlite
build_db > /dev/null 2>&1
expect "as --files builds it" "$(dump_db smatch_db.sqlite)" \
	"$(dump_db cc.sqlite | grep -v 'flag')"

# --update takes the names of the entries
mv cc.sqlite smatch_db.sqlite
sed -i 's/^\tdev_unlock(d);$/\t\/* no unlock *\//' wrap.c
out=$("$build" --compile-commands compile_commands.json --update wrap.c 2>&1)
expect "update: files re-analysed" "build_kernel_data: update: re-analysing 3 file(s): lock.c user.c wrap.c" \
	"$(echo "$out" | grep 'update: re-analysing')"
expect "update: the changed function" "dev_unlock_all neither acquires nor releases a lock, as far as the database knows" \
	"$(smdb locks dev_unlock_all)"

# bad input: a clear message and exit status 2
echo '[{"file": "lock.c"}]' > bad.json
set +e
err=$("$build" --compile-commands bad.json 2>&1)
status=$?
set -e
expect "entry without a directory" "2: build_kernel_data: $PWD/bad.json: entry 1 needs \"directory\" and \"file\"" "$status: $err"
echo '[{' > bad.json
set +e
err=$("$build" --compile-commands bad.json 2>&1)
status=$?
set -e
case "$status: $err" in
"2: build_kernel_data: $PWD/bad.json: "*) ;;
*) fail "invalid JSON: $status: $err" ;;
esac
echo ok
