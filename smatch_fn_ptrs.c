/*
 * smatch_fn_ptrs.c: the names of function pointers and the functions stored
 * in them: "(struct foo_ops)->open" for a struct member (whatever the
 * object), the functions the file's global initializers store there, and
 * the name a call through such a member goes by.  The database's fn_ptr
 * rows (smatch_db_info.c) and the calls through known targets
 * (smatch_fn_ptr_calls.c) both read them from here.
 */
#include <string.h>
#include "smatch.h"
#include "smatch_internal.h"

/* The function 'expr' is the address of ("f" or "&f"), or NULL. */
struct symbol *function_symbol(struct expression *expr)
{
	struct symbol *t;

	expr = strip_expr(expr);
	if (expr && expr->type == EXPR_PREOP && expr->op == '&')
		expr = strip_expr(expr->unop);
	if (!expr || expr->type != EXPR_SYMBOL || !expr->symbol || !expr->symbol->ident)
		return NULL;
	t = get_real_base_type(expr->symbol);
	return t && t->type == SYM_FN ? expr->symbol : NULL;
}

/* The member 'name' of a struct or union type, looking into anonymous members. */
static struct symbol *find_member(struct symbol *type, const char *name, size_t len)
{
	struct symbol *m, *found;

	type = get_real_base_type(type);
	if (!type || (type->type != SYM_STRUCT && type->type != SYM_UNION))
		return NULL;
	FOR_EACH_PTR(type->symbol_list, m) {
		if (m->ident && m->ident->len == (int)len && !strncmp(m->ident->name, name, len))
			return m;
		if (!m->ident && (found = find_member(m, name, len)))
			return found;
	} END_FOR_EACH_PTR(m);
	return NULL;
}

/*
 * 'fn' is stored in member 'path' of 'type': it can be called through each
 * struct on the way, e.g. "ops.open" of struct foo gives the names
 * "(struct foo)->ops.open" and "(struct foo_ops)->open".
 */
void member_fn_ptr_names(struct symbol *type, const char *path, struct fn_ptr_store *store,
			 fn_ptr_visitor visit)
{
	while (type && *path) {
		const char *dot = strchr(path, '.');
		struct symbol *m;

		visit(intern_fmt("(%s)->%s", type_to_str(type), path), store);
		if (!dot)
			break;
		m = find_member(type, path, dot - path);
		type = m ? get_real_base_type(m) : NULL;
		path = dot + 1;
	}
}

/*
 * The functions in an initializer: 'init' initialises an object of 'type'
 * that is member 'path' of a struct of type 'outer' ("" for the struct itself).
 */
static void walk_init(struct symbol *outer, const char *path, struct symbol *type,
		      struct expression *init, struct fn_ptr_store *store, fn_ptr_visitor visit)
{
	struct expression *e;

	type = get_real_base_type(type);
	if (!init || !type)
		return;
	if (init->type == EXPR_INITIALIZER) {
		FOR_EACH_PTR(init->expr_list, e) {
			walk_init(outer, path, type, e, store, visit);
		} END_FOR_EACH_PTR(e);
		return;
	}
	if (init->type == EXPR_POS) {
		struct symbol *elem = get_real_base_type(type->ctype.base_type);

		if (type->type == SYM_ARRAY && elem && (elem->type == SYM_STRUCT || elem->type == SYM_UNION))
			walk_init(elem, "", elem, init->init_expr, store, visit);	/* each element is a struct */
		else if (type->type == SYM_ARRAY)
			walk_init(outer, path, elem, init->init_expr, store, visit);
		else if ((type->type == SYM_STRUCT || type->type == SYM_UNION) && init->ctype && init->ctype->ident)
			/* interned: show_ident()'s buffer is reused before the members after this one */
			walk_init(outer, intern_fmt("%s%s%s", path, *path ? "." : "", show_ident(init->ctype->ident)),
				  init->ctype, init->init_expr, store, visit);
		return;
	}
	store->fn = function_symbol(init);
	store->line = init->pos.line;
	if (store->fn && outer && *path)
		member_fn_ptr_names(outer, path, store, visit);
}

/*
 * Each function pointer the initializers of the file's global variables
 * store: members of structs (and of arrays of structs) under each of their
 * names, and global pointers under the variable's name.
 */
void initializer_fn_ptrs(fn_ptr_visitor visit)
{
	struct fn_ptr_store store;
	struct symbol *sym, *type;

	FOR_EACH_PTR(file_symbols(), sym) {
		if (!sym->initializer || !sym->ident || !pos_in_main_file(sym->pos))
			continue;
		type = get_real_base_type(sym);
		if (!type || type->type == SYM_FN)
			continue;
		memset(&store, 0, sizeof(store));
		store.var = sym;
		if (type->type == SYM_STRUCT || type->type == SYM_UNION) {
			walk_init(type, "", type, sym->initializer, &store, visit);
		} else if (type->type == SYM_ARRAY) {
			walk_init(NULL, "", type, sym->initializer, &store, visit);
		} else if ((store.fn = function_symbol(sym->initializer))) {
			store.line = sym->initializer->pos.line;
			store.global = true;
			visit(intern(show_ident(sym->ident)), &store);
		}
	} END_FOR_EACH_PTR(sym);
}

/*
 * The name a call through a function pointer goes by: the member
 * "(struct foo_ops)->open" or the global pointer variable; NULL for a
 * call to a function, or through a local pointer.  '*member' says which.
 */
const char *fn_ptr_call_name(struct expression *call, bool *member)
{
	struct expression *fn;
	struct member_info mi;
	struct symbol *t, *sym;

	*member = false;
	if (!call || call->type != EXPR_CALL || get_callee(call))
		return NULL;
	fn = strip_expr(call->fn);
	t = fn ? get_real_type(fn) : NULL;
	/* (*ops->open)(...) is ops->open(...) */
	if (fn && fn->type == EXPR_PREOP && fn->op == '*' && t && t->type == SYM_FN)
		fn = strip_expr(fn->unop);
	if (get_member_load(fn, &mi)) {
		*member = true;
		return intern_fmt("(%s)->%s", type_to_str(mi.type), mi.path);
	}
	sym = loaded_symbol(fn);
	if (is_global_symbol(sym) && sym->ident)
		return intern(show_ident(sym->ident));
	return NULL;
}

/* How a call is named in messages: the callee, or the pointer as written ("d->ops->put"). */
const char *call_label(struct expression *call)
{
	const char *name = get_callee_name(call);
	struct expression *fn;

	if (name || !call || call->type != EXPR_CALL)
		return name;
	fn = strip_expr(call->fn);
	if (fn && fn->type == EXPR_PREOP && fn->op == '*' && get_real_type(fn) &&
	    get_real_type(fn)->type == SYM_FN)
		fn = strip_expr(fn->unop);
	return expr_to_str(fn);
}
