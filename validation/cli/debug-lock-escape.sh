#!/bin/bash
# --debug=locking shows each escape (rule lock-escapes) that made a lock's
# state unknown, and none for a call the table knows (a query).
. "$(dirname "$0")/common.bash"
out=$(./smatch -p=userspace --debug=locking validation/pthread-escape.c 2>&1 >/dev/null | grep 'rule: lock-escapes')
want="validation/pthread-escape.c:23 escaped() state: '&w->lock' passed to 'hand_off()', which nothing is known of: its state is unknown (rule: lock-escapes)
validation/pthread-escape.c:31 escaped_through_pointer() state: '&w->lock' passed to 'release_hook()', which nothing is known of: its state is unknown (rule: lock-escapes)
validation/pthread-escape.c:65 escaped_local() state: '&m' passed to 'hand_off()', which nothing is known of: its state is unknown (rule: lock-escapes)"
if [ "$out" != "$want" ]; then
	echo "escapes in pthread-escape.c:"; echo "$out"; fail=1
fi
n=$(./smatch -Ivalidation/include --debug=locking validation/locking-escape.c 2>&1 >/dev/null | grep -c 'rule: lock-escapes')
if [ "$n" != 1 ]; then
	echo "locking-escape.c: $n escapes, expected 1 (wait_for_owner() only)"; fail=1
fi
exit $fail
