/*
 * smatch_param_calls.c: a function that calls one of its function pointer
 * parameters ("kref_put(kref, release)" calls release(kref) when it returns
 * 1) says so in a "calls_param" summary item, and at a call passing a
 * function there, that function's summary is applied as if it were called
 * (so a release function that drops a lock does it at the kref_put()).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "smatch.h"
#include "smatch_internal.h"

static int called_id;	/* "$N" (the parameter called) -> "$A,$B" (its arguments' parameters) */

/* The parameter a call goes through ("release(kref)" in kref_put()), or -1. */
static int called_param(struct expression *call)
{
	struct expression *fn = strip_expr(call->fn);

	if (fn && fn->type == EXPR_PREOP && fn->op == '*' && !loaded_symbol(fn))
		fn = strip_expr(fn->unop);
	return loaded_symbol(fn) ? sym_param_num(loaded_symbol(fn)) : -1;
}

/* "$0,$2": the parameters the call passes as they are; NULL if it passes anything else. */
static const char *param_args(struct expression *call)
{
	struct expression *arg;
	char buf[128];
	size_t n = 0;
	int nr;

	buf[0] = '\0';
	FOR_EACH_PTR(call->args, arg) {
		nr = loaded_symbol(arg) ? sym_param_num(loaded_symbol(arg)) : -1;
		if (nr < 0 || n >= sizeof(buf) - 16)
			return NULL;
		n += snprintf(buf + n, sizeof(buf) - n, "%s$%d", n ? "," : "", nr);
	} END_FOR_EACH_PTR(arg);
	return intern(buf);
}

static void match_call(struct expression *call)
{
	int nr = called_param(call);
	const char *args;

	if (nr < 0 || !(args = param_args(call)))
		return;
	set_state(called_id, intern_fmt("$%d", nr), NULL, alloc_state_name(args));
}

/* At a return: the parameters this path surely called (not where paths that did not joined). */
static void record_return(void)
{
	struct sm_state_list *list = get_owner_states(called_id);
	struct sm_state *sm;

	FOR_EACH_PTR(list, sm) {
		if (sm->state != &merged && sm->state->name)
			summary_add_item("calls_param", sm->name, "", sm->state->name, "");
	} END_FOR_EACH_PTR(sm);
	free_ptr_list(&list);
}

/* The function an argument names ("release" or "&release"), or NULL. */
static struct expression *function_arg(struct expression *arg)
{
	struct symbol *type;

	arg = strip_expr(arg);
	if (arg && arg->type == EXPR_PREOP && arg->op == '&')
		arg = strip_expr(arg->unop);
	if (!arg || arg->type != EXPR_SYMBOL || !arg->symbol)
		return NULL;
	type = get_real_base_type(arg->symbol);
	return type && type->type == SYM_FN ? arg : NULL;
}

/*
 * At a call, on the path of an outcome that called the parameter: the
 * function passed there is called with the arguments it got.  A summary
 * applied this way may say the same of its own parameters: the nesting is
 * bounded.
 */
static void apply_param_call(struct expression *call, struct summary_item *item)
{
	static int depth;
	struct expression *fn = function_arg(get_argument(call, atoi(item->key + 1)));
	struct expression *fake, *arg;
	const char *p;

	if (!fn || depth >= 4)
		return;
	fake = alloc_expression(call->pos, EXPR_CALL);
	fake->fn = fn;
	for (p = item->value; *p == '$'; p = strchr(p, ',') ? strchr(p, ',') + 1 : "") {
		arg = get_argument(call, atoi(p + 1));
		if (!arg)
			return;
		add_expression(&fake->args, arg);
	}
	depth++;
	apply_call_summaries(fake);
	depth--;
}

void register_param_calls(void)
{
	called_id = register_owner("param_calls");
	set_owner_facts(called_id);	/* what was called keeps no paths apart */
	add_hook(&match_call, FUNCTION_CALL_HOOK);
	add_return_summary_hook(&record_return);
	add_summary_apply_hook("calls_param", &apply_param_call);
}
