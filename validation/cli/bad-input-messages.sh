#!/bin/bash
# Bad input gets a clear message on stderr and the documented exit status,
# never a crash: the messages of the validation/cli-*.c bad-input tests.
. "$(dirname "$0")/common.bash"

# expect STATUS STDERR-PATTERN ARGS...: runs smatch ARGS and checks both
expect() {
	local want=$1 pattern=$2 err status
	shift 2
	err=$(./smatch "$@" 2>&1 >/dev/null)
	status=$?
	if [ "$status" != "$want" ] || ! grep -qE -- "$pattern" <<<"$err"; then
		echo "FAIL: smatch $*: exit $status (want $want), stderr: $err (want /$pattern/)"
		fail=1
	fi
}

b=validation/badinput
expect 2 "^smatch: $b/no-such-file.c: No such file or directory$" $b/no-such-file.c
expect 2 "^smatch: $b: is a directory, not a C file$" $b
expect 2 "^smatch: $b/binary.c: binary file, not C source$" $b/binary.c
expect 0 "^$" $b/empty.c
expect 1 "^$b/unterminated-comment.c:6: error: unterminated comment" $b/unterminated-comment.c
expect 1 "^$b/unterminated-string.c:4:0: warning: missing terminating \" character" -p=kernel $b/unterminated-string.c
expect 2 "^smatch: unknown option '--frobnicate' \(see smatch --help\)$" --frobnicate $b/empty.c
expect 2 "^smatch: unknown output format 'xml'" --format=xml $b/empty.c
expect 2 "^smatch: option '--format' needs a value" $b/empty.c --format
expect 2 "^smatch: bad number of jobs '0'" -j 0 $b/empty.c
expect 2 "^smatch: no input files" -Wall
# a lock table line with "errno" but no ret=0
cp -r smatch_data "$tmp/data"
printf 'my_trylock\tlock\t$0\tmutex\tret=1\terrno\n' >> "$tmp/data/locks/kernel.locks"
n=$(wc -l < "$tmp/data/locks/kernel.locks")
expect 2 "^smatch: $tmp/data/locks/kernel.locks:$n: errno goes with ret=0 only$" -p=kernel --data="$tmp/data" $b/empty.c
# the other files are still checked after a bad one
out=$(./smatch -p=kernel $b/no-such-file.c validation/locking-missing-unlock.c -Ivalidation/include 2>/dev/null)
[ $? = 2 ] && grep -q "inconsistent returns" <<<"$out" || { echo "FAIL: a bad file stops the others"; fail=1; }
exit $fail
