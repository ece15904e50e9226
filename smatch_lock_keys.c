/*
 * smatch_lock_keys.c: what identifies a lock.  A lock is keyed by type
 * ("struct foo.lock" for &dev->lock, however dev is reached), by symbol for
 * globals and locals, or by a pointer variable's target ("p = &dev->lock"),
 * and a pointer copied to another ("*(ptlp) = __ptl" in the kernel's
 * pte_offset_map_lock()) names the same lock as the copy.
 */
#include <string.h>
#include "smatch.h"
#include "smatch_internal.h"
#include "smatch_locking.h"
#include "smatch_db.h"

static int alias_id;	/* pointer variable -> the lock it points to (struct lock_alias) */

/* What a pointer variable points to: a lock with this key, named as 'named' says. */
struct lock_alias {
	const char *key;
	enum key_scope scope;
	struct expression *named;	/* the pointer the lock is named by, NULL: as written */
};

static struct smatch_state *alias_state(const char *key, enum key_scope scope, struct expression *named)
{
	struct smatch_state *s = alloc_state_data(intern_fmt("%s|%d|%p", key, scope, (void *)named), NULL);

	if (!s->data) {
		struct lock_alias *a = xmalloc(sizeof(*a));

		*a = (struct lock_alias){ key, scope, named };
		s->data = a;
	}
	return s;
}

/* The alias of a pointer variable on this path, or NULL. */
static struct lock_alias *get_alias(struct expression *expr)
{
	struct smatch_state *s = loaded_symbol(expr) ? get_state(alias_id, expr_to_str(expr), NULL) : NULL;

	return s && s != &merged ? s->data : NULL;
}

/* Takes away what does not change which lock it is: casts, wrappers, commas. */
struct expression *normalize_lock_expr(struct expression *expr)
{
	for (;;) {
		const char *fn;

		expr = strip_expr(expr);
		if (!expr)
			return NULL;
		if (expr->type == EXPR_COMMA) {
			expr = expr->right;
			continue;
		}
		if (expr->type == EXPR_CALL && (fn = get_callee_name(expr)) && is_strip_function(fn)) {
			expr = get_argument(expr, 0);
			continue;
		}
		if (expr->type == EXPR_PREOP && expr->op == '&') {
			struct expression *inner = strip_expr(expr->unop);

			/* &*p is p */
			if (inner && inner->type == EXPR_PREOP && inner->op == '*') {
				expr = inner->unop;
				continue;
			}
		}
		return expr;
	}
}

bool lock_key_is_type(const char *key)
{
	return strncmp(key, "struct ", 7) == 0 || strncmp(key, "union ", 6) == 0;
}

static bool is_global(struct symbol *sym)
{
	return sym && (sym->ctype.modifiers & MOD_TOPLEVEL);
}

/*
 * The key of a global lock variable ('suffix' "[]" for one of a global
 * array of locks): its name, the same object in every file that declares
 * it extern.  A static one (internal linkage; one defined in a header is
 * a separate object in each file that includes it) is its file's own, so
 * its key carries the checked file ("m@dir/a.c"): in summaries and
 * database rows it never matches another file's lock of the same name,
 * and is a lock that file's functions cannot name.  A static the lock
 * table names (printk's console_sem) is the table's lock.
 */
const char *global_lock_key(struct symbol *sym, const char *suffix)
{
	const char *name = ident_str(sym->ident);

	if (!(sym->ctype.modifiers & MOD_STATIC) || !base_filename || lock_table_names_global(name))
		return intern_fmt("%s%s", name, suffix);
	return intern_fmt("%s%s@%s", name, suffix, base_filename);
}

/* Is the identifier at the start of 's', up to 'len' characters, declared in this file in 'ns'? */
static struct symbol *declared_here(const char *s, size_t len, enum namespace ns)
{
	return len ? lookup_symbol(built_in_ident(intern_fmt("%.*s", (int)len, s)), ns) : NULL;
}

static const struct lock_boundary static_boundary = {
	"static-lock-boundary", "a static lock of another file"
};
static const struct lock_boundary unseen_boundary = {
	"unseen-lock-boundary", "a lock this file does not see"
};

/* Can a function of this file see the lock 'key' (name it, or take it through its member)? */
static const struct lock_boundary *unseen_lock_boundary(const char *key)
{
	const char *at = strrchr(key, '@'), *tag;
	size_t len;
	struct symbol *type;

	if (*key == '*')
		key++;	/* what a pointer member points to: its type */
	if (at)
		return base_filename && strcmp(at + 1, base_filename) ? &static_boundary : NULL;
	if (!lock_key_is_type(key)) {
		len = ident_len(key);
		return key[len] && key[len] != '[' ? NULL :
		       declared_here(key, len, NS_SYMBOL) ? NULL : &unseen_boundary;
	}
	tag = key + (strncmp(key, "struct ", 7) ? 6 : 7);
	len = ident_len(tag);
	if (tag[len] != '.')
		return NULL;	/* an anonymous type: it may be anyone's */
	type = declared_here(tag, len, NS_STRUCT);
	return type && type->symbol_list ? NULL : &unseen_boundary;
}

