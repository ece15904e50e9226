/*
 * smatch_lock_callers.c: the locks a function's callers hold when they call
 * it, named relative to its parameters: "&$0->lock" when the caller's
 * "&x->lock" has x passed as argument 0, a global by its name.  A static
 * function of the file whose address is never taken learns them from the
 * file's own calls: once every function of the file is walked, it is walked
 * again (callers first) if all its callers hold a lock, starting with it
 * held, and with its parameters in the ranges they pass.  Other functions
 * learn them from the database, whose call_locks rows carry the same names
 * (smatch_db_info.c prints them).
 */
#include <stdlib.h>
#include <string.h>
#include "smatch.h"
#include "smatch_internal.h"
#include "smatch_locking.h"
#include "smatch_db.h"

/* ---- a held lock, named from a call's arguments ----------------------- */

/*
 * "&dev->lock" as the arguments 'args' (as written) name it: "&$1->lock"
 * if argument 1 is "dev" ("&$1->lock" too for "&dev->sub.lock" and the
 * argument "&dev->sub"); the longest argument that is its base wins.  NULL
 * when none is.
 */
static const char *member_relative(const char *name, const char *const *args, int nr)
{
	const char *best = NULL;
	size_t best_len = 0;
	int i;

	if (name[0] != '&')
		return NULL;
	for (i = 0; i < nr; i++) {
		bool object = args[i] && args[i][0] == '&';
		const char *base = args[i] ? args[i] + object : NULL, *rest;
		size_t len;

		if (!base)
			continue;
		len = strlen(base);
		rest = name + 1 + len;
		if (strncmp(name + 1, base, len) || strncmp(rest, object ? "." : "->", object ? 1 : 2))
			continue;
		if (best && best_len >= len)
			continue;
		best_len = len;
		best = intern_fmt("&$%d->%s", i, rest + (object ? 1 : 2));
	}
	return best;
}

/* A pointer "dev" or "dev->peer" as the arguments name it ("$1", "$1->peer"), or NULL. */
static const char *pointer_relative(const char *ptr, size_t len, const char *const *args, int nr)
{
	int i;

	for (i = 0; i < nr; i++) {
		size_t arg_len = args[i] ? strlen(args[i]) : 0;

		if (!arg_len || args[i][0] == '&' || arg_len > len || strncmp(ptr, args[i], arg_len))
			continue;
		if (arg_len == len)
			return intern_fmt("$%d", i);
		if (!strncmp(ptr + arg_len, "->", 2))
			return intern_fmt("$%d%.*s", i, (int)(len - arg_len), ptr + arg_len);
	}
	return NULL;
}

/*
 * A lock named by a lock-pointer helper's call ("rq_lockp(rq)",
 * lock_param_relative()) with its argument named so ("rq_lockp($1)"), or
 * NULL.
 */
static const char *helper_relative(const char *name, const char *const *args, int nr)
{
	size_t fn = ident_len(name), len = strlen(name);
	const char *inner, *relative;

	if (!fn || name[fn] != '(' || name[len - 1] != ')' || strchr(name + fn + 1, '('))
		return NULL;
	inner = name + fn + 1;
	len = len - fn - 2;
	relative = inner[0] == '&' ? member_relative(intern_fmt("%.*s", (int)len, inner), args, nr) :
				     pointer_relative(inner, len, args, nr);
	return relative ? intern_fmt("%.*s(%s)", (int)fn, name, relative) : NULL;
}

/* A held lock's name as the arguments name it ("&$1->lock", "rq_lockp($1)"), or NULL. */
const char *lock_name_relative(const char *name, const char *const *args, int nr)
{
	return name[0] == '&' ? member_relative(name, args, nr) : helper_relative(name, args, nr);
}

/* A global lock: the same name in every function. */
static bool global_key(const char *key)
{
	return key[0] != '*' && !lock_key_is_type(key) && lock_key_is_shared(key);
}

/*
 * The lock 'key' this path holds, named relative to the arguments of
 * 'call', or NULL: by the names as written ("&d->lock" with the argument
 * "d"), else by both relative to this function's parameters ("&o->lock"
 * where o copies f->area->priv is "&$0->area->priv->lock", the argument
 * "f" is "$0").
 */
