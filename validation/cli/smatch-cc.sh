#!/bin/bash
# smatch_scripts/smatch-cc as CC=: the real compiler builds the object,
# then smatch checks each compiled .c file with the same flags; warnings
# go to stderr (or $SMATCH_OUTPUT) and never change the build's status.
. "$(dirname "$0")/common.bash"
mkdir -p "$tmp/inc"
cp validation/include/locks.h "$tmp/inc/"
cat > "$tmp/bug.c" <<'C'
#include "locks.h"
struct dev { struct mutex lock; int n; };
int bug(struct dev *d)
{
	mutex_lock(&d->lock);
	if (d->n < 0)
		return -EINVAL;
	mutex_unlock(&d->lock);
	return 0;
}
C
cat > "$tmp/Makefile" <<'M'
bug.o: bug.c
	$(CC) -Iinc -O2 -MMD -c bug.c -o bug.o
M
cc=$root/smatch_scripts/smatch-cc
out=$(make -s -C "$tmp" CC="$cc" SMATCH_FLAGS=-p=kernel 2>&1 >/dev/null)
status=$?
want="bug.c:7 bug() warn: inconsistent returns '&d->lock': locked (line 7), unlocked (line 9)"
[ $status = 0 ] && [ -f "$tmp/bug.o" ] && [ -f "$tmp/bug.d" ] || { echo "FAIL: build: $status"; fail=1; }
grep -qxF "$want" <<<"$out" || { echo "FAIL: no warning: $out"; fail=1; }

# SMATCH_OUTPUT and SMATCH_FLAGS
rm -f "$tmp/bug.o"
(cd "$tmp" && SMATCH_OUTPUT=$tmp/log SMATCH_FLAGS="-p=kernel --format=json" "$cc" -Iinc -c bug.c -o bug.o)
grep -q '^{"file":"bug.c","line":7,' "$tmp/log" || { echo "FAIL: SMATCH_OUTPUT: $(cat "$tmp/log")"; fail=1; }

# the compiler's failure is the wrapper's; preprocessing is not checked
echo 'int broken(' > "$tmp/broken.c"
(cd "$tmp" && "$cc" -c broken.c -o broken.o 2>/dev/null)
[ $? != 0 ] || { echo "FAIL: a failed compile succeeded"; fail=1; }
out=$(cd "$tmp" && "$cc" -Iinc -E bug.c 2>&1 >/dev/null)
[ -z "$out" ] || { echo "FAIL: -E was checked: $out"; fail=1; }
# a file smatch cannot check (C23 attributes, which Sparse 0.6.4 cannot
# parse) is said once, and the build still succeeds
printf 'int f(void)\n{\n\t[[maybe_unused]] int x = 0;\n\treturn 0;\n}\n' > "$tmp/attr.c"
out=$(cd "$tmp" && "$cc" -std=c2x -c attr.c -o attr.o 2>&1 >/dev/null)
[ $? = 0 ] && [ "$(grep -c '^smatch-cc: ' <<<"$out")" = 1 ] && ! grep -q "files\? checked" <<<"$out" &&
	grep -qx "smatch-cc: smatch could not fully check attr.c (exit 1): see the errors above" <<<"$out" ||
	{ echo "FAIL: a file smatch cannot check: $out"; fail=1; }
out=$(cd "$tmp" && SMATCH_FLAGS=-p=kernel "$cc" -Iinc -c bug.c -o bug.o 2>&1 >/dev/null)
grep -qxF "$want" <<<"$out" && ! grep -qE "^smatch-cc: |files? checked" <<<"$out" ||
	{ echo "FAIL: a file checked: $out"; fail=1; }
# SMATCH_REAL_CC picks the compiler
out=$(cd "$tmp" && SMATCH_REAL_CC=false "$cc" -Iinc -c bug.c -o bug.o 2>&1)
[ $? = 1 ] && [ -z "$out" ] || { echo "FAIL: SMATCH_REAL_CC"; fail=1; }
exit $fail
