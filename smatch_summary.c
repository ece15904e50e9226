/*
 * smatch_summary.c: what each function's return paths do (return value
 * range plus check-defined items such as "acquires lock K"), gathered from
 * functions analysed in this file and from tables, and applied at calls by
 * forking the caller's path once per distinct outcome.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "smatch.h"
#include "smatch_internal.h"

/* Returns with identical items, joined: what a caller has to tell apart. */
struct outcome {
	struct range_list *ret;
	bool own_ret;		/* ret is this outcome's copy, not a return's */
	struct summary_item_list *items;
	bool own_items;		/* items is a list merged for this outcome, not a return's */
	struct outcome *next;
};

struct fn_summary {
	const char *fn;
	bool from_table;
	bool loader_tried;
	bool pure;		/* reads memory, changes nothing: same result twice */
	bool never_returns;	/* walked here, or the database says so: no path returns */
	struct return_summary_list *returns;
	struct outcome *outcomes;
	struct fn_summary *next;
};

struct apply_hook {
	const char *type;
	apply_item_func func;
	struct apply_hook *next;
};

#define SUMMARY_HASH 4096
static struct fn_summary *summaries[SUMMARY_HASH];
static struct apply_hook *apply_hooks;
static struct return_summary *recording;	/* the return being summarised */
static struct expression *recording_expr;	/* its return value */
static return_item_func return_hooks[16];
static int nr_return_hooks;

static unsigned hash_name(const char *name)
{
	return ((uintptr_t)name >> 3) % SUMMARY_HASH;
}

static summary_loader_func loaders[4];
static int nr_loaders;

void add_summary_loader(summary_loader_func load)
{
	assert(nr_loaders < (int)(sizeof(loaders) / sizeof(loaders[0])));
	loaders[nr_loaders++] = load;
}

static struct fn_summary *lookup(const char *fn, bool create);
static void build_outcomes(struct fn_summary *s);
static bool args_allow(struct expression *call, struct return_summary *rs);

/*
 * A call through a function pointer whose targets are all known
 * (smatch_fn_ptr_calls.c): their returns, kept under the pointer's name
 * ("(struct foo_ops)->put", no function's name).
 */
static struct fn_summary *pointer_call_summary(struct expression *call)
{
	const char *ptr;
	struct return_summary_list *returns = fn_ptr_call_returns(call, &ptr);
	struct fn_summary *s;

	if (!returns)
		return NULL;
	s = lookup(ptr, true);
	if (s->returns != returns) {
		s->returns = returns;
		build_outcomes(s);
	}
	return s;
}

/* The summary of a called function, asking the loaders the first time. */
static struct fn_summary *lookup_callee(struct expression *call)
{
	const char *fn = get_callee_name(call);
	struct fn_summary *s = fn ? lookup(fn, false) : NULL;
	int i;

	if (!fn)
		return pointer_call_summary(call);
	if ((s && (s->from_table || s->returns || s->never_returns || s->loader_tried)) || !nr_loaders)
		return s;
	s = lookup(fn, true);
	s->loader_tried = true;
	for (i = 0; i < nr_loaders && !s->returns && !s->never_returns; i++)
		loaders[i](s->fn, get_callee(call));
	return s;
}

static struct fn_summary *lookup(const char *fn, bool create)
{
	struct fn_summary *s;
	unsigned h;

	fn = intern(fn);
	h = hash_name(fn);
	for (s = summaries[h]; s; s = s->next) {
		if (s->fn == fn)
			return s;
	}
	if (!create)
		return NULL;
	s = xmalloc(sizeof(*s));
	s->fn = fn;
	s->next = summaries[h];
	summaries[h] = s;
	return s;
}

void add_return_summary_hook(return_item_func func)
{
	assert(nr_return_hooks < (int)(sizeof(return_hooks) / sizeof(return_hooks[0])));
	return_hooks[nr_return_hooks++] = func;
}

void add_summary_apply_hook(const char *type, apply_item_func func)
{
	struct apply_hook *h = xmalloc(sizeof(*h));

	h->type = intern(type);
	h->func = func;
	h->next = apply_hooks;
	apply_hooks = h;
}

struct return_summary *new_return_summary(struct range_list *ret)
{
	struct return_summary *rs = xmalloc(sizeof(*rs));

	rs->ret = rl_permanent(ret ? ret : rl_whole());
	return rs;
}

