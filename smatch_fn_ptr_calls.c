/*
 * smatch_fn_ptr_calls.c: a call through a struct member function pointer
 * whose targets are known gets what they do together.  The targets are the
 * functions the file's global initializers store in that member
 * ("(struct foo_ops)->put"), and with a database every function a file of
 * it stores there (fn_ptrs rows).  The call returns what any of them
 * returns (their returns, together), and when every target has the same
 * lock effect on its parameters (the same lock items on the same returns),
 * that effect, mapped to the call's arguments.  Targets that disagree: no
 * lock effect.  A target whose returns are not known (not analysed here,
 * not in the database), or too many targets: nothing is known of the call,
 * as of any call through a pointer.
 */
#include <stdlib.h>
#include <string.h>
#include <sqlite3.h>
#include "smatch.h"
#include "smatch_internal.h"
#include "smatch_db.h"

#define MAX_TARGETS 16

struct ptr_targets {
	int nr;				/* -1: some target is unknown, or too many */
	struct symbol *local[MAX_TARGETS];	/* defined here: its summary, read at each call */
	const char *name[MAX_TARGETS];		/* else its name, its file if static, and */
	const char *file[MAX_TARGETS];
	struct return_summary_list *db_returns[MAX_TARGETS];	/* its returns, read once */
	struct return_summary_list *sources[MAX_TARGETS];	/* the returns last combined */
	struct return_summary_list *combined;
};

static struct symbol_list *indexed_file;	/* the file the tables below are for */
static struct memo *file_stores[MEMO_HASH];	/* ptr -> struct symbol_list * of the file's initializers */
static struct memo *known[MEMO_HASH];		/* ptr -> struct ptr_targets * */

static void index_store(const char *ptr, struct fn_ptr_store *store)
{
	struct memo *m = memo_find(file_stores, ptr);
	struct symbol_list *fns = m ? (struct symbol_list *)m->value : NULL;

	if (store->global)
		return;		/* a global pointer may be assigned anywhere */
	add_ptr_list(&fns, store->fn);
	if (m)
		m->value = fns;
	else
		memo_add(file_stores, ptr, fns);
}

/*
 * A new file: its own initializers and functions.  The lists combined for
 * the last file stay allocated: the summary table may still hold them.
 */
static void forget_file(void)
{
	struct symbol_list *fns;
	struct memo *m;
	int i;

	for (i = 0; i < MEMO_HASH; i++) {
		for (m = file_stores[i]; m; m = m->next) {
			fns = (struct symbol_list *)m->value;
			free_ptr_list(&fns);
		}
		for (m = known[i]; m; m = m->next)
			free((void *)m->value);
	}
	memo_clear(file_stores);
	memo_clear(known);
}

/* The function of this file named 'name', defined here, or NULL. */
static struct symbol *defined_here(const char *name)
{
	struct symbol *sym;

	FOR_EACH_PTR(file_symbols(), sym) {
		if (sym->ident && !strcmp(ident_str(sym->ident), name) && get_real_base_type(sym) &&
		    get_real_base_type(sym)->type == SYM_FN && get_real_base_type(sym)->stmt)
			return sym;
	} END_FOR_EACH_PTR(sym);
	return NULL;
}

static bool add_local(struct ptr_targets *pt, struct symbol *fn)
{
	int i;

	for (i = 0; i < pt->nr; i++) {
		if (pt->local[i] == fn)
			return true;
	}
	if (pt->nr == MAX_TARGETS)
		return false;
	pt->local[pt->nr++] = fn;
	return true;
}

static struct return_summary_list *db_target_returns(const char *fn, const char *file);

/*
 * The returns of the targets of other files, once all the targets are
 * listed: a pointer with too many targets reads none of them (what it does
 * is unknown whatever they return, and their rows would only send the file
 * to the next pass when they change), one with a target not known no more
 * after it.  False if some target's returns are not known.
 */
static bool read_other_returns(struct ptr_targets *pt)
{
	int i;

	for (i = 0; i < pt->nr; i++) {
		if (pt->name[i] && !(pt->db_returns[i] = db_target_returns(pt->name[i], pt->file[i])))
			return false;
	}
	return true;
}

/* A target defined in another file, 'file' if static: false if there are too many. */
static bool add_other(struct ptr_targets *pt, const char *fn, const char *file)
{
	if (interned_among(pt->name, pt->nr, fn))
		return true;
	if (pt->nr == MAX_TARGETS)
		return false;
	pt->name[pt->nr] = fn;
	pt->file[pt->nr++] = file;
	return true;
}

