/*
 * smatch_sleep_guards.c: allocations guarded by a member's NULL test.
 * `if (!dev->info) dev->info = kcalloc(..., GFP_KERNEL);` sleeps only the
 * first time, while the member is NULL: the side of a test of a pointer
 * member where it is NULL is remembered, and a sleep there is conditional
 * on the member (of a parameter, "$0->info", or of a global) being NULL.
 */
#include <string.h>
#include "smatch.h"
#include "smatch_internal.h"
#include "smatch_sleep.h"

static int my_id;	/* member as written -> "nonnull", "null", or "null:GUARD" (its guard name) */

/* "$0->info" or "glob->info" for a member of a parameter or a global, else NULL. */
static const char *guard_name(struct expression *member)
{
	struct symbol *sym = expr_to_sym(member);
	const char *name;
	int nr;

	if (!sym)
		return NULL;
	name = param_name(member, &nr);
	if (nr >= 0 || (sym->ctype.modifiers & MOD_TOPLEVEL))
		return name;
	return NULL;
}

static void match_condition(struct expression *expr)
{
	struct member_info mi;
	struct expression *e = strip_expr(expr);
	const char *guard;

	if (!e || !e->ctype || !is_pointer_type(e->ctype) || !get_member_load(e, &mi))
		return;
	guard = guard_name(e);
	set_true_false_states(my_id, expr_to_str(e), NULL, alloc_state_name("nonnull"),
			      alloc_state_name(guard ? intern_fmt("null:%s", guard) : "null"));
}

/* The member may have changed, or the variable it is reached through. */
static void match_var_change(const char *name, struct symbol *sym, enum var_change how)
{
	forget_states_mentioning(my_id, name);
}

/* The guard of a sleep here: a member of a parameter or a global the path tested NULL, or NULL. */
const char *sleep_guard_on_path(void)
{
	struct sm_state_list *list = get_owner_states(my_id);
	const char *res = NULL;
	struct sm_state *sm;

	FOR_EACH_PTR(list, sm) {
		if (sm->state->name && !strncmp(sm->state->name, "null:", 5))
			res = sm->state->name + 5;
	} END_FOR_EACH_PTR(sm);
	free_ptr_list(&list);
	return res;
}

/* Whether the member 'name' (as written here) is known NULL on the path. */
bool sleep_member_known_null(const char *name)
{
	struct smatch_state *s = name ? get_state(my_id, name, NULL) : NULL;

	return s && s->name && !strncmp(s->name, "null", 4);
}

void register_sleep_guards(void)
{
	my_id = register_owner("sleep_guard");
	set_owner_facts(my_id);
	add_hook(&match_condition, CONDITION_HOOK);
	add_var_change_hook(&match_var_change);
}