static const char *held_param(struct expression *call, const char *key)
{
	const char *name = lock_holder_name(key), *param = lock_holder_param(key), *found;
	const char *args[16], *relative[16];
	int nr = 0;

	if (lock_holder_stale(key))
		return NULL;	/* the name may mean another object now */
	if (global_key(key))
		return name;
	if (!lock_key_is_type(key))
		return NULL;
	while (nr < 16 && get_argument(call, nr)) {
		args[nr] = expr_to_str(strip_expr(get_argument(call, nr)));
		relative[nr] = param ? param_relative_name(strip_expr(get_argument(call, nr))) : NULL;
		nr++;
	}
	found = lock_name_relative(name, args, nr);
	return found || !param ? found : lock_name_relative(param, relative, nr);
}

void held_at_call_first(struct held_at_call *h, struct expression *call)
{
	int i;

	h->nr = held_shared_locks(h->keys, h->names, MAX_HELD_AT_CALL);
	for (i = 0; i < h->nr; i++)
		h->params[i] = held_param(call, h->keys[i]);
}

void held_at_call_again(struct held_at_call *h, struct expression *call)
{
	int i, n = 0;

	for (i = 0; i < h->nr; i++) {
		if (lock_depth(get_state(lock_owner(), h->keys[i], NULL)) <= 0)
			continue;
		h->keys[n] = h->keys[i];
		h->names[n] = h->names[i];
		/* named through another argument on this path: not one of them */
		h->params[n] = h->params[i] == held_param(call, h->keys[i]) ? h->params[i] : NULL;
		n++;
	}
	h->nr = n;
}

/* A name relative to this function's parameters ("&$0->lock") as it writes it ("&d->lock"). */
const char *lock_name_in_callee(const char *param)
{
	const char *dollar = strchr(param, '$');
	struct symbol *arg;
	char *end;
	int nr, i = 0;

	if (!dollar)
		return param;
	nr = strtol(dollar + 1, &end, 10);
	FOR_EACH_PTR(get_real_base_type(cur_fn()->sym)->arguments, arg) {
		if (i++ == nr)
			return arg->ident ? intern_fmt("%.*s%s%s", (int)(dollar - param), param,
						       ident_str(arg->ident), end) : NULL;
	} END_FOR_EACH_PTR(arg);
	return NULL;
}