/* Adds an item to the return being summarised (only inside return summary hooks). */
struct summary_item *new_summary_item(const char *type, const char *key, const char *name,
				      const char *value, const char *via)
{
	struct summary_item *item = xmalloc(sizeof(*item));

	item->type = intern(type);
	item->key = intern(key);
	item->name = intern(name);
	item->value = intern(value ? value : "");
	item->via = intern(via ? via : "");
	return item;
}

void summary_add_item(const char *type, const char *key, const char *name, const char *value,
		      const char *via)
{
	struct summary_item *item;

	if (!recording)
		return;
	item = new_summary_item(type, key, name, value, via);
	add_ptr_list(&recording->items, item);
}

/*
 * Adds an item to every return of the function being analysed, for what
 * holds of the whole function (it may sleep).  Called after the walk, so
 * that database rows and the summary get it; every return having it, the
 * outcomes a caller tells apart stay the same.
 */
void summary_add_function_item(const char *type, const char *key, const char *name, const char *value,
			       const char *via)
{
	struct return_summary *rs;

	assert(!recording);
	FOR_EACH_PTR(cur_fn()->returns, rs) {
		recording = rs;
		summary_add_item(type, key, name, value, via);
	} END_FOR_EACH_PTR(rs);
	recording = NULL;
}

static bool same_item(struct summary_item *x, struct summary_item *y)
{
	return x->type == y->type && x->key == y->key && x->name == y->name && x->value == y->value;
}

static bool has_item(struct summary_item_list *list, struct summary_item *item)
{
	struct summary_item *tmp;

	FOR_EACH_PTR(list, tmp) {
		if (same_item(tmp, item))
			return true;
	} END_FOR_EACH_PTR(tmp);
	return false;
}

#define UNKNOWN_HASH 256
struct unknown_item {
	struct summary_item item;
	struct unknown_item *next;
};
static struct unknown_item *unknown_items[UNKNOWN_HASH];

/*
 * What a caller can only say "may or may not have happened" of: an item of
 * type "unknown_<type>" ("unknown_lock"), one for each distinct item, made
 * once and kept for the run.
 */
static struct summary_item *unknown_item(struct summary_item *item)
{
	struct summary_item want = *item;
	struct unknown_item *u, **head;

	if (!strncmp(item->type, "unknown_", 8))
		return item;
	want.type = intern_fmt("unknown_%s", item->type);
	head = &unknown_items[((uintptr_t)want.key >> 3) % UNKNOWN_HASH];
	for (u = *head; u; u = u->next) {
		if (same_item(&u->item, &want))
			return &u->item;
	}
	u = xmalloc(sizeof(*u));
	u->item = want;
	u->next = *head;
	*head = u;
	return &u->item;
}

static void add_unique(struct summary_item_list **list, struct summary_item *item)
{
	if (!has_item(*list, item))
		add_ptr_list(list, item);
}

/* Items of two outcomes a caller cannot tell apart: common ones stay, others become unknown. */
static struct summary_item_list *merge_items(struct summary_item_list *a, struct summary_item_list *b)
{
	struct summary_item_list *res = NULL;
	struct summary_item *item;

	FOR_EACH_PTR(a, item) {
		add_unique(&res, has_item(b, item) ? item : unknown_item(item));
	} END_FOR_EACH_PTR(item);
	FOR_EACH_PTR(b, item) {
		if (!has_item(a, item))
			add_unique(&res, unknown_item(item));
	} END_FOR_EACH_PTR(item);
	return res;
}

/* The outcome's return range becomes 'rl' (copied). */
static void set_outcome_ret(struct outcome *o, struct range_list *rl)
{
	struct range_list *copy = rl_permanent(rl);

	if (o->own_ret)
		free(o->ret);
	o->ret = copy;
	o->own_ret = true;
}

static void free_outcome(struct outcome *o)
{
	if (o->own_ret)
		free(o->ret);
	if (o->own_items)
		free_ptr_list(&o->items);
	free(o);
}

static bool same_item_lists(struct summary_item_list *a, struct summary_item_list *b)
{
	struct summary_item *item;

	if (ptr_list_size((struct ptr_list *)a) != ptr_list_size((struct ptr_list *)b))
		return false;
	FOR_EACH_PTR(a, item) {
		if (!has_item(b, item))
			return false;
	} END_FOR_EACH_PTR(item);
	return true;
}

