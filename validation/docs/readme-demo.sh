#!/bin/bash
# The warnings README.md shows for `make demo` are the ones smatch prints.
set -euo pipefail
want=$(sed -n '/`make demo` checks/,/^## /p' README.md | grep '^    docs/example/driver.c:' | sed 's/^    //')
got=$(./smatch -p=kernel -Ivalidation/include docs/example/driver.c 2>/dev/null)
[ -n "$want" ] || { echo "FAIL: README.md shows no demo output"; exit 1; }
if [ "$want" != "$got" ]; then
	printf 'FAIL: README.md demo output differs\n--- README\n%s\n--- smatch\n%s\n' "$want" "$got"
	exit 1
fi
echo ok
