/*
 * smatch_out_params.c: which integer out-parameters a function may clear.
 * "*locked = 0;" in a function, or its parameter passed on to a callee
 * that may clear it, gives every return of the function a "clears_param"
 * item (key "$N"), kept in the database: pin_user_pages_remote(mm, ...,
 * &locked) says through 'locked' that it dropped mmap_lock deep inside
 * fault handling, which its summary does not show as a release.
 */
#include <string.h>
#include <stdlib.h>
#include "smatch.h"
#include "smatch_internal.h"

#define MAX_OUT_PARAMS 64

static int fn_slot;	/* bit N: parameter N may be cleared (fn_data(), an unsigned long long) */

static unsigned long long *cleared_params(void)
{
	return fn_data(fn_slot);
}

/* A pointer to an integer parameter of the function being analysed, by number, or -1. */
static int int_pointer_param(struct symbol *sym)
{
	struct symbol *type = sym ? get_real_base_type(sym) : NULL;
	int nr = sym ? sym_param_num(sym) : -1;

	if (nr < 0 || nr >= MAX_OUT_PARAMS || !type || type->type != SYM_PTR ||
	    !is_int_type(get_real_base_type(type->ctype.base_type)))
		return -1;
	return nr;
}

/* "*locked = 0" (or a value that may be 0): parameter 'locked' may be cleared. */
static void match_assign(struct expression *expr)
{
	struct expression *left = strip_expr(expr->left);
	int nr;

	if (expr->op != '=' || !left || left->type != EXPR_PREOP || left->op != '*')
		return;
	nr = int_pointer_param(loaded_symbol(left->unop));
	if (nr >= 0 && rl_contains_zero(get_range(expr->right)))
		*cleared_params() |= 1ULL << nr;
}

/* Does some return of the callee say it may clear what its argument 'nr' points to? */
bool call_may_clear_arg(struct expression *call, int nr)
{
	const char *key = intern_fmt("$%d", nr);
	struct return_summary *rs;
	struct summary_item *item;

	FOR_EACH_PTR(get_summaries(call), rs) {
		FOR_EACH_PTR(rs->items, item) {
			if (item->type == intern("clears_param") && item->key == key)
				return true;
		} END_FOR_EACH_PTR(item);
	} END_FOR_EACH_PTR(rs);
	return false;
}

/* "helper(locked)" where helper may clear its argument: so may this function. */
static void match_call(struct expression *call)
{
	struct expression *arg;
	int nr = 0, param;

	FOR_EACH_PTR(call->args, arg) {
		param = int_pointer_param(loaded_symbol(arg));
		if (param >= 0 && call_may_clear_arg(call, nr))
			*cleared_params() |= 1ULL << param;
		nr++;
	} END_FOR_EACH_PTR(arg);
}

static void match_after_func(struct expression *unused)
{
	unsigned long long bits = *cleared_params();
	int nr;

	for (nr = 0; nr < MAX_OUT_PARAMS; nr++) {
		if (bits & (1ULL << nr))
			summary_add_function_item("clears_param", intern_fmt("$%d", nr), "", "", "");
	}
}

void register_out_params(void)
{
	fn_slot = register_fn_data(sizeof(unsigned long long));
	add_hook(&match_assign, ASSIGNMENT_HOOK);
	add_hook(&match_call, FUNCTION_CALL_HOOK);
	add_hook(&match_after_func, AFTER_FUNC_HOOK);
}
