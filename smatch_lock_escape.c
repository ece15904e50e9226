/*
 * smatch_lock_escape.c: a lock whose address (or the pointer it is named
 * by) is passed to a function nothing is known of (no table line, no
 * database row, no definition in the file, no annotation) may be taken,
 * released, destroyed or initialised there: its state on the path becomes
 * unknown ("pthread_mutex_lock(&m); hand_off(&m); pthread_mutex_lock(&m);"
 * is no double lock).  Passing the object that holds the lock ("dev") is
 * no escape, nor is a table function that only asks about the lock
 * (mutex_is_locked(), action "query") or waits on it (pthread_cond_wait(),
 * action "retake").
 */
#include <string.h>
#include "smatch.h"
#include "smatch_internal.h"
#include "smatch_locking.h"

/*
 * Is nothing known of what the call does: no summary, no body in this file?
 * A call through a function pointer stays unknown even when its targets are
 * known: it takes their returns and lock effects only (smatch_fn_ptr_calls.c),
 * not what else they may do with their arguments (store, publish, escape).
 */
bool lock_call_unknown(struct expression *call)
{
	struct symbol *sym = get_callee(call), *fn;

	if (!sym)
		return true;
	if (get_summaries(call) || is_table_summary(call))
		return false;
	if (sym->definition)
		sym = sym->definition;
	fn = get_real_base_type(sym);
	return !fn || fn->type != SYM_FN || (!fn->stmt && !fn->inline_stmt);
}

/*
 * The lock the path knows the state of under the name 'name' that 'arg'
 * is written as, or NULL.  lock_sock(sk) names the socket's lock by the
 * socket itself: passing sk passes the object that holds the lock, which
 * is no escape.
 */
static const char *tracked_lock(struct expression *arg, const char **name)
{
	const char *key = lock_expr_key(arg, name);
	const struct lock_kind *kind;

	if (!key || lock_holder_name(key) != *name ||
	    lock_depth(get_state(lock_owner(), key, NULL)) < 0)
		return NULL;
	kind = lock_holder_kind(key);
	return kind && !strcmp(kind->name, "sock") ? NULL : key;
}

static void match_call(struct expression *call)
{
	struct expression *arg;
	const char *name, *key;
	bool destroyed;

	if (!lock_call_unknown(call))
		return;
	FOR_EACH_PTR(call->args, arg) {
		key = tracked_lock(arg, &name);
		destroyed = name && lock_life_forget_name(name);
		if (!key && !destroyed)
			continue;
		rule_applied(DEBUG_LOCKING, call->pos, "lock-escapes",
			     "'%s' passed to '%s()', which nothing is known of: its state is unknown",
			     name, expr_to_str(call->fn));
		if (key)
			lock_set_unknown(key);
	} END_FOR_EACH_PTR(arg);
}

void register_lock_escape(void)
{
	add_hook(&match_call, FUNCTION_CALL_HOOK);
}
