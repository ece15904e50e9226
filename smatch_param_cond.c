/*
 * smatch_param_cond.c: conditions on a function's parameters that a
 * summary item carries to the callers ("sleeps only when $1 has a bit of
 * 0x400", "only when $5 has none of 0x80000000", "takes the lock only
 * when $1 is 0"): found on the path where the
 * thing happens, written into the item, and rewritten at each call in the
 * caller's terms (a known argument decides, an argument that is the
 * caller's own parameter passes the condition on).  With --info, each
 * call's condition and the arguments that are parameters passed on as
 * they came go to the database for the lock order (smatch_db_info.c).
 */
#include <stdlib.h>
#include <string.h>
#include "smatch.h"
#include "smatch_internal.h"

/*
 * What is still as the caller passed it on this path: a parameter
 * ("flags") and the members of what it points to or of itself ("cpc->"),
 * set at the function's start and dropped when changed.  Kept that way
 * round because a join keeps a fact only where both paths agree: a
 * parameter assigned on one side (`if (!max) max = 3;`) is not as it came
 * after the join.
 */
static int as_came_id;

/* What 'name' ("flags", "cpc->reason", "cpc.reason", "cpc->") is kept as: the parameter, or its members. */
static const char *as_came_key(const char *name)
{
	size_t len = strcspn(name, "-.[");

	return name[len] ? intern_fmt("%.*s->", (int)len, name) : intern(name);
}

/* Changed on the path: what the path knows of it is no longer what the caller passed. */
static bool written(const char *name)
{
	struct smatch_state *s = get_state(as_came_id, as_came_key(name), NULL);

	return !s || s == &undefined || s == &merged;
}

/* "flags" (and what it points to), "cpc->reason" (any member); "cpc->" when cpc went to a call. */
static void mark_written(const char *name)
{
	const char *key = as_came_key(name);

	delete_state(as_came_id, key, NULL);
	if (key[strlen(key) - 1] != '>')
		delete_state(as_came_id, intern_fmt("%s->", key), NULL);
}

static void match_func_start(void)
{
	struct symbol *arg;

	FOR_EACH_PTR(get_real_base_type(cur_fn()->sym)->arguments, arg) {
		if (!arg->ident)
			continue;
		set_state(as_came_id, ident_str(arg->ident), NULL, alloc_state_name("as-came"));
		set_state(as_came_id, intern_fmt("%s->", ident_str(arg->ident)), NULL, alloc_state_name("as-came"));
	} END_FOR_EACH_PTR(arg);
}

static void match_var_change(const char *name, struct symbol *sym, struct symbol *root,
			     enum var_change how)
{
	size_t len = strcspn(name, "-.[");

	/* the parameter, or a member of what it points to or of itself ("cpc->reason", "cpc.reason") */
	if (sym_param_num(sym) >= 0 ||
	    (sym_param_num(root) >= 0 && (!strncmp(name + len, "->", 2) || name[len] == '.')))
		mark_written(name);
}

/*
 * A pointer into what a parameter points to ("cpc", "&cpc->reason") went
 * to a call, which may have changed any member: marked once the call's
 * own hooks and summary have seen the members as they were.
 */
static void match_call_done(struct expression *call)
{
	struct expression *arg;

	FOR_EACH_PTR(call->args, arg) {
		struct symbol *sym = expr_to_sym(strip_expr(arg));

		if (sym && sym->ident && sym_param_num(sym) >= 0 && is_pointer_type(sym) &&
		    is_pointer_type(arg->ctype))
			mark_written(intern_fmt("%s->", ident_str(sym->ident)));
	} END_FOR_EACH_PTR(arg);
}

/* Was parameter 'nr' itself assigned on this path: does its name mean another object now? */
bool param_reassigned(int nr)
{
	struct symbol *arg;
	int i = 0;

	FOR_EACH_PTR(get_real_base_type(cur_fn()->sym)->arguments, arg) {
		if (i++ == nr)
			return arg->ident && written(ident_str(arg->ident));
	} END_FOR_EACH_PTR(arg);
	return false;
}

/* The number of the parameter that 'e' is, as it came (not written on the path), or -1. */
static int param_of(struct expression *e)
{
	int nr;

	if (!e || !loaded_symbol(e) || !param_name(e, &nr) || written(expr_to_str(e)))
		return -1;
	return nr;
}

