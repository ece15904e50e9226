#!/bin/bash
# --compile-commands: each entry is checked in its directory with its own
# flags ("command" or "arguments"), in parallel, printed in the order of
# the file; listed files restrict it; failures give a non-zero status.
. "$(dirname "$0")/common.bash"
mkdir -p "$tmp/a" "$tmp/b/inc"
cp validation/include/locks.h "$tmp/b/inc/"
lock_bug() {	# lock_bug NAME HEADER: a file with one missing unlock in NAME()
	cat <<C
#include "$2"
struct dev { struct mutex lock; int n; };
int $1(struct dev *d)
{
	mutex_lock(&d->lock);
	if (d->n < 0)
		return -EINVAL;
	mutex_unlock(&d->lock);
	return 0;
}
C
}
lock_bug first "$root/validation/include/locks.h" > "$tmp/a/first.c"
lock_bug second "locks.h" > "$tmp/b/second.c"
# "third" only sees the bug when MAKE_BUG is defined by its flags
{ echo '#ifdef MAKE_BUG'; lock_bug third locks.h; echo '#endif'; } > "$tmp/b/third.c"
cat > "$tmp/compile_commands.json" <<J
[
  { "directory": "$tmp/a", "file": "first.c",
    "command": "gcc -O2 -Wp,-MMD,.first.o.d -c -o first.o first.c" },
  { "directory": "$tmp/b", "file": "$tmp/b/second.c",
    "arguments": ["cc", "-I", "inc", "-MD", "-MF", "second.d", "-c", "second.c", "-o", "second.o"] },
  { "directory": "$tmp/b", "file": "third.c",
    "command": "cc -Iinc -DMAKE_BUG=\"1\" -DNAME='\"a b\"' -std=gnu11 -fno-strict-aliasing -c third.c" }
]
J
want="first.c:7 first() warn: inconsistent returns '&d->lock': locked (line 7), unlocked (line 9)
$tmp/b/second.c:7 second() warn: inconsistent returns '&d->lock': locked (line 7), unlocked (line 9)
third.c:8 third() warn: inconsistent returns '&d->lock': locked (line 8), unlocked (line 10)"

for jobs in 1 3; do
	out=$(./smatch -p=kernel --compile-commands "$tmp/compile_commands.json" -j $jobs 2>"$tmp/err")
	status=$?
	[ $status = 0 ] && [ "$out" = "$want" ] ||
		{ echo "FAIL: -j $jobs: exit $status"; echo "$out"; cat "$tmp/err"; fail=1; }
done
# no dependency file was written: -MD, -MF and -Wp,-MMD were dropped
ls "$tmp"/a/.first.o.d "$tmp"/b/second.d 2>/dev/null && { echo "FAIL: dependency files written"; fail=1; }

# only the files named; options after them still count
out=$(cd "$tmp/b" && "$root/smatch" -p=kernel third.c --compile-commands=../compile_commands.json --format=json 2>/dev/null)
case $out in
'{"file":"third.c","line":8,'*'"check":"inconsistent_locking"'*) ;;
*) echo "FAIL: one file as JSON: $out"; fail=1 ;;
esac
[ "$(wc -l <<<"$out")" = 1 ] || { echo "FAIL: more than the named file: $out"; fail=1; }

# SARIF gathers every child's results into one log
n=$(./smatch -p=kernel --compile-commands="$tmp/compile_commands.json" --format=sarif |
	python3 -c 'import json, sys; print(len(json.load(sys.stdin)["runs"][0]["results"]))')
[ "$n" = 3 ] || { echo "FAIL: SARIF has $n results"; fail=1; }

# a file that is not in the database, a broken database, a failing entry
./smatch -p=kernel --compile-commands "$tmp/compile_commands.json" nothere.c >/dev/null 2>"$tmp/err"
[ $? = 2 ] && grep -q "^smatch: nothere.c: not in " "$tmp/err" || { echo "FAIL: unknown file"; fail=1; }
echo '[{"directory": "/", "file": "x.c"' > "$tmp/broken.json"
./smatch -p=kernel --compile-commands "$tmp/broken.json" 2>"$tmp/err"
[ $? = 2 ] && grep -qF "broken.json:1:33: not valid JSON: '}' expected near end of file" "$tmp/err" ||
	{ echo "FAIL: broken JSON: $(cat "$tmp/err")"; fail=1; }
echo '[{"directory": "/", "file": "x.c"}]' > "$tmp/nocmd.json"
./smatch -p=kernel --compile-commands "$tmp/nocmd.json" 2>"$tmp/err"
[ $? = 2 ] && grep -q "entry 1 needs" "$tmp/err" || { echo "FAIL: entry without command"; fail=1; }
echo "[{\"directory\": \"$tmp\", \"file\": \"gone.c\", \"command\": \"cc -c gone.c\"}]" > "$tmp/gone.json"
./smatch -p=kernel --compile-commands "$tmp/gone.json" 2>"$tmp/err"
[ $? = 1 ] && grep -q "gone.c: No such file" "$tmp/err" || { echo "FAIL: missing source: $(cat "$tmp/err")"; fail=1; }
exit $fail
