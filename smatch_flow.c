/*
 * smatch_flow.c: walks each function's evaluated parse tree statement by
 * statement, splitting the set of paths at conditions, following goto,
 * break, continue and return, and joining paths where control flow meets.
 */
#include <string.h>
#include "smatch.h"
#include "smatch_internal.h"

/*
 * What a jump back to a walked label does: one that starts a segment of
 * its block walked as a loop (smatch_back_edges.c) collects the paths of
 * the first round, and leaves those of the second; other jumps back are
 * not followed (rule "back-edge-not-walked").
 */
enum back_round { NOT_A_LOOP, FIRST_ROUND, SECOND_ROUND };

/* A goto target (also the hidden break/continue targets of loops and switches). */
struct label {
	struct symbol *sym;
	struct path_list *pending;	/* paths that jump here */
	int walked;			/* order in which it was walked, or -1 */
	enum back_round round;
	bool asm_target;		/* named by an asm goto */
	struct label *next_asm_target;
};

/* A label walked, in the order labels are walked (forget_labels_since()). */
struct label_walk {
	struct label *label;
	int order;
	struct label_walk *older;
};

struct switch_ctx {
	struct expression *expr;
	struct statement *stmt;
	struct path_list *entry;	/* the paths entering the switch */
	struct switch_ctx *prev;
};

#define LOOP_UNROLL	2	/* a loop body is walked this many times */
#define MAX_DEPTH	2000	/* expression nesting the walker follows */

static void walk_stmt(struct statement *stmt);
static void walk_block(struct statement *block);
static void walk_expr(struct expression *expr);
static void split_condition(struct expression *expr, struct path_list **t, struct path_list **f);

static struct fn_ctx *ctx(void)
{
	return cur_fn();
}

static void give_up(void)
{
	struct fn_ctx *c = ctx();

	if (c->gave_up)
		return;
	c->gave_up = true;
	free_ptr_list(&c->paths);
}

static struct label *get_label(struct symbol *sym)
{
	struct label *l = ptr_map_get(ctx()->labels, sym);

	if (l)
		return l;
	l = fn_alloc(sizeof(*l));
	l->sym = sym;
	l->pending = NULL;
	l->walked = -1;
	l->round = NOT_A_LOOP;
	l->asm_target = false;
	l->next_asm_target = NULL;
	ptr_map_set(&ctx()->labels, sym, l);
	return l;
}

/* Label 'l' is walked now: the next in order. */
static void mark_walked(struct label *l)
{
	struct fn_ctx *c = ctx();
	struct label_walk *w = fn_alloc(sizeof(*w));

	w->label = l;
	w->order = l->walked = c->labels_walked++;
	w->older = c->walks;
	c->walks = w;
}

/*
 * The current paths jump to 'sym' ('how': "goto", "computed goto", "asm
 * goto").  A jump back to a walked label is followed only in the first
 * round of a segment walked as a loop.
 */
static void jump_to(struct symbol *sym, struct path_list *paths, const char *how)
{
	struct label *l = get_label(sym);

	if (l->walked >= 0 && l->round != FIRST_ROUND) {
		if (l->round == NOT_A_LOOP && paths)
			rule_applied(DEBUG_LOCKING, ctx()->cur_pos, "back-edge-not-walked",
				     "%s back to '%s' (line %d) not followed: %s", how,
				     ident_str(sym->ident), sym->pos.line,
				     strcmp(how, "goto") ? "only gotos to a label are walked as loops" :
				     "the label does not start a statement of a block holding the goto");
		return;
	}
	join_paths(&l->pending, paths);
}

bool goto_jumps_back(struct statement *stmt)
{
	return stmt->type == STMT_GOTO && stmt->goto_label &&
	       get_label(stmt->goto_label)->walked >= 0;
}

static struct path_list *take_pending(struct symbol *sym)
{
	struct label *l;
	struct path_list *res;

	if (!sym)
		return NULL;
	l = get_label(sym);
	res = l->pending;
	l->pending = NULL;
	return res;
}