/* The return states of 'fn', preferably the one of 'file' (a static function), from the database. */
static struct return_summary_list *db_target_returns(const char *fn, const char *file)
{
	static sqlite3_stmt *cache;
	struct return_summary_list *returns = NULL;
	sqlite3_stmt *st = db_statement(&cache,
		"SELECT r.id, r.file, r.ret, i.type, i.key, i.name, i.value, i.via "
		"FROM return_states r LEFT JOIN return_items i ON i.return_id = r.id "
		"WHERE r.function = ?1 AND (r.file = ?2 OR r.static = 0) AND r.file != ?3 "
		"ORDER BY r.file != ?2, r.file, r.idx, i.id");

	db_note_read("returns", fn);
	db_note_read("static_returns", fn);
	if (!st)
		return NULL;
	sqlite3_bind_text(st, 1, fn, -1, SQLITE_STATIC);
	sqlite3_bind_text(st, 2, file, -1, SQLITE_STATIC);
	sqlite3_bind_text(st, 3, base_filename ? base_filename : "", -1, SQLITE_TRANSIENT);
	if (!db_read_returns(st, &returns, NULL))
		free_ptr_list(&returns);
	return returns;
}

/* The functions the database says are stored in 'ptr'; false if one is unknown, or too many. */
static bool add_db_targets(struct ptr_targets *pt, const char *ptr)
{
	static sqlite3_stmt *cache;
	sqlite3_stmt *st = db_statement(&cache,
		"SELECT DISTINCT function, file FROM fn_ptrs WHERE ptr = ?1 ORDER BY function, file");
	const char *fn, *file;
	struct symbol *here;
	int rc;

	if (!st)
		return true;
	db_note_read("fn_ptrs", ptr);
	sqlite3_bind_text(st, 1, ptr, -1, SQLITE_STATIC);
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		fn = intern((const char *)sqlite3_column_text(st, 0));
		file = intern((const char *)sqlite3_column_text(st, 1));
		here = strcmp(file, base_filename ? base_filename : "") ? NULL : defined_here(fn);
		if (!(here ? add_local(pt, here) : add_other(pt, fn, file)))
			return false;
	}
	return rc == SQLITE_DONE;
}

/* The functions this file's initializers store in 'ptr'; false if one is unknown, or too many. */
static bool add_file_targets(struct ptr_targets *pt, const char *ptr)
{
	struct memo *m = memo_find(file_stores, ptr);
	struct symbol *fn;

	if (!m)
		return true;
	FOR_EACH_PTR((struct symbol_list *)m->value, fn) {
		fn = fn->definition ? fn->definition : fn;
		if (!(get_real_base_type(fn)->stmt ? add_local(pt, fn) :
		      add_other(pt, intern(ident_str(fn->ident)), "")))
			return false;
	} END_FOR_EACH_PTR(fn);
	return true;
}

/* The known targets of the pointer 'ptr' (nr -1 if they are not all known). */
static struct ptr_targets *targets_of(const char *ptr)
{
	struct memo *m;
	struct ptr_targets *pt;

	if (indexed_file != file_symbols()) {
		forget_file();
		indexed_file = file_symbols();
		initializer_fn_ptrs(index_store);
	}
	if ((m = memo_find(known, ptr)))
		return (struct ptr_targets *)m->value;
	pt = xmalloc(sizeof(*pt));
	memo_add(known, ptr, pt);
	if (!add_file_targets(pt, ptr) || !add_db_targets(pt, ptr) || !read_other_returns(pt))
		pt->nr = -1;
	return pt;
}

static struct ptr_targets *call_targets(struct expression *call, const char **ptr)
{
	bool member;
	struct ptr_targets *pt;

	*ptr = fn_ptr_call_name(call, &member);
	if (!*ptr || !member)
		return NULL;
	pt = targets_of(*ptr);
	return pt->nr > 0 ? pt : NULL;
}

/* The functions of this file a call through a pointer may reach, to analyse them first. */
struct symbol_list *fn_ptr_local_targets(struct expression *call)
{
	struct symbol_list *list = NULL;
	struct ptr_targets *pt;
	const char *ptr;
	int i;

	if (!(pt = call_targets(call, &ptr)))
		return NULL;
	for (i = 0; i < pt->nr; i++) {
		if (pt->local[i])
			add_ptr_list(&list, pt->local[i]);
	}
	return list;
}

/* ---- what the targets do together ------------------------------------ */

static bool is_lock_effect(struct summary_item *item)
{
	return (!strcmp(item->type, "lock") || !strcmp(item->type, "unlock") ||
		!strcmp(item->type, "unknown_lock") || !strcmp(item->type, "unknown_unlock")) &&
	       strchr(item->name, '$');
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(const char **)a, *(const char **)b);
}