/* A call's argument that is the function's parameter 'nr', as it came (f(flags)): nr, else -1. */
int param_passed_on(struct expression *arg)
{
	return param_of(strip_expr(arg));
}

/*
 * "cpc->reason" or "cpc.reason" of parameter 'nr': no longer what the
 * caller passed when it, or cpc, was written on the path, or cpc went to
 * a call.
 */
static bool member_written(const char *name, int nr)
{
	struct symbol *param = ptr_list_nth(get_real_base_type(cur_fn()->sym)->arguments, nr);
	const char *param_name = param && param->ident ? ident_str(param->ident) : NULL;

	return !param_name || written(name) || written(param_name) ||
	       written(intern_fmt("%s->", param_name));
}

/*
 * A flag passed on negated, f(!head): the callee does it for some values
 * of it; we do for head zero, non-zero or any.
 */
static bool negated_param_holds(struct expression *e, struct param_cond *c)
{
	bool when_set = rl_overlaps(c->values, rl_nonzero());
	bool when_clear = rl_contains_zero(c->values);
	int nr = param_of(strip_expr(e->unop));

	c->when = PARAM_ALWAYS;
	if (nr < 0 || when_set == when_clear)
		return true;
	c->when = PARAM_IF_VALUES;
	c->param = nr;
	c->values = when_set ? rl_range(0, 0) : rl_nonzero();
	return true;
}

/* Can a value in 'rl' meet the condition?  *decided: it surely does. */
static bool may_meet(const struct param_cond *c, struct range_list *rl, bool *decided)
{
	int64_t val;

	*decided = false;
	if (c->when == PARAM_IF_BITS || c->when == PARAM_IF_CLEAR) {
		if (!rl_get_single(rl, &val))
			return true;
		*decided = true;
		return (((unsigned long long)val & c->mask) != 0) == (c->when == PARAM_IF_BITS);
	}
	*decided = rl_subset(rl, c->values);
	return rl_overlaps(rl, c->values);
}

/*
 * A condition on a member of what the argument points to ("$1->reason"):
 * what the caller knows of that member decides ("cpc.reason" of a local
 * initialised with CP_RESIZE), or the caller's own parameter carries it on.
 */
static bool member_cond_at_call(struct expression *call, struct param_cond *c)
{
	const char *target = intern_fmt("$%d%s", c->param, c->member);
	const char *name = subst_param_name(target, call), *relative = subst_param_relative(target, call);
	struct range_list *rl = name ? fact_range(name) : NULL;
	char *rest;
	bool decided;
	int nr;

	if (rl && !may_meet(c, rl, &decided))
		return false;
	if (rl && decided) {
		c->when = PARAM_ALWAYS;
		return true;
	}
	c->undecided = true;
	/* the member as the caller passed it: the condition is the caller's */
	if (relative && relative[0] == '$') {
		nr = strtol(relative + 1, &rest, 10);
		if ((!strncmp(rest, "->", 2) || rest[0] == '.') && !member_written(name, nr)) {
			c->param = nr;
			c->member = intern(rest);
			return true;
		}
	}
	c->when = PARAM_ALWAYS;
	return true;
}

bool param_cond_at_call(struct expression *call, struct param_cond *c)
{
	struct expression *e = c->when == PARAM_ALWAYS ? NULL : strip_expr(get_argument(call, c->param));
	struct range_list *rl = e ? get_range(e) : NULL;
	bool decided;
	int nr;

	if (c->when == PARAM_ALWAYS)
		return true;
	if (!e)
		return false;
	if (c->member)
		return member_cond_at_call(call, c);
	if (!may_meet(c, rl, &decided))
		return false;
	/* an argument with a bit of the mask set whatever its value ("len | SEND_NB") */
	if (c->when == PARAM_IF_CLEAR && (bits_surely_set(e) & c->mask))
		return false;
	if ((c->when == PARAM_IF_BITS || c->when == PARAM_IF_CLEAR) && decided) {
		c->when = PARAM_ALWAYS;
		return true;
	}
	/* bits the callee tests, of an argument not known here: it does it on some paths */
	if (c->when == PARAM_IF_CLEAR)
		c->undecided = true;
	if (c->when == PARAM_IF_VALUES && e->type == EXPR_PREOP && e->op == '!')
		return negated_param_holds(e, c);
	nr = param_of(e);
	if (nr >= 0) {
		c->param = nr;
		return true;
	}
	if (c->when == PARAM_IF_BITS && !c->unknown_holds)
		return false;
	c->when = PARAM_ALWAYS;
	return true;
}

