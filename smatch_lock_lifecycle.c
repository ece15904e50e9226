/*
 * smatch_lock_lifecycle.c: remembers, per path, which locks were destroyed
 * (a table "destroy" item: pthread_mutex_destroy() when it returns 0,
 * mutex_destroy()) and which were initialised (an "init" item, or an
 * assignment to the lock object, which is what spin_lock_init() is without
 * lock debugging), the last of the two, and tells the lifecycle hooks about
 * each destroy and init.
 * A lock is one object: the same key under the same name, no variable of
 * the name changed since.
 */
#include <string.h>
#include "smatch.h"
#include "smatch_internal.h"
#include "smatch_locking.h"

static int life_id;	/* lock key -> "destroyed NAME" or "initialised NAME", its data the name */

#define MAX_LIFE_HOOKS 4
static lock_life_hook life_hooks[MAX_LIFE_HOOKS];
static int nr_life_hooks;

void add_lock_life_hook(lock_life_hook fn)
{
	assert(nr_life_hooks < MAX_LIFE_HOOKS);
	life_hooks[nr_life_hooks++] = fn;
}

static const char *life_state_name(enum lock_life_action action, const char *name)
{
	return intern_fmt("%s %s", action == LOCK_DESTROY ? "destroyed" : "initialised", name);
}

/* Was the lock destroyed (LOCK_DESTROY) or initialised (LOCK_INIT) last on this path, under that name? */
bool lock_life_last(const char *key, const char *name, enum lock_life_action action)
{
	struct smatch_state *s = get_state(life_id, key, NULL);

	return s && s != &merged && s->data == name && s->name == life_state_name(action, name);
}

bool lock_destroyed(const char *key, const char *name)
{
	return lock_life_last(key, name, LOCK_DESTROY);
}

static void lock_life_forget(const char *key)
{
	delete_state(life_id, key, NULL);
}

/* Forgets the locks destroyed under a name that mentions 'var'; true if there were some. */
static bool forget_mentioning(const char *var, bool (*mentions)(const char *, const char *))
{
	struct sm_state_list *list = get_owner_states(life_id);
	struct sm_state *sm;
	bool found = false;

	FOR_EACH_PTR(list, sm) {
		if (sm->state->data && mentions(sm->state->data, var)) {
			lock_life_forget(sm->name);
			found = true;
		}
	} END_FOR_EACH_PTR(sm);
	free_ptr_list(&list);
	return found;
}

static bool same_name(const char *a, const char *b)
{
	return a == b;
}

bool lock_life_forget_name(const char *name)
{
	return forget_mentioning(name, same_name);
}

/* Tells the hooks, then records what the lock is now. */
static void lifecycle(struct expression *expr, const char *what, enum lock_life_action action,
		      const char *key, const char *name)
{
	struct lock_life_event ev = { expr, what, action, key, name };
	int i;

	for (i = 0; i < nr_life_hooks; i++)
		life_hooks[i](&ev);
	set_state(life_id, key, NULL, alloc_state_data(life_state_name(action, name), (void *)name));
}

/* A table "destroy" or "init" item at a call. */
static void apply_life_item(struct expression *call, struct summary_item *item)
{
	const char *name, *key = lock_item_target(call, item, &name);

	if (key)
		lifecycle(call, get_callee_name(call), strcmp(item->type, "destroy") ? LOCK_INIT : LOCK_DESTROY,
			  key, name);
}

/*
 * "*(lock) = (spinlock_t){ ... }" (spin_lock_init() without lock debugging),
 * "q->lock = (pthread_mutex_t)PTHREAD_MUTEX_INITIALIZER": a whole lock
 * object assigned is initialised, when it is a lock this path knows (held,
 * or destroyed).
 */
static void match_assign(struct expression *expr)
{
	struct expression *left = strip_expr(expr->left), *addr;
	struct symbol *type = get_real_type(left);
	const char *key, *name;

	if (expr->op != '=' || !type || (type->type != SYM_STRUCT && type->type != SYM_UNION))
		return;
	if (left->type == EXPR_PREOP && left->op == '*')
		addr = left->unop;
	else if (left->type == EXPR_SYMBOL)
		addr = left;	/* a symbol expression stands for its address */
	else
		return;
	key = lock_expr_key(addr, &name);
	if (!key || (!lock_held_as(key, name) && !lock_destroyed(key, name)))
		return;
	lifecycle(expr, NULL, LOCK_INIT, key, name);
}

/*
 * "d = next": a lock destroyed under a name that mentions d is another
 * object's now ("&m" passed to a call changes no name; "&p" may re-point p).
 */
static void match_var_change(const char *var, struct symbol *sym, enum var_change how)
{
	if (how != VAR_ADDRESS_PASSED || is_pointer_type(sym))
		forget_mentioning(var, name_mentions);
}

void register_lock_lifecycle(void)
{
	life_id = register_owner("lock_life");
	add_summary_apply_hook("destroy", &apply_life_item);
	add_summary_apply_hook("init", &apply_life_item);
	add_hook(&match_assign, ASSIGNMENT_HOOK);
	add_var_change_hook(&match_var_change);
}