/* Labels walked inside a loop body may be reached again by the next round. */
static void forget_labels_since(int mark)
{
	struct fn_ctx *c = ctx();
	struct label_walk *w;

	for (w = c->walks; w && w->order >= mark; w = w->older) {
		if (w->label->walked == w->order)
			w->label->walked = -1;
	}
	c->walks = w;
}

/*
 * The kernel's compiletime_assert() calls a __noreturn function declared
 * with __attribute__((error)), which Sparse drops, when its constant test
 * fails: a build reaching that call fails, so a path that reaches it was
 * kept by values the engine got wrong.  It is lost, not an end.
 */
static bool is_compile_time_assert(struct expression *call)
{
	struct symbol *sym = get_callee(call);

	return sym && sym->ident && !strncmp(ident_str(sym->ident), "__compiletime_assert_", 21);
}

static bool is_noreturn(struct expression *call)
{
	struct symbol *sym = get_callee(call);
	const char *name;

	if (!sym)
		return false;
	if ((sym->ctype.modifiers | get_real_base_type(sym)->ctype.modifiers) & MOD_NORETURN)
		return true;
	name = sym->ident ? ident_str(sym->ident) : "";
	return !strcmp(name, "__builtin_unreachable") || !strcmp(name, "__builtin_trap") ||
	       !strcmp(name, "abort") || !strcmp(name, "exit") || !strcmp(name, "_exit");
}

/* ---- expressions ----------------------------------------------------- */

static void walk_call(struct expression *expr)
{
	struct expression *arg, *fn = strip_expr(expr->fn);

	if (fn && fn->type != EXPR_SYMBOL && !(fn->type == EXPR_PREOP && fn->op == '*' &&
					      strip_expr(fn->unop)->type == EXPR_SYMBOL))
		walk_expr(expr->fn);
	FOR_EACH_PTR(expr->args, arg) {
		walk_expr(arg);
	} END_FOR_EACH_PTR(arg);
	run_call_hooks(expr);
	if (ctx()->paths && is_compile_time_assert(expr))
		ctx()->lost_paths = true;
	if (is_noreturn(expr) || call_never_returns(expr))
		free_ptr_list(&ctx()->paths);
}

static struct expression *result_expr, *result_value;

static void record_result(void *unused)
{
	set_expr_result(result_expr, result_value);
}

/* Remembers on each current path the value 'expr' had: 'value's. */
static void record_results(struct expression *expr, struct expression *value)
{
	result_expr = expr;
	result_value = value;
	if (value)
		run_on_paths(record_result, NULL);
}

static void walk_conditional(struct expression *expr)
{
	struct path_list *t, *f, *after_true;
	struct expression *outer_cond = ctx()->branch_cond;

	split_condition(expr->conditional, &t, &f);
	ctx()->paths = t;
	ctx()->branch_depth++;
	ctx()->branch_cond = expr->conditional;
	if (expr->cond_true)
		walk_expr(expr->cond_true);
	record_results(expr, expr->cond_true ? expr->cond_true : expr->conditional);
	after_true = ctx()->paths;
	ctx()->paths = f;
	walk_expr(expr->cond_false);
	ctx()->branch_depth--;
	ctx()->branch_cond = outer_cond;
	record_results(expr, expr->cond_false);
	join_paths(&ctx()->paths, after_true);
}

static struct range_list *bool_result;

static void record_bool(void *unused)
{
	set_expr_result_rl(result_expr, bool_result);
}

static void walk_logical(struct expression *expr)
{
	struct path_list *t, *f;

	split_condition(expr, &t, &f);
	result_expr = expr;
	ctx()->paths = t;
	bool_result = rl_range(1, 1);
	run_on_paths(record_bool, NULL);
	t = ctx()->paths;
	ctx()->paths = f;
	bool_result = rl_range(0, 0);
	run_on_paths(record_bool, NULL);
	join_paths(&ctx()->paths, t);
}

