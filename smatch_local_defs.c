/*
 * smatch_local_defs.c: a local assigned a test ("not_lockless = !rtnl_held
 * && !(ops->flags & UNLOCKED)") is that test while neither the local nor
 * anything the test reads changes: a later "if (not_lockless)" tells, on
 * each side, what the test says of its parts (rtnl_held is 0 where it holds).
 * A local struct's pointer member set to a parameter ("struct vm_fault vmf
 * = { .vma = vma }") is that parameter while neither changes: a callee's
 * lock named through it ("&vmf.vma->vm_mm->mmap_lock") is one the callers
 * can name ("&$0->vm_mm->mmap_lock").  So is a local pointer that holds a
 * copy of a parameter's member chain ("vma = vmf->vma; bo =
 * vma->vm_private_data": bo is "$0->vma->vm_private_data") while neither
 * it nor a link of the chain as the parameter reaches it is assigned.
 */
#include <string.h>
#include "smatch.h"
#include "smatch_internal.h"

static int my_id;
static int member_id;	/* "vmf.vma" -> the parameter it holds (struct member_def) */
static int call_slot;	/* fn_data: the call whose arguments are being walked */
static int copy_id;	/* "bo" -> the parameter's member chain it holds (struct copy_def) */

struct member_def {
	const char *relative;		/* "$0" */
	const char *plain;		/* "vma" */
	struct expression *passed_at;	/* the call "&vmf" went to, or NULL */
	bool constant;			/* a const member: no callee changes it */
};

struct copy_def {
	const char *relative;	/* "$0->vma->vm_private_data" */
	const char *chain;	/* "vmf->vma->vm_private_data": a change of any link forgets it */
};

/* A test: what a truth value is computed from. */
static bool is_test(struct expression *e)
{
	if (e->type == EXPR_PREOP && e->op == '!')
		return true;
	return e->type == EXPR_LOGICAL || e->type == EXPR_COMPARE;
}

/* Computed from values alone (&& and || too, "(a && b) != 0" of a bool), so it can be read again. */
static bool is_pure_test(struct expression *e)
{
	e = strip_expr(e);
	if (e && (e->type == EXPR_LOGICAL || e->type == EXPR_COMPARE))
		return is_pure_test(e->left) && is_pure_test(e->right);
	if (e && e->type == EXPR_PREOP && e->op == '!')
		return is_pure_test(e->unop);
	return is_pure_expr(e);
}

/* "$0", "$1->vma->vm_private_data": a parameter and members only (no '&', no arithmetic). */
static bool is_member_chain(const char *relative)
{
	const char *s = relative;

	if (s[0] != '$' || !(s[1] >= '0' && s[1] <= '9'))
		return false;
	for (s += 2; *s >= '0' && *s <= '9'; s++)
		;
	while (*s) {
		if (!strncmp(s, "->", 2))
			s += 2;
		else if (*s == '.')
			s++;
		else
			return false;
		if (!is_ident_char(*s))
			return false;
		while (is_ident_char(*s))
			s++;
	}
	return true;
}

static struct copy_def *copy_of(struct symbol *local)
{
	struct smatch_state *def;

	if (!local || !local->ident || sym_param_num(local) >= 0 ||
	    (local->ctype.modifiers & (MOD_TOPLEVEL | MOD_STATIC | MOD_EXTERN)))
		return NULL;
	def = get_state(copy_id, ident_str(local->ident), local);
	return def ? def->data : NULL;
}

/* The parameter's member chain the local pointer holds ("$0->vma->vm_private_data"), or NULL. */
const char *local_copy_param(struct symbol *local)
{
	struct copy_def *d = copy_of(local);

	return d ? d->relative : NULL;
}

/* The same chain as the parameter is written ("vmf->vma->vm_private_data"), or NULL. */
static const char *local_copy_chain(struct symbol *local)
{
	struct copy_def *d = copy_of(local);

	return d ? d->chain : NULL;
}

static bool is_struct(struct symbol *type)
{
	return type && (type->type == SYM_STRUCT || type->type == SYM_UNION);
}

/* A pointer to a struct or union: an object that may hold a lock. */
static bool points_to_struct(struct symbol *type)
{
	type = get_real_base_type(type);
	return type && type->type == SYM_PTR && is_struct(get_real_base_type(type->ctype.base_type));
}

