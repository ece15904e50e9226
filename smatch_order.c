/*
 * smatch_order.c: analyses the functions of a file callees first, so that
 * a call to a helper defined in the same file (or an inline function from a
 * header) can use that helper's return summaries.
 */
#include <fcntl.h>
#include <stdio.h>
#include <unistd.h>
#include "smatch.h"
#include "evaluate.h"
#include "smatch_internal.h"

#define MAX_CALLEE_DEPTH 8

enum { NOT_SEEN, IN_PROGRESS, DONE };

#define ORDER_HASH 8192
struct seen {
	struct symbol *sym;
	int state;
	struct seen *next;
};
static struct seen *seen[ORDER_HASH];

static struct seen *get_seen(struct symbol *sym)
{
	unsigned h = ((uintptr_t)sym >> 4) % ORDER_HASH;
	struct seen *s;

	for (s = seen[h]; s; s = s->next) {
		if (s->sym == sym)
			return s;
	}
	s = xmalloc(sizeof(*s));
	s->sym = sym;
	s->next = seen[h];
	seen[h] = s;
	return s;
}

/*
 * Evaluates an inline function's body.  What Sparse would say about it is
 * not said here: Sparse itself only speaks of the copies it inlines, and
 * a header's inline function is not the checked file's problem.
 */
static void evaluate_quietly(struct symbol *sym)
{
	struct symbol_list *one = NULL;
	int saved_error = has_error;
	int saved_stderr, devnull;

	fflush(stderr);
	saved_stderr = dup(2);
	devnull = open("/dev/null", O_WRONLY);
	if (devnull >= 0) {
		dup2(devnull, 2);
		close(devnull);
	}
	add_ptr_list(&one, sym);
	evaluate_symbol_list(one);
	free_ptr_list(&one);
	fflush(stderr);
	if (saved_stderr >= 0) {
		dup2(saved_stderr, 2);
		close(saved_stderr);
	}
	has_error = saved_error;
}

/*
 * The definition of a function, with its body evaluated.  Sparse leaves
 * inline functions unevaluated (it only evaluates copies it inlines), so
 * their body is evaluated here the first time they are needed.
 */
static struct symbol *definition(struct symbol *sym)
{
	struct symbol *fn;

	if (sym->definition)
		sym = sym->definition;
	fn = get_real_base_type(sym);
	if (!fn || fn->type != SYM_FN)
		return NULL;
	if (!fn->stmt && fn->inline_stmt)
		evaluate_quietly(sym);
	return fn->stmt ? sym : NULL;
}

static void analyze(struct symbol *sym, int depth);
static void scan_stmt(struct statement *stmt, int depth);

/* The functions of the file a call through a pointer may reach (smatch_fn_ptr_calls.c). */
static void scan_pointer_targets(struct expression *call, int depth)
{
	struct symbol_list *targets = fn_ptr_local_targets(call);
	struct symbol *fn;

	FOR_EACH_PTR(targets, fn) {
		if (!has_summary_source(fn) && definition(fn))
			analyze(definition(fn), depth + 1);
	} END_FOR_EACH_PTR(fn);
	free_ptr_list(&targets);
}

/*
 * Finds the functions an expression names and analyses them first: the
 * callee of a call (its function expression comes first, or the known
 * targets of a pointer), and a function passed as an argument, which may
 * be called there (kref_put(ref, release)).
 */
static void scan_expr(struct expression *expr, int depth)
{
	struct expression *e;
	struct symbol *fn;

	if (!expr)
		return;
	switch (expr->type) {
	case EXPR_CALL:
		scan_expr(expr->fn, depth);
		scan_pointer_targets(expr, depth);
		FOR_EACH_PTR(expr->args, e) {
			scan_expr(e, depth);
		} END_FOR_EACH_PTR(e);
		break;
	case EXPR_SYMBOL:
		fn = expr->symbol;
		if (fn && get_real_base_type(fn) && get_real_base_type(fn)->type == SYM_FN &&
		    !has_summary_source(fn) && definition(fn))
			analyze(definition(fn), depth + 1);
		break;
	case EXPR_STATEMENT:
		scan_stmt(expr->statement, depth);
		break;
	case EXPR_CONDITIONAL:
	case EXPR_SELECT:
		scan_expr(expr->conditional, depth);
		scan_expr(expr->cond_true, depth);
		scan_expr(expr->cond_false, depth);
		break;
	case EXPR_ASSIGNMENT:
	case EXPR_BINOP:
	case EXPR_COMMA:
	case EXPR_COMPARE:
	case EXPR_LOGICAL:
		scan_expr(expr->left, depth);
		scan_expr(expr->right, depth);
		break;
	case EXPR_PREOP:
	case EXPR_POSTOP:
		scan_expr(expr->unop, depth);
		break;
	case EXPR_DEREF:
		scan_expr(expr->deref, depth);
		break;
	case EXPR_CAST:
	case EXPR_FORCE_CAST:
	case EXPR_IMPLIED_CAST:
		scan_expr(expr->cast_expression, depth);
		break;
	default:
		break;
	}
}

