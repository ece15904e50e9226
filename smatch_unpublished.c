/*
 * smatch_unpublished.c: local pointers to memory the function allocated
 * itself (a function of smatch_data/alloc/PROJECT.allocs) and has not
 * published yet: stored nowhere else, not passed to a function nothing is
 * known of.  No other thread can reach such an object, so its locks
 * protect nothing yet.
 */
#include <string.h>
#include "smatch.h"
#include "smatch_internal.h"
#include "smatch_locking.h"
#include "smatch_db.h"

static int my_id;
static struct memo *allocators[MEMO_HASH];

/* One table line: a function that returns new memory. */
static int parse_alloc_line(const char *path, int nr, char *line)
{
	char *name = strtok(line, " \t\r\n");

	if (!name || name[0] == '#')
		return 0;
	if (strtok(NULL, " \t\r\n"))
		return table_error(path, nr, "expected: NAME");
	name = (char *)intern(name);
	if (memo_find(allocators, name))
		return table_error(path, nr, "listed twice");
	memo_add(allocators, name, name);
	return 0;
}

static bool is_allocation(struct expression *expr)
{
	const char *fn;

	expr = strip_expr(expr);
	if (!expr || expr->type != EXPR_CALL || !(fn = get_callee_name(expr)))
		return false;
	return memo_find(allocators, intern(fn)) != NULL;
}

/* The variable whose object 'expr' points into (d for d and &d->lock), or NULL. */
static struct symbol *object_variable(struct expression *expr)
{
	struct member_info mi;

	expr = strip_expr(expr);
	if (expr && get_member_address(expr, &mi) && !mi.base_is_object)
		expr = mi.base;
	return loaded_symbol(expr);
}

static void publish(struct expression *expr)
{
	struct symbol *var = object_variable(expr);

	if (var && get_state(my_id, ident_str(var->ident), var))
		delete_state(my_id, ident_str(var->ident), var);
}

static void match_assign(struct expression *expr)
{
	struct symbol *var = loaded_symbol(expr->left);

	publish(expr->right);
	if (var && var->ident && !is_global_symbol(var) && is_allocation(expr->right))
		set_state(my_id, ident_str(var->ident), var, alloc_state_name("allocated here"));
}

static void match_call(struct expression *call)
{
	struct expression *arg;

	if (!lock_call_unknown(call))
		return;
	FOR_EACH_PTR(call->args, arg) {
		publish(arg);
	} END_FOR_EACH_PTR(arg);
}

/* The variable was assigned, or its address passed on: what it points to is not known. */
static void match_var_change(const char *name, struct symbol *sym, enum var_change how)
{
	if (sym && get_state(my_id, name, sym))
		delete_state(my_id, name, sym);
}

/* Does 'expr' point into an object this function allocated and no one else can reach yet? */
bool object_unpublished(struct expression *expr)
{
	struct symbol *var = object_variable(expr);
	struct smatch_state *s = var && var->ident ? get_state(my_id, ident_str(var->ident), var) : NULL;

	return s && s != &merged && s != &undefined;
}

void register_unpublished(void)
{
	my_id = register_owner("unpublished");
	set_owner_facts(my_id);
	load_table("alloc", "allocs", true, parse_alloc_line);
	add_var_change_hook(&match_var_change);
	add_hook(&match_assign, ASSIGNMENT_HOOK);
	add_hook(&match_call, FUNCTION_CALL_HOOK);
}
