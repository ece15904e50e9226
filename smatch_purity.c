/*
 * smatch_purity.c: what a function touches.  It is impure when it writes
 * beyond its local variables or calls what may; it is "args_only" (an item
 * on every return, kept in the database) when it is pure and reads no
 * global variable either: a predicate on its arguments, like
 * 'a->type == b->type'.
 */
#include <string.h>
#include "smatch.h"
#include "smatch_internal.h"

bool is_local_lvalue(struct expression *expr)
{
	struct symbol *sym = loaded_symbol(expr);

	return sym && !(sym->ctype.modifiers & (MOD_TOPLEVEL | MOD_STATIC | MOD_EXTERN));
}

/* Writes outside local variables make the function impure (++/-- are the value tracker's). */
static void match_assign(struct expression *expr)
{
	if (!is_local_lvalue(expr->left))
		summary_mark_impure();
}

static void match_call(struct expression *call)
{
	if (!is_pure_call(call) && !is_expect_call(call))
		summary_mark_impure();
	if (!is_args_only_call(call))
		cur_fn()->reads_globals = true;
}

/* A global or static variable read (or written: the write makes it impure anyway). */
static void match_symbol(struct expression *expr)
{
	struct symbol *sym;

	if (expr->type != EXPR_SYMBOL || !(sym = expr->symbol))
		return;
	if (get_base_type(sym) && get_base_type(sym)->type == SYM_FN)
		return;
	if (sym->ctype.modifiers & (MOD_TOPLEVEL | MOD_STATIC | MOD_EXTERN))
		cur_fn()->reads_globals = true;
}

static void match_after_func(struct expression *unused)
{
	if (!cur_fn()->impure && !cur_fn()->reads_globals)
		summary_add_function_item("args_only", "", "", "", "");
}

bool is_args_only_call(struct expression *call)
{
	struct return_summary_list *list = get_summaries(call);
	struct return_summary *rs;
	struct summary_item *item;
	bool found;

	if (!list)
		return false;
	FOR_EACH_PTR(list, rs) {
		found = false;
		FOR_EACH_PTR(rs->items, item) {
			if (!strcmp(item->type, "args_only"))
				found = true;
		} END_FOR_EACH_PTR(item);
		if (!found)
			return false;
	} END_FOR_EACH_PTR(rs);
	return true;
}

void register_purity(void)
{
	add_hook(&match_assign, ASSIGNMENT_HOOK);
	add_hook(&match_call, FUNCTION_CALL_HOOK);
	add_hook(&match_symbol, EXPR_HOOK);
	add_hook(&match_after_func, AFTER_FUNC_HOOK);
}