/* 'o' becomes both: the union of their return values, and of their items (see merge_items()). */
static void join_into(struct outcome *o, struct outcome *p)
{
	struct summary_item_list *merged;

	set_outcome_ret(o, rl_union(o->ret, p->ret));
	if (same_item_lists(o->items, p->items))
		return;
	merged = merge_items(o->items, p->items);
	if (o->own_items)
		free_ptr_list(&o->items);
	o->items = merged;
	o->own_items = true;
}

/* The outcomes of 's' in an array, in list order; '*nr' says how many. */
static struct outcome **outcome_array(struct fn_summary *s, int *nr)
{
	struct outcome **arr, *o;
	int n = 0;

	for (o = s->outcomes; o; o = o->next)
		n++;
	arr = xmalloc((n ? n : 1) * sizeof(*arr));
	n = 0;
	for (o = s->outcomes; o; o = o->next)
		arr[n++] = o;
	*nr = n;
	return arr;
}

/*
 * Joins each outcome into the earliest of its group (group[i] is the index
 * of outcome i's group, one of its members), in list order, and relinks
 * the list.  Returns the number of outcomes joined away.
 */
static int join_groups(struct fn_summary *s, struct outcome **arr, int n, int *group)
{
	int i, joined = 0, *leader = xmalloc((n ? n : 1) * sizeof(*leader));
	struct outcome **tail = &s->outcomes;

	for (i = 0; i < n; i++)
		leader[i] = -1;
	for (i = 0; i < n; i++) {
		int *l = &leader[group[i]];

		if (*l < 0) {
			*l = i;
			*tail = arr[i];
			tail = &arr[i]->next;
			continue;
		}
		join_into(arr[*l], arr[i]);
		free_outcome(arr[i]);
		joined++;
	}
	*tail = NULL;
	free(leader);
	return joined;
}

/* An outcome sorted by a key: a range's start (and its end), or a hash. */
struct keyed_outcome {
	int64_t key, max;
	int outcome;
};

static int cmp_keyed(const void *x, const void *y)
{
	const struct keyed_outcome *a = x, *b = y;

	if (a->key != b->key)
		return a->key < b->key ? -1 : 1;
	return a->outcome - b->outcome;
}

static int find_group(int *group, int i)
{
	while (group[i] != i)
		i = group[i] = group[group[i]];
	return i;
}

/*
 * One round: groups the outcomes whose return values overlap, directly or
 * through others, by a sweep over their ranges sorted by start (a range
 * overlaps the group being swept while it starts before the group's end),
 * and joins each group.  Returns the number of outcomes joined away.
 */
static int join_overlapping_once(struct fn_summary *s)
{
	struct outcome **arr;
	struct keyed_outcome *iv;
	int n, i, j, nr_iv = 0, sweep = -1, joined, *group;
	int64_t end = 0;

	arr = outcome_array(s, &n);
	for (i = 0; i < n; i++)
		nr_iv += arr[i]->ret->nr;
	iv = xmalloc((nr_iv ? nr_iv : 1) * sizeof(*iv));
	group = xmalloc((n ? n : 1) * sizeof(*group));
	nr_iv = 0;
	for (i = 0; i < n; i++) {
		group[i] = i;
		for (j = 0; j < arr[i]->ret->nr; j++)
			iv[nr_iv++] = (struct keyed_outcome){ arr[i]->ret->r[j].min, arr[i]->ret->r[j].max, i };
	}
	qsort(iv, nr_iv, sizeof(*iv), cmp_keyed);
	for (i = 0; i < nr_iv; i++) {
		if (sweep >= 0 && iv[i].key <= end) {
			group[find_group(group, iv[i].outcome)] = find_group(group, sweep);
			if (iv[i].max <= end)
				continue;
		}
		end = iv[i].max;
		sweep = iv[i].outcome;
	}
	for (i = 0; i < n; i++)
		group[i] = find_group(group, i);
	joined = join_groups(s, arr, n, group);
	free(group);
	free(iv);
	free(arr);
	return joined;
}

/*
 * A caller tells the outcomes of a call apart by its return value only:
 * outcomes whose return values overlap are joined, and what only some of
 * them do becomes "unknown_..." (a lock that may or may not be held after).
 * A joined return range kept short (rl_union()) may overlap more: rounds
 * go on until no two outcomes overlap.
 */
