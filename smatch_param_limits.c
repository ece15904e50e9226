/*
 * smatch_param_limits.c: what a function's constant returns say of its
 * integer parameters ("returns true only for IP_MSFILTER"), recorded as
 * "param_range" summary items and applied at calls, so that a caller that
 * stored the result ("needs_rtnl = needs_rtnl(optname)") knows the
 * argument on each outcome.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "smatch.h"
#include "smatch_internal.h"

#define MAX_LIMITED_PARAMS 64

/* A parameter assigned to (or passed by address) says nothing of what the caller passed. */
static void match_var_change(const char *name, struct symbol *sym, struct symbol *root,
			     enum var_change how)
{
	int nr = sym_param_num(sym);

	if (nr >= 0 && nr < MAX_LIMITED_PARAMS)
		cur_fn()->params_changed |= 1ULL << nr;
}

static int passed_range_id;

static bool param_unchanged(int nr)
{
	return nr >= 0 && nr < MAX_LIMITED_PARAMS && !(cur_fn()->params_changed & (1ULL << nr));
}

/*
 * Does a parameter's range at a return say something?  Not the whole
 * range, and not an empty one: at a return the walk reached, that is the
 * range arithmetic's loss (check_copy_size()'s "bytes" after
 * WARN_ON_ONCE(bytes > INT_MAX)), no fact; told, it would rule the return
 * out at every call (copy_from_user() would always fail).
 */
static bool range_tells(struct range_list *rl)
{
	return !rl_is_whole(rl) && !rl_is_empty(rl);
}

/*
 * At a return of one known value, or of a void function (whose caller can
 * tell its returns apart only by its arguments: "if (locked) unlock(z);"):
 * the range of each unchanged integer parameter.
 */
static bool record_integer_params(void)
{
	struct expression *ret = summary_return_expr();
	struct symbol *arg;
	int64_t val;
	int nr = 0;

	if (ret ? !get_value(ret, &val) : get_fn_return_type(cur_fn()->sym) != &void_ctype)
		return false;
	FOR_EACH_PTR(get_real_base_type(cur_fn()->sym)->arguments, arg) {
		struct range_list *rl;

		if (nr >= MAX_LIMITED_PARAMS)
			break;
		if (arg->ident && !is_pointer_type(arg) && param_unchanged(nr)) {
			rl = get_range(symbol_load(arg));
			if (range_tells(rl))
				summary_add_item("param_range", intern_fmt("$%d", nr), "", rl_to_str(rl), "");
		}
		nr++;
	} END_FOR_EACH_PTR(arg);
	return true;
}

/*
 * On any return: the range a callee's outcome on this path required of a
 * parameter passed on to it unchanged ("return ww_mutex_lock(&obj->lock,
 * ctx)": dma_resv_lock() fails only with a non-NULL ctx too).
 */
static void record_return(void)
{
	struct sm_state_list *passed = get_owner_states(passed_range_id);
	bool integers_done = record_integer_params();
	struct sm_state *sm;

	FOR_EACH_PTR(passed, sm) {
		int nr = atoi(sm->name + 1);
		struct range_list *rl;

		if (sm->state == &merged || sm->state == &undefined || !param_unchanged(nr))
			continue;
		if (integers_done && !is_pointer_type(sm->sym))
			continue;	/* said by its range on this return */
		rl = get_range(symbol_load(sm->sym));
		/* nor all its type holds (a range an int's outcomes joined into) */
		if (range_tells(rl) && !rl_subset(type_range(get_real_base_type(sm->sym)), rl))
			summary_add_item("param_range", sm->name, "", rl_to_str(rl), "");
	} END_FOR_EACH_PTR(sm);
	free_ptr_list(&passed);
}

/*
 * At a call, on the path of one outcome: the argument is in the range, or
 * the outcome cannot be.  An argument that is a parameter of this function
 * keeps the range for this function's returns.
 */
static void apply_param_range(struct expression *call, struct summary_item *item)
{
	struct expression *arg = get_argument(call, atoi(item->key + 1));
	struct symbol *param;
	int nr;

	if (!arg)
		return;
	if (!path_assume(cur_fn()->path, arg, SPECIAL_EQUAL, rl_from_str(item->value))) {
		drop_path();
		return;
	}
	param = loaded_symbol(strip_expr(arg));
	if (param && (nr = sym_param_num(param)) >= 0 && param_unchanged(nr))
		set_state(passed_range_id, intern_fmt("$%d", nr), param, alloc_state_name("passed"));
}