static void walk_expr_inner(struct expression *expr)
{
	struct expression *e;

	switch (expr->type) {
	case EXPR_ASSIGNMENT:
		walk_expr(expr->right);
		walk_expr(expr->left);
		run_hooks_on(ASSIGNMENT_HOOK, expr, &ctx()->paths);
		break;
	case EXPR_CALL:
		walk_call(expr);
		break;
	case EXPR_LOGICAL:
		walk_logical(expr);
		break;
	case EXPR_CONDITIONAL:
	case EXPR_SELECT:
		walk_conditional(expr);
		break;
	case EXPR_STATEMENT:
		ctx()->in_stmt_expr++;
		walk_stmt(expr->statement);
		ctx()->in_stmt_expr--;
		record_results(expr, stmt_expr_value(expr->statement));
		break;
	case EXPR_PREOP:
	case EXPR_POSTOP:
		walk_expr(expr->unop);
		break;
	case EXPR_BINOP:
	case EXPR_COMMA:
	case EXPR_COMPARE:
		walk_expr(expr->left);
		walk_expr(expr->right);
		break;
	case EXPR_DEREF:
		walk_expr(expr->deref);
		break;
	case EXPR_CAST:
	case EXPR_FORCE_CAST:
	case EXPR_IMPLIED_CAST:
		walk_expr(expr->cast_expression);
		break;
	case EXPR_INITIALIZER:
		FOR_EACH_PTR(expr->expr_list, e) {
			walk_expr(e);
		} END_FOR_EACH_PTR(e);
		break;
	case EXPR_IDENTIFIER:
		walk_expr(expr->ident_expression);
		break;
	case EXPR_INDEX:
		walk_expr(expr->idx_expression);
		break;
	case EXPR_POS:
		walk_expr(expr->init_expr);
		break;
	default:
		/* values, symbols, strings, sizeof, types, labels: nothing runs */
		break;
	}
}

static void walk_expr(struct expression *expr)
{
	struct fn_ctx *c = ctx();

	if (!expr || !c->paths || c->gave_up)
		return;
	if (++c->depth > MAX_DEPTH) {
		give_up();
		c->depth--;
		return;
	}
	c->cur_pos = expr->pos;
	walk_expr_inner(expr);
	run_hooks_on(EXPR_HOOK, expr, &c->paths);
	c->depth--;
}

/* ---- conditions ------------------------------------------------------ */

static bool is_constant_test(struct expression *expr)
{
	expr = strip_expr(expr);
	return !expr || (expr->flags & CEF_ICE);
}

/* Splits every current path on 'expr', which has been walked already. */
static void split_walked(struct expression *expr, struct path_list **t, struct path_list **f)
{
	struct path *p, *pt, *pf;
	struct path_list *paths = ctx()->paths;

	*t = *f = NULL;
	ctx()->paths = NULL;
	FOR_EACH_PTR(paths, p) {
		split_path_on_condition(expr, p, &pt, &pf);
		if ((!pt || !pf) && !is_constant_test(expr))
			ctx()->value_decided++;
		if (pt)
			add_ptr_list(t, pt);
		if (pf)
			add_ptr_list(f, pf);
	} END_FOR_EACH_PTR(p);
	free_ptr_list(&paths);
}

/* The last expression of a statement expression, whose value it has. */
struct expression *stmt_expr_value(struct statement *stmt)
{
	struct statement *last;

	if (!stmt || stmt->type != STMT_COMPOUND)
		return NULL;
	last = last_ptr_list((struct ptr_list *)stmt->stmts);
	if (!last || last->type != STMT_EXPRESSION)
		return NULL;
	return last->expression;
}

static void walk_all_but_last(struct statement *stmt)
{
	struct statement *s, *last = last_ptr_list((struct ptr_list *)stmt->stmts);

	FOR_EACH_PTR(stmt->stmts, s) {
		if (s != last)
			walk_stmt(s);
	} END_FOR_EACH_PTR(s);
}

/*
 * Splits the current paths on a branch condition into the paths where it
 * is true and those where it is false; && and || and ?: inside it split
 * as the evaluation would short-circuit.
 */