/* 'n' strings, sorted, each once, joined by 'sep'. */
static const char *sorted_set(const char **strs, int n, const char *sep)
{
	const char *out = "";
	int i;

	qsort(strs, n, sizeof(*strs), cmp_str);
	for (i = 0; i < n; i++) {
		if (i && strs[i] == strs[i - 1])
			continue;
		out = intern_fmt("%s%s%s", out, i ? sep : "", strs[i]);
	}
	return out;
}

/* The lock effects of one return, as a string the same for the same effects. */
static const char *return_effect(struct return_summary *rs)
{
	int n = ptr_list_size((struct ptr_list *)rs->items), i = 0;
	const char **strs = xmalloc((n + 1) * sizeof(*strs)), *out;
	struct summary_item *item;

	FOR_EACH_PTR(rs->items, item) {
		if (is_lock_effect(item))
			strs[i++] = intern_fmt("%s %s %s %s", item->type, item->key, item->name, item->value);
	} END_FOR_EACH_PTR(item);
	out = sorted_set(strs, i, ";");
	free(strs);
	return out;
}

/* A target's lock effects: the set of its returns' effects. */
static const char *target_effect(struct return_summary_list *returns)
{
	int n = ptr_list_size((struct ptr_list *)returns), i = 0;
	const char **strs = xmalloc((n + 1) * sizeof(*strs)), *out;
	struct return_summary *rs;

	FOR_EACH_PTR(returns, rs) {
		strs[i++] = return_effect(rs);
	} END_FOR_EACH_PTR(rs);
	out = intern(sorted_set(strs, i, "|"));
	free(strs);
	return out;
}

/* What a call through the pointer takes from a target's return. */
static struct return_summary *carried(struct return_summary *rs, bool lock_effects)
{
	struct return_summary *copy = new_return_summary(rs->ret);
	struct summary_item *item;

	copy->line = rs->line;
	FOR_EACH_PTR(rs->items, item) {
		if (!strcmp(item->type, "param_range") || (lock_effects && is_lock_effect(item)))
			add_ptr_list(&copy->items, item);
	} END_FOR_EACH_PTR(item);
	return copy;
}

static void free_returns(struct return_summary_list **list)
{
	struct return_summary *rs;

	FOR_EACH_PTR(*list, rs) {
		free(rs->ret);
		free_ptr_list(&rs->items);
		free(rs);
	} END_FOR_EACH_PTR(rs);
	free_ptr_list(list);
}

static struct return_summary_list *combine(struct ptr_targets *pt, const char *ptr,
					   struct return_summary_list **sources)
{
	struct return_summary_list *out = NULL;
	struct return_summary *rs, *copy;
	bool agree = true;
	int i;

	for (i = 1; i < pt->nr; i++)
		agree &= target_effect(sources[i]) == target_effect(sources[0]);
	if (!agree)
		rule_applied(DEBUG_LOCKING, cur_fn()->cur_pos, "pointer-targets-disagree",
			     "the known targets of '%s' (%d) differ in what they do to locks: none of it applied",
			     ptr, pt->nr);
	else if (*target_effect(sources[0]))
		rule_applied(DEBUG_LOCKING, cur_fn()->cur_pos, "pointer-targets-agree",
			     "the known targets of '%s' (%d) all do to locks: %s", ptr, pt->nr,
			     target_effect(sources[0]));
	for (i = 0; i < pt->nr; i++) {
		FOR_EACH_PTR(sources[i], rs) {
			copy = carried(rs, agree);
			add_ptr_list(&out, copy);
		} END_FOR_EACH_PTR(rs);
	}
	return out;
}

/*
 * The returns of a call through a function pointer, as the union of its
 * known targets' (NULL when they are not all known); '*ptr' is the
 * pointer's name.  The list stays the same while the targets' summaries do.
 */
struct return_summary_list *fn_ptr_call_returns(struct expression *call, const char **ptr)
{
	struct return_summary_list *sources[MAX_TARGETS], *old;
	struct ptr_targets *pt = call_targets(call, ptr);
	bool same = true;
	int i;

	if (!pt)
		return NULL;
	for (i = 0; i < pt->nr; i++) {
		sources[i] = pt->local[i] ? summary_returns_of(pt->local[i]) : pt->db_returns[i];
		if (!sources[i])
			return NULL;	/* not analysed yet (a recursion), or gave up */
		same &= sources[i] == pt->sources[i];
	}
	if (same && pt->combined)
		return pt->combined;
	old = pt->combined;
	pt->combined = combine(pt, *ptr, sources);
	memcpy(pt->sources, sources, sizeof(sources));
	free_returns(&old);	/* after the new list is made: its address differs */
	return pt->combined;
}
