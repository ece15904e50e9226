/*
 * smatch_values.c: per-path value facts ("ret is negative", "flags & 4 is
 * non-zero") learnt from assignments and conditions, so that the engine
 * can tell when a branch is impossible on a path.
 */
#include <string.h>
#include "smatch.h"
#include "smatch_internal.h"

static int my_id;

int values_owner(void)
{
	return my_id;
}

static struct smatch_state *rl_state(struct range_list *rl)
{
	const char *name = rl_to_str(rl);
	struct smatch_state *s = alloc_state_name(name);

	if (!s->data)
		s->data = rl_permanent(rl);
	return s;
}

/* Joined facts; a fact that no longer says anything (&merged) is dropped. */
static struct smatch_state *merge_values(struct smatch_state *a, struct smatch_state *b)
{
	struct range_list *rl;

	if (!a->data || !b->data)
		return &merged;
	rl = rl_union(a->data, b->data);
	if (rl_is_whole(rl) || rl_subset(rl_range(INT32_MIN, INT32_MAX), rl))
		return &merged;
	return rl_state(rl);
}

/* Expressions whose value can be remembered between two evaluations. */
bool is_pure_expr(struct expression *expr)
{
	expr = strip_expr(expr);
	if (!expr)
		return false;
	switch (expr->type) {
	case EXPR_SYMBOL:
	case EXPR_VALUE:
		return true;
	case EXPR_PREOP:
		if (expr->op == SPECIAL_INCREMENT || expr->op == SPECIAL_DECREMENT)
			return false;
		return is_pure_expr(expr->unop);
	case EXPR_BINOP:
	case EXPR_COMPARE:
		return is_pure_expr(expr->left) && is_pure_expr(expr->right);
	case EXPR_CALL: {
		struct expression *arg;

		if (!is_pure_call(expr))
			return false;
		FOR_EACH_PTR(expr->args, arg) {
			if (!is_pure_expr(arg))
				return false;
		} END_FOR_EACH_PTR(arg);
		return true;
	}
	default:
		return false;
	}
}

/* The name a fact about 'expr' is kept under, or NULL (a constant, an impure expression). */
const char *fact_name(struct expression *expr)
{
	expr = strip_expr(expr);
	if (!expr || expr->type == EXPR_VALUE || !is_pure_expr(expr))
		return NULL;
	return expr_to_str(expr);
}

/*
 * Results of calls, ?:, ({ }) and && on this path, until the statement
 * ends: the key is "$ret" with the expression standing in for the symbol.
 */
static const char *result_name;

#define RESULT_KEY(expr) result_name, (struct symbol *)(expr)

void set_call_result(struct expression *call, struct range_list *rl)
{
	set_state(my_id, RESULT_KEY(call), rl_state(rl));
}

void set_expr_result(struct expression *expr, struct expression *value)
{
	set_state(my_id, RESULT_KEY(expr), rl_state(get_range(value)));
}

void set_expr_result_rl(struct expression *expr, struct range_list *rl)
{
	set_state(my_id, RESULT_KEY(expr), rl_state(rl));
}

/* Forgets the results of the statement that just ended. */
void forget_results(void)
{
	struct sm_state_list *list = get_owner_states_prefixed(my_id, "$");
	struct sm_state *sm;

	FOR_EACH_PTR(list, sm) {
		delete_state(my_id, sm->name, sm->sym);
	} END_FOR_EACH_PTR(sm);
	free_ptr_list(&list);
}

/* What is known of 'name' on this path becomes 'rl' (kept as it is). */
void set_fact_state(const char *name, struct range_list *rl)
{
	set_state(my_id, name, NULL, rl_state(rl));
}

struct range_list *fact_range(const char *name)
{
	struct smatch_state *s = name ? get_state(my_id, name, NULL) : NULL;

	return s && s->data ? s->data : NULL;
}

static struct range_list *result_range(struct expression *expr)
{
	struct smatch_state *s = get_state(my_id, RESULT_KEY(expr));

	return s && s->data ? s->data : NULL;
}

/* The variables stepped by ++ and -- in the function, newest first. */
struct name_log {
	const char *name;
	struct name_log *next;
};

/* ++x and x++ add 1, --x and x-- take 1 away; 0 for other expressions. */
static int step_of(struct expression *expr)
{
	if (!expr || (expr->type != EXPR_PREOP && expr->type != EXPR_POSTOP))
		return 0;
	return expr->op == SPECIAL_INCREMENT ? 1 : expr->op == SPECIAL_DECREMENT ? -1 : 0;
}