static void split_condition(struct expression *expr, struct path_list **t, struct path_list **f)
{
	struct fn_ctx *c = ctx();
	struct path_list *lt, *lf, *rt, *rf;
	struct expression *e = strip_expr(expr);

	*t = *f = NULL;
	if (!e || !c->paths || c->gave_up)
		return;
	if (++c->depth > MAX_DEPTH) {
		give_up();
		c->depth--;
		return;
	}
	c->cur_pos = e->pos;
	switch (e->type) {
	case EXPR_LOGICAL:
		split_condition(e->left, &lt, &lf);
		c->paths = e->op == SPECIAL_LOGICAL_AND ? lt : lf;
		split_condition(e->right, &rt, &rf);
		if (e->op == SPECIAL_LOGICAL_AND) {
			*t = rt;
			join_paths(&lf, rf);
			*f = lf;
		} else {
			join_paths(&lt, rt);
			*t = lt;
			*f = rf;
		}
		break;
	case EXPR_PREOP:
		if (e->op != '!')
			goto plain;
		split_condition(e->unop, f, t);
		break;
	case EXPR_COMMA:
		walk_expr(e->left);
		split_condition(e->right, t, f);
		break;
	case EXPR_CONDITIONAL:
	case EXPR_SELECT:
		split_condition(e->conditional, &lt, &lf);
		c->paths = lt;
		if (e->cond_true) {
			split_condition(e->cond_true, &rt, &rf);
		} else {
			rt = c->paths;
			rf = NULL;
		}
		c->paths = lf;
		split_condition(e->cond_false, t, f);
		join_paths(t, rt);
		join_paths(f, rf);
		break;
	case EXPR_STATEMENT:
		if (!stmt_expr_value(e->statement))
			goto plain;
		walk_all_but_last(e->statement);
		split_condition(stmt_expr_value(e->statement), t, f);
		break;
	case EXPR_ASSIGNMENT:
		walk_expr(e);
		split_walked(e->left, t, f);
		break;
	case EXPR_CALL:
		/* likely() and unlikely() are the condition they hint at */
		if (!is_expect_call(e))
			goto plain;
		split_condition(get_argument(e, 0), t, f);
		break;
	default:
plain:
		walk_expr(e);
		split_walked(e, t, f);
	}
	c->depth--;
}

/* ---- statements ------------------------------------------------------ */

/*
 * The values of a statement's calls and conditional expressions are
 * forgotten when it ends, but not inside a ({ }) whose value is still
 * to be used.
 */
static void statement_done(void)
{
	if (!ctx()->in_stmt_expr)
		run_on_paths((void (*)(void *))forget_results, NULL);
}

static void walk_declaration(struct statement *stmt)
{
	struct symbol *sym;

	FOR_EACH_PTR(stmt->declaration, sym) {
		if (!sym->initializer || (sym->ctype.modifiers & MOD_STATIC))
			continue;
		walk_expr(sym->initializer);
		if (ctx()->paths)
			run_hooks_on(ASSIGNMENT_HOOK, fake_assignment(sym), &ctx()->paths);
	} END_FOR_EACH_PTR(sym);
}

static void walk_if(struct statement *stmt)
{
	struct path_list *t, *f, *after_true;
	struct statement *outer_if = ctx()->if_taken;
	struct expression *outer_cond = ctx()->branch_cond;

	split_condition(stmt->if_conditional, &t, &f);
	ctx()->paths = t;
	statement_done();
	ctx()->branch_depth++;
	ctx()->branch_cond = stmt->if_conditional;
	ctx()->if_taken = stmt;
	walk_stmt(stmt->if_true);
	ctx()->if_taken = NULL;
	after_true = ctx()->paths;
	ctx()->paths = f;
	statement_done();
	walk_stmt(stmt->if_false);
	ctx()->branch_depth--;
	ctx()->if_taken = outer_if;
	ctx()->branch_cond = outer_cond;
	join_paths(&ctx()->paths, after_true);
}