/*
 * "need = needs_rtnl(optname)": the outcomes fork the path, but paths that
 * differ only in values are joined at the next join, so the fork alone
 * would not tie the two together for long.  An implication fact "need =>
 * optname" keeps, for each return value, the argument's range, and a later
 * test of 'need' restricts 'optname' on each side.
 */
struct implication {
	struct expression *var, *arg;
};

static int implication_id;

static void match_assign_result(struct expression *expr)
{
	struct expression *call = strip_expr(expr->right), *arg = NULL;
	struct return_summary *rs;
	struct summary_item *item;
	struct implication *imp;
	struct smatch_state *state;
	char text[512] = "";
	size_t n = 0;

	if (expr->op != '=' || !call || call->type != EXPR_CALL || !is_pure_expr(expr->left))
		return;
	FOR_EACH_PTR(get_summaries(call), rs) {
		FOR_EACH_PTR(rs->items, item) {
			struct expression *a;

			if (item->type != intern("param_range"))
				continue;
			a = get_argument(call, atoi(item->key + 1));
			if (!a || !is_pure_expr(a) || (arg && a != arg))
				continue;
			arg = a;
			n += snprintf(text + n, n < sizeof(text) ? sizeof(text) - n : 0, "%s%s;%s",
				      n ? "|" : "", rl_to_str(rs->ret), item->value);
		} END_FOR_EACH_PTR(item);
	} END_FOR_EACH_PTR(rs);
	if (!arg || n >= sizeof(text))
		return;
	state = alloc_state_name(text);
	if (!state->data) {
		imp = xmalloc(sizeof(*imp));
		imp->var = strip_expr(expr->left);
		imp->arg = arg;
		state->data = imp;
	}
	set_state(implication_id, intern_fmt("%s => %s", expr_to_str(strip_expr(expr->left)),
					     expr_to_str(arg)), NULL, state);
}

/* On path 'p': the argument is in the ranges of the returns the variable's value allows. */
static void apply_implication(struct path *p, struct smatch_state *state)
{
	struct implication *imp = state->data;
	struct range_list *var = get_range_on(p, imp->var), *allowed = NULL;
	char *text = xmalloc(strlen(state->name) + 1), *entry, *save = NULL;

	strcpy(text, state->name);
	for (entry = strtok_r(text, "|", &save); entry; entry = strtok_r(NULL, "|", &save)) {
		char *sep = strchr(entry, ';');

		*sep = '\0';
		if (rl_overlaps(var, rl_from_str(entry)))
			allowed = rl_union(allowed, rl_from_str(sep + 1));
	}
	free(text);
	if (allowed)
		path_assume(p, imp->arg, SPECIAL_EQUAL, allowed);
}

static void match_condition(struct expression *expr)
{
	struct sm_state_list *list = get_owner_states(implication_id);
	const char *cond = expr_to_str(expr);
	struct sm_state *sm;

	FOR_EACH_PTR(list, sm) {
		struct implication *imp = sm->state->data;

		if (!imp || !name_mentions(cond, expr_to_str(imp->var)))
			continue;
		apply_implication(cur_fn()->cond_true, sm->state);
		apply_implication(cur_fn()->cond_false, sm->state);
	} END_FOR_EACH_PTR(sm);
	free_ptr_list(&list);
}

/*
 * The variables a test of 'var' tells of on this path, through its
 * implication facts ("need => optname": optname), at most 'max' of them.
 */
int implied_arguments(const char *var, const char **args, int max)
{
	const char *prefix = intern_fmt("%s => ", var);
	struct sm_state_list *list = get_owner_states_prefixed(implication_id, prefix);
	struct sm_state *sm;
	int nr = 0;

	FOR_EACH_PTR(list, sm) {
		if (nr < max)
			args[nr++] = intern(sm->name + strlen(prefix));
	} END_FOR_EACH_PTR(sm);
	free_ptr_list(&list);
	return nr;
}

void register_param_limits(void)
{
	implication_id = register_owner("param_limits");
	set_owner_facts(implication_id);
	passed_range_id = register_owner("passed_param_range");
	set_owner_facts(passed_range_id);
	add_hook(&match_assign_result, ASSIGNMENT_HOOK);
	add_hook(&match_condition, CONDITION_HOOK);
	add_var_change_hook(&match_var_change);
	add_return_summary_hook(&record_return);
	add_summary_apply_hook("param_range", &apply_param_range);
}
