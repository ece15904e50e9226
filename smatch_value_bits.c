/*
 * smatch_value_bits.c: tests of bits of one value, read together.  "x &
 * (A | B | C)" true, then "x & (A | B)" false, says "x & C" is true.  Per
 * value the path keeps the bits known clear ("x:clear-bits") and a mask
 * known to hold a set bit ("x:set-bit-in"); their names mention x, so they
 * go when x changes.  A range that keeps the masked bits fixed ("ret" of
 * 1024-1025, a callee's return "ret |= RETRY") decides "ret & RETRY" too.
 * The bits an expression surely has set are read from its shape.
 */
#include "smatch.h"
#include "smatch_internal.h"

/* "x & MASK": the name of x's facts (NULL if x is not pure), x in '*value', the mask in '*mask'. */
static const char *masked_value(struct expression *expr, uint64_t *mask, struct expression **value)
{
	int64_t m;

	*value = NULL;
	expr = strip_expr(expr);
	if (!expr || expr->type != EXPR_BINOP || expr->op != '&')
		return NULL;
	if (get_value(expr->right, &m) && m) {
		*mask = m;
		*value = expr->left;
		return fact_name(expr->left);
	}
	if (get_value(expr->left, &m) && m) {
		*mask = m;
		*value = expr->right;
		return fact_name(expr->right);
	}
	return NULL;
}

static uint64_t bits_fact(const char *value, const char *what)
{
	struct range_list *rl = fact_range(intern_fmt("%s:%s", value, what));
	int64_t v;

	return rl && rl_get_single(rl, &v) ? (uint64_t)v : 0;
}

/* "x & MASK" as the earlier tests of x's bits decide it, or NULL. */
struct range_list *bits_range(struct expression *expr)
{
	uint64_t mask, clear, set_in;
	struct expression *var;
	const char *value = masked_value(expr, &mask, &var);

	if (!var)
		return NULL;
	clear = value ? bits_fact(value, "clear-bits") : 0;
	set_in = value ? bits_fact(value, "set-bit-in") & ~clear : 0;
	if (!(mask & ~clear))
		return rl_range(0, 0);
	if (set_in && !(set_in & ~mask))
		return rl_nonzero();
	return rl_mask_test(get_range(var), mask);
}

/* "x & MASK" is known to be in 'rl' on the current path: what it says of x's bits. */
void learn_bits(struct expression *expr, struct range_list *rl)
{
	uint64_t mask, clear, set_in;
	struct expression *var;
	const char *value = masked_value(expr, &mask, &var);

	if (!value)
		return;
	clear = bits_fact(value, "clear-bits");
	set_in = bits_fact(value, "set-bit-in") & ~clear;
	if (rl_equal(rl, rl_range(0, 0)))
		set_fact_state(intern_fmt("%s:clear-bits", value), rl_range(clear | mask, clear | mask));
	/* the narrower mask says more */
	else if (!rl_is_empty(rl) && !rl_contains_zero(rl) &&
		 (!set_in || __builtin_popcountll(mask & ~clear) < __builtin_popcountll(set_in)))
		set_fact_state(intern_fmt("%s:set-bit-in", value), rl_range(mask, mask));
}

/*
 * The bits every value of 'expr' has set, from its shape: a constant's,
 * either side's of "a | b", both sides' of "a & b" and of "c ? a : b",
 * the value's of "({ ...; v; })" ("FIELD_PREP(MASK, len) | SEND_NB" has
 * SEND_NB); 0 when it does not say.
 */
uint64_t bits_surely_set(struct expression *expr)
{
	int64_t v;

	expr = strip_expr(expr);
	if (!expr)
		return 0;
	if (get_value(expr, &v))
		return v;
	switch (expr->type) {
	case EXPR_BINOP:
		if (expr->op == '|')
			return bits_surely_set(expr->left) | bits_surely_set(expr->right);
		if (expr->op == '&')
			return bits_surely_set(expr->left) & bits_surely_set(expr->right);
		return 0;
	case EXPR_CONDITIONAL:
	case EXPR_SELECT:
		return bits_surely_set(expr->cond_true ?: expr->conditional) & bits_surely_set(expr->cond_false);
	case EXPR_STATEMENT:
		return bits_surely_set(stmt_expr_value(expr->statement));
	default:
		return 0;
	}
}
