/*
 * smatch_lock_returned.c: locks held through the object a function
 * returns.  The kernel's __task_rq_lock() takes the lock of a local rq and
 * returns rq; its callers release it later, "rq = __task_rq_lock(p, &rf);
 * ... __task_rq_unlock(rq, &rf);".  Named through the callee's local, the
 * lock meant nothing to them: it stopped at the callee's boundary, and the
 * release looked like one of a lock they never took, told on up the call
 * graph.
 *
 * A lock held at a return whose name is built on the returned local only
 * ("&rq->__lock", "rq_lockp(rq)" for "return rq;") is named through the
 * return value in the summary: "&$ret->__lock", "rq_lockp($ret)"
 * (RET_NAME).  At a call, the lock is named by the call's value
 * ("&__task_rq_lock(p, &rf)->__lock": which object is not known there, an
 * event of a callee's own object) until an assignment keeps the value:
 * "rq = __task_rq_lock(p, &rf)" names it "&rq->__lock" (after the
 * assignment made the old names of rq stale).  A function that returns the
 * call's value itself passes the lock on as its own "$ret" lock; one that
 * keeps the value nowhere holds a lock it cannot name, which is not told
 * to its callers (rule callee-boundary); one it released, its callers held,
 * is told them as the call names it.
 */
#include "smatch.h"
#include "smatch_internal.h"
#include "smatch_locking.h"

/* "&rq->lock" with the returned local "rq" as RET_NAME, or NULL. */
static const char *through_returned_local(const char *key, struct expression *ret)
{
	struct symbol *sym = loaded_symbol(ret);

	if (!sym || !sym->ident || sym_param_num(sym) >= 0 || is_global_symbol(sym) || lock_holder_stale(key))
		return NULL;
	return name_var_as(lock_holder_name(key), ident_str(sym->ident), RET_NAME);
}

/*
 * The name a lock held (or 'released', held on entry) at the return being
 * summarised has in the summary: relative to the parameters, else to the
 * value returned, else as written; NULL for a lock held through the value
 * of a call that the function neither keeps nor returns.  (Released so,
 * it is the callers' lock: they are told, as of a callee's own object.)
 */
const char *lock_summary_name(const char *key, struct expression *ret, bool released)
{
	const char *name, *ret_name;
	struct expression *call = lock_holder_value_of(key, &ret_name);

	if (lock_holder_param(key))
		return lock_holder_param(key);
	if (call && call == ret)
		return ret_name;
	if (call && !released) {
		rule_applied(DEBUG_LOCKING, cur_fn()->cur_pos, "callee-boundary",
			     "'%s' held through the value of '%s()', which is not kept: not told to the callers",
			     lock_holder_name(key), call_label(call));
		return NULL;
	}
	name = ret ? through_returned_local(key, ret) : NULL;
	return name ? name : lock_holder_name(key);
}

/* "rq = __task_rq_lock(p, &rf)": the locks named by the call's value are rq's now. */
static void match_assign(struct expression *expr)
{
	struct expression *call = strip_expr(expr->right), *left = strip_expr(expr->left);
	struct sm_state_list *list;
	struct sm_state *sm;

	if (expr->op != '=' || !call || call->type != EXPR_CALL)
		return;
	list = path_lock_states();
	FOR_EACH_PTR(list, sm) {
		const char *ret_name;

		if (lock_holder_value_of(sm->name, &ret_name) != call)
			continue;
		lock_holder_named(sm->name, subst_ret_name(ret_name, expr_to_str(left)),
				  subst_ret_name(ret_name, param_relative_name(left)));
	} END_FOR_EACH_PTR(sm);
	free_ptr_list(&list);
}

void register_lock_returned(void)
{
	add_hook(&match_assign, ASSIGNMENT_HOOK);
}
