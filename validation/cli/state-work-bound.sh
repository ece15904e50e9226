#!/bin/bash
# The work bounds count states too (states on one path: MAX_STATES, the
# states of about 10,000 locks; state operations: MAX_STATE_WORK): a
# function that takes and releases 13,000 different locks is reported once
# as too complex, and the next function is still checked; the same shape 3
# times shorter is checked in full (a join costs what differs between its
# paths, not what they share, so its cost grows linearly).
. "$(dirname "$0")/common.bash"
gen() { # gen LOCKS FILE: a function taking and releasing each lock around a test, then a leak
	python3 - "$1" "$2" <<'PY'
import sys
n, path = int(sys.argv[1]), sys.argv[2]
out = ['#include "locks.h"', 'static struct mutex m;',
       'static struct mutex %s;' % ', '.join('ml%d' % i for i in range(n)),
       'int f(int);', 'static int many(int x)', '{']
for i in range(n):
    out.append('\tmutex_lock(&ml%d);\n\tif (f(%d))\n\t\tx++;\n\tmutex_unlock(&ml%d);' % (i, i, i))
out += ['\treturn x;', '}', 'static int next(int x)', '{', '\tmutex_lock(&m);', '\tif (x)',
        '\t\treturn -EINVAL;', '\tmutex_unlock(&m);', '\treturn 0;', '}']
open(path, 'w').write('\n'.join(out) + '\n')
PY
}
check() { # check LOCKS EXPECTED_GIVE_UPS
	local f=$tmp/many$1.c lines out
	gen "$1" "$f"
	lines=$(wc -l < "$f")
	out=$(./smatch -p=kernel -Ivalidation/include "$f" 2>/dev/null)
	want="$f:$((lines - 3)) next() warn: inconsistent returns '&m': locked (line $((lines - 3))), unlocked (line $((lines - 1)))"
	if [ "$2" = 1 ]; then
		want="$f:5 many() info: function too complex, giving up"$'\n'"$want"
	fi
	if [ "$out" != "$want" ]; then
		echo "FAIL: $1 locks"
		echo "got:  $out"
		echo "want: $want"
		fail=1
	fi
}
check 13000 1
check 4000 0
exit $fail