/*
 * Comparisons between two variables ("a == b" between pointers, "cnt <
 * max" between counters) are remembered as facts of value 1 or 0, named
 * in one form for all the ways of writing them: the sides in name order
 * and the operator one of ==, <, <= (and their unsigned forms), so that
 * "b != a", "a >= b" and "b > a" read the facts of "a == b" and "a < b".
 */
static const char *op_name(int op)
{
	switch (op) {
	case SPECIAL_EQUAL: return "==";
	case '<': return "<";
	case SPECIAL_LTE: return "<=";
	case SPECIAL_UNSIGNED_LT: return "<u";
	case SPECIAL_UNSIGNED_LTE: return "<=u";
	}
	return NULL;
}

/* The side of a comparison a relation is about: "++cnt" is cnt, as it is once walked. */
static struct expression *relation_side(struct expression *e)
{
	e = strip_expr(e);
	if (e && e->type == EXPR_PREOP && step_of(e))
		e = strip_expr(e->unop);
	/* against a constant the variable's range says it all */
	if (!e || !is_pure_expr(e) || e->type == EXPR_VALUE)
		return NULL;
	return e;
}

/* The fact "l OP r" is named by; *negated when it is the fact's opposite. */
static const char *relation_name(struct expression *l, int op, struct expression *r, bool *negated)
{
	const char *a, *b, *t;

	*negated = false;
	l = relation_side(l);
	r = relation_side(r);
	if (!l || !r)
		return NULL;
	a = expr_to_str(l);
	b = expr_to_str(r);
	if (strcmp(a, b) > 0) {
		t = a;
		a = b;
		b = t;
		op = flip_op(op);
	}
	*negated = !op_name(op);
	if (*negated)
		op = negate_op(op);
	return op_name(op) ? intern_fmt("%s %s %s", a, op_name(op), b) : NULL;
}

/* "a == b" holds: the fact an assignment "a = b" leaves. */
static const char *pair_name(struct expression *l, struct expression *r)
{
	bool negated;

	return relation_name(l, SPECIAL_EQUAL, r, &negated);
}

static struct range_list *relation_fact(struct expression *expr)
{
	bool negated;
	const char *name = relation_name(expr->left, expr->op, expr->right, &negated);
	struct range_list *rl = name ? fact_range(name) : NULL;
	int64_t v;

	if (!rl || !rl_get_single(rl, &v))
		return NULL;
	v = negated ? !v : v;
	return rl_range(v, v);
}

static void learn_relation(struct path *p, struct expression *expr, bool holds)
{
	struct fn_ctx *ctx = cur_fn();
	struct path *saved = ctx->path;
	bool negated;
	const char *name = relation_name(expr->left, expr->op, expr->right, &negated);
	int64_t v = holds != negated;

	if (!p || !name)
		return;
	ctx->path = p;
	set_state(my_id, name, NULL, rl_state(rl_range(v, v)));
	ctx->path = saved;
}

/*
 * IS_ERR(p) and IS_ERR_OR_NULL(p): the pointer tested, with *errs set to
 * the values for which the test is true (the kernel's ERR_PTR() values,
 * and NULL); NULL for any other expression.
 */
static struct expression *err_test(struct expression *expr, struct range_list **errs)
{
	const char *fn;

	expr = strip_expr(expr);
	if (!expr || expr->type != EXPR_CALL || !(fn = get_callee_name(expr)))
		return NULL;
	if (!strcmp(fn, "IS_ERR"))
		*errs = rl_err_ptr();
	else if (!strcmp(fn, "IS_ERR_OR_NULL"))
		*errs = rl_err_ptr_or_null();
	else
		return NULL;
	return get_argument(expr, 0);
}

/* The value of IS_ERR(p) for p in 'ptr'. */
static struct range_list *err_test_range(struct range_list *ptr, struct range_list *errs)
{
	if (rl_subset(ptr, errs))
		return rl_range(1, 1);
	if (!rl_overlaps(ptr, errs))
		return rl_range(0, 0);
	return rl_range(0, 1);
}

static struct range_list *structural_range(struct expression *expr)
{
	struct range_list *l, *r;
	struct member_info mi;
	int64_t a, b, v;

