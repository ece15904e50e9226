/*
 * smatch_hooks.c: registration of check callbacks and running them once
 * on every current path (a hook may fork or drop the path it runs on).
 */
#include <string.h>
#include "smatch.h"
#include "smatch_internal.h"

struct hook {
	void *func;
	const char *fn;		/* for function hooks: the callee name */
	void *data;
	struct hook *next;
};

static struct hook *hooks[NUM_HOOKS], **hooks_tail[NUM_HOOKS];

#define FN_HASH 1024
static struct hook *fn_hooks[FN_HASH];

static unsigned hash_ptr(const void *p)
{
	return ((uintptr_t)p >> 4) % FN_HASH;
}

static void append(struct hook **head, struct hook ***tail, struct hook *h)
{
	if (!*tail)
		*tail = head;
	**tail = h;
	*tail = &h->next;
}

void add_hook(void *func, enum hook_type type)
{
	struct hook *h = xmalloc(sizeof(*h));

	assert(type < NUM_HOOKS);
	h->func = func;
	append(&hooks[type], &hooks_tail[type], h);
}

/* 'func' runs for every call to a function named 'fn'. */
void add_function_hook(const char *fn, call_func func, void *data)
{
	struct hook *h = xmalloc(sizeof(*h));
	struct hook **p;

	h->fn = intern(fn);
	h->func = func;
	h->data = data;
	for (p = &fn_hooks[hash_ptr(h->fn)]; *p; p = &(*p)->next)
		;
	*p = h;
}

static void call_hook(enum hook_type type, struct hook *h, void *arg)
{
	switch (type) {
	case STMT_HOOK:
		((stmt_func)h->func)(arg);
		break;
	case FUNC_START_HOOK:
	case AFTER_FUNC_HOOK:
	case GAVE_UP_HOOK:
	case FILE_WALKED_HOOK:
	case END_FILE_HOOK:
	case AFTER_FILE_HOOK:
		((void_func)h->func)();
		break;
	case FORGET_FUNC_HOOK:
		((sym_func)h->func)(arg);
		break;
	default:
		((expr_func)h->func)(arg);
	}
}

/*
 * Runs 'fn' once on each path of *paths, making it the current path.
 * The paths it forks are kept after the one it ran on; dropped ones go.
 */
static void for_each_path(struct path_list **paths, void (*fn)(void *, void *), void *a, void *b)
{
	struct fn_ctx *ctx = cur_fn();
	struct path_list *out = NULL;
	struct path *p, *f;

	if (!ctx || !*paths)
		return;
	FOR_EACH_PTR(*paths, p) {
		bool kept = false;

		ctx->path = p;
		ctx->forks = NULL;
		fn(a, b);
		if (!p->dead) {
			add_ptr_list(&out, p);
			kept = true;
		}
		FOR_EACH_PTR(ctx->forks, f) {
			if (!f->dead) {
				add_ptr_list(&out, f);
				kept = true;
			}
		} END_FOR_EACH_PTR(f);
		free_ptr_list(&ctx->forks);
		/* a hook found the path impossible (values): not an end the walk saw */
		if (!kept)
			ctx->lost_paths = true;
	} END_FOR_EACH_PTR(p);
	ctx->path = NULL;
	free_ptr_list(paths);
	*paths = out;
	if (ptr_list_size((struct ptr_list *)out) > MAX_PATHS)
		normalize_paths(paths);
}

static enum hook_type running_type;

static void run_one(void *h, void *arg)
{
	call_hook(running_type, h, arg);
}

void run_hooks_on(enum hook_type type, void *arg, struct path_list **paths)
{
	struct hook *h;

	for (h = hooks[type]; h; h = h->next) {
		running_type = type;
		for_each_path(paths, run_one, h, arg);
	}
}

/* Hooks that do not concern one path (start/end of function or file). */
void run_hooks(enum hook_type type, void *arg)
{
	struct hook *h;

	for (h = hooks[type]; h; h = h->next)
		call_hook(type, h, arg);
}

static void run_fn_hook(void *h, void *call)
{
	struct hook *hook = h;

	((call_func)hook->func)(hook->fn, call, hook->data);
}

static void run_apply(void *unused, void *call)
{
	apply_call_summaries(call);
}

void run_call_hooks(struct expression *call)
{
	struct fn_ctx *ctx = cur_fn();
	const char *name = get_callee_name(call);
	struct hook *h;

	run_hooks_on(FUNCTION_CALL_HOOK, call, &ctx->paths);
	run_on_paths((void (*)(void *))forget_passed_addresses, call);
	if (name) {
		name = intern(name);
		for (h = fn_hooks[hash_ptr(name)]; h; h = h->next) {
			if (h->fn == name)
				for_each_path(&ctx->paths, run_fn_hook, h, call);
		}
	}
	for_each_path(&ctx->paths, run_apply, NULL, call);
	run_hooks_on(CALL_DONE_HOOK, call, &ctx->paths);
}

static void run_fn(void *fn, void *arg)
{
	((void (*)(void *))fn)(arg);
}

/* Runs an engine function once per current path. */
void run_on_paths(void (*fn)(void *), void *arg)
{
	for_each_path(&cur_fn()->paths, run_fn, fn, arg);
}

/*
 * Condition hooks run with the two sides of an undecided branch so that
 * checks can set different states on each with set_true_false_states().
 */
void run_condition_hooks(struct expression *expr, struct path *t, struct path *f)
{
	struct fn_ctx *ctx = cur_fn();
	struct hook *h;

	ctx->cond_true = t;
	ctx->cond_false = f;
	ctx->path = t;
	for (h = hooks[CONDITION_HOOK]; h; h = h->next)
		((expr_func)h->func)(expr);
	ctx->cond_true = ctx->cond_false = NULL;
	ctx->path = NULL;
}
