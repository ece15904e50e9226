#!/bin/bash
# The sleep table is data a user extends: an added line makes a function
# sleep, a missing table means nothing sleeps, a bad line ends smatch (2).
set -u
cd "$(dirname "$0")/.." || exit 1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0
check() { # check WHAT EXPECTED ACTUAL
	if [ "$2" != "$3" ]; then
		printf 'FAIL: %s\n--- expected\n%s\n--- got\n%s\n' "$1" "$2" "$3" >&2
		fail=1
	fi
}
cat > "$tmp/t.c" <<'C'
#include "sleep.h"
void my_wait(int n);
static void f(spinlock_t *l)
{
	spin_lock(l);
	my_wait(1);
	msleep(1);
	spin_unlock(l);
}
C
cp -r smatch_data "$tmp/data"
run() { ./smatch -p=kernel --data="$tmp/data" -Ivalidation/include "$tmp/t.c" 2>&1; echo "exit $?"; }
check "shipped table" "$tmp/t.c:7 f() warn: sleeping in atomic context: 'msleep()' called with 'l' held
exit 0" "$(run)"
check "its check in JSON" '"check":"sleep_in_atomic"' \
	"$(./smatch -p=kernel --format=json -Ivalidation/include "$tmp/t.c" 2>/dev/null | grep -o '"check":"[a-z_]*"')"
printf 'my_wait\n' >> "$tmp/data/sleep/kernel.sleeps"
check "an added function" "$tmp/t.c:6 f() warn: sleeping in atomic context: 'my_wait()' called with 'l' held
$tmp/t.c:7 f() warn: sleeping in atomic context: 'msleep()' called with 'l' held
exit 0" "$(run)"
# a function of the table, defined here: its callers read the table, not its summary
printf 'void my_wait(int n)\n{\n\tmsleep(n);\n}\nvoid my_nap(int n)\n{\n\tmsleep(n);\n}\n' > "$tmp/def.c"
check "no sleep item of a table function" "my_nap" \
	"$(./smatch -p=kernel --info --data="$tmp/data" -Ivalidation/include -include sleep.h "$tmp/def.c" 2>/dev/null |
	   awk -F'\t' '$2 == "return" {fn = $4} $2 == "return_item" && $4 == "sleep" {print fn}')"
rm "$tmp/data/sleep/kernel.sleeps"
check "no table" "exit 0" "$(run)"
printf 'msleep\nkmalloc $x 0x400\nmsleep\nkzalloc $1\n' > "$tmp/data/sleep/kernel.sleeps"
check "bad lines" "smatch: $tmp/data/sleep/kernel.sleeps:2: bad argument number
smatch: $tmp/data/sleep/kernel.sleeps:3: listed twice
smatch: $tmp/data/sleep/kernel.sleeps:4: expected: NAME [\$N MASK | never]
smatch: 3 bad lines in $tmp/data/sleep/kernel.sleeps
exit 2" "$(run)"
exit $fail