	switch (expr->type) {
	case EXPR_VALUE:
		return rl_range((int64_t)expr->value, (int64_t)expr->value);
	case EXPR_SYMBOL:
		/* the address of a variable is never NULL */
		return rl_nonzero();
	case EXPR_POSTOP:
	case EXPR_PREOP:
		l = get_range(expr->unop);
		/* walked already: the variable holds the new value */
		if (step_of(expr) && expr->type == EXPR_PREOP)
			return l;
		if (step_of(expr))
			return convert_range(rl_shift(l, -step_of(expr)), expr->ctype);
		if (expr->type == EXPR_POSTOP)
			break;
		if (expr->op == '!')
			return not_range(l);
		/* in the operand's type: "~0U" is UINT_MAX, not -1 */
		if (expr->op == '-' && rl_get_single(l, &a) && a != RL_MIN)
			return convert_range(rl_range(-a, -a), expr->ctype);
		if (expr->op == '~' && rl_get_single(l, &a))
			return convert_range(rl_range(~a, ~a), expr->ctype);
		if (expr->op == '(' || expr->op == '+')
			return l;
		break;
	case EXPR_BINOP:
		if (get_value(expr->left, &a) && get_value(expr->right, &b) &&
		    typed_binop_value(expr->op, a, b, expr->ctype, &v))
			return rl_range(v, v);
		/* &p->member: code does not test a member's address for NULL */
		if (get_member_address(expr, &mi))
			return rl_nonzero();
		/*
		 * "base + i": no code steps from a NULL pointer (pte_offset_kernel()'s
		 * result); "base - 0" (container_of() of a first member) is base
		 */
		if ((expr->op == '+' || expr->op == '-') && is_pointer_type(expr->ctype) &&
		    is_pointer_type(expr->left->ctype) && !rl_equal(get_range(expr->left), rl_range(0, 0)) &&
		    !(get_value(expr->right, &b) && !b))
			return rl_nonzero();
		if (expr->op == '&')
			return bits_range(expr);
		break;
	case EXPR_COMPARE:
		l = compare_range(get_range(expr->left), expr->op, get_range(expr->right));
		if (rl_get_single(l, &a))
			return l;
		r = relation_fact(expr);
		return r ? r : l;
	case EXPR_LOGICAL:
		l = not_range(not_range(get_range(expr->left)));
		r = not_range(not_range(get_range(expr->right)));
		if (expr->op == SPECIAL_LOGICAL_AND) {
			if (rl_get_single(l, &a) && !a)
				return l;
			if (rl_get_single(l, &a) && rl_get_single(r, &b))
				return rl_range(a && b, a && b);
		} else {
			if (rl_get_single(l, &a) && a)
				return l;
			if (rl_get_single(l, &a) && rl_get_single(r, &b))
				return rl_range(a || b, a || b);
		}
		return rl_range(0, 1);
	case EXPR_ASSIGNMENT:
		if (expr->op == '=')
			return get_range(expr->right);
		return get_range(expr->left);
	case EXPR_CONDITIONAL:
	case EXPR_SELECT:
		l = get_range(expr->conditional);
		if (!rl_contains_zero(l))
			return get_range(expr->cond_true ? expr->cond_true : expr->conditional);
		if (rl_equal(l, rl_range(0, 0)))
			return get_range(expr->cond_false);
		return rl_union(get_range(expr->cond_true ? expr->cond_true : expr->conditional),
				get_range(expr->cond_false));
	case EXPR_CALL: {
		const char *fn = get_callee_name(expr);
		struct range_list *errs;
		struct expression *ptr = err_test(expr, &errs);

		if (ptr)
			return err_test_range(get_range(ptr), errs);

		/* the kernel's pointer-encoded errors: an errno, by contract */
		if (fn && (!strcmp(fn, "ERR_PTR") || !strcmp(fn, "ERR_CAST"))) {
			l = get_range(get_argument(expr, 0));
			r = rl_intersect(l, rl_err_ptr());
			return rl_is_empty(r) ? l : r;
		}
		/* PTR_ERR() is the pointer as a number: the errno once IS_ERR() said so */
		if (is_expect_call(expr) || (fn && !strcmp(fn, "PTR_ERR")))
			return get_range(get_argument(expr, 0));
		break;
	}
	default:
		break;
	}
	return NULL;
}

struct range_list *get_range(struct expression *expr)
{
	struct range_list *rl, *errs;
	const char *name;

