/*
 * smatch_db_info.c: with --info, prints after a file's warnings what was
 * learnt about its functions (calls, return states, function pointers,
 * assignments) as tab-separated "SQL" rows for smatch_data/db/load_info.py.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "smatch.h"
#include "smatch_internal.h"
#include "smatch_locking.h"
#include "smatch_db.h"

/* ---- the rows of a file, printed after its warnings ------------------ */

static FILE *rows;
static char *rows_buf;
static size_t rows_len;
static int nr_rows;
static int next_id;	/* call and return ids, unique within one file's rows */

static void out_of_memory(void)
{
	fprintf(stderr, "smatch: out of memory\n");
	exit(3);
}

/* Tabs, newlines and backslashes in a column are written as \t \n \\ (and \r). */
static void put_escaped(const char *s)
{
	for (; s && *s; s++) {
		switch (*s) {
		case '\\':
			fputs("\\\\", rows);
			break;
		case '\t':
			fputs("\\t", rows);
			break;
		case '\n':
			fputs("\\n", rows);
			break;
		case '\r':
			fputs("\\r", rows);
			break;
		default:
			fputc(*s, rows);
		}
	}
}

static void open_rows(void)
{
	if (!rows && !(rows = open_memstream(&rows_buf, &rows_len)))
		out_of_memory();
}

/* One row of 'table': 'fmt' has a letter per column, 's' a string (NULL is empty) or 'd' an int. */
void info_row(const char *table, const char *fmt, ...)
{
	va_list ap;

	open_rows();
	fprintf(rows, "SQL\t%s", table);
	va_start(ap, fmt);
	for (; *fmt; fmt++) {
		fputc('\t', rows);
		if (*fmt == 'd')
			fprintf(rows, "%d", va_arg(ap, int));
		else
			put_escaped(va_arg(ap, const char *));
	}
	va_end(ap);
	fputc('\n', rows);
	nr_rows++;
}

/*
 * The rows of each walk of a function, from its start to the next walk's
 * (or the file's rows): those of a function walked again are dropped.
 */
struct walk_rows {
	struct symbol *fn;
	long start, end;
	int first_row;
	bool dropped;
	struct walk_rows *next;
};
static struct walk_rows *walks, **walks_tail = &walks;

static void start_walk_rows(struct symbol *fn)
{
	struct walk_rows *w = xmalloc(sizeof(*w));

	open_rows();
	w->fn = fn;
	w->start = ftell(rows);
	w->first_row = nr_rows;
	*walks_tail = w;
	walks_tail = &w->next;
}

static void match_forget(struct symbol *fn)
{
	struct walk_rows *w;

	for (w = walks; w; w = w->next) {
		if (w->fn == fn)
			w->dropped = true;
	}
}

/* The rows of the dropped walks, which end where the next walk (or 'end' of all) starts. */
static int dropped_rows(long end, int end_row)
{
	struct walk_rows *w;
	int nr = 0;

	for (w = walks; w; w = w->next) {
		w->end = w->next ? w->next->start : end;
		if (w->dropped)
			nr += (w->next ? w->next->first_row : end_row) - w->first_row;
	}
	return nr;
}

/* Prints the rows but those of the dropped walks. */
static void print_rows(void)
{
	struct walk_rows *w, *next;
	long from = 0;

	for (w = walks; w; w = next) {
		next = w->next;
		if (w->dropped) {
			fwrite(rows_buf + from, 1, w->start - from, stdout);
			from = w->end;
		}
		free(w);
	}
	fwrite(rows_buf + from, 1, rows_len - from, stdout);
	walks = NULL;
	walks_tail = &walks;
}

/* The short name this file uses for it. */
static void (*const emit)(const char *table, const char *fmt, ...) = info_row;

/* ---- what is seen at a call or assignment, on every path reaching it -- */

struct site {
	struct expression *expr;
	struct range_list **args;	/* calls: each argument's values, joined */
	int *passed_on;			/* calls: the parameter each argument is as it came, or -1 */
	int nr_args;
	struct param_cond cond;		/* calls: on the parameters, under which it is made */
	struct held_at_call held;	/* calls: locks held on every path */
	struct range_list *value;	/* assignments: the values stored, joined */
	struct site *hash_next, *next;
};

#define SITE_HASH 256
struct site_map {
	struct site *hash[SITE_HASH];
	struct site *first, **tail;
};

static struct site_map *calls, *sets;
static bool recording;	/* the function being analysed is defined in the file checked */
static const char *row_file;	/* its file: the one checked, or a .c file that one includes */

static struct site_map *new_map(void)
{
	struct site_map *m = fn_alloc(sizeof(*m));

	memset(m, 0, sizeof(*m));
	m->tail = &m->first;
	return m;
}