static void join_overlapping(struct fn_summary *s)
{
	while (join_overlapping_once(s))
		;
}

/* An order-independent hash of an outcome's items: equal lists hash equal. */
static uintptr_t items_hash(struct summary_item_list *items)
{
	struct summary_item *item;
	uintptr_t h = ptr_list_size((struct ptr_list *)items);

	FOR_EACH_PTR(items, item) {
		uintptr_t x = (uintptr_t)item->type ^ ((uintptr_t)item->key << 7) ^
			      ((uintptr_t)item->name << 13) ^ ((uintptr_t)item->value << 19);

		h += x * 0x9e3779b97f4a7c15ull;
	} END_FOR_EACH_PTR(item);
	return h;
}

/*
 * Outcomes that do the same, at return values a caller tells apart, become
 * one: sorted by the hash of their items, each is compared with the first
 * outcomes of the groups of its hash only.
 */
static void join_same_items(struct fn_summary *s)
{
	struct outcome **arr;
	struct keyed_outcome *h;
	int n, i, j, run, *group;

	arr = outcome_array(s, &n);
	h = xmalloc((n ? n : 1) * sizeof(*h));
	group = xmalloc((n ? n : 1) * sizeof(*group));
	for (i = 0; i < n; i++)
		h[i] = (struct keyed_outcome){ (int64_t)items_hash(arr[i]->items), 0, i };
	qsort(h, n, sizeof(*h), cmp_keyed);
	for (run = 0; run < n; run = i) {
		for (i = run; i < n && h[i].key == h[run].key; i++) {
			int me = h[i].outcome;

			group[me] = me;
			for (j = run; j < i; j++) {
				int first = h[j].outcome;

				if (group[first] == first && same_item_lists(arr[first]->items, arr[me]->items)) {
					group[me] = first;
					break;
				}
			}
		}
	}
	join_groups(s, arr, n, group);
	free(group);
	free(h);
	free(arr);
}

static void free_outcomes(struct fn_summary *s)
{
	struct outcome *o;

	while ((o = s->outcomes)) {
		s->outcomes = o->next;
		free_outcome(o);
	}
}

/*
 * One outcome per return, then those whose return values overlap are
 * joined, and only then those that do the same: joining "returns 0" with
 * "returns 1024" first (nothing done on either) would make them overlap
 * "returns 1024 having unlocked", and lose what a caller testing for 0
 * knows (ttm_bo_vm_fault_idle()).
 */
static void build_outcomes(struct fn_summary *s)
{
	struct return_summary *rs;
	struct outcome *o, **tail;

	free_outcomes(s);
	tail = &s->outcomes;
	FOR_EACH_PTR(s->returns, rs) {
		o = xmalloc(sizeof(*o));
		o->ret = rs->ret;
		o->items = rs->items;
		*tail = o;
		tail = &o->next;
	} END_FOR_EACH_PTR(rs);
	join_overlapping(s);
	join_same_items(s);
}

/* A return state of a function that is not analysed here (lock tables, the DB). */
void add_table_summary(const char *fn, struct return_summary *ret)
{
	struct fn_summary *s = lookup(fn, true);

	s->from_table = true;
	add_ptr_list(&s->returns, ret);
	build_outcomes(s);
}

void add_table_never_returns(const char *fn)
{
	struct fn_summary *s = lookup(fn, true);

	s->from_table = true;
	s->never_returns = true;
}

/*
 * A call ends its path, as a noreturn one does, when the callee is known
 * never to return: only a positive fact counts (a function not analysed,
 * given up on or not yet walked, a recursion, returns as any other).
 */
bool call_never_returns(struct expression *call)
{
	struct fn_summary *s = get_callee_name(call) ? lookup_callee(call) : NULL;

	return s && s->never_returns;
}

/*
 * One more thing a table function does on the returns where it already
 * does something (a second table line, e.g. spin_lock_irq also disables
 * interrupts); false if it has no such return.
 */
bool add_table_item(const char *fn, struct summary_item *item)
{
	struct fn_summary *s = lookup(fn, false);
	struct return_summary *rs;
	bool added = false;

	if (!s)
		return false;
	FOR_EACH_PTR(s->returns, rs) {
		if (!rs->items)
			continue;
		add_ptr_list(&rs->items, item);
		added = true;
	} END_FOR_EACH_PTR(rs);
	build_outcomes(s);
	return added;
}

