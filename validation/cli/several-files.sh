#!/bin/bash
# Several files on one command line are each checked as if alone: a header
# with '#pragma once' that the first file includes is still read for the
# second (Sparse skipped it, and the second file did not parse); the
# warnings come in the order of the arguments, in every format, and the
# exit status is the worst of the files' (a crash on one stops no other).
. "$(dirname "$0")/common.bash"
cat > "$tmp/conn.h" <<'C'
#pragma once
#include <pthread.h>
typedef int conn_id;
struct conn { pthread_mutex_t lock; conn_id id; };
C
lock_bug() {	# lock_bug NAME: a file with one missing unlock in NAME()
	cat <<C
#include "conn.h"
int $1(struct conn *c)
{
	pthread_mutex_lock(&c->lock);
	if (c->id < 0)
		return -1;
	pthread_mutex_unlock(&c->lock);
	return 0;
}
C
}
lock_bug connect_one > "$tmp/connect.c"
lock_bug disconnect_one > "$tmp/disconnect.c"
printf '#include "conn.h"\nint broken(struct conn *c) { return c->id +; }\n' > "$tmp/broken.c"
cd "$tmp" || exit 1

alone=$("$root/smatch" -p=userspace disconnect.c 2>>"$tmp/alone.err"; "$root/smatch" -p=userspace connect.c 2>>"$tmp/alone.err")
both=$("$root/smatch" -p=userspace disconnect.c connect.c 2>"$tmp/both.err")
status=$?
[ $status = 0 ] || { echo "FAIL: two good files: exit $status"; cat "$tmp/both.err"; fail=1; }
[ "$both" = "$alone" ] && cmp -s "$tmp/both.err" "$tmp/alone.err" ||
	{ echo "FAIL: two files differ from each alone:"; echo "$both"; cat "$tmp/both.err"; fail=1; }
grep -q "^disconnect.c:6 disconnect_one() warn: inconsistent returns" <<<"$both" &&
	grep -q "^connect.c:6 connect_one() warn: inconsistent returns" <<<"$both" ||
	{ echo "FAIL: a warning is missing: $both"; fail=1; }

# the worst status: 1 for a file with errors, 2 for one that cannot be read
"$root/smatch" -p=userspace connect.c broken.c >/dev/null 2>&1
status=$?
[ $status = 1 ] || { echo "FAIL: a file with errors: exit $status, want 1"; fail=1; }
out=$("$root/smatch" -p=userspace missing.c broken.c connect.c 2>"$tmp/err")
status=$?
[ $status = 2 ] || { echo "FAIL: a missing file: exit $status, want 2"; fail=1; }
grep -q "^connect.c:6 connect_one() warn: " <<<"$out" || { echo "FAIL: the good file is not checked: $out"; fail=1; }
grep -q "missing.c: No such file" "$tmp/err" || { echo "FAIL: no message for missing.c"; cat "$tmp/err"; fail=1; }
# a file Sparse crashes on: exit 4, and the file after it is still checked
out=$("$root/smatch" -p=userspace "$root/fuzz/crashes/sparse-file-scope-goto.c" connect.c 2>"$tmp/err")
status=$?
[ $status = 4 ] || { echo "FAIL: a crashing file: exit $status, want 4"; fail=1; }
grep -q "^connect.c:6 connect_one() warn: " <<<"$out" || { echo "FAIL: the file after a crash: $out"; fail=1; }
grep -q "sparse-file-scope-goto.c: internal error in the parser" "$tmp/err" || { echo "FAIL: crash message"; cat "$tmp/err"; fail=1; }

# one JSON line per warning, and one SARIF log with both results
[ "$("$root/smatch" -p=userspace --format=json connect.c disconnect.c 2>/dev/null | grep -c '^{"file":')" = 2 ] ||
	{ echo "FAIL: JSON of two files"; fail=1; }
n=$("$root/smatch" -p=userspace connect.c disconnect.c --format=sarif 2>/dev/null |
	python3 -c 'import json, sys; print(len(json.load(sys.stdin)["runs"][0]["results"]))')
[ "$n" = 2 ] || { echo "FAIL: SARIF of two files has $n results"; fail=1; }
exit $fail