/* The record of 'expr', made (in walk order) the first time it is reached. */
static struct site *get_site(struct site_map *m, struct expression *expr, bool *is_new)
{
	unsigned h = ((uintptr_t)expr >> 4) % SITE_HASH;
	struct site *s;

	for (s = m->hash[h]; s; s = s->hash_next) {
		if (s->expr == expr) {
			*is_new = false;
			return s;
		}
	}
	s = fn_alloc(sizeof(*s));
	memset(s, 0, sizeof(*s));
	s->expr = expr;
	s->hash_next = m->hash[h];
	m->hash[h] = s;
	*m->tail = s;
	m->tail = &s->next;
	*is_new = true;
	return s;
}

static bool is_static_fn(struct symbol *sym)
{
	return sym && (sym->ctype.modifiers & MOD_STATIC);
}

static void match_func_start(void)
{
	struct fn_ctx *c = cur_fn();

	recording = pos_in_main_file(c->pos);
	if (!recording)
		return;
	row_file = pos_file(c->pos);
	start_walk_rows(c->sym);
	calls = new_map();
	sets = new_map();
	emit("function", "ssdd", c->name, row_file, is_static_fn(c->sym), c->pos.line);
}

/*
 * What this path's parameter values say the call is made under (a flag
 * tested, bits of a gfp, a pointer known non-NULL): the lock order's
 * chains follow the call only for callers' arguments that can meet it.
 */
static struct param_cond path_call_cond(void)
{
	struct param_cond c = { .when = PARAM_ALWAYS, .unknown_holds = true, .pointers = true };

	param_cond_on_path(&c);
	return c;
}

static void match_call(struct expression *call)
{
	struct param_cond cond;
	struct site *s;
	bool is_new;
	int i;

	if (!recording)
		return;
	s = get_site(calls, call, &is_new);
	cond = path_call_cond();
	if (is_new) {
		s->nr_args = ptr_list_size((struct ptr_list *)call->args);
		s->args = fn_alloc(s->nr_args * sizeof(*s->args) + 1);
		s->passed_on = fn_alloc(s->nr_args * sizeof(*s->passed_on) + 1);
		for (i = 0; i < s->nr_args; i++) {
			s->args[i] = get_range(get_argument(call, i));
			s->passed_on[i] = param_passed_on(get_argument(call, i));
		}
		s->cond = cond;
		held_at_call_first(&s->held, call);
		return;
	}
	for (i = 0; i < s->nr_args; i++) {
		s->args[i] = rl_union(s->args[i], get_range(get_argument(call, i)));
		if (s->passed_on[i] != param_passed_on(get_argument(call, i)))
			s->passed_on[i] = -1;
	}
	param_cond_join(&s->cond, &cond);
	held_at_call_again(&s->held, call);
}

static void record_set(struct expression *expr, struct expression *left, struct range_list *value)
{
	struct site *s;
	bool is_new;

	if (!recording || !db_set_target(left))
		return;
	s = get_site(sets, expr, &is_new);
	s->value = is_new ? value : rl_union(s->value, value);
}

static void match_assign(struct expression *expr)
{
	record_set(expr, expr->left, expr->op == '=' ? get_range(expr->right) : rl_whole());
}

static void match_expr(struct expression *expr)
{
	if ((expr->type == EXPR_PREOP || expr->type == EXPR_POSTOP) &&
	    (expr->op == SPECIAL_INCREMENT || expr->op == SPECIAL_DECREMENT))
		record_set(expr, expr->unop, rl_whole());
}

/* ---- function pointers (smatch_fn_ptrs.c finds them) ----------------- */

static void emit_fn_ptr(const char *ptr, struct fn_ptr_store *store)
{
	if (store->var)
		row_file = pos_file(store->var->pos);
	emit("fn_ptr", "sssdss", ptr, show_ident(store->fn->ident), row_file, store->line,
	     store->var ? "init" : "assign", cur_func_name());
}

/* ---- printing a function's rows -------------------------------------- */

/*
 * The name a call is made to: the function, or for a call through a
 * pointer its name (smatch_fn_ptrs.c).
 */
static const char *callee_name(struct expression *call, bool *is_static, bool *ptr)
{
	struct symbol *sym = get_callee(call);
	bool member;

	*is_static = is_static_fn(sym);
	*ptr = !sym;
	if (sym)
		return sym->ident ? intern(show_ident(sym->ident)) : NULL;
	return fn_ptr_call_name(call, &member);
}

static void emit_calls(void)
{
	struct site *s;
	const char *callee;
	bool is_static, ptr;
	int i, id;

	for (s = calls->first; s; s = s->next) {
		callee = callee_name(s->expr, &is_static, &ptr);
		if (!callee)
			continue;
		id = next_id++;
		emit("call", "dsssddds", id, cur_func_name(), row_file, callee, is_static, ptr,
		     s->expr->pos.line, param_cond_str(&s->cond));
		for (i = 0; i < s->held.nr; i++)
			emit("call_lock", "dsss", id, s->held.keys[i], s->held.names[i], s->held.params[i]);
		for (i = 0; i < s->nr_args; i++)
			emit("call_arg", "ddssd", id, i, rl_to_str(s->args[i]),
			     expr_to_str(get_argument(s->expr, i)), s->passed_on[i]);
	}
}