static void walk_loop(struct statement *stmt)
{
	struct fn_ctx *c = ctx();
	struct path_list *exit = NULL, *t, *f;
	struct path *p;
	int i, mark, steps;

	walk_stmt(stmt->iterator_pre_statement);
	steps = values_step_mark();
	for (i = 0; i < LOOP_UNROLL && !c->gave_up; i++) {
		mark = c->labels_walked;
		if (stmt->iterator_pre_condition) {
			split_condition(stmt->iterator_pre_condition, &t, &f);
			join_paths(&exit, f);
			c->paths = t;
		}
		walk_stmt(stmt->iterator_statement);
		join_paths(&c->paths, take_pending(stmt->iterator_continue));
		walk_stmt(stmt->iterator_post_statement);
		if (stmt->iterator_post_condition) {
			split_condition(stmt->iterator_post_condition, &t, &f);
			join_paths(&exit, f);
			c->paths = t;
		}
		join_paths(&exit, take_pending(stmt->iterator_break));
		forget_labels_since(mark);
		if (!c->paths)
			break;
	}
	/*
	 * The paths that would go round once more leave when the condition
	 * fails, after rounds not walked: the counters it steps may hold anything.
	 */
	FOR_EACH_PTR(c->paths, p) {
		c->path = p;
		forget_stepped_since(steps);
	} END_FOR_EACH_PTR(p);
	c->path = NULL;
	if (c->paths && stmt->iterator_pre_condition) {
		split_condition(stmt->iterator_pre_condition, &t, &f);
		join_paths(&exit, f);
		c->paths = t;
	}
	free_ptr_list(&c->paths);
	c->paths = exit;
}

static bool switch_has_default(struct statement *stmt)
{
	struct symbol *sym;

	FOR_EACH_PTR(stmt->switch_case->symbol_list, sym) {
		if (sym->stmt && !sym->stmt->case_expression)
			return true;
	} END_FOR_EACH_PTR(sym);
	return false;
}

/* The range a case label takes: false if it is not a constant. */
static bool case_range(struct statement *stmt, int64_t *lo, int64_t *hi)
{
	if (!stmt->case_expression || !get_value(stmt->case_expression, lo))
		return false;
	*hi = *lo;
	return !stmt->case_to || get_value(stmt->case_to, hi);
}

/*
 * The values of 'rl' that go to default (or past the switch).  Taken from
 * what a path knows of the value rather than from all values: a range list
 * is short, and the holes of many case labels would be joined.
 */
static struct range_list *without_cases(struct statement *stmt, struct range_list *rl)
{
	struct symbol *sym;
	int64_t lo, hi;

	FOR_EACH_PTR(stmt->switch_case->symbol_list, sym) {
		if (sym->stmt && case_range(sym->stmt, &lo, &hi))
			rl = rl_intersect(rl, rl_complement(rl_range(lo, hi)));
	} END_FOR_EACH_PTR(sym);
	return rl;
}

/*
 * The entry paths on which the switch value can be in 'rl' (NULL: in no
 * case label's values), restricted to it.
 */
static struct path_list *paths_for(struct switch_ctx *sw, struct range_list *rl)
{
	struct path_list *res = NULL;
	struct path *p, *n;
	struct range_list *want;

	FOR_EACH_PTR(sw->entry, p) {
		want = rl ? rl : without_cases(sw->stmt, get_range_on(p, sw->expr));
		n = clone_path(p);
		if (path_assume(n, sw->expr, SPECIAL_EQUAL, want))
			add_ptr_list(&res, n);
		else if (!is_constant_test(sw->expr))
			ctx()->value_decided++;
	} END_FOR_EACH_PTR(p);
	return res;
}

static void walk_switch(struct statement *stmt)
{
	struct fn_ctx *c = ctx();
	struct switch_ctx sw;

	walk_expr(stmt->switch_expression);
	sw.expr = stmt->switch_expression;
	sw.stmt = stmt;
	sw.entry = c->paths;
	sw.prev = c->switches;
	c->switches = &sw;
	c->paths = NULL;
	walk_stmt(stmt->switch_statement);
	c->switches = sw.prev;
	join_paths(&c->paths, take_pending(stmt->switch_break));
	if (!switch_has_default(stmt))
		join_paths(&c->paths, paths_for(&sw, NULL));
}

/* A case label: the paths falling through meet those the switch sends here. */
static void walk_case(struct statement *stmt)
{
	struct fn_ctx *c = ctx();
	struct switch_ctx *sw = c->switches;
	int64_t lo, hi;

	if (sw) {
		struct range_list *rl = rl_whole();

		if (!stmt->case_expression)
			rl = NULL;	/* default */
		else if (case_range(stmt, &lo, &hi))
			rl = rl_range(lo, hi);
		join_paths(&c->paths, paths_for(sw, rl));
	}
	walk_stmt(stmt->case_statement);
}

