#!/bin/bash
# The work bound counts state operations too (copies, merges, comparisons,
# listings: MAX_STATE_WORK): a function whose paths carry thousands of facts
# through thousands of branches is reported once as too complex, and the
# next function is still checked; the same shape 3 times shorter is checked
# in full.  (Its statement-path visits and states per path stay far below
# MAX_WORK and MAX_STATES.)
. "$(dirname "$0")/common.bash"
gen() { # gen TESTS FILE: a function learning one fact per test, then a leak
	python3 - "$1" "$2" <<'PY'
import sys
n, path = int(sys.argv[1]), sys.argv[2]
out = ['#include "locks.h"', 'static struct mutex m;', 'static int wide(int *a)', '{']
for i in range(n):
    out.append('\tif (a[%d] != %d)\n\t\treturn -EINVAL;' % (i, i))
out += ['\treturn 0;', '}', 'static int next(int x)', '{', '\tmutex_lock(&m);', '\tif (x)',
        '\t\treturn -EINVAL;', '\tmutex_unlock(&m);', '\treturn 0;', '}']
open(path, 'w').write('\n'.join(out) + '\n')
PY
}
check() { # check TESTS EXPECTED_GIVE_UPS
	local f=$tmp/wide$1.c lines out
	gen "$1" "$f"
	lines=$(wc -l < "$f")
	out=$(./smatch -p=kernel -Ivalidation/include "$f" 2>/dev/null)
	want="$f:$((lines - 3)) next() warn: inconsistent returns '&m': locked (line $((lines - 3))), unlocked (line $((lines - 1)))"
	if [ "$2" = 1 ]; then
		want="$f:3 wide() info: function too complex, giving up"$'\n'"$want"
	fi
	if [ "$out" != "$want" ]; then
		echo "FAIL: $1 tests"
		echo "got:  $out"
		echo "want: $want"
		fail=1
	fi
}
check 6500 1
check 2000 0
exit $fail