static void emit_sets(void)
{
	struct fn_ptr_store store = { 0 };
	struct member_info mi;
	struct expression *left, *right;
	const char *pointee;
	struct symbol *fn;
	struct site *s;

	for (s = sets->first; s; s = s->next) {
		bool assign = s->expr->type == EXPR_ASSIGNMENT;

		left = assign ? s->expr->left : s->expr->unop;
		right = assign && s->expr->op == '=' ? s->expr->right : NULL;
		fn = function_symbol(right);
		/* the lock a pointer stored points to, for db_target_lock() */
		pointee = right && !fn && is_pointer_type(right->ctype) ? lock_address_key(right) : NULL;
		emit("set", "sssdsss", db_set_target(left), cur_func_name(), row_file,
		     s->expr->pos.line, rl_to_str(s->value), expr_to_str(s->expr),
		     pointee ? pointee : "");
		if (!fn)
			continue;
		store.fn = fn;
		store.line = s->expr->pos.line;
		if (get_member_load(left, &mi))
			member_fn_ptr_names(mi.type, mi.path, &store, emit_fn_ptr);
		else
			emit_fn_ptr(db_set_target(left), &store);
	}
}

/* A string that is the same for two returns when they have the same rows. */
static const char *return_signature(struct return_summary *rs)
{
	struct summary_item *item;
	const char *sig = intern_fmt("%s|%d", rl_to_str(rs->ret), rs->line);

	FOR_EACH_PTR(rs->items, item) {
		sig = intern_fmt("%s|%s|%s|%s|%s|%s", sig, item->type, item->key, item->name, item->value,
				 item->via);
	} END_FOR_EACH_PTR(item);
	return sig;
}

/*
 * A function that never returns has no return rows but one marker, so that
 * its callers in other files know it: no rows say nothing.
 */
static void emit_never_returns(struct fn_ctx *c)
{
	int id = next_id++;

	emit("return", "dssddsd", id, c->name, row_file, is_static_fn(c->sym), 0,
	     rl_to_str(rl_whole()), c->cur_pos.line);
	emit("return_item", "dsssss", id, "never_returns", "", "", "", "");
}

static void emit_returns(void)
{
	struct fn_ctx *c = cur_fn();
	int nr = ptr_list_size((struct ptr_list *)c->returns);
	const char **seen = fn_alloc((nr + 1) * sizeof(*seen));
	struct return_summary *rs;
	struct summary_item *item;
	int idx = 0, i, id;

	if (c->never_returns)
		emit_never_returns(c);
	FOR_EACH_PTR(c->returns, rs) {
		const char *sig = return_signature(rs);

		for (i = 0; i < idx && seen[i] != sig; i++)
			;
		if (i < idx)
			continue;
		seen[idx] = sig;
		id = next_id++;
		emit("return", "dssddsd", id, c->name, row_file, is_static_fn(c->sym), idx,
		     rl_to_str(rs->ret), rs->line);
		idx++;
		FOR_EACH_PTR(rs->items, item) {
			emit("return_item", "dsssss", id, item->type, item->key, item->name, item->value,
			     item->via);
		} END_FOR_EACH_PTR(item);
	} END_FOR_EACH_PTR(rs);
}

static void match_after_func(void)
{
	if (!recording)
		return;
	emit_calls();
	emit_sets();
	emit_returns();
	recording = false;
}

/* After the file's warnings: its rows, and an "end" row that counts them. */
static void match_after_file(void)
{
	int dropped;

	open_rows();
	dropped = dropped_rows(ftell(rows), nr_rows);
	initializer_fn_ptrs(emit_fn_ptr);
	db_emit_reads();
	/* the file checked: what the loader replaces */
	emit("end", "sd", base_filename, nr_rows - dropped);
	fclose(rows);
	print_rows();
	fflush(stdout);
	free(rows_buf);
	rows = NULL;
	rows_buf = NULL;
	nr_rows = 0;
	next_id = 0;
}

void register_db_info(void)
{
	add_hook(&match_func_start, FUNC_START_HOOK);
	add_hook(&match_call, FUNCTION_CALL_HOOK);
	add_hook(&match_assign, ASSIGNMENT_HOOK);
	add_hook(&match_expr, EXPR_HOOK);
	add_hook(&match_after_func, AFTER_FUNC_HOOK);
	add_hook(&match_forget, FORGET_FUNC_HOOK);
	add_hook(&match_after_file, AFTER_FILE_HOOK);
	register_lock_order_info();
}
