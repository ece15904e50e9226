#!/bin/bash
# "smatch --help" and the man page docs/smatch.1 list the same options,
# and each listed option is accepted; options work in any order.
. "$(dirname "$0")/common.bash"
# the long and short options a text names: --name and -x (not "-" alone)
options() { grep -oE '(^|[ ,(])--?[a-z][a-z-]*' | grep -oE -- '--?[a-z][a-z-]*' | sort -u; }
help=$(./smatch --help | sed -n '/^smatch options/,/^$/p' | options)
# the tag lines of the OPTIONS section: the line after each .TP
man=$(sed -n '/^\.SH OPTIONS/,/^\.SH EXIT/p' docs/smatch.1 | awk 'tag { print } { tag = ($0 == ".TP") }' |
	sed 's/\\-/-/g; s/\\f[BIRP]//g; s/"//g; s/^\.[A-Z]* //' | options)
[ -n "$help" ] || { echo "FAIL: no options in --help"; fail=1; }
if [ "$help" != "$man" ]; then
	echo "FAIL: --help and docs/smatch.1 differ:"
	diff <(echo "$help") <(echo "$man")
	fail=1
fi
./smatch --version | grep -qE '^smatch [0-9.]+ \(sparse 0\.6\.4\)$' || { echo "FAIL: --version"; fail=1; }

f=validation/locking-missing-unlock.c
want=$(./smatch -p=kernel -Ivalidation/include $f)
# every option, in several orders, mixed with gcc flags a kernel build passes
for args in "-p=kernel --spammy -Ivalidation/include $f" \
	    "$f --project kernel -Ivalidation/include --data=smatch_data" \
	    "-Wp,-MMD,/dev/null -nostdinc -isystem /usr/include -Ivalidation/include -include validation/include/locks.h -D__KERNEL__ -std=gnu11 -fno-strict-aliasing -mno-red-zone -m64 --arch=x86_64 --param=allow-store-data-races=0 -Wno-unused -O2 $f" \
	    "-p=kernel --sysroot=/ --sysroot / -iquote validation/include $f --format text"; do
	# shellcheck disable=SC2086
	got=$(./smatch $args 2>/dev/null)
	[ "$got" = "$want" ] || { echo "FAIL: smatch $args: $got"; fail=1; }
done
exit $fail