	while (expr && expr->type == EXPR_PREOP && expr->op == '(')
		expr = expr->unop;
	if (expr && (expr->type == EXPR_CAST || expr->type == EXPR_IMPLIED_CAST ||
		     expr->type == EXPR_FORCE_CAST))
		return convert_range(get_range(expr->cast_expression), expr->ctype);
	if (!expr)
		return rl_whole();
	/* what a condition taught of this expression is the most precise */
	name = fact_name(expr);
	rl = fact_range(name);
	if (rl)
		return rl;
	/* IS_ERR() is known better than its summary, whose range is 0-1 */
	rl = result_range(expr);
	if (rl && !err_test(expr, &errs))
		return rl;
	rl = structural_range(expr);
	if (rl)
		return rl;
	if (expr->type == EXPR_PREOP && expr->op == '*')
		return type_range(expr->ctype);
	return rl_whole();
}

bool get_value(struct expression *expr, int64_t *val)
{
	return rl_get_single(get_range(expr), val);
}

/* ---- learning from assignments and conditions ----------------------- */

/* Forgets what was known of 'name' and of everything computed from it. */
static void forget(const char *name)
{
	struct sm_state_list *list = get_owner_states(my_id);
	struct sm_state *sm;

	FOR_EACH_PTR(list, sm) {
		if (sm->name[0] != '$' && name_mentions(sm->name, name))
			delete_state(my_id, sm->name, sm->sym);
	} END_FOR_EACH_PTR(sm);
	free_ptr_list(&list);
}

static void set_fact(const char *name, struct range_list *rl, struct symbol *type)
{
	if (!name)
		return;
	rl = rl_intersect(rl, type_range(type));
	if (rl_is_whole(rl) || rl_equal(rl, type_range(type)))
		delete_state(my_id, name, NULL);
	else
		set_state(my_id, name, NULL, rl_state(rl));
}

#define MAX_VAR_CHANGE_HOOKS 12
static var_change_func var_change_hooks[MAX_VAR_CHANGE_HOOKS];
static int nr_var_change_hooks;

void add_var_change_hook(var_change_func fn)
{
	assert(nr_var_change_hooks < MAX_VAR_CHANGE_HOOKS);
	var_change_hooks[nr_var_change_hooks++] = fn;
}

/* 'name' may have changed: what was known of it goes, and the hooks are told. */
static void changed(const char *name, struct symbol *sym, struct symbol *root, enum var_change how)
{
	int i;

	forget(name);
	for (i = 0; i < nr_var_change_hooks; i++)
		var_change_hooks[i](name, sym, root, how);
}

int values_step_mark(void)
{
	return cur_fn()->nr_stepped;
}

/*
 * On the current path, what is known of the variables stepped since
 * 'mark' goes: the loop's rounds that were not walked stepped them further.
 * Variables assigned keep what the walked rounds left ("token = NULL"
 * after the release in the loop is what a later round leaves too).
 */
void forget_stepped_since(int mark)
{
	struct name_log *log = cur_fn()->stepped;
	int n;

	for (n = cur_fn()->nr_stepped - mark; n > 0 && log; n--, log = log->next)
		forget(log->name);
}

/* 'name' was stepped from its own value: a loop's later rounds step it further. */
static void log_stepped(const char *name)
{
	struct fn_ctx *ctx = cur_fn();
	struct name_log *log = fn_alloc(sizeof(*log));

	log->name = name;
	log->next = ctx->stepped;
	ctx->stepped = log;
	ctx->nr_stepped++;
}

/*
 * "struct cp_control cpc = { CP_RESIZE, 0 }": the members' values, as
 * "cpc.reason" (a nested struct's are left alone).
 */
static void learn_initializer(const char *name, struct expression *init)
{
	struct expression *e;

	FOR_EACH_PTR(init->expr_list, e) {
		if (e->type != EXPR_POS || !e->ctype || !e->ctype->ident || !e->init_expr ||
		    e->init_expr->type == EXPR_INITIALIZER)
			continue;
		set_fact(intern_fmt("%s.%s", name, show_ident(e->ctype->ident)), get_range(e->init_expr),
			 e->ctype);
	} END_FOR_EACH_PTR(e);
}

