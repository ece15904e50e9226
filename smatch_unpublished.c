/*
 * smatch_unpublished.c: local pointers to memory the function allocated
 * itself (a function of smatch_data/alloc/PROJECT.allocs) and has not
 * published yet: stored nowhere else, not passed to a function nothing is
 * known of.  No other thread can reach such an object, so its locks
 * protect nothing yet.  Also local pointers to the entries of a private
 * list: a list_head variable of the function that no unknown function was
 * given (entries moved there under a lock, "list_move(&e->node, &todo)",
 * are the function's alone).
 */
#include <string.h>
#include "smatch.h"
#include "smatch_internal.h"
#include "smatch_locking.h"
#include "smatch_db.h"

static int my_id;	/* a pointer variable -> ALLOCATED or ON_PRIVATE_LIST */
static int heads_id;	/* a list_head variable -> "published": an unknown function was given it */
static struct memo *allocators[MEMO_HASH];

#define ALLOCATED "allocated here"
#define ON_PRIVATE_LIST "on a private list"

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

static bool is_list_head(struct symbol *type)
{
	type = get_real_base_type(type);
	return type && type->type == SYM_STRUCT && type->ident && !strcmp(ident_str(type->ident), "list_head");
}

/* "struct list_head *": a link of a list */
static bool is_list_link(struct symbol *type)
{
	type = get_real_base_type(type);
	return type && type->type == SYM_PTR && is_list_head(type->ctype.base_type);
}

static bool is_local_variable(struct symbol *var)
{
	return var && var->ident && !is_global_symbol(var) && !(var->ctype.modifiers & MOD_STATIC);
}

/* A list_head variable of this function that no unknown function was given. */
static bool private_head(struct symbol *var)
{
	return is_local_variable(var) && is_list_head(var) &&
	       !get_state(heads_id, ident_str(var->ident), var);
}

static struct smatch_state *object_state(struct symbol *var)
{
	struct smatch_state *s = var && var->ident ? get_state(my_id, ident_str(var->ident), var) : NULL;

	return s == &merged || s == &undefined ? NULL : s;
}

/*
 * Does the pointer 'expr' lead to an entry of a private list: "(&todo)->next"
 * of a private head, "pos->node.next" of an entry, a pointer variable that
 * holds one, and "container_of()" of those (a ({ }) block, an offset taken off)?
 */
static bool private_entry(struct expression *expr)
{
	struct symbol *var;

	expr = strip_expr(expr);
	if (!expr)
		return false;
	if (expr->type == EXPR_STATEMENT)
		return private_entry(stmt_expr_value(expr->statement));
	if (expr->type == EXPR_BINOP && (expr->op == '+' || expr->op == '-'))
		return private_entry(expr->left);
	if (expr->type == EXPR_SYMBOL)	/* the address of a variable */
		return private_head(expr->symbol);
	if ((var = loaded_symbol(expr)))	/* a pointer variable, or a head's first link */
		return is_pointer_type(var) ?
		       object_state(var) == alloc_state_name(ON_PRIVATE_LIST) : private_head(var);
	/* a link loaded from a head or an entry */
	return expr->type == EXPR_PREOP && expr->op == '*' && is_list_link(expr->ctype) &&
	       private_entry(expr->unop);
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
	bool entry = is_local_variable(var) && private_entry(expr->right);

	/* a list cursor handed on between local variables ("pos = n") stays private */
	if (!entry)
		publish(expr->right);
	if (var && var->ident && !is_global_symbol(var) && is_allocation(expr->right))
		set_state(my_id, ident_str(var->ident), var, alloc_state_name(ALLOCATED));
	else if (entry)
		set_state(my_id, ident_str(var->ident), var, alloc_state_name(ON_PRIVATE_LIST));
}

/* The list head whose address 'expr' is ("&todo"), or NULL. */
static struct symbol *head_variable(struct expression *expr)
{
	expr = strip_expr(expr);
	return expr && expr->type == EXPR_SYMBOL && is_list_head(expr->symbol) ?
	       expr->symbol : NULL;
}

static void match_call(struct expression *call)
{
	struct expression *arg;
	struct symbol *head;

	if (!lock_call_unknown(call))
		return;
	FOR_EACH_PTR(call->args, arg) {
		publish(arg);
		if ((head = head_variable(arg)) && head->ident)
			set_state(heads_id, ident_str(head->ident), head, alloc_state_name("published"));
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
	return object_state(object_variable(expr)) == alloc_state_name(ALLOCATED);
}

/* Does 'expr' point into an entry of a list of this function's own? */
bool object_on_private_list(struct expression *expr)
{
	return object_state(object_variable(expr)) == alloc_state_name(ON_PRIVATE_LIST);
}

void register_unpublished(void)
{
	my_id = register_owner("unpublished");
	set_owner_facts(my_id);
	heads_id = register_owner("published_heads");
	load_table("alloc", "allocs", true, parse_alloc_line);
	add_var_change_hook(&match_var_change);
	add_hook(&match_assign, ASSIGNMENT_HOOK);
	add_hook(&match_call, FUNCTION_CALL_HOOK);
}
