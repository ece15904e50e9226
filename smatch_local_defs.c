/*
 * smatch_local_defs.c: a local assigned a test ("not_lockless = !rtnl_held
 * && !(ops->flags & UNLOCKED)") is that test while neither the local nor
 * anything the test reads changes: a later "if (not_lockless)" tells, on
 * each side, what the test says of its parts (rtnl_held is 0 where it holds).
 */
#include <string.h>
#include "smatch.h"
#include "smatch_internal.h"

static int my_id;

/* A test: what a truth value is computed from. */
static bool is_test(struct expression *e)
{
	if (e->type == EXPR_PREOP && e->op == '!')
		return true;
	return e->type == EXPR_LOGICAL || e->type == EXPR_COMPARE;
}

/* Computed from values alone (&& and || too, "(a && b) != 0" of a bool), so it can be read again. */
static bool is_pure_test(struct expression *e)
{
	e = strip_expr(e);
	if (e && (e->type == EXPR_LOGICAL || e->type == EXPR_COMPARE))
		return is_pure_test(e->left) && is_pure_test(e->right);
	if (e && e->type == EXPR_PREOP && e->op == '!')
		return is_pure_test(e->unop);
	return is_pure_expr(e);
}

static void match_assign(struct expression *expr)
{
	struct expression *left = strip_expr(expr->left), *right = strip_expr(expr->right);
	struct smatch_state *def;
	const char *name;

	if (expr->op != '=' || !loaded_symbol(left) || !is_local_lvalue(left))
		return;
	name = expr_to_str(left);
	if (!right || !is_test(right) || !is_pure_test(right) || name_mentions(expr_to_str(right), name))
		return;
	def = alloc_state_name(expr_to_str(right));
	if (!def->data)
		def->data = right;
	set_state(my_id, name, NULL, def);
}

/* The local, or what its test reads, changed: the definitions that mention it go. */
static void match_var_change(const char *name, struct symbol *sym, enum var_change how)
{
	struct sm_state_list *list = get_owner_states(my_id);
	struct sm_state *sm;

	FOR_EACH_PTR(list, sm) {
		if (sm->name == name || !strcmp(sm->name, name) || name_mentions(sm->state->name, name))
			delete_state(my_id, sm->name, sm->sym);
	} END_FOR_EACH_PTR(sm);
	free_ptr_list(&list);
}

static void match_condition(struct expression *expr)
{
	struct expression *e = strip_expr(expr);
	struct smatch_state *def;

	if (!loaded_symbol(e))
		return;
	def = get_state(my_id, expr_to_str(e), NULL);
	if (!def || !def->data)
		return;
	if (cur_fn()->cond_true)
		path_assume_truth(cur_fn()->cond_true, def->data, true);
	if (cur_fn()->cond_false)
		path_assume_truth(cur_fn()->cond_false, def->data, false);
}

void register_local_defs(void)
{
	my_id = register_owner("local_defs");
	set_owner_facts(my_id);
	add_hook(&match_assign, ASSIGNMENT_HOOK);
	add_hook(&match_condition, CONDITION_HOOK);
	add_var_change_hook(&match_var_change);
}