/*
 * Can no function of this file hold the lock 'key' across a call, nor be
 * called holding it?  Then what a callee does with it stops here: the rule
 * that says so and what the lock is to this file, else NULL.
 * - static-lock-boundary: a static lock of another file ("m@dir/a.c"
 *   seen from b.c).  Told up the call graph, such locks grew in every
 *   caller of kfree() and kmalloc() (kasan's quarantine_lock,
 *   kmemleak_lock, debugobjects' pool_lock: 880,000 of the 1,570,000
 *   "acquires" items of the whole tree), one level a pass.
 * - unseen-lock-boundary: a global this file does not declare (devtree_lock
 *   of drivers/of/of_private.h), or a member of a struct it does not define
 *   (struct rcu_node.fqslock): this file can neither name it nor take it.
 * Either way, unless some function returns holding such a lock: a lock
 * function (rtnl_lock() for the static rtnl_mutex, raw_spin_rq_lock() for
 * struct rq.__lock) makes it held anywhere, and it travels.  Lost: a caller
 * that holds it, in a file that sees it, calling through this file back
 * into one that takes it.
 */
const struct lock_boundary *lock_out_of_reach(const char *key)
{
	const struct lock_boundary *boundary = unseen_lock_boundary(key);

	return boundary && !db_lock_held_on_return(key) ? boundary : NULL;
}

/*
 * The key of a member: "struct foo.lock" when reached through a pointer
 * or in a global struct (which a pointer may reach too: "cxt = &the_cxt"),
 * "var.lock" for a member of a local struct variable.  An embedded
 * struct's lock is keyed by the struct that holds it ("struct dev.lock"
 * whether reached as &d->lock or &wrapper->dev.lock).
 */
const char *lock_member_key(struct member_info *mi, enum key_scope *scope)
{
	struct symbol *holder;
	const char *last;

	if (mi->base_is_object && !is_global(mi->base->symbol)) {
		*scope = KEY_LOCAL;
		return intern_fmt("%s.%s", expr_to_str(mi->base) + 1, mi->path);
	}
	*scope = KEY_TYPE;
	holder = member_container(mi->type, mi->path, &last);
	if (!holder->ident)
		return intern_fmt("%s.%s", type_to_str(mi->type), mi->path);
	return intern_fmt("%s.%s", type_to_str(holder), last);
}

/* The lock key a function returns a pointer to on all its returns, if any. */
static const char *returned_lock_key(struct expression *call)
{
	struct summary_item *item = call_item(call, "lock_ptr", NULL);

	return item && call_item_on_every_return(call, "lock_ptr", item->key) ? item->key : NULL;
}

/*
 * "rq_lockp(rq)": a call of a lock-pointer helper (one that returns the
 * address of a lock on all its returns) of one argument; its argument,
 * else NULL.
 */
static struct expression *lock_helper_arg(struct expression *expr)
{
	expr = strip_expr(expr);
	if (!expr || expr->type != EXPR_CALL || ptr_list_size((struct ptr_list *)expr->args) != 1 ||
	    !get_callee_name(expr) || !returned_lock_key(expr))
		return NULL;
	return get_argument(expr, 0);
}

/*
 * The lock 'expr' names (as lock_named_expr() gives it) relative to the
 * parameters: "&$0->lock", or for a lock-pointer helper's call the call
 * with its argument so ("rq_lockp($0)", "rq_lockp($0->peer)"), which a
 * caller writes with its own argument; NULL when it is not rooted in one.
 */
const char *lock_param_relative(struct expression *expr)
{
	struct expression *arg = lock_helper_arg(expr);
	const char *relative;

	if (!arg)
		return param_relative_name(expr);
	relative = param_relative_name(arg);
	return relative ? intern_fmt("%s(%s)", get_callee_name(strip_expr(expr)), relative) : NULL;
}

/*
 * What identifies a lock: *type_key says whether the key names a type
 * (the same in every function) rather than a variable of this function.
 */
const char *lock_key_of(struct expression *expr, enum key_scope *scope)
{
	struct member_info mi;
	struct lock_alias *alias;
	const char *key;

	*scope = KEY_LOCAL;
	expr = normalize_lock_expr(expr);
	if (!expr)
		return NULL;
	if (get_member_address(expr, &mi))
		return lock_member_key(&mi, scope);
	if (get_member_load(expr, &mi)) {
		/* a member that holds a pointer to the lock: the one every store points to */
		key = db_target_lock(db_set_target(expr));
		if (key) {
			*scope = lock_key_is_type(key) ? KEY_TYPE : KEY_GLOBAL;
			return key;
		}
		key = lock_member_key(&mi, scope);
		return intern_fmt("*%s", key);
	}
	if (expr->type == EXPR_SYMBOL && expr->symbol && expr->symbol->ident) {
		/* &some_lock */
		if (!is_global(expr->symbol))
			return ident_str(expr->symbol->ident);
		*scope = KEY_GLOBAL;
		return global_lock_key(expr->symbol, "");
	}
	if (expr->type == EXPR_CALL && (key = returned_lock_key(expr))) {
		*scope = KEY_TYPE;
		return key;
	}
	/*
	 * "&table[hash]": one of a global array of locks (or one a global
	 * pointer points to), whatever the index's name
	 */
	if (expr->type == EXPR_BINOP && expr->op == '+') {
		struct expression *base = strip_expr(expr->left);
		struct symbol *table = base && base->type == EXPR_SYMBOL ? base->symbol : loaded_symbol(base);

		if (table && table->ident && is_global(table)) {
			*scope = KEY_GLOBAL;
			return global_lock_key(table, "[]");
		}
	}
	alias = get_alias(expr);
	if (alias) {
		*scope = alias->scope;
		return alias->key;
	}
	return expr_to_str(expr);
}

