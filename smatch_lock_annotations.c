/*
 * smatch_lock_annotations.c: what a called function does to locks, read
 * from its Sparse context annotations (__acquires(x), __releases(x),
 * __cond_acquires(x)) when nothing else says: not in the lock table, not
 * analysed in this file, not in the database; and the locks a function
 * says it must hold (__must_hold(x)).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "smatch.h"
#include "smatch_internal.h"
#include "smatch_locking.h"

/* A lock expression of an annotation, resolved against the callee's declaration. */
struct annotated_lock {
	struct symbol *type;	/* the type of what the expression names */
	struct symbol *holder;	/* the struct of the last "->": the lock is its member */
	char path[256];		/* members after that "->" ("lock", "sub.lock") */
	char name[256];		/* parameter-relative, as the database writes it: "&$0->lock" */
	int param;		/* the parameter it starts from, or -1 */
	struct symbol *global;	/* or the global it starts from */
};

static int param_index(struct symbol *fn_type, struct ident *ident)
{
	struct symbol *arg;
	int i = 0;

	FOR_EACH_PTR(fn_type->arguments, arg) {
		if (arg->ident == ident)
			return i;
		i++;
	} END_FOR_EACH_PTR(arg);
	return -1;
}

static struct symbol *param_type(struct symbol *fn_type, int nr)
{
	struct symbol *arg;
	int i = 0;

	FOR_EACH_PTR(fn_type->arguments, arg) {
		if (i++ == nr)
			return get_real_base_type(arg);
	} END_FOR_EACH_PTR(arg);
	return NULL;
}

/* A named member of a struct or union, or NULL. */
static struct symbol *find_member(struct symbol *type, struct ident *ident)
{
	struct symbol *m;

	FOR_EACH_PTR(type->symbol_list, m) {
		if (m->ident == ident)
			return m;
	} END_FOR_EACH_PTR(m);
	return NULL;
}

static void append(char *buf, size_t size, const char *s)
{
	size_t len = strlen(buf);

	snprintf(buf + len, size - len, "%s", s);
}

/*
 * Follows the annotation's expression (as parsed, not evaluated: names
 * are not bound to the callee's parameters) from a parameter or global
 * through "->" and "." members.  Returns false on anything else.
 */
static bool resolve(struct symbol *fn_type, struct expression *e, struct annotated_lock *al)
{
	struct symbol *t;

	if (!e)
		return false;
	switch (e->type) {
	case EXPR_PREOP:
		if (e->op == '(')
			return resolve(fn_type, e->unop, al);
		if (e->op != '*' || !resolve(fn_type, e->unop, al))
			return false;
		t = al->type;
		if (!t || t->type != SYM_PTR)
			return false;
		al->holder = al->type = get_real_base_type(t->ctype.base_type);
		al->path[0] = '\0';
		return true;
	case EXPR_DEREF:
		if (!resolve(fn_type, e->deref, al) || !al->type)
			return false;
		if (al->type->type != SYM_STRUCT && al->type->type != SYM_UNION)
			return false;
		t = find_member(al->type, e->member);
		if (!t)
			return false;
		if (al->path[0])
			append(al->path, sizeof(al->path), ".");
		append(al->path, sizeof(al->path), ident_str(e->member));
		/* the parser made "p->m" "(*p).m" */
		append(al->name, sizeof(al->name), e->deref->type == EXPR_PREOP && e->deref->op == '*' ? "->" : ".");
		append(al->name, sizeof(al->name), ident_str(e->member));
		al->type = get_real_base_type(t);
		return true;
	case EXPR_SYMBOL:
		al->param = param_index(fn_type, e->symbol_name);
		if (al->param >= 0) {
			al->type = param_type(fn_type, al->param);
			snprintf(al->name, sizeof(al->name), "$%d", al->param);
			return true;
		}
		if (!e->symbol || !(e->symbol->ctype.modifiers & MOD_TOPLEVEL) || !e->symbol->ident)
			return false;
		al->global = e->symbol;
		al->type = get_real_base_type(e->symbol);
		snprintf(al->name, sizeof(al->name), "%s", ident_str(e->symbol->ident));
		return true;
	default:
		return false;
	}
}

/*
 * The lock kind of a lock object's type.  An annotation does not say
 * whether an rwlock is read or write locked, so those are left out.
 */
static const char *kind_of_type(struct symbol *type)
{
	static const char *const kinds[][2] = {
		{ "spinlock", "spin" }, { "raw_spinlock", "spin" }, { "mutex", "mutex" },
		{ "rw_semaphore", "rwsem" }, { "semaphore", "sem" },
	};
	size_t i;

	if (!type || type->type != SYM_STRUCT || !type->ident)
		return NULL;
	for (i = 0; i < sizeof(kinds) / sizeof(kinds[0]); i++) {
		if (!strcmp(ident_str(type->ident), kinds[i][0]))
			return kinds[i][1];
	}
	return NULL;
}