/* "bo = vma->vm_private_data" with vma a copy of "$0->vma": bo holds "$0->vma->vm_private_data". */
static void learn_copy(struct expression *left, struct expression *right)
{
	const char *relative = param_relative_name(right), *chain, *root;
	struct smatch_state *def;
	int nr;

	if (!relative || !points_to_struct(left->ctype) || !is_pure_expr(right) || !is_member_chain(relative))
		return;
	param_name(right, &nr);
	root = nr >= 0 ? NULL : local_copy_chain(expr_to_sym(right));
	chain = root ? expr_str_rooted(right, root) : expr_to_str(right);
	def = alloc_state_name(intern_fmt("%s=%s", relative, chain));
	if (!def->data) {
		struct copy_def *d = xmalloc(sizeof(*d));

		d->relative = relative;
		d->chain = chain;
		def->data = d;
	}
	set_state(copy_id, expr_to_str(left), loaded_symbol(left), def);
}

static void match_assign(struct expression *expr)
{
	struct expression *left = strip_expr(expr->left), *right = strip_expr(expr->right);
	struct smatch_state *def;
	const char *name;

	if (expr->op != '=' || !loaded_symbol(left) || !is_local_lvalue(left))
		return;
	if (right)
		learn_copy(left, right);
	name = expr_to_str(left);
	if (!right || !is_test(right) || !is_pure_test(right) || name_mentions(expr_to_str(right), name))
		return;
	/* this test, not another one printed alike (its types may differ); the
	 * address first, so that a long text cut short still names it */
	def = alloc_state_data(intern_fmt("%p %s", (void *)right, expr_to_str(right)), right);
	set_state(my_id, name, NULL, def);
}

/*
 * Branches that assigned the local the same test ("if (fast) need = !held;
 * else need = !held;"): both name the same variables here, so either tells.
 */
static struct smatch_state *merge_defs(struct smatch_state *a, struct smatch_state *b)
{
	if (a->data && b->data && expr_to_str(a->data) == expr_to_str(b->data))
		return a;
	return &merged;
}

static struct smatch_state *member_state(struct member_def *want)
{
	/* named by both, so that a change of either (the parameter "vma") finds it */
	struct smatch_state *def = alloc_state_data(intern_fmt("%s=%s@%p%s", want->relative, want->plain,
							       (void *)want->passed_at,
							       want->constant ? " const" : ""), NULL);

	if (!def->data) {
		struct member_def *d = xmalloc(sizeof(*d));

		*d = *want;
		def->data = d;
	}
	return def;
}

/* Has struct 'type' a member 'ident', itself or in an anonymous struct? */
static bool has_member(struct symbol *type, struct ident *ident)
{
	struct symbol *m;

	FOR_EACH_PTR(type->symbol_list, m) {
		if (m->ident == ident || (!m->ident && is_struct(get_real_base_type(m)) &&
					  has_member(get_real_base_type(m), ident)))
			return true;
	} END_FOR_EACH_PTR(m);
	return false;
}

/*
 * Is member 'ident' of struct 'type' const, itself or inside a const
 * anonymous struct ("const struct { struct vm_area_struct *vma; ... };"
 * of struct vm_fault)?
 */
static bool const_member(struct symbol *type, struct ident *ident)
{
	struct symbol *m, *t;

	type = get_real_base_type(type);
	if (!is_struct(type))
		return false;
	FOR_EACH_PTR(type->symbol_list, m) {
		if (m->ident == ident)
			return m->ctype.modifiers & MOD_CONST;
		t = get_real_base_type(m);
		if (!m->ident && is_struct(t) && has_member(t, ident))
			return (m->ctype.modifiers & MOD_CONST) || const_member(t, ident);
	} END_FOR_EACH_PTR(m);
	return false;
}

/* "vmf.vma = vma" (or its initializer's ".vma = vma"): the member holds the parameter. */
static void learn_member(const char *member, struct expression *value, bool constant)
{
	struct member_def d = { .constant = constant };
	int nr;

	value = strip_expr(value);
	if (!value || !is_pointer_type(value->ctype) || !is_pure_expr(value))
		return;
	d.relative = param_name(value, &nr);
	d.plain = expr_to_str(value);
	if (nr >= 0)
		set_state(member_id, member, NULL, member_state(&d));
}

/* The members an initializer sets (Sparse lists an anonymous struct's as the outer struct's). */
static void learn_initializer(const char *name, struct symbol *type, struct expression *init)
{
	struct expression *e;

	FOR_EACH_PTR(init->expr_list, e) {
		if (e->type != EXPR_POS || !e->ctype || !e->ctype->ident || !e->init_expr)
			continue;
		learn_member(intern_fmt("%s.%s", name, show_ident(e->ctype->ident)), e->init_expr,
			     const_member(type, e->ctype->ident));
	} END_FOR_EACH_PTR(e);
}