/*
 * The key of the lock at 'addr' when it names that lock in every function
 * (a type key or a global), else NULL: what a pointer stored in a member
 * or a global points to, for the database.
 */
const char *lock_address_key(struct expression *addr)
{
	enum key_scope scope;
	const char *key = lock_key_of(addr, &scope);

	return key && scope != KEY_LOCAL ? key : NULL;
}

/*
 * The expression that names the lock 'expr' points to: the pointer it
 * was copied to or from ("ptl" for pte_offset_map_lock()'s "__ptl"), or
 * 'expr' itself, without casts and wrappers.
 */
struct expression *lock_named_expr(struct expression *expr)
{
	struct lock_alias *alias;

	expr = normalize_lock_expr(expr);
	alias = get_alias(expr);
	return alias && alias->named ? alias->named : expr;
}

/* The name ("&dev->lock", "ptl") of the lock 'expr' points to. */
const char *lock_expr_name(struct expression *expr)
{
	return expr_to_str(lock_named_expr(expr));
}

/* The key of the lock 'expr' points to, and its name. */
const char *lock_expr_key(struct expression *expr, const char **name)
{
	enum key_scope scope;

	*name = lock_expr_name(expr);
	return *name ? lock_key_of(expr, &scope) : NULL;
}

/* Does 'inner' live in a block inside the one 'outer' lives in (a ({ }) block's local)? */
static bool lives_inside(struct symbol *inner, struct symbol *outer)
{
	struct scope *s = inner->scope;
	int depth;

	if (!s || !outer || !outer->scope || s == outer->scope)
		return false;
	for (depth = 0; s && depth < 64; depth++, s = s->next) {
		if (s == outer->scope)
			return true;
	}
	return false;
}

/*
 * "to = from" between pointers: both name one lock from now on.  A lock
 * already taken or released through 'from' keeps its key and name, and
 * 'to' stands for 'from'.  A local of a block inside, stored in a pointer
 * that lives longer (pte_offset_map_lock()'s "__ptl", stored in
 * "*(ptlp)", then locked), stands for that pointer: the lock is keyed and
 * named as "ptl" or "vmf->ptl" is, and its name does not die with the block.
 */
static void copy_pointer(struct expression *to, struct expression *from)
{
	struct lock_alias *alias = get_alias(from);
	struct symbol *src = loaded_symbol(from), *dst = loaded_symbol(to);
	enum key_scope scope;
	const char *key;

	if (alias) {
		if (dst)
			set_state(alias_id, expr_to_str(to), NULL, alias_state(alias->key, alias->scope, alias->named));
		return;
	}
	if (!src || is_global(src) || !(key = lock_key_of(from, &scope)))
		return;
	if (dst && lock_named_now(key)) {
		set_state(alias_id, expr_to_str(to), NULL, alias_state(key, scope, from));
		return;
	}
	if (lives_inside(src, expr_to_sym(to)) && (key = lock_key_of(to, &scope)))
		set_state(alias_id, expr_to_str(from), NULL, alias_state(key, scope, to));
}

/*
 * Remembers "p = &dev->lock" so that a lock taken through p is dev's
 * lock, and "p = q" between pointers.
 */
static void match_assign(struct expression *expr)
{
	struct expression *left = strip_expr(expr->left);
	struct expression *right = normalize_lock_expr(expr->right);
	struct member_info mi;
	const char *key;
	enum key_scope scope;

	lock_mark_stale_names(expr_to_str(left), NULL);
	if (!is_pointer_type(left->ctype))
		return;
	if (loaded_symbol(left))
		delete_state(alias_id, expr_to_str(left), NULL);
	if (expr->op != '=' || !right)
		return;
	if (!get_member_address(right, &mi)) {
		if (is_pointer_type(right->ctype))
			copy_pointer(left, right);
		return;
	}
	key = lock_key_of(right, &scope);
	if (loaded_symbol(left) && key && scope == KEY_TYPE)
		set_state(alias_id, expr_to_str(left), NULL, alias_state(key, scope, NULL));
}

void register_lock_keys(void)
{
	alias_id = register_owner("lock_alias");
	set_owner_facts(alias_id);
	add_hook(&match_assign, ASSIGNMENT_HOOK);
}