static void walk_goto(struct statement *stmt)
{
	struct fn_ctx *c = ctx();
	struct symbol *target;

	if (stmt->goto_label) {
		jump_to(stmt->goto_label, c->paths, "goto");
	} else {
		walk_expr(stmt->goto_expression);
		FOR_EACH_PTR(stmt->target_list, target) {
			jump_to(target, clone_paths(c->paths), "computed goto");
		} END_FOR_EACH_PTR(target);
	}
	c->paths = NULL;
}

static void record_return(void *ret)
{
	summary_record_return(ret);
}

static void walk_return(struct expression *ret)
{
	struct fn_ctx *c = ctx();

	if (!c->paths)
		return;
	run_hooks_on(RETURN_HOOK, ret, &c->paths);
	run_on_paths(record_return, ret);
	free_ptr_list(&c->paths);
}

static void walk_asm(struct statement *stmt)
{
	struct symbol *label;

	if (ctx()->paths)
		purity_of_asm(stmt);
	FOR_EACH_PTR(stmt->asm_labels, label) {
		struct label *l = get_label(label);

		jump_to(label, clone_paths(ctx()->paths), "asm goto");
		if (!l->asm_target) {
			l->asm_target = true;
			l->next_asm_target = ctx()->asm_targets;
			ctx()->asm_targets = l;
		}
	} END_FOR_EACH_PTR(label);
}

/*
 * The paths that jump to the label 'l' of a statement being walked.  Sparse
 * copies an inline function's body without replacing the labels of its
 * asm gotos, so those still name the original's label: the kernel's
 * test_and_clear_bit() ("asm goto (... : cc_label); if (0) { cc_label:
 * c = true; }") would never be true.  Such paths go to the next label of
 * the same name walked.
 */
static void take_jumps_to(struct label *l)
{
	struct label *x;

	join_paths(&ctx()->paths, l->pending);
	l->pending = NULL;
	for (x = ctx()->asm_targets; x; x = x->next_asm_target) {
		if (x != l && x->pending && x->sym->ident == l->sym->ident) {
			join_paths(&ctx()->paths, x->pending);
			x->pending = NULL;
		}
	}
}

static void walk_stmt(struct statement *stmt)
{
	struct fn_ctx *c = ctx();
	struct label *l;

	if (!stmt || c->gave_up)
		return;
	c->cur_pos = stmt->pos;
	c->work += ptr_list_size((struct ptr_list *)c->paths) + 1;
	if (c->work > MAX_WORK || c->state_work > MAX_STATE_WORK || c->too_many_states) {
		give_up();
		return;
	}
	if (c->paths)
		run_hooks_on(STMT_HOOK, stmt, &c->paths);
	switch (stmt->type) {
	case STMT_DECLARATION:
		walk_declaration(stmt);
		statement_done();
		break;
	case STMT_EXPRESSION:
		walk_expr(stmt->expression);
		statement_done();
		break;
	case STMT_COMPOUND:
		walk_block(stmt);
		break;
	case STMT_IF:
		walk_if(stmt);
		break;
	case STMT_ITERATOR:
		walk_loop(stmt);
		break;
	case STMT_SWITCH:
		walk_switch(stmt);
		break;
	case STMT_CASE:
		walk_case(stmt);
		break;
	case STMT_LABEL:
		l = get_label(stmt->label_identifier);
		take_jumps_to(l);
		mark_walked(l);
		walk_stmt(stmt->label_statement);
		break;
	case STMT_GOTO:
		walk_goto(stmt);
		break;
	case STMT_RETURN:
		walk_expr(stmt->ret_value);
		walk_return(stmt->ret_value);
		break;
	case STMT_ASM:
		walk_asm(stmt);
		break;
	default:
		/* __context__, __range__ and empty statements change nothing */
		break;
	}
}

/* ---- backward gotos walked as loops ---------------------------------- */

/* Sets the round of the labels that start block statement 's'. */
static void set_round(struct statement *s, enum back_round round)
{
	for (; s && s->type == STMT_LABEL; s = s->label_statement)
		get_label(s->label_identifier)->round = round;
}