static void match_member_assign(struct expression *expr)
{
	struct expression *left = strip_expr(expr->left), *right = strip_expr(expr->right);
	struct member_info mi;
	const char *name;

	if (expr->op != '=' || !left || !right)
		return;
	name = expr_to_str(left);
	if (right->type != EXPR_INITIALIZER) {
		if (get_member_load(left, &mi) && mi.base_is_object &&
		    !(mi.base->symbol->ctype.modifiers & (MOD_TOPLEVEL | MOD_STATIC | MOD_EXTERN)))
			learn_member(name, right, false);
		return;
	}
	if (loaded_symbol(left) && is_local_lvalue(left))
		learn_initializer(name, loaded_symbol(left), right);
}

/*
 * The parameter a local struct's member "local.member" holds at 'call',
 * relative to the function's parameters ("$0"), or NULL.  The callee the
 * struct's address goes to sees it as it is at the call; after the call
 * the member may hold anything.
 */
const char *local_member_param(const char *member, struct expression *call)
{
	struct smatch_state *def = get_state(member_id, member, NULL);
	struct member_def *d = def ? def->data : NULL;

	return d && (!d->passed_at || d->passed_at == call) ? d->relative : NULL;
}

/* "&vmf" goes to a call: its members hold what they hold for that call only. */
static void member_address_passed(const char *name)
{
	struct sm_state_list *list = get_owner_states(member_id);
	struct expression *call = *(struct expression **)fn_data(call_slot);
	struct sm_state *sm;

	FOR_EACH_PTR(list, sm) {
		struct member_def *d = sm->state->data, passed;

		if (!d)
			continue;
		/* the parameter's own address: the callee may change it */
		if (name_mentions(sm->state->name, name)) {
			delete_state(member_id, sm->name, sm->sym);
			continue;
		}
		if (!name_mentions(sm->name, name) || d->constant)
			continue;
		/* passed before: that callee may have changed it */
		if (d->passed_at) {
			delete_state(member_id, sm->name, sm->sym);
			continue;
		}
		passed = *d;
		passed.passed_at = call;
		set_state(member_id, sm->name, sm->sym, member_state(&passed));
	} END_FOR_EACH_PTR(sm);
	free_ptr_list(&list);
}

/* Runs just before the addresses a call passes are forgotten. */
static void match_call(struct expression *call)
{
	*(struct expression **)fn_data(call_slot) = call;
}

static void forget_mentioning(int owner, const char *name)
{
	struct sm_state_list *list = get_owner_states(owner);
	struct sm_state *sm;

	FOR_EACH_PTR(list, sm) {
		if (sm->name == name || name_mentions(sm->name, name) || name_mentions(sm->state->name, name))
			delete_state(owner, sm->name, sm->sym);
	} END_FOR_EACH_PTR(sm);
	free_ptr_list(&list);
}

/* The local, or what its definition reads, changed: the definitions that mention it go. */
static void match_var_change(const char *name, struct symbol *sym, struct symbol *root,
			     enum var_change how)
{
	forget_mentioning(my_id, name);
	forget_mentioning(copy_id, name);
	if (how == VAR_ADDRESS_PASSED && *(struct expression **)fn_data(call_slot))
		member_address_passed(name);
	else
		forget_mentioning(member_id, name);
}

static void match_condition(struct expression *expr)
{
	struct expression *e = strip_expr(expr);
	struct smatch_state *def;

	if (!loaded_symbol(e))
		return;
	def = get_state(my_id, expr_to_str(e), NULL);
	if (!def || !def->data)
		return;
	if (cur_fn()->cond_true)
		path_assume_truth(cur_fn()->cond_true, def->data, true);
	if (cur_fn()->cond_false)
		path_assume_truth(cur_fn()->cond_false, def->data, false);
}

void register_local_defs(void)
{
	my_id = register_owner("local_defs");
	set_owner_facts(my_id);
	add_merge_hook(my_id, merge_defs);
	member_id = register_owner("local_members");
	set_owner_facts(member_id);
	copy_id = register_owner("local_copies");
	set_owner_facts(copy_id);
	add_hook(&match_assign, ASSIGNMENT_HOOK);
	add_hook(&match_member_assign, ASSIGNMENT_HOOK);
	add_hook(&match_call, FUNCTION_CALL_HOOK);
	call_slot = register_fn_data(sizeof(struct expression *));
	add_hook(&match_condition, CONDITION_HOOK);
	add_var_change_hook(&match_var_change);
}