/* A candidate condition of the path, better the higher its rank. */
struct candidate {
	struct param_cond cond;
	int rank;
	int line;	/* of the test it comes from: of bits and members, the nearest stays */
};

enum { RANK_POINTER = 1, RANK_MEMBER_RANGE, RANK_FLAG, RANK_BITS, RANK_SINGLE };

static void consider(struct candidate *best, int rank, int line, struct param_cond *c)
{
	if (rank < best->rank || (rank == best->rank && (rank == RANK_FLAG || rank == RANK_SINGLE ||
							  line <= best->line)))
		return;
	best->rank = rank;
	best->line = line;
	best->cond = *c;
}

/* "flags", "cpc->reason": a parameter and a chain of members, up to 'end'. */
static size_t target_len(const char *name)
{
	size_t n = 0;

	while (is_ident_char(name[n]) || name[n] == '.' || (name[n] == '-' && name[n + 1] == '>'))
		n += name[n] == '-' ? 2 : 1;
	return n;
}

/*
 * What the path's facts say of parameter 'nr' and of the members it
 * points to: "flags & 4" is non-zero or zero (rank bits), "cpc->reason"
 * is not 128 (a member's range), unless written on the way or, for
 * members, the pointer went to a call.  Bits found set only if 'all'
 * (see param_cond_on_path()).
 */
static void consider_facts(struct candidate *best, int nr, const char *param, bool all)
{
	struct sm_state_list *facts = get_owner_states_prefixed(values_owner(), param);
	bool members_known = !written(intern_fmt("%s->", param));
	struct sm_state *sm;

	FOR_EACH_PTR(facts, sm) {
		size_t len = target_len(sm->name), plen = strlen(param);
		const char *rest = sm->name + len, *member = intern_fmt("%.*s", (int)(len - plen), sm->name + plen);
		struct param_cond c = { .param = nr, .member = *member ? member : NULL, .unknown_holds = true };
		struct range_list *rl = sm->state->data;
		int64_t val;

		if (!rl || len < plen || (c.member && (strncmp(member, "->", 2) || !members_known)) ||
		    written(intern_fmt("%.*s", (int)len, sm->name)))
			continue;
		if (!strcmp(rest, ":clear-bits") && rl_get_single(rl, &val) && val) {
			c.when = PARAM_IF_CLEAR;
			c.mask = val;
			consider(best, RANK_BITS, sm->line, &c);
		} else if (!strncmp(rest, " & ", 3) && !rl_contains_zero(rl)) {
			if (!all)
				continue;
			c.when = PARAM_IF_BITS;
			c.mask = strtoull(rest + 3, NULL, 0);
			if (c.mask && !rest[3 + strspn(rest + 3, "0123456789abcdefxABCDEFX")])
				consider(best, RANK_BITS, sm->line, &c);
		} else if (!*rest && c.member && !rl_subset(rl_range(INT32_MIN, INT32_MAX), rl)) {
			/* (a member's int range says nothing, as when facts join) */
			c.when = PARAM_IF_VALUES;
			c.values = rl;
			consider(best, rl_get_single(rl, &val) ? RANK_SINGLE : RANK_MEMBER_RANGE, sm->line, &c);
		}
	} END_FOR_EACH_PTR(sm);
	free_ptr_list(&facts);
}

/* The line where the path learnt what it knows of 'name' (a test, a dereference). */
static int fact_line(const char *name)
{
	struct sm_state *sm = get_sm_state(values_owner(), name, NULL);

	return sm ? sm->line : 0;
}