/* Did a jump back to a label that starts 's' come? */
static bool jumped_back(struct statement *s)
{
	for (; s && s->type == STMT_LABEL; s = s->label_statement) {
		if (get_label(s->label_identifier)->pending)
			return true;
	}
	return false;
}

static int walk_segment(struct statement **stmts, int head, int end);

/*
 * Walks statements 'from' to 'to' of a block (or further, to the end of a
 * segment started there): the index of the last one walked.
 */
static int walk_range(struct statement **stmts, int from, int to)
{
	int i, end;

	for (i = from; i <= to; i++) {
		end = back_edge_end(stmts[i]);
		if (end < i)
			walk_stmt(stmts[i]);
		else
			i = walk_segment(stmts, i, end);
	}
	return i - 1;
}

/*
 * "retry: ... goto retry;": statements 'head' (which starts with the label)
 * to 'end' (which holds the last goto back to it) are walked as a loop
 * body, twice: the paths that jumped back in the first round are walked
 * again from the label, those that jump back in the second leave.  The
 * labels walked in the first round may be reached again in the second.
 */
static int walk_segment(struct statement **stmts, int head, int end)
{
	struct fn_ctx *c = ctx();
	struct path_list *out;
	int mark = c->labels_walked, last;

	set_round(stmts[head], FIRST_ROUND);
	walk_stmt(stmts[head]);
	last = walk_range(stmts, head + 1, end);
	out = c->paths;
	c->paths = NULL;
	if (jumped_back(stmts[head]) && !c->gave_up) {
		forget_labels_since(mark);
		set_round(stmts[head], SECOND_ROUND);
		walk_stmt(stmts[head]);
		walk_range(stmts, head + 1, end);
	}
	set_round(stmts[head], NOT_A_LOOP);
	join_paths(&out, c->paths);
	c->paths = out;
	return last;
}

/* The statements of a block, in order; a segment a backward goto closes is walked twice. */
static void walk_block(struct statement *block)
{
	struct statement *s, **stmts;
	int i = 0, n;

	FOR_EACH_PTR(block->stmts, s) {
		if (back_edge_end(s) >= i)
			goto segment;
		walk_stmt(s);
		i++;
	} END_FOR_EACH_PTR(s);
	return;
segment:
	n = ptr_list_size((struct ptr_list *)block->stmts);
	stmts = fn_alloc(n * sizeof(*stmts));
	linearize_ptr_list((struct ptr_list *)block->stmts, (void **)stmts, n);
	walk_range(stmts, i, n - 1);
}

/* ---- functions ------------------------------------------------------- */

/* Analyses one function: 'report' says whether its warnings are printed. */
void walk_function(struct symbol *sym, bool report)
{
	struct fn_ctx c;
	struct symbol *fn = get_real_base_type(sym);
	struct path *start;

	begin_fn_ctx(&c, sym, report);
	start = new_path();
	add_ptr_list(&c.paths, start);
	c.cur_pos = sym->pos;
	run_hooks_on(FUNC_START_HOOK, NULL, &c.paths);
	summary_begin_function();
	find_back_edges(fn->stmt);
	walk_stmt(fn->stmt);
	c.cur_pos = fn->stmt->pos;
	c.cur_pos.line = closing_brace_line(fn->stmt->pos);
	if (!c.cur_pos.line)
		c.cur_pos.line = fn->stmt->pos.line;
	if (c.paths)
		walk_return(NULL);
	/*
	 * No path returned, none was lost, nothing was given up, and no test
	 * was decided by values (they may be wrong, or differ in a loop's
	 * round not walked: "do i++; while (i < 10);", a break not taken):
	 * every path ended in a call that does not return or in an endless
	 * loop (or went back to a label) whatever the values.
	 */
	c.never_returns = !c.returns && !c.lost_paths && !c.gave_up && !c.value_decided;
	if (c.gave_up) {
		run_hooks(GAVE_UP_HOOK, NULL);
		sm_report_at(ENGINE_ID, sym->pos, "info", "function too complex, giving up");
	} else {
		summary_settle_returns(sym);
		run_hooks(AFTER_FUNC_HOOK, NULL);
		summary_end_function(sym);
	}
	ptr_map_free(&c.labels);
	end_fn_ctx(&c);
	fn_arena_reset();
}