/* Does the call's summary come from a table or the database, not from this file? */
bool is_table_summary(struct expression *call)
{
	const char *fn = get_callee_name(call);
	struct fn_summary *s = fn ? lookup(fn, false) : NULL;

	return s && s->from_table;
}

/* The returns of a function analysed here (or of the tables, the database), or NULL. */
struct return_summary_list *summary_returns_of(struct symbol *fn_sym)
{
	struct fn_summary *s = fn_sym->ident ? lookup(ident_str(fn_sym->ident), false) : NULL;

	return s ? s->returns : NULL;
}

bool has_summary_source(struct symbol *fn_sym)
{
	struct fn_summary *s;

	if (!fn_sym || !fn_sym->ident)
		return false;
	s = lookup(ident_str(fn_sym->ident), false);
	return s && (s->from_table || s->returns);
}

struct return_summary_list *get_summaries(struct expression *call)
{
	struct fn_summary *s = lookup_callee(call);

	return s ? s->returns : NULL;
}

struct summary_item *return_item(struct return_summary *rs, const char *type, const char *key)
{
	struct summary_item *item;

	type = intern(type);
	key = key ? intern(key) : NULL;
	FOR_EACH_PTR(rs->items, item) {
		if (item->type == type && (!key || item->key == key))
			return item;
	} END_FOR_EACH_PTR(item);
	return NULL;
}

struct summary_item *call_item(struct expression *call, const char *type, const char *key)
{
	struct return_summary *rs;
	struct summary_item *item;

	FOR_EACH_PTR(get_summaries(call), rs) {
		item = return_item(rs, type, key);
		if (item)
			return item;
	} END_FOR_EACH_PTR(rs);
	return NULL;
}

/* Has every return the call's arguments allow the item ("dma_resv_lock(r, NULL)" cannot fail)? */
bool call_item_on_every_return(struct expression *call, const char *type, const char *key)
{
	struct return_summary *rs;
	bool allowed = false;

	FOR_EACH_PTR(get_summaries(call), rs) {
		if (!args_allow(call, rs))
			continue;
		if (!return_item(rs, type, key))
			return false;
		allowed = true;
	} END_FOR_EACH_PTR(rs);
	return allowed;
}

static void apply_items(struct expression *call, struct summary_item_list *items)
{
	struct summary_item *item;
	struct apply_hook *h;

	FOR_EACH_PTR(items, item) {
		for (h = apply_hooks; h; h = h->next) {
			if (h->type == item->type)
				h->func(call, item);
		}
	} END_FOR_EACH_PTR(item);
}

static void apply_outcome(struct expression *call, struct outcome *o)
{
	if (!rl_is_whole(o->ret))
		set_call_result(call, o->ret);
	apply_items(call, o->items);
}

/* Can the return be reached with the call's arguments, as far as the path knows them? */
static bool args_allow(struct expression *call, struct return_summary *rs)
{
	struct summary_item *item;
	struct expression *arg;

	FOR_EACH_PTR(rs->items, item) {
		if (strcmp(item->type, "param_range"))
			continue;
		arg = get_argument(call, atoi(item->key + 1));
		if (arg && !rl_overlaps(get_range(arg), rl_from_str(item->value)))
			return false;
	} END_FOR_EACH_PTR(item);
	return true;
}

/*
 * "__release_z3fold_page(zhdr, true)" of a void function that unlocks only
 * when its flag is set: the returns the arguments rule out go before the
 * others are joined, or the unlock would be "may or may not".  Fills 'by_args'
 * with the returns left, if some were ruled out (and not all).
 */
static bool rule_out_by_args(struct expression *call, struct fn_summary *s, struct fn_summary *by_args)
{
	struct return_summary *rs;

	memset(by_args, 0, sizeof(*by_args));
	FOR_EACH_PTR(s->returns, rs) {
		if (args_allow(call, rs))
			add_ptr_list(&by_args->returns, rs);
	} END_FOR_EACH_PTR(rs);
	if (!by_args->returns || ptr_list_size((struct ptr_list *)by_args->returns) ==
				 ptr_list_size((struct ptr_list *)s->returns)) {
		free_ptr_list(&by_args->returns);
		return false;
	}
	build_outcomes(by_args);
	return true;
}

/*
 * Runs on each path at a call: the path forks once per outcome of the
 * callee (the last outcome stays on the original path).
 */