static int cmp_names(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/*
 * "a(), b(), c(), ..." of 'total' callers, of which 'names' has 'nr'
 * (sorted here; the first three are shown).
 */
const char *caller_names_text(const char **names, int nr, int total)
{
	const char *text = "";
	int i;

	qsort(names, nr, sizeof(*names), cmp_names);
	for (i = 0; i < nr && i < 3; i++)
		text = intern_fmt("%s%s%s()", text, i ? ", " : "", names[i]);
	return total > 3 ? intern_fmt("%s, ...", text) : intern(text);
}

/* ---- the file's own calls to its static functions ---------------------- */

/* A call, in a walked function of the file, to a static function whose address is never taken. */
#define MAX_FILE_CALL_ARGS 16
struct file_call {
	const char *caller, *callee;
	struct expression *expr;
	struct held_at_call held;
	struct range_list *args[MAX_FILE_CALL_ARGS];	/* on every path, joined */
	int nr_args;
	struct file_call *next;			/* the caller's calls */
	struct file_call *next_in, **prev_in;	/* the callee's, the last walked caller's first */
};

/* A function of the file, by name: the calls of its last walk, and the calls to it. */
struct file_fn {
	struct file_call *calls, *callers;
	struct file_fn *next;
};

/* A function of the file, walked. */
struct walked {
	struct symbol *sym;
	struct walked *next;
};

static struct file_call *pending;	/* the function's, until it is done (fn_alloc()) */
static struct ptr_map *pending_by_expr;	/* the same, by call (until it is done) */
static struct ptr_map *fns_by_name;	/* the file's functions that call or are called */
static struct file_fn *fns;		/* the same, listed (xmalloc()) */
static struct walked *walked;		/* the file's functions, the last walked first */
static bool file_gave_up;		/* a function's calls are not all known */
static bool walking_again;

/* Do the file's own calls tell what a function's callers hold? */
static bool callers_in_file(struct symbol *fn)
{
	return fn && (fn->ctype.modifiers & MOD_STATIC) && pos_in_main_file(fn->pos) &&
	       !fn_address_taken(fn) && fn->ident;
}

/* The calls to function 'name' (interned), the last walked caller's first. */
static struct file_call *calls_to(const char *name)
{
	struct file_fn *f = ptr_map_get(fns_by_name, name);

	return f ? f->callers : NULL;
}

static struct file_fn *file_fn(const char *name)
{
	struct file_fn *f = ptr_map_get(fns_by_name, name);

	if (!f) {
		f = xmalloc(sizeof(*f));
		f->next = fns;
		fns = f;
		ptr_map_set(&fns_by_name, name, f);
	}
	return f;
}

static void match_func_start(void)
{
	pending = NULL;
	ptr_map_free(&pending_by_expr);
}

static void match_call(struct expression *call)
{
	struct symbol *callee = get_callee(call);
	struct file_call *c;
	int i;

	if (!in_reported_function() || !callers_in_file(callee))
		return;
	c = ptr_map_get(pending_by_expr, call);
	if (c) {
		held_at_call_again(&c->held, call);
		for (i = 0; i < c->nr_args; i++)
			c->args[i] = rl_union(c->args[i], get_range(get_argument(call, i)));
		return;
	}
	c = fn_alloc(sizeof(*c));
	memset(c, 0, sizeof(*c));
	c->caller = intern(cur_func_name());
	c->callee = intern(ident_str(callee->ident));
	c->expr = call;
	held_at_call_first(&c->held, call);
	while (c->nr_args < MAX_FILE_CALL_ARGS && get_argument(call, c->nr_args)) {
		c->args[c->nr_args] = get_range(get_argument(call, c->nr_args));
		c->nr_args++;
	}
	c->next = pending;
	pending = c;
	ptr_map_set(&pending_by_expr, call, c);
}

static void free_file_call(struct file_call *c)
{
	int i;

	for (i = 0; i < c->nr_args; i++)
		free(c->args[i]);
	free(c);
}

/* The function is walked: its calls replace those of its last walk. */
static void match_after_func(void)
{
	struct file_fn *me, *to;
	struct file_call *c, *next, *copy;
	struct walked *w;
	int i;

	if (!in_reported_function())
		return;
	me = file_fn(intern(cur_func_name()));
	for (c = me->calls; c; c = next) {
		next = c->next;
		*c->prev_in = c->next_in;
		if (c->next_in)
			c->next_in->prev_in = c->prev_in;
		free_file_call(c);
	}
	me->calls = NULL;
	for (c = pending; c; c = c->next) {
		copy = xmalloc(sizeof(*copy));
		*copy = *c;
		copy->expr = NULL;
		for (i = 0; i < c->nr_args; i++)
			copy->args[i] = rl_permanent(c->args[i]);
		copy->next = me->calls;
		me->calls = copy;
		to = file_fn(c->callee);
		copy->next_in = to->callers;
		copy->prev_in = &to->callers;
		if (to->callers)
			to->callers->prev_in = &copy->next_in;
		to->callers = copy;
	}
	pending = NULL;
	ptr_map_free(&pending_by_expr);
	if (walking_again)
		return;
	w = xmalloc(sizeof(*w));
	w->sym = cur_fn()->sym;
	w->next = walked;
	walked = w;
}

static void match_gave_up(void)
{
	if (in_reported_function())
		file_gave_up = true;
}

/* Is lock 'key' held at the call, and by which parameter-relative name (NULL: none)? */
static bool call_holds(struct file_call *c, const char *key, const char **param)
{
	int i;

	for (i = 0; i < c->held.nr; i++) {
		if (c->held.keys[i] == key) {
			*param = c->held.params[i];
			return true;
		}
	}
	return false;
}

/*
 * The locks that every call of the file to 'fn' holds, with the callers'
 * figures (all of them hold it at every call) and their names.
 */
static struct caller_lock *file_caller_locks(const char *fn)
{
	struct caller_lock *list = NULL, *cl;
	struct file_call *c, *first = NULL;
	const char *callers[64], *param, *common;
	int nr = 0, i, j;

	for (c = calls_to(fn); c; c = c->next_in) {
		first = c;
		for (j = 0; j < nr && callers[j] != c->caller; j++)
			;
		if (j == nr && nr < 64)
			callers[nr++] = c->caller;
	}
	if (!first)
		return NULL;
	for (i = 0; i < first->held.nr; i++) {
		const char *key = first->held.keys[i];

		common = first->held.params[i];
		for (c = calls_to(fn); c; c = c->next_in) {
			if (!call_holds(c, key, &param))
				break;
			if (param != common)
				common = NULL;
		}
		if (c)
			continue;
		cl = fn_alloc(sizeof(*cl));
		memset(cl, 0, sizeof(*cl));
		cl->lock = key;
		cl->name = first->held.names[i];
		cl->held = cl->callers = cl->always = nr;
		cl->others = cl->others_always = nr;
		cl->param = common;
		cl->caller_names = caller_names_text(callers, nr, nr);
		cl->next = list;
		list = cl;
	}
	return list;
}

/*
 * The locks held by the callers of the function being walked: for a static
 * function whose address is never taken, from the file's own calls (known
 * once they are all walked, when it is walked again), else from the database.
 * A static function of a header has none: its callers are this file's,
 * whose calls in the database are what the previous pass printed of this
 * very walk, so that each pass would echo the last one (IS_ERR(), called
 * with whatever locks its callers hold, sent every file back for another
 * pass whenever one of those changed).
 */
struct caller_lock *callers_held_locks(void)
{
	struct symbol *fn = cur_fn()->sym;

	if (callers_in_file(fn))
		return walking_again ? file_caller_locks(intern(ident_str(fn->ident))) : NULL;
	if ((fn->ctype.modifiers & MOD_STATIC) && !pos_in_main_file(fn->pos))
		return NULL;
	return db_caller_locks(cur_func_name(), fn->ctype.modifiers & MOD_STATIC, FOR_ROWS);
}

/*
 * The values the callers of the function being walked pass for parameter
 * 'param', joined over their calls: for a static function whose address is
 * never taken, from the file's own calls when it is walked again, else
 * from the database's; NULL when some call is not known.
 */
struct range_list *callers_arg_range(int param)
{
	struct symbol *fn = cur_fn()->sym;
	const char *name = intern(ident_str(fn->ident));
	struct range_list *rl = NULL;
	struct file_call *c;

	if (!walking_again)
		return db_static_arg_range(cur_func_name(), param);
	for (c = calls_to(name); c; c = c->next_in) {
		if (param >= c->nr_args)
			return NULL;
		rl = rl_union(rl, c->args[param]);
	}
	return rl;
}

/* Callers first (the last walked first): what a function walked again holds at its calls counts. */
static void walk_again_held_by_callers(void)
{
	struct walked *w, *next;
	struct file_call *c;
	struct file_fn *f;

	for (w = walked; w && !file_gave_up; w = w->next) {
		if (!callers_in_file(w->sym) || !file_caller_locks(intern(ident_str(w->sym->ident))))
			continue;
		walking_again = true;
		walk_function_again(w->sym);
		walking_again = false;
	}
	for (w = walked; w; w = next) {
		next = w->next;
		free(w);
	}
	while ((f = fns)) {
		fns = f->next;
		while ((c = f->calls)) {
			f->calls = c->next;
			free_file_call(c);
		}
		free(f);
	}
	ptr_map_free(&fns_by_name);
	ptr_map_free(&pending_by_expr);
	walked = NULL;
	file_gave_up = false;
}

void register_lock_callers(void)
{
	add_hook(&match_func_start, FUNC_START_HOOK);
	add_hook(&match_call, FUNCTION_CALL_HOOK);
	add_hook(&match_after_func, AFTER_FUNC_HOOK);
	add_hook(&match_gave_up, GAVE_UP_HOOK);
	add_hook(&walk_again_held_by_callers, FILE_WALKED_HOOK);
}
