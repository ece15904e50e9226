#!/bin/bash
# What a caller cannot name stops at the callee's boundary: a lock of the
# callee's own object that it may or may not hold is no "unknown_lock" item
# of its summary (rule callee-boundary), nor a "may_unlock_member" one (it
# may have taken it, not released it), while one reached through a
# parameter still travels up; nor is a doubt whether preemption (interrupts,
# softirqs, RCU) is off (rule section-doubt-boundary), while a callee that
# surely leaves it off is told; printk()'s console_sem is a protocol (the
# kernel lock table), not a doubt every caller of printk() inherits.
DB_TEST_PROJECT=boundary DB_TEST_FILES="ctx.c users.c printk.c"
. "$(dirname "$0")/common.bash"

T=$(printf '\t')
out=$(build_db 2>&1)
expect "converged" "  passes: 2 (converged: no file read a row the last one changed)" "$(echo "$out" | grep '^  passes:')"
unknown() {
	smdb sql "SELECT r.function, i.key, i.name FROM return_items i JOIN return_states r ON r.id = i.return_id
		  WHERE i.type = 'unknown_lock' ORDER BY 1" | tail -n +2
}
expect "only what callers can name travels" "ctx_use_param${T}struct ctx.m${T}&\$0->m
outer_param${T}struct ctx.m${T}&\$0->m" "$(unknown)"
expect "a lock only maybe taken is no release told by member" "" \
	"$(smdb sql "SELECT DISTINCT r.function FROM return_items i JOIN return_states r ON r.id = i.return_id
		  WHERE i.type = 'may_unlock_member'" | tail -n +2)"
expect "the rule" "users.c:9 ctx_use_local() state: '&c->m' may or may not be held: not told to the callers (rule: callee-boundary)" \
	"$(SMATCH_DB=smatch_db.sqlite "$SMATCH" --debug=locking $CFLAGS users.c 2>&1 | grep callee-boundary)"
expect "a section doubt stops" "users.c:38 cpu_use_maybe() state: 'preempt' may or may not be off: not told to the callers (rule: section-doubt-boundary)" \
	"$(SMATCH_DB=smatch_db.sqlite "$SMATCH" --debug=locking $CFLAGS users.c 2>&1 | grep section-doubt)"
expect "a section surely off travels" "users.c${T}outer_cpu_off()${T}acquires preempt (preempt, preempt)${T}on every return" \
	"$(smdb locks outer_cpu_off)"
expect "console_sem: no doubt in printk's callers" "vprintk_emit neither acquires nor releases a lock, as far as the database knows" \
	"$(smdb locks vprintk_emit)"
expect "console_sem: a leak is still one" "printk.c${T}console_leak()${T}acquires console_sem (console_sem, sem)${T}when it returns (-1)" \
	"$(smdb locks console_leak)"
echo ok