void apply_call_summaries(struct expression *call)
{
	struct fn_summary *s = lookup_callee(call), by_args;
	struct path *orig;
	struct outcome *o;

	if (!s || !s->outcomes)
		return;
	if (rule_out_by_args(call, s, &by_args))
		s = &by_args;
	orig = cur_fn()->path;
	for (o = s->outcomes; o->next; o = o->next) {
		/* each fork is of the path before the call, not of the previous fork */
		switch_to_path(orig);
		switch_to_path(fork_path());
		count_state_work(1);
		apply_outcome(call, o);
	}
	switch_to_path(orig);
	apply_outcome(call, o);
	if (s == &by_args) {
		free_outcomes(s);
		free_ptr_list(&s->returns);
	}
}

/* ---- summarising the function being analysed ------------------------ */

/* The value returned by the return being summarised (NULL for void). */
struct expression *summary_return_expr(void)
{
	return recording_expr;
}

void summary_begin_function(void)
{
	cur_fn()->returns = NULL;
	cur_fn()->impure = false;
}

/* The function being analysed changes something: calls to it are not pure. */
void summary_mark_impure(void)
{
	cur_fn()->impure = true;
}

bool is_pure_call(struct expression *call)
{
	const char *fn = get_callee_name(call);
	struct fn_summary *s = fn ? lookup(fn, false) : NULL;

	return s && s->pure;
}

void summary_record_return(struct expression *ret_expr)
{
	struct return_summary *rs;
	int i;

	rs = new_return_summary(ret_expr ? get_range(ret_expr) : NULL);
	rs->line = cur_line();
	recording = rs;
	recording_expr = ret_expr;
	for (i = 0; i < nr_return_hooks; i++)
		return_hooks[i]();
	recording = NULL;
	add_ptr_list(&cur_fn()->returns, rs);
}

/*
 * A function returning a pointer that returns NULL or ERR_PTR() values on
 * some paths signals failure that way: its other returns, whose value is
 * not known, are taken to be successes (not an ERR_PTR() value, nor NULL
 * if it returns NULL for failure), so that callers testing IS_ERR() or
 * NULL can tell the two apart.
 */
void summary_settle_returns(struct symbol *sym)
{
	struct range_list *errs = NULL, *fail = rl_err_ptr_or_null();
	struct return_summary *rs;

	if (!is_pointer_type(get_fn_return_type(sym)))
		return;
	FOR_EACH_PTR(cur_fn()->returns, rs) {
		if (rl_subset(rs->ret, fail))
			errs = rl_union(errs, rs->ret);
	} END_FOR_EACH_PTR(rs);
	if (!errs)
		return;
	errs = rl_union(errs, rl_err_ptr());
	FOR_EACH_PTR(cur_fn()->returns, rs) {
		if (!rl_subset(rs->ret, fail) && rl_overlaps(rs->ret, errs)) {
			struct range_list *old = rs->ret;

			rs->ret = rl_permanent(rl_intersect(old, rl_complement(errs)));
			free(old);
		}
	} END_FOR_EACH_PTR(rs);
}

/* --debug: what was learnt of each function, on stderr. */
static void debug_summary(struct fn_summary *s)
{
	struct return_summary *rs;
	struct summary_item *item;

	if (s->never_returns)
		fprintf(stderr, "summary: %s() never returns\n", s->fn);
	else if (!s->returns)
		fprintf(stderr, "summary: %s() no return walked, but a path lost or a test decided "
			"by values: returns as unknown\n", s->fn);
	FOR_EACH_PTR(s->returns, rs) {
		fprintf(stderr, "summary: %s() line %d returns %s:", s->fn, rs->line, rl_to_str(rs->ret));
		FOR_EACH_PTR(rs->items, item) {
			fprintf(stderr, " %s '%s' (%s) %s;", item->type, item->key, item->name, item->value);
		} END_FOR_EACH_PTR(item);
		fprintf(stderr, "\n");
	} END_FOR_EACH_PTR(rs);
}

void summary_end_function(struct symbol *sym)
{
	struct fn_summary *s;

	if (!sym->ident)
		return;
	s = lookup(ident_str(sym->ident), true);
	if (s->from_table)
		return;
	s->returns = cur_fn()->returns;
	s->never_returns = cur_fn()->never_returns;
	s->pure = !cur_fn()->impure;
	build_outcomes(s);
	if (opt.debug)
		debug_summary(s);
}

