#!/bin/bash
# --spammy prints every candidate a rule kept silent as a warning ending in
# "(rule: NAME)", a warning withdrawn at the end of the file included; the
# default output has none of them, and --debug=locking names the same rules.
. "$(dirname "$0")/common.bash"
f=validation/locking-handed-flag.c
run() { ./smatch -p=kernel -Wno-decl -Ivalidation/include "$@" $f; }
plain=$(run 2>/dev/null)
spammy=$(run --spammy 2>/dev/null)
debug=$(run --debug=locking 2>&1 >/dev/null)

if grep -q "(rule: " <<< "$plain"; then
	echo "FAIL: the default output names rules:"; echo "$plain"; fail=1
fi
# every default warning is still there, unchanged
while read -r line; do
	grep -qxF "$line" <<< "$spammy" || { echo "FAIL: --spammy lost: $line"; fail=1; }
done <<< "$plain"
want="$f:37 reset_prepare() warn: inconsistent returns '&hdev->reset_lock': locked (line 37), unlocked (line 37) (rule: flag-handed-across-calls)"
grep -qxF "$want" <<< "$spammy" || { echo "FAIL: --spammy keeps no withdrawn warning:"; echo "$spammy"; fail=1; }
# the rules of --spammy's warnings are those --debug names as not reported
rules() { grep -o '(rule: [a-z-]*)$' | sort -u; }
if [ "$(grep ' warn: .*(rule: ' <<< "$spammy" | rules)" != "$(grep ' not reported: ' <<< "$debug" | rules)" ]; then
	printf 'FAIL: --spammy and --debug=locking name different rules\n%s\n---\n%s\n' "$spammy" "$debug"; fail=1
fi
exit $fail
