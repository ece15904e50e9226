#!/bin/bash
# --debug=sleep says why a sleeping call in atomic context was not reported
# (a gfp the caller passes: sleep-gfp-from-caller; a lock taken on the other
# side of a flag: lock-kind-by-flag; an allocation under a member's NULL
# test: sleep-if-member-null; another site of one cause: same-root-cause)
# and where a context
# predicate was decided on the path (context-predicate), one line a
# decision; --spammy prints the candidates not reported as warnings, with
# their rule.
set -u
cd "$(dirname "$0")/.." || exit 1
fail=0
check() { # check WHAT EXPECTED ACTUAL
	if [ "$2" != "$3" ]; then
		printf 'FAIL: %s\n--- expected\n%s\n--- got\n%s\n' "$1" "$2" "$3" >&2
		fail=1
	fi
}
check "a gfp of the caller's" \
	"validation/sleep-silent.c:66 unknown_gfp() not reported: sleeping in atomic context: 'kmalloc()' called with '&dev->lock' held (rule: sleep-gfp-from-caller)" \
	"$(./smatch -p=kernel --debug=sleep -Ivalidation/include validation/sleep-silent.c 2>&1 >/dev/null)"
check "--spammy prints it" \
	"validation/sleep-silent.c:66 unknown_gfp() warn: sleeping in atomic context: 'kmalloc()' called with '&dev->lock' held (rule: sleep-gfp-from-caller)" \
	"$(./smatch -p=kernel --spammy -Ivalidation/include validation/sleep-silent.c 2>/dev/null | grep sleeping)"
check "predicates decided on the path" \
	"validation/sleep-context.c:58 tested_here() state: 'irqs_disabled()' is true on this path (rule: context-predicate)
validation/sleep-context.c:71 atomic_tested() state: 'in_atomic()' is true on this path (rule: context-predicate)
validation/sleep-context.c:73 atomic_tested() state: 'preemptible()' is false on this path (rule: context-predicate)
validation/sleep-context.c:99 both_tested() state: 'in_atomic()' is true on this path (rule: context-predicate)
validation/sleep-context.c:99 both_tested() state: 'irqs_disabled()' is true on this path (rule: context-predicate)" \
	"$(./smatch -p=kernel --debug=sleep -Ivalidation/include validation/sleep-context.c 2>&1 >/dev/null)"
check "a lock kind chosen by a flag" \
	"validation/sleep-lock-kind-flag.c:22 group_action() not reported: sleeping in atomic context: 'mutex_lock_nested()' called with '&s->self_group.lock' held (rule: lock-kind-by-flag)" \
	"$(./smatch -p=kernel --debug=sleep -Ivalidation/include validation/sleep-lock-kind-flag.c 2>&1 >/dev/null)"
check "allocations under a member's NULL test" \
	"validation/sleep-member-guard.c:38 event() not reported: sleeping in atomic context: 'set_info()' may sleep (via set_info -> kzalloc) with '&dev->lock' held (rule: sleep-if-member-null)
validation/sleep-member-guard.c:39 event() not reported: sleeping in atomic context: 'set_info_wrapper()' may sleep (via set_info_wrapper -> set_info -> kzalloc) with '&dev->lock' held (rule: sleep-if-member-null)
validation/sleep-member-guard.c:40 event() not reported: sleeping in atomic context: 'set_global_info()' may sleep (via set_global_info -> kzalloc) with '&dev->lock' held (rule: sleep-if-member-null)" \
	"$(./smatch -p=kernel --debug=sleep -Ivalidation/include validation/sleep-member-guard.c 2>&1 >/dev/null)"
check "--spammy warns the callers of a member-guarded allocation" "3" \
	"$(./smatch -p=kernel --spammy -Ivalidation/include validation/sleep-member-guard.c 2>/dev/null | grep -c '(rule: sleep-if-member-null)$')"
check "other sites of one cause" \
	"validation/sleep-one-cause.c:36 second() not reported: sleeping in atomic context: 'settle_wrapper()' may sleep (via settle_wrapper -> settle -> msleep) with '&dev->lock' held (rule: same-root-cause)
validation/sleep-one-cause.c:37 second() not reported: sleeping in atomic context: 'settle()' may sleep (via settle -> msleep) with '&dev->lock' held (rule: same-root-cause)" \
	"$(./smatch -p=kernel --debug=sleep -Ivalidation/include validation/sleep-one-cause.c 2>&1 >/dev/null)"
check "one line a decision, though a loop's next round holds another lock" \
	"validation/sleep-loop-rounds.c:25 walk_locked() not reported: sleeping in atomic context: 'set_info()' may sleep (via set_info -> kzalloc) with '&n->lock' held (rule: sleep-if-member-null)" \
	"$(./smatch -p=kernel --debug=sleep -Ivalidation/include validation/sleep-loop-rounds.c 2>&1 >/dev/null)"
exit $fail
