/*
 * smatch_paths.c: sets of paths (forking, joining, bounding them) and the
 * state API that check modules use on the path a hook is running on, and
 * the modules' per-function data (fn_data()).
 */
#include <string.h>
#include "smatch.h"
#include "smatch_internal.h"

static struct fn_ctx *ctx;

struct fn_ctx *cur_fn(void)
{
	return ctx;
}

/* Makes 'c' the current analysis; the previous one is restored by end_fn_ctx(). */
void begin_fn_ctx(struct fn_ctx *c, struct symbol *sym, bool report)
{
	memset(c, 0, sizeof(*c));
	c->sym = sym;
	c->name = sym && sym->ident ? ident_str(sym->ident) : "";
	c->name = intern(c->name);
	c->pos = sym ? sym->pos : (struct position){ 0 };
	c->report = report;
	c->outer = ctx;
	ctx = c;
}

void end_fn_ctx(struct fn_ctx *c)
{
	assert(ctx == c);
	ctx = c->outer;
}

void count_state_work(long n)
{
	if (ctx)
		ctx->state_work += n;
}

const char *cur_func_name(void)
{
	return ctx ? ctx->name : "";
}

bool in_reported_function(void)
{
	return ctx && ctx->report;
}

static size_t fn_data_sizes[MAX_FN_DATA];
static int nr_fn_data;

int register_fn_data(size_t size)
{
	assert(nr_fn_data < MAX_FN_DATA);
	fn_data_sizes[nr_fn_data] = size;
	return nr_fn_data++;
}

void *fn_data(int slot)
{
	void **data = &ctx->module_data[slot];

	if (!*data) {
		*data = fn_alloc(fn_data_sizes[slot]);
		memset(*data, 0, fn_data_sizes[slot]);
	}
	return *data;
}

struct path *new_path(void)
{
	struct path *p = fn_alloc(sizeof(*p));

	p->stree = NULL;
	p->dead = false;
	return p;
}

struct path *clone_path(struct path *p)
{
	struct path *n = new_path();

	n->stree = p->stree;
	return n;
}

struct path_list *clone_paths(struct path_list *list)
{
	struct path_list *res = NULL;
	struct path *p;

	FOR_EACH_PTR(list, p) {
		struct path *n = clone_path(p);

		add_ptr_list(&res, n);
	} END_FOR_EACH_PTR(p);
	return res;
}

/*
 * Joins the paths of 'from' into 'into'.  Paths that agree on every check
 * state become one (their value facts are merged), so the number of paths
 * stays the number of distinct check situations.  Past MAX_PATHS all paths
 * are merged into one whose states keep every possibility.
 */
void join_paths(struct path_list **into, struct path_list *from)
{
	struct path *p;

	FOR_EACH_PTR(from, p) {
		add_ptr_list(into, p);
	} END_FOR_EACH_PTR(p);
	normalize_paths(into);
}

void normalize_paths(struct path_list **list)
{
	struct path_list *groups = NULL;
	struct path *p, *g;
	int n = 0;

	if (ptr_list_size((struct ptr_list *)*list) < 2)
		return;
	FOR_EACH_PTR(*list, p) {
		bool found = false;

		FOR_EACH_PTR(groups, g) {
			if (g->stree == p->stree || stree_alike(g->stree, p->stree)) {
				if (g->stree != p->stree)
					g->stree = stree_merge(g->stree, p->stree);
				found = true;
				break;
			}
		} END_FOR_EACH_PTR(g);
		if (!found) {
			add_ptr_list(&groups, p);
			n++;
		}
	} END_FOR_EACH_PTR(p);
	if (n > MAX_PATHS) {
		struct path *all = NULL;

		FOR_EACH_PTR(groups, g) {
			if (!all) {
				all = g;
				continue;
			}
			all->stree = stree_merge(all->stree, g->stree);
		} END_FOR_EACH_PTR(g);
		free_ptr_list(&groups);
		add_ptr_list(&groups, all);
	}
	free_ptr_list(list);
	*list = groups;
}

