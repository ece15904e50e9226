/*
 * smatch_param_stores.c: which pointer members of its parameters a function
 * may store to (pointers to a struct or union: what a lock is named
 * through).  "path->nodes[0] = right;" in copy_for_split(trans, path,
 * ...), or its parameter passed on to a callee that may store it, gives
 * every return a "stores_member" item (key "$1->nodes"), kept in the
 * database.  After such a call the caller's "path->nodes[0]" may point to
 * another object: a lock named through it is another lock
 * (smatch_lock_pointer.c).
 */
#include <string.h>
#include "smatch.h"
#include "smatch_internal.h"

#define MAX_STORED 32

struct stored {
	int nr;
	const char *names[MAX_STORED];	/* interned, "$1->nodes" */
};

static int fn_slot;	/* fn_data(): a struct stored */

/*
 * Is 'name' a member of the object a parameter points to ("$1->nodes",
 * "$0->a.b")?  Not of an object reached from it ("$0->list.prev->next",
 * what list_del() stores): a lock name rarely goes through those.
 */
static bool through_param(const char *name)
{
	const char *arrow = name && name[0] == '$' ? strstr(name, "->") : NULL;

	return arrow && !strstr(arrow + 2, "->");
}

static void record(const char *name)
{
	struct stored *s = fn_data(fn_slot);

	if (interned_among(s->names, s->nr, name))
		return;
	/* too many to tell apart: the function keeps the first ones (a bound, not a claim) */
	if (s->nr < MAX_STORED)
		s->names[s->nr++] = name;
}

/*
 * A pointer to a struct or union, what a lock can be named through
 * ("buf->lock"), other than a link of a list to its own kind
 * ("head->next" of a list_head, what list_add() stores).
 */
static bool points_to_object(struct expression *left)
{
	struct symbol *type = get_real_base_type(left->ctype), *container;
	struct member_info mi;
	const char *last;

	if (!type || type->type != SYM_PTR)
		return false;
	type = get_real_base_type(type->ctype.base_type);
	if (!type || (type->type != SYM_STRUCT && type->type != SYM_UNION))
		return false;
	if (!get_member_load(left, &mi))
		return true;
	container = member_container(mi.type, mi.path, &last);
	return get_real_base_type(container) != type;
}

/* "path->nodes[0] = right": a pointer member of a parameter's object changes. */
static void match_assign(struct expression *expr)
{
	struct expression *left = strip_expr(expr->left);
	const char *name;
	int nr;

	if (!left || !points_to_object(left))
		return;
	name = param_name(left, &nr);
	if (nr >= 0 && through_param(name))
		record(intern(name));
}

/* Calls fn with each "stores_member" key of the callee ("$0->nodes"). */
void for_each_call_store(struct expression *call, void (*fn)(struct expression *call, const char *key))
{
	struct return_summary_list *returns = get_summaries(call);
	struct return_summary *rs = returns ? first_ptr_list((struct ptr_list *)returns) : NULL;
	struct summary_item *item;

	/* a function item: on every return, so the first return has them all */
	if (!rs)
		return;
	FOR_EACH_PTR(rs->items, item) {
		if (!strcmp(item->type, "stores_member"))
			fn(call, item->key);
	} END_FOR_EACH_PTR(item);
}

/* "helper(path)" where helper may store "$0->nodes": so may this function. */
static void pass_on(struct expression *call, const char *name)
{
	const char *mine = subst_param_relative(name, call);

	if (through_param(mine))
		record(mine);
}

static void match_call(struct expression *call)
{
	for_each_call_store(call, pass_on);
}

static void match_after_func(struct expression *unused)
{
	struct stored *s = fn_data(fn_slot);
	int i;

	for (i = 0; i < s->nr; i++)
		summary_add_function_item("stores_member", s->names[i], "", "", "");
}

void register_param_stores(void)
{
	fn_slot = register_fn_data(sizeof(struct stored));
	add_hook(&match_assign, ASSIGNMENT_HOOK);
	add_hook(&match_call, FUNCTION_CALL_HOOK);
	add_hook(&match_after_func, AFTER_FUNC_HOOK);
}
