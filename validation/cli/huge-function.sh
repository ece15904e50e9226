#!/bin/bash
# A function of 100000 lines is checked within the work bound, and a lock
# left held at its end is still found.
. "$(dirname "$0")/common.bash"
python3 - "$tmp/huge.c" <<'PY'
import sys
with open(sys.argv[1], "w") as f:
    f.write('#include "locks.h"\nstruct dev { struct mutex lock; int v; };\n')
    f.write('static int huge(struct dev *d, int x)\n{\n\tmutex_lock(&d->lock);\n')
    for i in range(100000):
        f.write('\tif (x == %d)\n\t\td->v += %d;\n' % (i, i) if i % 2 else '\td->v ^= %d;\n' % i)
    f.write('\tif (d->v < 0)\n\t\treturn -EINVAL;\n\tmutex_unlock(&d->lock);\n\treturn 0;\n}\n')
PY
lines=$(wc -l < "$tmp/huge.c")
start=$(date +%s)
out=$(./smatch -p=kernel -Ivalidation/include "$tmp/huge.c" 2>"$tmp/err")
status=$?
secs=$(( $(date +%s) - start ))
want="$tmp/huge.c:$((lines - 3)) huge() warn: inconsistent returns '&d->lock': locked (line $((lines - 3))), unlocked (line $((lines - 1)))"
if [ $status != 0 ] || [ "$out" != "$want" ]; then
	echo "FAIL: exit $status after ${secs}s"
	echo "got:  $out"
	echo "want: $want"
	tail -3 "$tmp/err"
	exit 1
fi
echo "$lines lines checked in ${secs}s"
