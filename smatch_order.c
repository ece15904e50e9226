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

/* A scan of a function's body for the callees to analyse before it. */
struct callee_scan {
	struct tree_visit visit;	/* first: the hook gets it */
	int depth;			/* of the function scanned, in callees from the file's */
};

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
 * Analyses first the functions an expression names: the known targets of
 * a call through a pointer, and any function named, the callee of a call
 * or a function passed as an argument, which may be called there
 * (kref_put(ref, release)).
 */
static void scan_expr(struct tree_visit *v, struct expression *expr)
{
	int depth = ((struct callee_scan *)v)->depth;
	struct symbol *fn;

	if (expr->type == EXPR_CALL) {
		scan_pointer_targets(expr, depth);
	} else if (expr->type == EXPR_SYMBOL) {
		fn = expr->symbol;
		if (fn && get_real_base_type(fn) && get_real_base_type(fn)->type == SYM_FN &&
		    !has_summary_source(fn) && definition(fn))
			analyze(definition(fn), depth + 1);
	}
}

static void analyze(struct symbol *sym, int depth)
{
	struct seen *s = get_seen(sym);
	struct callee_scan scan = { { .expr = scan_expr }, depth };

	if (s->state != NOT_SEEN || depth > MAX_CALLEE_DEPTH)
		return;
	s->state = IN_PROGRESS;
	visit_tree(&scan.visit, get_real_base_type(sym)->stmt);
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