/*
 * The summary item for one annotation, keyed as lock tracking keys the
 * lock at a call: "$N" when the parameter is the lock's address, the
 * struct and member when reached through a pointer, else the global.
 * "RCU" and "rcu", which name no variable, are the RCU read lock.
 */
static struct summary_item *annotation_item(struct symbol *fn_type, struct context *ctx, bool lock)
{
	struct expression *e = ctx->context;
	struct annotated_lock al = { .param = -1 };
	const char *kind, *key, *last;

	if (e && e->type == EXPR_PREOP && e->op == '&')
		e = e->unop;
	else if (e && e->type == EXPR_SYMBOL && param_index(fn_type, e->symbol_name) >= 0) {
		/* __acquires(lock), lock being a parameter: the lock it points to */
		struct expression star = { .type = EXPR_PREOP, .op = '*', .unop = e };

		if (!resolve(fn_type, &star, &al) || !(kind = kind_of_type(al.type)))
			return NULL;
		key = intern_fmt("$%d", al.param);
		goto found;
	}
	if (e && e->type == EXPR_SYMBOL && !e->symbol && e->symbol_name &&
	    (!strcmp(ident_str(e->symbol_name), "RCU") || !strcmp(ident_str(e->symbol_name), "rcu"))) {
		key = intern("rcu_read_lock");
		kind = "rcu";
		snprintf(al.name, sizeof(al.name), "%s", key);
		goto found;
	}
	if (!resolve(fn_type, e, &al) || !(kind = kind_of_type(al.type)))
		return NULL;
	if (al.holder) {
		struct symbol *holder = member_container(al.holder, al.path, &last);

		if (!holder->ident)
			return NULL;
		key = intern_fmt("%s.%s", type_to_str(holder), last);
	} else if (al.global) {
		key = global_lock_key(al.global, "");
	} else {
		return NULL;	/* a struct passed by value */
	}
	memmove(al.name + 1, al.name, strlen(al.name) + 1);
	al.name[0] = '&';
found:
	return new_summary_item(lock ? "lock" : "unlock", key, al.name,
				format_lock_value(&(struct lock_value){ .kind = find_lock_kind(kind), .count = 1 }),
				NULL);
}

/*
 * Loader of the summaries of a function without any: one return that
 * takes what __acquires() names and releases what __releases() names;
 * with __cond_acquires(), two: taken when it returns non-zero, not when 0.
 */
static void load_annotations(const char *fn, struct symbol *decl)
{
	struct symbol *fn_type = get_real_base_type(decl);
	struct summary_item_list *always = NULL, *taken = NULL;
	struct summary_item *item;
	struct return_summary *rs;
	struct context *ctx;

	if (!fn_type || fn_type->type != SYM_FN)
		return;
	FOR_EACH_PTR(decl->ctype.contexts, ctx) {
		int in = ctx->in, out = ctx->out;

		if (in == out)
			continue;	/* __must_hold() */
		item = annotation_item(fn_type, ctx, out > in || out < 0);
		if (item)
			add_ptr_list(out < 0 ? &taken : &always, item);
	} END_FOR_EACH_PTR(ctx);
	if (!always && !taken)
		return;
	rs = new_return_summary(taken ? rl_range(0, 0) : NULL);
	rs->items = always;
	add_table_summary(fn, rs);
	if (!taken)
		return;
	/* the unconditional ones happen on both returns */
	rs = new_return_summary(rl_nonzero());
	FOR_EACH_PTR(always, item) {
		add_ptr_list(&taken, item);
	} END_FOR_EACH_PTR(item);
	rs->items = taken;
	add_table_summary(fn, rs);
}

/*
 * The keys of the locks that the annotations of function 'fn' (on any of
 * its declarations) say it is called with and returns with,
 * "__must_hold(&d->lock)": at most 'max' of them; returns how many.
 */
int must_hold_keys(struct symbol *fn, const char **keys, int max)
{
	struct summary_item *item;
	struct context *ctx;
	struct symbol *decl;
	int nr = 0;

	for (decl = fn; decl; decl = decl->same_symbol) {
		struct symbol *fn_type = get_real_base_type(decl);

		if (!fn_type || fn_type->type != SYM_FN)
			continue;
		FOR_EACH_PTR(decl->ctype.contexts, ctx) {
			if (ctx->in != ctx->out || ctx->in < 1 || nr >= max)
				continue;
			item = annotation_item(fn_type, ctx, true);
			if (item && item->key[0] != '$')
				keys[nr++] = item->key;	/* interned */
			free(item);
		} END_FOR_EACH_PTR(ctx);
	}
	return nr;
}

void register_lock_annotations(void)
{
	add_summary_loader(&load_annotations);
}
