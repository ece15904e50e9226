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

/* Does the asm say it clobbers memory ("memory" in its clobber list)? */
static bool clobbers_memory(struct statement *stmt)
{
	struct expression *clobber;

	FOR_EACH_PTR(stmt->asm_clobbers, clobber) {
		if (clobber && clobber->type == EXPR_STRING && clobber->string &&
		    !strcmp(clobber->string->data, "memory"))
			return true;
	} END_FOR_EACH_PTR(clobber);
	return false;
}

/*
 * An asm statement walked on a path: it makes the function impure unless
 * it is a stable read.  An asm that writes only local variables and
 * clobbers no memory changes nothing its callers see; in a function that
 * has no parameters and returns a pointer, it reads a pointer that is the
 * same at each call: the kernel's get_current() ("current") reads the
 * task with a non-volatile asm, which GCC may merge with the next one, so
 * facts about "current->jobctl" hold from one test to the next.  Sparse
 * does not keep "volatile", so other asm reads stay impure: rdtsc() reads
 * a counter, inb() a port, both integers.
 */
void purity_of_asm(struct statement *stmt)
{
	struct symbol *fn = get_real_base_type(cur_fn()->sym);
	struct asm_operand *op;

	cur_fn()->reads_globals = true;
	if (clobbers_memory(stmt) || !fn || fn->arguments || !is_pointer_type(get_fn_return_type(cur_fn()->sym)))
		goto impure;
	FOR_EACH_PTR(stmt->asm_outputs, op) {
		if (!is_local_lvalue(op->expr))
			goto impure;
	} END_FOR_EACH_PTR(op);
	return;
impure:
	summary_mark_impure();
}

static void match_after_func(struct expression *unused)
{
	if (!cur_fn()->impure && !cur_fn()->reads_globals)
		summary_add_function_item("args_only", "", "", "", "");
}

bool is_args_only_call(struct expression *call)
{
	return call_item_on_every_return(call, "args_only", NULL);
}

void register_purity(void)
{
	add_hook(&match_assign, ASSIGNMENT_HOOK);
	add_hook(&match_call, FUNCTION_CALL_HOOK);
	add_hook(&match_symbol, EXPR_HOOK);
	add_hook(&match_after_func, AFTER_FUNC_HOOK);
}