/* "ret |= RETRY" of a known ret: the value it leaves, or NULL. */
static struct range_list *compound_value(struct expression *expr, struct range_list *right)
{
	static const int ops[][2] = {
		{ SPECIAL_ADD_ASSIGN, '+' }, { SPECIAL_SUB_ASSIGN, '-' }, { SPECIAL_MUL_ASSIGN, '*' },
		{ SPECIAL_DIV_ASSIGN, '/' }, { SPECIAL_MOD_ASSIGN, '%' }, { SPECIAL_AND_ASSIGN, '&' },
		{ SPECIAL_OR_ASSIGN, '|' }, { SPECIAL_XOR_ASSIGN, '^' },
		{ SPECIAL_SHL_ASSIGN, SPECIAL_LEFTSHIFT }, { SPECIAL_SHR_ASSIGN, SPECIAL_RIGHTSHIFT },
	};
	int64_t a, b, v;
	size_t i;

	if (!rl_get_single(get_range(expr->left), &a) || !rl_get_single(right, &b))
		return NULL;
	for (i = 0; i < sizeof(ops) / sizeof(ops[0]); i++) {
		if (ops[i][0] == expr->op && typed_binop_value(ops[i][1], a, b, expr->left->ctype, &v))
			return rl_range(v, v);
	}
	return NULL;
}

static void match_assign(struct expression *expr)
{
	struct expression *left = strip_expr(expr->left), *right = strip_expr(expr->right);
	const char *name = left ? expr_to_str(left) : NULL;
	struct range_list *value, *compound;

	if (!name)
		return;
	/* "n = DIV_ROUND_UP(n, 1000)": the value from what n was before */
	value = get_range(expr->right);
	compound = expr->op != '=' && is_pure_expr(left) ? compound_value(expr, value) : NULL;
	changed(name, loaded_symbol(left), expr_to_sym(left), VAR_ASSIGNED);
	/* stepped from its own value, as "++" steps it */
	if (compound) {
		set_fact(name, compound, left->ctype);
		log_stepped(name);
	}
	if (expr->op == '=' && right && right->type == EXPR_INITIALIZER && is_pure_expr(left))
		learn_initializer(name, right);
	if (expr->op == '=' && is_pure_expr(left)) {
		const char *pair = pair_name(left, expr->right);
		bool from_itself = name_mentions(expr_to_str(strip_expr(expr->right)), name);

		set_fact(name, value, left->ctype);
		if (from_itself)
			log_stepped(name);
		/* "buf = of->buf": later "buf == of->buf" holds */
		if (pair && !from_itself)
			set_state(my_id, pair, NULL, rl_state(rl_range(1, 1)));
	}
}

/* "++cnt": what was known of cnt, one up ("while (++cnt < max)" then tells cnt apart). */
static void match_modify(struct expression *expr)
{
	struct expression *var;
	struct range_list *rl;
	const char *name;
	int step = step_of(expr);

	if (!step)
		return;
	var = strip_expr(expr->unop);
	if (!is_local_lvalue(var))
		summary_mark_impure();
	if (!var || !is_pure_expr(var))
		return;
	name = expr_to_str(var);
	rl = get_range(var);
	changed(name, loaded_symbol(var), expr_to_sym(var), VAR_MODIFIED);
	log_stepped(name);
	if (!is_pointer_type(var->ctype))
		set_fact(name, convert_range(rl_shift(rl, step), var->ctype), var->ctype);
}

/* 'ptr', if it is a pointer variable, is not NULL on this path. */
static void learn_not_null(struct expression *ptr)
{
	ptr = strip_expr(ptr);
	/* "*sym" is how Sparse reads any variable: only a pointer variable's value counts */
	if (!loaded_symbol(ptr) || !is_pointer_type(ptr->ctype))
		return;
	set_fact(fact_name(ptr), rl_intersect(get_range(ptr), rl_nonzero()), ptr->ctype);
}

/*
 * The pointer printed 'name' ("pvmw->ptl") is not NULL on this path now: a
 * lock was taken through it.  What was known of it before may be what a
 * callee that took the lock stored over ("pvmw->ptl = NULL" before
 * map_pte(pvmw)): then only this is known.
 */
void learn_name_not_null(const char *name)
{
	struct range_list *known = fact_range(name), *not_null = rl_nonzero();
	struct range_list *rl = known ? rl_intersect(known, not_null) : not_null;

	set_fact(name, rl_is_empty(rl) ? not_null : rl, &ptr_ctype);
}

