/*
 * smatch_param_cond.c: conditions on a function's parameters that a
 * summary item carries to the callers ("sleeps only when $1 has a bit of
 * 0x400", "takes the lock only when $1 is 0"): found on the path where the
 * thing happens, written into the item, and rewritten at each call in the
 * caller's terms (a known argument decides, an argument that is the
 * caller's own parameter passes the condition on).
 */
#include <stdlib.h>
#include <string.h>
#include "smatch.h"

/* The number of the parameter that 'e' is, as it came, or -1. */
static int param_of(struct expression *e)
{
	int nr;

	if (!e || !loaded_symbol(e) || !param_name(e, &nr))
		return -1;
	return nr;
}

/*
 * A flag passed on negated, f(!head): the callee does it for some values
 * of it; we do for head zero, non-zero or any.
 */
static bool negated_param_holds(struct expression *e, struct param_cond *c)
{
	bool when_set = rl_overlaps(c->values, rl_complement(rl_range(0, 0)));
	bool when_clear = rl_contains_zero(c->values);
	int nr = param_of(strip_expr(e->unop));

	c->when = PARAM_ALWAYS;
	if (nr < 0 || when_set == when_clear)
		return true;
	c->when = PARAM_IF_VALUES;
	c->param = nr;
	c->values = when_set ? rl_range(0, 0) : rl_complement(rl_range(0, 0));
	return true;
}

bool param_cond_at_call(struct expression *call, struct param_cond *c)
{
	struct expression *e = c->when == PARAM_ALWAYS ? NULL : strip_expr(get_argument(call, c->param));
	struct range_list *rl = e ? get_range(e) : NULL;
	int64_t val;
	int nr;

	if (c->when == PARAM_ALWAYS)
		return true;
	if (!e)
		return false;
	if (c->when == PARAM_IF_BITS && rl_get_single(rl, &val)) {
		c->when = PARAM_ALWAYS;
		return ((unsigned long long)val & c->mask) != 0;
	}
	if (c->when == PARAM_IF_VALUES && !rl_overlaps(rl, c->values))
		return false;
	if (c->when == PARAM_IF_VALUES && e->type == EXPR_PREOP && e->op == '!')
		return negated_param_holds(e, c);
	nr = param_of(e);
	if (nr >= 0) {
		c->param = nr;
		return true;
	}
	if (c->when == PARAM_IF_BITS)
		return false;
	c->when = PARAM_ALWAYS;
	return true;
}

/*
 * On a path where a parameter is known to be zero, non-zero or one value
 * (a flag tested on the way), what happens there happens only for such
 * values.  A pointer counts only when NULL: it is non-NULL on most paths,
 * once dereferenced.  One known to be one value (a bool can_sleep) says
 * more than one known non-zero (a direction tested on the way), and is
 * preferred.
 */
void param_cond_on_path(struct param_cond *c)
{
	struct symbol *arg;
	int nr = 0;
	int64_t val;

	if (c->when != PARAM_ALWAYS)
		return;
	FOR_EACH_PTR(get_real_base_type(cur_fn()->sym)->arguments, arg) {
		struct range_list *rl = arg->ident ? get_range(symbol_load(arg)) : NULL;
		bool single = rl && rl_get_single(rl, &val);
		bool flag = rl && !is_pointer_type(arg) && !rl_contains_zero(rl);

		if (rl && !rl_is_whole(rl) && (single || (flag && c->when == PARAM_ALWAYS))) {
			c->when = PARAM_IF_VALUES;
			c->param = nr;
			c->values = rl;
			if (single)
				return;
		}
		nr++;
	} END_FOR_EACH_PTR(arg);
}

void param_cond_join(struct param_cond *a, const struct param_cond *b)
{
	if (a->when == PARAM_ALWAYS || b->when == PARAM_ALWAYS || a->when != b->when || a->param != b->param) {
		a->when = PARAM_ALWAYS;
		return;
	}
	a->mask |= b->mask;
	if (a->when == PARAM_IF_VALUES)
		a->values = rl_union(a->values, b->values);
}

const char *param_cond_str(const struct param_cond *c)
{
	switch (c->when) {
	case PARAM_IF_BITS:
		return intern_fmt("$%d&%#llx", c->param, c->mask);
	case PARAM_IF_VALUES:
		return intern_fmt("$%d=%s", c->param, rl_to_str(c->values));
	case PARAM_ALWAYS:
		break;
	}
	return intern("");
}

void param_cond_parse(const char *str, struct param_cond *c)
{
	char *end;

	memset(c, 0, sizeof(*c));
	if (str[0] != '$')
		return;
	c->param = strtol(str + 1, &end, 10);
	if (*end == '&') {
		c->when = PARAM_IF_BITS;
		c->mask = strtoull(end + 1, NULL, 0);
	} else if (*end == '=') {
		c->when = PARAM_IF_VALUES;
		c->values = rl_from_str(intern_fmt("%.*s", (int)strcspn(end + 1, ";"), end + 1));
	}
}