/*
 * On a path where a parameter is known to be zero, non-zero or one value
 * (a flag tested on the way), what happens there happens only for such
 * values.  A pointer counts only when NULL: it is non-NULL on most paths,
 * once dereferenced; known non-NULL it counts for c->pointers only, below
 * all else, the one learnt nearest (a call made under `if (p)`: what the
 * lock order cuts where a caller passes NULL).  One known to be one value
 * (a bool can_sleep) says more than bits of it known set ("flags & LOCK"),
 * which say more than one known non-zero (a direction tested on the way),
 * which says more than a member's range; of bits and members, the test nearest says most (the
 * one around the lock).  Bits found set are read only for a condition
 * that an unknown argument meets: they are what callers pass least often
 * (a gfp: an unknown one is taken to have no bit of a sleep's mask);
 * bits found clear and members always ("flags & NB" false: "$2!&NB",
 * "cpa->pgd" non-NULL), as an unknown argument or member meets that
 * condition: only a caller that knows the value otherwise is spared.
 * Not a parameter or member changed on the way: its value is no longer
 * the one the caller passed.
 */
void param_cond_on_path(struct param_cond *c)
{
	struct candidate best = { .rank = 0 };
	struct symbol *arg;
	int nr = 0;
	int64_t val;

	if (c->when != PARAM_ALWAYS)
		return;
	FOR_EACH_PTR(get_real_base_type(cur_fn()->sym)->arguments, arg) {
		const char *name = arg->ident ? ident_str(arg->ident) : NULL;
		struct range_list *rl = name && !written(name) ? get_range(symbol_load(arg)) : NULL;
		bool single = rl && rl_get_single(rl, &val);
		bool pointer = is_pointer_type(arg);
		bool flag = rl && (!pointer || c->pointers) && !rl_contains_zero(rl);
		struct param_cond value = { PARAM_IF_VALUES, nr, NULL, 0, rl, c->unknown_holds };

		if (rl && !rl_is_whole(rl) && single)
			consider(&best, RANK_SINGLE, 0, &value);
		else if (rl && !rl_is_whole(rl) && flag)
			consider(&best, pointer ? RANK_POINTER : RANK_FLAG, pointer ? fact_line(name) : 0, &value);
		if (rl)
			consider_facts(&best, nr, name, c->unknown_holds);
		nr++;
	} END_FOR_EACH_PTR(arg);
	if (best.rank)
		*c = best.cond;
}

void param_cond_join(struct param_cond *a, const struct param_cond *b)
{
	if (a->when == PARAM_ALWAYS || b->when == PARAM_ALWAYS || a->when != b->when || a->param != b->param ||
	    a->member != b->member) {
		a->when = PARAM_ALWAYS;
		return;
	}
	/* a bit of either mask set; none of the bits both masks have (either has none of its own) */
	if (a->when == PARAM_IF_CLEAR)
		a->mask &= b->mask;
	else
		a->mask |= b->mask;
	if (a->when == PARAM_IF_CLEAR && !a->mask)
		a->when = PARAM_ALWAYS;
	if (a->when == PARAM_IF_VALUES)
		a->values = rl_union(a->values, b->values);
}

const char *param_cond_str(const struct param_cond *c)
{
	switch (c->when) {
	case PARAM_IF_BITS:
		return intern_fmt("$%d%s&%#llx", c->param, c->member ?: "", c->mask);
	case PARAM_IF_CLEAR:
		return intern_fmt("$%d%s!&%#llx", c->param, c->member ?: "", c->mask);
	case PARAM_IF_VALUES:
		return intern_fmt("$%d%s=%s", c->param, c->member ?: "", rl_to_str(c->values));
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
	if (!strncmp(end, "->", 2) || *end == '.') {
		size_t len = strcspn(end, "!&=;");

		c->member = intern_fmt("%.*s", (int)len, end);
		end += len;
	}
	if (*end == '&' || !strncmp(end, "!&", 2)) {
		c->when = *end == '&' ? PARAM_IF_BITS : PARAM_IF_CLEAR;
		c->mask = strtoull(end + (*end == '&' ? 1 : 2), NULL, 0);
	} else if (*end == '=') {
		c->when = PARAM_IF_VALUES;
		c->values = rl_from_str(intern_fmt("%.*s", (int)strcspn(end + 1, ";"), end + 1));
	}
}

void register_param_cond(void)
{
	as_came_id = register_owner("param_as_came");
	set_owner_facts(as_came_id);
	add_hook(&match_func_start, FUNC_START_HOOK);
	add_var_change_hook(&match_var_change);
	add_hook(&match_call_done, CALL_DONE_HOOK);
}