/* A pointer variable dereferenced ("inode->i_flags") is not NULL after. */
static void match_deref(struct expression *expr)
{
	struct expression *ptr;

	if (expr->type != EXPR_PREOP || expr->op != '*')
		return;
	ptr = strip_expr(expr->unop);
	/* a member: "*(p + offset)" */
	if (ptr && ptr->type == EXPR_BINOP && ptr->op == '+' && strip_expr(ptr->right)->type == EXPR_VALUE)
		ptr = ptr->left;
	learn_not_null(ptr);
}

/*
 * A pointer whose member's address is passed ("spin_lock(&p->lock)") is
 * not NULL: the callee uses the member.
 */
static void match_call(struct expression *call)
{
	struct expression *arg;
	struct member_info mi;

	FOR_EACH_PTR(call->args, arg) {
		arg = strip_expr(arg);
		if (arg && get_member_address(arg, &mi) && !mi.base_is_object)
			learn_not_null(mi.base);
	} END_FOR_EACH_PTR(arg);
}

/*
 * After the call hooks, which see the arguments as they are at the call
 * (what "&cpc" points to decides what the callee does): a variable or
 * member whose address was passed may have been changed by the callee.
 */
void forget_passed_addresses(struct expression *call)
{
	struct expression *arg;
	struct member_info mi;

	FOR_EACH_PTR(call->args, arg) {
		arg = strip_expr(arg);
		if (arg && arg->type == EXPR_SYMBOL && arg->symbol && arg->symbol->ident)
			changed(ident_str(arg->symbol->ident), arg->symbol, arg->symbol, VAR_ADDRESS_PASSED);
		else if (arg && get_member_address(arg, &mi))
			forget(expr_to_str(arg) + 1);
	} END_FOR_EACH_PTR(arg);
}

/*
 * "flags & ILOCK_TRY" is non-zero: then flags is not 0 either, which is
 * what lets a call passing 0 rule out the callee's paths under that test.
 * Returns the variable masked, or 'expr' when this is no such test.
 */
static struct expression *masked_variable(struct expression *expr, int op, struct range_list *rl)
{
	int64_t mask;

	if (!expr || expr->type != EXPR_BINOP || expr->op != '&' || op != SPECIAL_NOTEQUAL ||
	    !rl_equal(rl, rl_range(0, 0)))
		return expr;
	if (get_value(expr->right, &mask) && mask)
		return strip_expr(expr->left);
	if (get_value(expr->left, &mask) && mask)
		return strip_expr(expr->right);
	return expr;
}

/*
 * Sets on 'p' what "expr OP rl" being true means for 'expr', if it is a
 * variable, or for the variable assigned ("(rc = f()) < 0").
 */
static void learn(struct path *p, struct expression *expr, int op, struct range_list *rl)
{
	struct fn_ctx *ctx = cur_fn();
	const char *name;
	struct path *saved = ctx->path;
	struct expression *masked;
	struct range_list *learned;

	expr = strip_expr(expr);
	if (expr && expr->type == EXPR_ASSIGNMENT && expr->op == '=')
		expr = expr->left;
	/* "x++ < max" tells x, one up; "++x < max" tells x as it is */
	if (expr && expr->type == EXPR_POSTOP && step_of(expr))
		rl = rl_shift(rl, step_of(expr));
	if (step_of(expr))
		expr = strip_expr(expr->unop);
	name = fact_name(expr);
	if (!p || !name)
		return;
	ctx->path = p;
	learned = rl_filter_compare(get_range(expr), op, rl);
	set_fact(name, learned, strip_expr(expr)->ctype);
	learn_bits(expr, learned);
	ctx->path = saved;
	masked = masked_variable(expr, op, rl);
	if (masked != expr)
		learn(p, masked, op, rl);
}

/* What path 'p' (not the current one) knows of 'expr'. */
struct range_list *get_range_on(struct path *p, struct expression *expr)
{
	struct fn_ctx *ctx = cur_fn();
	struct path *saved = ctx->path;
	struct range_list *rl;

	ctx->path = p;
	rl = get_range(expr);
	ctx->path = saved;
	return rl;
}

bool path_assume(struct path *p, struct expression *expr, int op, struct range_list *rl)
{
	bool possible = !rl_is_empty(rl_filter_compare(get_range_on(p, expr), op, rl));

	if (possible)
		learn(p, expr, op, rl);
	return possible;
}

/* The values the test 'e' can have on path 'p' (IS_ERR(ptr) as what ptr can be says). */
static struct range_list *test_range(struct path *p, struct expression *e)
{
	struct range_list *errs;
	struct expression *ptr = err_test(e, &errs);