static void scan_stmt(struct statement *stmt, int depth)
{
	struct statement *s;
	struct symbol *sym;

	if (!stmt)
		return;
	switch (stmt->type) {
	case STMT_DECLARATION:
		FOR_EACH_PTR(stmt->declaration, sym) {
			scan_expr(sym->initializer, depth);
		} END_FOR_EACH_PTR(sym);
		break;
	case STMT_EXPRESSION:
		scan_expr(stmt->expression, depth);
		break;
	case STMT_COMPOUND:
		FOR_EACH_PTR(stmt->stmts, s) {
			scan_stmt(s, depth);
		} END_FOR_EACH_PTR(s);
		break;
	case STMT_IF:
		scan_expr(stmt->if_conditional, depth);
		scan_stmt(stmt->if_true, depth);
		scan_stmt(stmt->if_false, depth);
		break;
	case STMT_ITERATOR:
		scan_stmt(stmt->iterator_pre_statement, depth);
		scan_expr(stmt->iterator_pre_condition, depth);
		scan_stmt(stmt->iterator_statement, depth);
		scan_stmt(stmt->iterator_post_statement, depth);
		scan_expr(stmt->iterator_post_condition, depth);
		break;
	case STMT_SWITCH:
		scan_expr(stmt->switch_expression, depth);
		scan_stmt(stmt->switch_statement, depth);
		break;
	case STMT_CASE:
		scan_stmt(stmt->case_statement, depth);
		break;
	case STMT_LABEL:
		scan_stmt(stmt->label_statement, depth);
		break;
	case STMT_RETURN:
		scan_expr(stmt->ret_value, depth);
		break;
	default:
		break;
	}
}

static void analyze(struct symbol *sym, int depth)
{
	struct seen *s = get_seen(sym);

	if (s->state != NOT_SEEN || depth > MAX_CALLEE_DEPTH)
		return;
	s->state = IN_PROGRESS;
	scan_stmt(get_real_base_type(sym)->stmt, depth);
	walk_function(sym, pos_in_main_file(sym->pos));
	s->state = DONE;
}

static struct symbol_list *current_file_symbols;

struct symbol_list *file_symbols(void)
{
	return current_file_symbols;
}

/*
 * Walks a function of the file a second time, once every function is
 * walked (a static function whose callers all hold a lock starts with it
 * held): the modules first forget what its first walk said.
 */
void walk_function_again(struct symbol *sym)
{
	run_hooks(FORGET_FUNC_HOOK, sym);
	walk_function(sym, pos_in_main_file(sym->pos));
}

/* Analyses every function defined in the file being checked. */
void analyze_file_symbols(struct symbol_list *syms)
{
	struct symbol *sym;

	current_file_symbols = syms;
	FOR_EACH_PTR(syms, sym) {
		struct symbol *def = definition(sym);

		if (def && pos_in_main_file(def->pos))
			analyze(def, 0);
	} END_FOR_EACH_PTR(sym);
	run_hooks(FILE_WALKED_HOOK, NULL);
	/*
	 * How every file ends, here only: the checks settle its warnings
	 * (END_FILE_HOOK: a check may withdraw one it made), they are printed,
	 * and then what follows them (AFTER_FILE_HOOK: the --info rows).
	 */
	run_hooks(END_FILE_HOOK, NULL);
	flush_warnings();
	run_hooks(AFTER_FILE_HOOK, NULL);
}
