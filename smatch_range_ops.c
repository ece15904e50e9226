/*
 * smatch_range_ops.c: what C's operators and conversions do to ranges of
 * values: "l OP r" of two constants, of two ranges for a comparison, "!x",
 * a value converted to a type, the range a type can hold; and the algebra
 * of comparison operators (negated, sides swapped).  No state: the value
 * tracker (smatch_values.c) applies them to what a path knows.
 */
#include "smatch.h"
#include "smatch_internal.h"

/* The integer type a value of 'type' is held in: an enum's is its underlying type. */
static struct symbol *value_type(struct symbol *type)
{
	type = get_real_base_type(type);
	if (type && type->type == SYM_ENUM)
		type = get_real_base_type(type->ctype.base_type);
	return type;
}

/* The range a variable of this type can hold at all. */
struct range_list *type_range(struct symbol *type)
{
	int bits;

	type = value_type(type);
	if (!type || type->type != SYM_BASETYPE || is_pointer_type(type))
		return rl_whole();
	bits = type->bit_size;
	/* a u64 above s64max is held as a negative value */
	if (bits <= 0 || bits >= 64)
		return rl_whole();
	if (type->ctype.modifiers & MOD_UNSIGNED)
		return rl_range(0, ((int64_t)1 << bits) - 1);
	return rl_range(-((int64_t)1 << (bits - 1)), ((int64_t)1 << (bits - 1)) - 1);
}

/*
 * The value of "l OP r" for constants, if C defines it (no division by 0,
 * no shift too far), as signed 64-bit values: typed_binop_value() is what
 * the value tracker asks.
 */
static bool binop_value(int op, int64_t l, int64_t r, int64_t *res)
{
	switch (op) {
	case '+': *res = (int64_t)((uint64_t)l + (uint64_t)r); return true;
	case '-': *res = (int64_t)((uint64_t)l - (uint64_t)r); return true;
	case '*': *res = (int64_t)((uint64_t)l * (uint64_t)r); return true;
	case '/': if (!r || (l == RL_MIN && r == -1)) return false; *res = l / r; return true;
	case '%': if (!r || (l == RL_MIN && r == -1)) return false; *res = l % r; return true;
	case '&': *res = l & r; return true;
	case '|': *res = l | r; return true;
	case '^': *res = l ^ r; return true;
	case SPECIAL_LEFTSHIFT: if (r < 0 || r > 62) return false; *res = (int64_t)((uint64_t)l << r); return true;
	case SPECIAL_RIGHTSHIFT: if (r < 0 || r > 63) return false; *res = l >> r; return true;
	}
	return false;
}

/*
 * "l OP r" of constants in C's 'type' (that of the operation, after the
 * usual conversions): wrapped to it, and shifted, divided and taken the
 * remainder of as unsigned values where it is unsigned ("~0UL >> 1" is
 * LONG_MAX, not -1; a u64 above s64max is held as a negative value).
 */
bool typed_binop_value(int op, int64_t l, int64_t r, struct symbol *type, int64_t *res)
{
	struct symbol *t = value_type(type);
	bool is_unsigned = t && t->type == SYM_BASETYPE && (t->ctype.modifiers & MOD_UNSIGNED);
	struct range_list *rl;

	if (is_unsigned && (op == SPECIAL_RIGHTSHIFT || op == '/' || op == '%')) {
		if ((op == SPECIAL_RIGHTSHIFT && (r < 0 || r > 63)) || (op != SPECIAL_RIGHTSHIFT && !r))
			return false;
		*res = (int64_t)(op == SPECIAL_RIGHTSHIFT ? (uint64_t)l >> r :
				 op == '/' ? (uint64_t)l / (uint64_t)r : (uint64_t)l % (uint64_t)r);
	} else if (!binop_value(op, l, r, res)) {
		return false;
	}
	rl = convert_range(rl_range(*res, *res), type);
	return rl_get_single(rl, res);
}

/* The comparison true exactly when "l OP r" is false ("<" gives ">="). */
int negate_op(int op)
{
	switch (op) {
	case SPECIAL_EQUAL: return SPECIAL_NOTEQUAL;
	case SPECIAL_NOTEQUAL: return SPECIAL_EQUAL;
	case '<': return SPECIAL_GTE;
	case SPECIAL_GTE: return '<';
	case '>': return SPECIAL_LTE;
	case SPECIAL_LTE: return '>';
	case SPECIAL_UNSIGNED_LT: return SPECIAL_UNSIGNED_GTE;
	case SPECIAL_UNSIGNED_GTE: return SPECIAL_UNSIGNED_LT;
	case SPECIAL_UNSIGNED_GT: return SPECIAL_UNSIGNED_LTE;
	case SPECIAL_UNSIGNED_LTE: return SPECIAL_UNSIGNED_GT;
	}
	return op;
}

/* The same comparison with its sides swapped: "l < r" is "r > l". */
int flip_op(int op)
{
	switch (op) {
	case '<': return '>';
	case '>': return '<';
	case SPECIAL_LTE: return SPECIAL_GTE;
	case SPECIAL_GTE: return SPECIAL_LTE;
	case SPECIAL_UNSIGNED_LT: return SPECIAL_UNSIGNED_GT;
	case SPECIAL_UNSIGNED_GT: return SPECIAL_UNSIGNED_LT;
	case SPECIAL_UNSIGNED_LTE: return SPECIAL_UNSIGNED_GTE;
	case SPECIAL_UNSIGNED_GTE: return SPECIAL_UNSIGNED_LTE;
	}
	return op;
}

static bool is_unsigned_op(int op)
{
	return op == SPECIAL_UNSIGNED_LT || op == SPECIAL_UNSIGNED_GT ||
	       op == SPECIAL_UNSIGNED_LTE || op == SPECIAL_UNSIGNED_GTE;
}

bool is_compare_op(int op)
{
	return op == SPECIAL_EQUAL || op == SPECIAL_NOTEQUAL || op == '<' || op == '>' ||
	       op == SPECIAL_LTE || op == SPECIAL_GTE || is_unsigned_op(op);
}

/* 0, 1 or [0, 1] for "l OP r". */
struct range_list *compare_range(struct range_list *l, int op, struct range_list *r)
{
	bool can_true, can_false;

	if (is_unsigned_op(op) && (rl_overlaps(l, rl_range(RL_MIN, -1)) ||
				   rl_overlaps(r, rl_range(RL_MIN, -1))))
		return rl_range(0, 1);
	can_true = !rl_is_empty(rl_filter_compare(l, op, r));
	can_false = !rl_is_empty(rl_filter_compare(l, negate_op(op), r));
	if (can_true && !can_false)
		return rl_range(1, 1);
	if (can_false && !can_true)
		return rl_range(0, 0);
	return rl_range(0, 1);
}

/* The values of "!x" for x in 'rl'. */
struct range_list *not_range(struct range_list *rl)
{
	if (!rl_contains_zero(rl))
		return rl_range(0, 0);
	if (rl_equal(rl, rl_range(0, 0)))
		return rl_range(1, 1);
	return rl_range(0, 1);
}

/* The values of 'rl' converted to 'type', as C converts (a bool is "!= 0"). */
struct range_list *convert_range(struct range_list *rl, struct symbol *type)
{
	int bits;

	type = value_type(type);
	if (!type || type->type != SYM_BASETYPE || is_pointer_type(type))
		return rl;
	bits = type->bit_size;
	if (bits == 1)
		return not_range(not_range(rl));
	if (bits <= 1 || bits >= 64)
		return rl;
	return rl_convert(rl, bits, type->ctype.modifiers & MOD_UNSIGNED);
}