	return ptr ? err_test_range(get_range_on(p, ptr), errs) : get_range_on(p, e);
}

/*
 * On path 'p', the test 'e' (no && or ||) is 'truth': what that says of
 * what it is made of.  "a < b": of a, of b, and of the two together;
 * "IS_ERR(ptr)": of ptr; any other: of its own value.
 */
static void learn_test(struct path *p, struct expression *e, bool truth)
{
	struct range_list *l, *r, *errs;
	struct expression *ptr;
	int op;

	if (e->type == EXPR_COMPARE && is_compare_op(e->op)) {
		op = truth ? e->op : negate_op(e->op);
		l = get_range_on(p, e->left);
		r = get_range_on(p, e->right);
		learn(p, e->left, op, r);
		learn(p, e->right, flip_op(op), l);
		learn_relation(p, e, truth);
	} else if ((ptr = err_test(e, &errs))) {
		learn(p, ptr, SPECIAL_EQUAL, truth ? errs : rl_complement(errs));
	} else {
		learn(p, e, truth ? SPECIAL_NOTEQUAL : SPECIAL_EQUAL, rl_range(0, 0));
	}
}

/* "x == 0" or "0 != x": x; NULL for any other expression. */
struct expression *tested_against_zero(struct expression *e)
{
	struct expression *l, *r;

	if (e->type != EXPR_COMPARE || (e->op != SPECIAL_EQUAL && e->op != SPECIAL_NOTEQUAL))
		return NULL;
	l = strip_expr(e->left);
	r = strip_expr(e->right);
	if (r && r->type == EXPR_VALUE && !r->value)
		return l;
	if (l && l->type == EXPR_VALUE && !l->value)
		return r;
	return NULL;
}

/*
 * On path 'p', 'expr' is known true (or false): what that says of the
 * values it is made of ("!held && !(f & X)" true: held is 0, f & X is 0;
 * "0 < n" true: n is positive), as a branch on it would learn.  A part
 * the path's facts already contradict teaches nothing.
 */
void path_assume_truth(struct path *p, struct expression *expr, bool truth)
{
	struct expression *e = strip_expr(expr), *tested;
	struct range_list *rl;

	if (!e)
		return;
	/* "(a && b) != 0", as a bool holds a test */
	if ((tested = tested_against_zero(e))) {
		path_assume_truth(p, tested, truth == (e->op == SPECIAL_NOTEQUAL));
	} else if (e->type == EXPR_PREOP && e->op == '!') {
		path_assume_truth(p, e->unop, !truth);
	} else if (e->type == EXPR_LOGICAL && (e->op == SPECIAL_LOGICAL_AND) == truth) {
		/* both sides of a true && and of a false || */
		path_assume_truth(p, e->left, truth);
		path_assume_truth(p, e->right, truth);
	} else if (e->type != EXPR_LOGICAL) {
		rl = test_range(p, e);
		if (truth ? rl_overlaps(rl, rl_nonzero()) : rl_contains_zero(rl))
			learn_test(p, e, truth);
	}
}

/*
 * Splits path 'p' on the truth of a branch condition: *t and *f are the
 * path where it holds and the one where it does not, either NULL when the
 * facts on 'p' make that side impossible.
 */
void split_path_on_condition(struct expression *expr, struct path *p,
			     struct path **t, struct path **f)
{
	struct range_list *rl, *zero = rl_range(0, 0);
	struct expression *e = strip_expr(expr);

	rl = test_range(p, e);
	if (rl_is_empty(rl) || rl_equal(rl, zero)) {
		*t = NULL;
		*f = p;
		return;
	}
	if (!rl_contains_zero(rl)) {
		*t = p;
		*f = NULL;
		return;
	}
	*t = p;
	*f = clone_path(p);
	if (e) {
		learn_test(*t, e, true);
		learn_test(*f, e, false);
	}
	run_condition_hooks(expr, *t, *f);
}

void register_values(void)
{
	my_id = register_owner("values");
	result_name = intern("$ret");
	set_owner_facts(my_id);
	add_merge_hook(my_id, merge_values);
	add_hook(&match_assign, ASSIGNMENT_HOOK);
	add_hook(&match_modify, EXPR_HOOK);
	add_hook(&match_deref, EXPR_HOOK);
	add_hook(&match_call, FUNCTION_CALL_HOOK);
}