int nr_paths(void)
{
	return ctx ? ptr_list_size((struct ptr_list *)ctx->paths) : 0;
}

int cur_line(void)
{
	return ctx ? ctx->cur_pos.line : 0;
}

/* ---- the state API on the current path ------------------------------- */

static void path_set(struct path *p, int owner, const char *name, struct symbol *sym,
		     struct smatch_state *state)
{
	p->stree = stree_set(p->stree, alloc_sm(owner, intern(name), sym, state, cur_line()));
	if (stree_size(p->stree) > MAX_STATES)
		ctx->too_many_states = true;
}

struct sm_state *get_sm_state(int owner, const char *name, struct symbol *sym)
{
	if (!ctx || !ctx->path || !name)
		return NULL;
	return stree_get(ctx->path->stree, owner, intern(name), sym);
}

struct smatch_state *get_state(int owner, const char *name, struct symbol *sym)
{
	struct sm_state *sm = get_sm_state(owner, name, sym);

	return sm ? sm->state : NULL;
}

void set_state(int owner, const char *name, struct symbol *sym, struct smatch_state *state)
{
	if (!ctx || !ctx->path || !name)
		return;
	path_set(ctx->path, owner, name, sym, state);
}

void delete_state(int owner, const char *name, struct symbol *sym)
{
	struct path *p = ctx ? ctx->path : NULL;

	if (!p || !name || !stree_get(p->stree, owner, intern(name), sym))
		return;
	p->stree = stree_delete(p->stree, owner, intern(name), sym);
}

void set_true_false_states(int owner, const char *name, struct symbol *sym,
			   struct smatch_state *true_state, struct smatch_state *false_state)
{
	if (!ctx || !name)
		return;
	if (ctx->cond_true && true_state)
		path_set(ctx->cond_true, owner, name, sym, true_state);
	if (ctx->cond_false && false_state)
		path_set(ctx->cond_false, owner, name, sym, false_state);
}

struct prefix_walk {
	int owner;
	const char *prefix;
	size_t len;
	struct sm_state_list *found;
};

static bool add_if_prefixed(struct sm_state *sm, void *data)
{
	struct prefix_walk *w = data;

	if (sm->owner != w->owner || strncmp(sm->name, w->prefix, w->len))
		return false;
	add_ptr_list(&w->found, sm);
	return true;
}

/*
 * The states of 'owner' on the current path whose names start with
 * 'prefix', in map order: found by a search, in the time it takes to list
 * them.
 */
struct sm_state_list *get_owner_states_prefixed(int owner, const char *prefix)
{
	struct prefix_walk w = { owner, prefix, strlen(prefix), NULL };

	if (!ctx || !ctx->path)
		return NULL;
	stree_each_from(ctx->path->stree, owner, prefix, add_if_prefixed, &w);
	return w.found;
}

struct sm_state_list *get_owner_states(int owner)
{
	return get_owner_states_prefixed(owner, "");
}

/* Variable 'var' changed: the owner's states named after it ("&d->lock" for d) go. */
void forget_states_mentioning(int owner, const char *var)
{
	struct sm_state_list *list = get_owner_states(owner);
	struct sm_state *sm;

	FOR_EACH_PTR(list, sm) {
		if (name_mentions(sm->name, var))
			delete_state(owner, sm->name, sm->sym);
	} END_FOR_EACH_PTR(sm);
	free_ptr_list(&list);
}

struct path *fork_path(void)
{
	struct path *p;

	assert(ctx && ctx->path);
	p = clone_path(ctx->path);
	add_ptr_list(&ctx->forks, p);
	return p;
}

void switch_to_path(struct path *p)
{
	ctx->path = p;
}

void drop_path(void)
{
	if (ctx && ctx->path)
		ctx->path->dead = true;
}
