/*
 * smatch_purity.c: what a function touches.  It is impure when it writes
 * beyond its local variables or calls what may; it is "args_only" (an item
 * on every return, kept in the database) when it is pure and reads no
 * global variable either: a predicate on its arguments, like
 * 'a->type == b->type'.  Any other function is "atomic_only" (an item the
 * same way) when it touches memory beyond its own variables only through
 * atomic operations (smatch_data/atomic/PROJECT.atomics: atomic_inc(),
 * set_bit(), ...) and calls to atomic_only functions:
 * btrfs_freeze_block_group() is "atomic_inc(&cache->frozen);".  What it
 * touches needs no lock.
 */
#include <string.h>
#include "smatch.h"
#include "smatch_internal.h"
#include "smatch_db.h"

static struct memo *atomics[MEMO_HASH];	/* the table's functions */
static int plain_slot;	/* fn_data(): a bool, memory touched other than atomically */

/* A variable of the function's own: a local or a parameter, not a global or a static. */
static bool is_own_variable(struct symbol *sym)
{
	return sym && !(sym->ctype.modifiers & (MOD_TOPLEVEL | MOD_STATIC | MOD_EXTERN));
}

bool is_local_lvalue(struct expression *expr)
{
	return is_own_variable(loaded_symbol(expr));
}

static void touched_plainly(void)
{
	*(bool *)fn_data(plain_slot) = true;
}

/* Is 'addr' in a variable of the function's own ("&x", "&s + 8", "&buf + i")? */
static bool in_own_variable(struct expression *addr)
{
	addr = strip_expr(addr);
	while (addr && addr->type == EXPR_BINOP && (addr->op == '+' || addr->op == '-'))
		addr = strip_expr(is_pointer_type(addr->left->ctype) ? addr->left : addr->right);
	return addr && addr->type == EXPR_SYMBOL && is_own_variable(addr->symbol);
}

/* "p->n", "*p", a global: memory beyond the function's own variables, read or written. */
static void match_deref(struct expression *expr)
{
	if (expr->type == EXPR_PREOP && expr->op == '*' && !in_own_variable(expr->unop))
		touched_plainly();
}

/* Writes outside local variables make the function impure (++/-- are the value tracker's). */
static void match_assign(struct expression *expr)
{
	if (!is_local_lvalue(expr->left))
		summary_mark_impure();
}

static void match_call(struct expression *call)
{
	const char *fn = get_callee_name(call);

	if (!is_pure_call(call) && !is_expect_call(call))
		summary_mark_impure();
	if (!is_args_only_call(call))
		cur_fn()->reads_globals = true;
	if (!(fn && memo_find(atomics, fn)) && !is_expect_call(call) &&
	    !call_item_on_every_return(call, "atomic_only", NULL))
		touched_plainly();
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

	/* an atomic operation's asm is the table's business */
	touched_plainly();
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
	else if (!*(bool *)fn_data(plain_slot))
		summary_add_function_item("atomic_only", "", "", "", "");
}

bool is_args_only_call(struct expression *call)
{
	return call_item_on_every_return(call, "args_only", NULL);
}

void register_purity(void)
{
	plain_slot = register_fn_data(sizeof(bool));
	load_name_list("atomic", "atomics", atomics);
	add_hook(&match_deref, EXPR_HOOK);
	add_hook(&match_assign, ASSIGNMENT_HOOK);
	add_hook(&match_call, FUNCTION_CALL_HOOK);
	add_hook(&match_symbol, EXPR_HOOK);
	add_hook(&match_after_func, AFTER_FUNC_HOOK);
}
