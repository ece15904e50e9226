/*
 * smatch_param_limits.c: what a function's constant returns say of its
 * integer parameters ("returns true only for IP_MSFILTER"), recorded as
 * "param_range" summary items and applied at calls, so that a caller that
 * stored the result ("needs_rtnl = needs_rtnl(optname)") knows the
 * argument on each outcome.
 */
#include "smatch.h"
#include "smatch_internal.h"

#define MAX_LIMITED_PARAMS 64

/* The number of parameter 'sym' of the function analysed, or -1. */
static int param_nr(struct symbol *sym)
{
	struct symbol *arg;
	int nr = 0;

	if (!sym)
		return -1;
	FOR_EACH_PTR(get_real_base_type(cur_fn()->sym)->arguments, arg) {
		if (arg == sym)
			return nr;
		nr++;
	} END_FOR_EACH_PTR(arg);
	return -1;
}

/* A parameter assigned to says nothing of what the caller passed. */
static void mark_changed(struct expression *var)
{
	int nr = param_nr(loaded_symbol(var));

	if (nr >= 0 && nr < MAX_LIMITED_PARAMS)
		cur_fn()->params_changed |= 1ULL << nr;
}

static void match_assign(struct expression *expr)
{
	mark_changed(expr->left);
}

static void match_modify(struct expression *expr)
{
	if ((expr->type == EXPR_PREOP || expr->type == EXPR_POSTOP) &&
	    (expr->op == SPECIAL_INCREMENT || expr->op == SPECIAL_DECREMENT))
		mark_changed(expr->unop);
	else if (expr->type == EXPR_PREOP && expr->op == '&')
		mark_changed(expr->unop);
}

/* At a return of one known value: the range of each unchanged integer parameter. */
static void record_return(void)
{
	struct expression *ret = summary_return_expr();
	struct symbol *arg;
	int64_t val;
	int nr = 0;

	if (!ret || !get_value(ret, &val))
		return;
	FOR_EACH_PTR(get_real_base_type(cur_fn()->sym)->arguments, arg) {
		struct range_list *rl;

		if (nr >= MAX_LIMITED_PARAMS)
			break;
		if (arg->ident && !is_pointer_type(arg) && !(cur_fn()->params_changed & (1ULL << nr))) {
			rl = get_range(symbol_load(arg));
			if (!rl_is_whole(rl))
				summary_add_item("param_range", intern_fmt("$%d", nr), "", rl_to_str(rl), "");
		}
		nr++;
	} END_FOR_EACH_PTR(arg);
}

/* At a call, on the path of one outcome: the argument is in the range, or the outcome cannot be. */
static void apply_param_range(struct expression *call, struct summary_item *item)
{
	struct expression *arg = get_argument(call, atoi(item->key + 1));

	if (arg && !path_assume(cur_fn()->path, arg, SPECIAL_EQUAL, rl_from_str(item->value)))
		drop_path();
}

void register_param_limits(void)
{
	add_hook(&match_assign, ASSIGNMENT_HOOK);
	add_hook(&match_modify, EXPR_HOOK);
	add_return_summary_hook(&record_return);
	add_summary_apply_hook("param_range", &apply_param_range);
}
