/*
 * smatch_locking.c: tracks on each path which locks are held.  Locks are
 * keyed by type ("struct foo.lock" for &dev->lock, however dev is reached)
 * or by symbol for globals; calls that lock or unlock (table functions,
 * helpers summarised in this file) fire the lock and unlock hooks.
 */
#include <string.h>
#include <stdio.h>
#include "smatch.h"
#include "smatch_internal.h"
#include "smatch_locking.h"
#include "smatch_db.h"

static int lock_id;	/* key -> depth state: "unlocked", "locked", "locked (2)" */
static int held_id;	/* key -> present while the lock may be held: the index of held_lock_states() */
static int named_id;	/* "word|key": the holder's name has the identifier word, for lock_mark_stale_names() */
static int holder_id;	/* key -> who holds it: name as written and as parameter */
static int entry_id;	/* key -> "held on entry" when the first operation was an unlock,
			   or "held by the callers" when the database says so */
static int via_id;	/* key -> the calls down to the lock function that last took or released it */

/* Who holds a lock on a path: the name as written and relative to parameters. */
struct holder {
	const char *name;
	const char *param_name;	/* relative to the parameters ("&$0->lock"), or NULL */
	struct lock_value value;	/* its kind and nesting, or a callee's unknown_lock value */
	enum key_scope scope;
	bool stale;		/* a variable in the name changed since: maybe another object */
	bool from_callers;	/* held on entry by every caller: named as they wrote it, or
				   from this function's parameters when they all pass it */
	const char *callers;	/* those callers: "a(), b()" */
	const char *ret_name;	/* a callee's name of it through the value it returns ("&$ret->lock") */
	struct expression *value_of;	/* that call, while no variable keeps its value, or NULL */
};

#define MAX_LOCK_HOOKS 16
static lock_hook lock_hooks[MAX_LOCK_HOOKS], unlock_hooks[MAX_LOCK_HOOKS];
static int nr_lock_hooks, nr_unlock_hooks;

void add_lock_hook(lock_hook fn)
{
	assert(nr_lock_hooks < MAX_LOCK_HOOKS);
	lock_hooks[nr_lock_hooks++] = fn;
}

void add_unlock_hook(lock_hook fn)
{
	assert(nr_unlock_hooks < MAX_LOCK_HOOKS);
	unlock_hooks[nr_unlock_hooks++] = fn;
}

int lock_owner(void)
{
	return lock_id;
}

/* Lock states carry their depth + 1 as data, so that 0 means "not a lock state". */
static struct smatch_state *depth_state(int depth)
{
	struct smatch_state *s;

	if (depth == 0)
		s = alloc_state_name("unlocked");
	else if (depth == 1)
		s = alloc_state_name("locked");
	else
		s = alloc_state_name(intern_fmt("locked (%d)", depth));
	s->data = (void *)(intptr_t)(depth + 1);
	return s;
}

int lock_depth(struct smatch_state *state)
{
	if (!state || !state->data)
		return -1;
	return (int)(intptr_t)state->data - 1;
}

/*
 * Sets a lock's state on the path, and keeps the index of the locks that
 * may be held: what asks about held locks at every call or assignment
 * lists those, not every lock the function ever touched.
 */
static void set_lock_state(const char *key, struct smatch_state *state)
{
	set_state(lock_id, key, NULL, state);
	if (lock_depth(state) == 0)
		delete_state(held_id, key, NULL);
	else
		set_state(held_id, key, NULL, &merged);
	if (state == &merged)
		lock_forget_own(key);
}

/* The lock states of the locks that may be held on the path (locked or unknown), in key order. */
struct sm_state_list *held_lock_states(void)
{
	struct sm_state_list *index = get_owner_states(held_id), *res = NULL;
	struct sm_state *sm;

	FOR_EACH_PTR(index, sm) {
		struct sm_state *lock = get_sm_state(lock_id, sm->name, NULL);

		if (lock && lock_depth(lock->state) != 0)
			add_ptr_list(&res, lock);
	} END_FOR_EACH_PTR(sm);
	free_ptr_list(&index);
	return res;
}

/* held_lock_states(), and the locks released here that were held on entry. */
struct sm_state_list *path_lock_states(void)
{
	struct sm_state_list *list = held_lock_states(), *entries = get_owner_states(entry_id);
	struct sm_state *sm;

	FOR_EACH_PTR(entries, sm) {
		struct sm_state *lock = get_sm_state(lock_id, sm->name, NULL);

		if (lock && lock_depth(lock->state) == 0)
			add_ptr_list(&list, lock);
	} END_FOR_EACH_PTR(sm);
	free_ptr_list(&entries);
	return list;
}

bool lock_held_on_entry(const char *key)
{
	return get_state(entry_id, key, NULL) != NULL;
}

/* "Held on entry" states count the locks of the type the function released. */
static struct smatch_state *entry_state(int releases)
{
	struct smatch_state *s;

	s = alloc_state_name(releases == 1 ? "held on entry" : intern_fmt("held on entry (%d)", releases));
	s->data = (void *)(intptr_t)releases;
	return s;
}

/* The entry state of a lock that all the callers hold (match_func_start()). */
static struct smatch_state *callers_state(void)
{
	struct smatch_state *s = alloc_state_name("held by the callers");

	s->data = (void *)(intptr_t)1;
	return s;
}

static int entry_releases(const char *key)
{
	struct smatch_state *s = get_state(entry_id, key, NULL);

	return s && s != &merged ? (int)(intptr_t)s->data : 0;
}

static struct holder *get_holder(const char *key)
{
	struct smatch_state *s = get_state(holder_id, key, NULL);

	return s && s != &merged ? s->data : NULL;
}

const char *lock_holder_name(const char *key)
{
	struct holder *h = get_holder(key);

	return h ? h->name : key;
}

/* The holder's name relative to the parameters ("&$0->area->priv->lock"), or NULL. */
const char *lock_holder_param(const char *key)
{
	struct holder *h = get_holder(key);

	return h ? h->param_name : NULL;
}

const char *lock_holder_callers(const char *key)
{
	struct holder *h = get_holder(key);

	return h && h->from_callers ? h->callers : NULL;
}

bool lock_holder_stale(const char *key)
{
	struct holder *h = get_holder(key);

	return h && h->stale;
}

bool lock_named_now(const char *key)
{
	struct holder *h = get_holder(key);

	return h && !h->stale;
}

/* Is the lock held on this path, last taken under 'name' (so the same object)? */
bool lock_held_as(const char *key, const char *name)
{
	struct holder *h = get_holder(key);

	return lock_depth(get_state(lock_id, key, NULL)) > 0 && h && h->name == name && !h->stale;
}

const struct lock_kind *lock_holder_kind(const char *key)
{
	struct holder *h = get_holder(key);

	return h ? h->value.kind : NULL;
}

/*
 * The call whose value names the lock while no variable keeps it, or
 * NULL; '*ret_name' is that callee's name of it ("&$ret->lock").
 */
struct expression *lock_holder_value_of(const char *key, const char **ret_name)
{
	struct holder *h = get_holder(key);

	*ret_name = h ? h->ret_name : NULL;
	return h ? h->value_of : NULL;
}

bool lock_key_is_local(const char *key)
{
	struct holder *h = get_holder(key);

	return h && h->scope == KEY_LOCAL;
}

static struct smatch_state *holder_state(struct holder *h)
{
	struct smatch_state *s = alloc_state_name(intern_fmt("%s|%s|%s|%d|%d|%d|%s|%s|%p", h->name,
					h->param_name ? h->param_name : "", format_lock_value(&h->value),
					h->scope, h->stale,
					h->from_callers, h->callers ? h->callers : "",
					h->ret_name ? h->ret_name : "", (void *)h->value_of));

	if (!s->data) {
		struct holder *copy = xmalloc(sizeof(*copy));

		*copy = *h;
		s->data = copy;
	}
	return s;
}

static void set_holder(const char *key, struct holder *h)
{
	const char *p = h->name;

	set_state(holder_id, key, NULL, holder_state(h));
	/* index the name by its identifiers: a change of one finds the locks it names */
	while (p && *p) {
		const char *start = p;

		while (is_ident_char(*p))
			p++;
		if (p > start && !(*start >= '0' && *start <= '9'))
			set_state(named_id, intern_fmt("%.*s|%s", (int)(p - start), start, key), NULL, &merged);
		if (p == start)
			p++;
	}
}

/* The value of the call that names the lock is kept now: the lock is named as 'name' and 'param' say. */
void lock_holder_named(const char *key, const char *name, const char *param)
{
	struct holder *h = get_holder(key), copy;

	if (!h || !name)
		return;
	copy = *h;
	copy.name = name;
	copy.param_name = param;
	copy.stale = false;
	copy.value_of = NULL;
	set_holder(key, &copy);
}

/*
 * The name the lock was taken under may mean another object now (a
 * pointer in it may have been re-pointed), or the holder's own lock was
 * released while the type is still counted held: another object's lock
 * of the type holds it now, by a name not known.
 */
void lock_mark_stale(const char *key)
{
	struct holder *h = get_holder(key), copy;

	if (!h || h->stale)
		return;
	copy = *h;
	copy.stale = true;
	set_holder(key, &copy);
}

/*
 * Paths that took one lock type under two names join ("if (a < b) lock a
 * then b, else b then a", or one path released and took again the lock
 * its callers hold): the lock is still held, by one object or the other,
 * so one name stays (the first in order), marked stale.
 */
static struct smatch_state *merge_holders(struct smatch_state *a, struct smatch_state *b)
{
	struct holder *ha = a->data, *hb = b->data, copy;

	if (!ha || !hb || ha->scope != hb->scope)
		return &merged;
	/* the callers' holder has no kind: the other one says it */
	if (!ha->value.kind || !hb->value.kind)
		copy = ha->value.kind ? *ha : *hb;
	else if (ha->value.kind != hb->value.kind)
		return &merged;
	else if (!same_lock_value(&ha->value, &hb->value))
		/* "if (!mutex_trylock(l)) mutex_lock_nested(l, 0);": taken nested on one path */
		copy = ha->value.nested ? *ha : *hb;
	else
		copy = strcmp(a->name, b->name) <= 0 ? *ha : *hb;
	copy.stale = true;
	return holder_state(&copy);
}

/* ---- lock keys ------------------------------------------------------- */

/* Does a summary item's lock name reach the lock through a parameter ("&$0->lock")? */
static bool names_param(const char *name)
{
	return name && strchr(name, '$');
}

/* Does a summary item's lock name reach the lock through the value the callee returns ("&$ret->lock")? */
static bool names_return(const char *name)
{
	return name && strstr(name, RET_NAME);
}

/* Is a summary item's lock of an object of the callee's own ("&tl->mutex" of its local tl)? */
static bool callee_local_item(const char *key, const char *name)
{
	return lock_key_is_type(key) && !names_param(name);
}

/* A lock whose state on this path is not known any more (an escape). */
void lock_set_unknown(const char *key)
{
	set_lock_state(key, &merged);
}

/* A lock this path no longer says anything of: as if never taken nor released here. */
void lock_set_untouched(const char *key)
{
	delete_state(lock_id, key, NULL);
	delete_state(held_id, key, NULL);
}

/* The line where this path last changed who holds the lock (took it, or its name went stale), or 0. */
int lock_holder_line(const char *key)
{
	struct sm_state *sm = get_sm_state(holder_id, key, NULL);

	return sm ? sm->line : 0;
}

/*
 * After "rnp = rnp->parent", "&rnp->lock" names another lock than the one
 * taken before under that name.  'spare', if given, keeps the locks it
 * says still have their name (a callee took them through the new value).
 */
void lock_mark_stale_names(const char *var, bool (*spare)(const char *key))
{
	struct sm_state_list *list;
	struct sm_state *sm;

	const char *word;
	size_t len;

	if (!var)
		return;
	/* a name that mentions var has var's first identifier */
	word = var + strcspn(var, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ_");
	for (len = 0; is_ident_char(word[len]); len++)
		;
	if (!len)
		return;
	list = get_owner_states_prefixed(named_id, intern_fmt("%.*s|", (int)len, word));
	FOR_EACH_PTR(list, sm) {
		const char *key = intern(sm->name + len + 1);
		struct holder *h = get_holder(key);

		if (!h || h->stale || !name_mentions(h->name, var) || (spare && spare(key)))
			continue;
		rule_applied(DEBUG_LOCKING, cur_fn()->cur_pos, "name-reassigned",
			     "'%s' may name another object now that '%s' changed", h->name, var);
		lock_mark_stale(key);
	} END_FOR_EACH_PTR(sm);
	free_ptr_list(&list);
}

/* ---- taking and releasing ------------------------------------------- */

static void fire(lock_hook *hooks, int nr, struct lock_event *ev)
{
	int i;

	for (i = 0; i < nr; i++)
		hooks[i](ev);
}

static void fill_event(struct lock_event *ev, struct expression *call, const char *key,
		       const char *name, const struct lock_value *value, const char *via, bool conditional)
{
	struct holder *h = get_holder(key);
	struct sm_state *sm = get_sm_state(lock_id, key, NULL);

	memset(ev, 0, sizeof(*ev));
	ev->call = call;
	ev->key = key;
	ev->name = name;
	ev->kind = value->kind;
	ev->via = via;
	ev->conditional = conditional;
	ev->nested = value->nested;
	ev->before = sm;
	ev->holder = h ? h->name : NULL;
	ev->holder_stale = h && h->stale;
	ev->holder_callers = h && h->from_callers ? h->callers : NULL;
	ev->holder_line = sm ? sm->line : 0;
	ev->held_as_named = lock_held_here_as(key, name);
}

/* One lock operation at a call, as a callee's summary item says it. */
struct lock_op {
	struct expression *call;
	struct expression *lock;	/* as in lock_event */
	const char *key, *name, *param;
	const char *ret_name;	/* the item's name, when it is through the call's value ("&$ret->lock") */
	struct lock_value value;	/* as the callee's item says, nested as the call is written */
	const char *via;	/* as in lock_event */
	const char *chain;	/* the calls from here: the callee, then 'via' */
	enum key_scope scope;
	bool conditional;
	bool callee_local;	/* as in lock_event */
};

/* The event for the hooks and the holder the lock will have; false for an unknown kind. */
static bool start_op(struct lock_op *op, struct lock_event *ev, struct holder *h)
{
	fill_event(ev, op->call, op->key, op->name, &op->value, op->via, op->conditional);
	ev->lock = op->lock;
	ev->callee_local = op->callee_local;
	ev->param = op->param;
	ev->trylock = op->value.trylock;
	if (!ev->kind)
		return false;
	memset(h, 0, sizeof(*h));
	h->name = op->name;
	h->param_name = op->param;
	h->scope = op->scope;
	h->ret_name = op->ret_name;
	h->value_of = op->ret_name ? op->call : NULL;
	h->value = (struct lock_value){ .kind = ev->kind, .count = 1, .nested = ev->nested };
	ev->local = op->scope == KEY_LOCAL;
	return true;
}

static void do_lock(struct lock_op *op)
{
	struct lock_event ev;
	struct holder h;
	int depth;

	if (!start_op(op, &ev, &h))
		return;
	fire(lock_hooks, nr_lock_hooks, &ev);
	depth = ev.before ? lock_depth(ev.before->state) : 0;
	if (depth < 0)
		depth = 0;
	/*
	 * The same lock again deadlocks: what follows is counted once.  (Not
	 * one the callers hold: this function takes it, its summary says so.)
	 */
	if (depth > 0 && !ev.kind->recursive && !ev.nested && ev.holder == op->name && !ev.holder_stale &&
	    !ev.holder_callers)
		depth--;
	set_lock_state(op->key, depth_state(depth + 1));
	set_holder(op->key, &h);
	set_state(via_id, op->key, NULL, alloc_state_name(op->chain));
}

/*
 * "spin_unlock(q->lock_ptr)" where nothing says what lock_ptr points to,
 * with a spinlock taken here: it may be that one, which is unknown after.
 */
static void forget_maybe_released(struct lock_op *op)
{
	const struct lock_kind *kind = op->value.kind;
	struct sm_state_list *list;
	struct sm_state *sm;

	if (op->key[0] != '*')
		return;
	list = held_lock_states();
	FOR_EACH_PTR(list, sm) {
		if (sm->name == op->key || lock_depth(sm->state) <= 0 || lock_holder_kind(sm->name) != kind)
			continue;
		rule_applied(DEBUG_LOCKING, cur_fn()->cur_pos, "lock-pointer-unknown",
			     "'%s' unknown: '%s' may point to it", lock_holder_name(sm->name), op->name);
		set_lock_state(sm->name, &merged);
	} END_FOR_EACH_PTR(sm);
	free_ptr_list(&list);
}

static void do_unlock(struct lock_op *op)
{
	struct lock_event ev;
	struct holder h;
	int depth;

	if (!start_op(op, &ev, &h))
		return;
	fire(unlock_hooks, nr_unlock_hooks, &ev);
	lock_history_released(op->key, op->name, op->call);
	if (!ev.before || ev.before->state == &undefined) {
		/* released without being taken here: the caller held it */
		rule_applied(DEBUG_LOCKING, cur_fn()->cur_pos, "held-on-entry",
			     "'%s' released without being taken: the caller held it", op->name);
		forget_maybe_released(op);
		set_state(entry_id, op->key, NULL, entry_state(1));
		set_holder(op->key, &h);
		depth = 0;
	} else if (lock_depth(ev.before->state) == 0 && lock_held_on_entry(op->key) &&
		   ev.holder != op->name) {
		/* another object's lock of this type, also held by the caller */
		set_state(entry_id, op->key, NULL, entry_state(entry_releases(op->key) + 1));
		set_holder(op->key, &h);
		depth = 0;
	} else {
		depth = lock_depth(ev.before->state);
		depth = depth > 0 ? depth - 1 : 0;
		if (get_holder(op->key) && get_holder(op->key)->from_callers)
			set_holder(op->key, &h);	/* now named as it is released */
		else if (depth > 0 && ev.holder == op->name)
			lock_mark_stale(op->key);
	}
	set_lock_state(op->key, depth_state(depth));
	set_state(via_id, op->key, NULL, alloc_state_name(op->chain));
}

/* Two paths joined: of two chains, the first in name order (any would do). */
static struct smatch_state *merge_via(struct smatch_state *a, struct smatch_state *b)
{
	if (a == &undefined || a == &merged)
		return b;
	if (b == &undefined || b == &merged)
		return a;
	return strcmp(a->name, b->name) <= 0 ? a : b;
}

/* The calls through which the lock 'key' was last taken or released here. */
static const char *via_chain(const char *key)
{
	struct smatch_state *s = get_state(via_id, key, NULL);

	return s && s != &merged ? s->name : "";
}

/*
 * One lock written two ways: "&f->area->priv->lock" where the holder is
 * "&o->lock" and o holds a copy of f->area->priv.  Both name
 * "&$0->area->priv->lock" relative to the parameters: the holder's name.
 */
static const char *holder_name_of(const char *key, const char *name, const char *param)
{
	struct holder *h = key ? get_holder(key) : NULL;

	return h && param && h->param_name == param && !h->stale ? h->name : name;
}

/*
 * The lock a callee's summary item names, as this call reaches it; 'side'
 * (one side of a "?:" argument), if not NULL, stands for the argument.
 */
static const char *item_lock(struct expression *call, struct summary_item *item,
			     struct expression *side, const char **name, const char **param,
			     enum key_scope *scope, struct expression **lock)
{
	const char *key = item->key;

	*lock = NULL;
	if (key[0] == '$') {
		struct expression *arg = side ? side : get_argument(call, atoi(key + 1));

		if (!arg)
			return NULL;
		key = lock_key_of(arg, scope);
		arg = lock_named_expr(arg);
		*lock = arg;
		*param = lock_param_relative(arg);
		*name = holder_name_of(key, expr_to_str(arg), *param);
		return key;
	}
	*param = subst_param_relative(item->name, call);
	*name = holder_name_of(key, subst_param_name(item->name, call), *param);
	*scope = lock_key_is_type(key) ? KEY_TYPE : KEY_GLOBAL;
	return key;
}

/* The lock a callee's summary item names at a call, and its name as written. */
const char *lock_item_target(struct expression *call, struct summary_item *item, const char **name)
{
	const char *param;
	enum key_scope scope;
	struct expression *lock;

	return item_lock(call, item, NULL, name, &param, &scope, &lock);
}

/*
 * The kernel's guard(mutex)(&m) and scoped_guard() take a lock in
 * class_*_constructor() and release it in a destructor that the compiler
 * calls when the variable goes out of scope; Sparse does not keep the
 * cleanup attribute, so what the constructor takes is not tracked.
 */
static bool is_guard_constructor(struct expression *call)
{
	const char *fn = get_callee_name(call);
	size_t len = fn ? strlen(fn) : 0;

	return len > 18 && !strncmp(fn, "class_", 6) && !strcmp(fn + len - 12, "_constructor");
}

/*
 * Does the function name as written at the call (before macros) contain
 * 'part'?  The callee's position is the name's, or the macro's.
 */
static bool written_name_has(struct expression *call, const char *part)
{
	const char *written = source_name_at(call->fn->pos);

	return written && strstr(written, part);
}

/*
 * down_read_non_owner(): taken for another task, which releases it.
 * Without lockdep the kernel makes it a plain down_read(): the name as
 * written tells.
 */
static bool is_non_owner_call(struct expression *call)
{
	return written_name_has(call, "_non_owner");
}

/* Is the call written as a _nested or _nest_lock variant? */
static bool written_nested(struct expression *call)
{
	return written_name_has(call, "_nested") || written_name_has(call, "_nest_lock");
}

/*
 * Without lockdep the kernel's spin_lock_nested(l, subclass) becomes
 * _raw_spin_lock(((void)(subclass), (l))): the comma is the annotation;
 * and mutex_lock_nested(l, subclass) becomes mutex_lock(l): the name tells.
 */
static bool is_nested_arg(struct expression *call, struct summary_item *item)
{
	struct expression *arg;

	if (written_nested(call))
		return true;
	if (item->key[0] != '$')
		return false;
	arg = strip_expr(get_argument(call, atoi(item->key + 1)));
	return arg && arg->type == EXPR_COMMA;
}

/*
 * With lockdep it is the other way round: mutex_lock(l) becomes
 * mutex_lock_nested(l, 0), which the table lists as nested.  A call
 * written without "_nested" or "_nest_lock" is a plain lock.
 */
static bool written_plain(struct expression *call)
{
	return is_table_summary(call) && source_name_at(call->fn->pos) && !written_nested(call);
}

/* Does the path hold a lock of 'key' this function took, beyond the one its callers hold? */
static bool holds_own(const char *key)
{
	struct smatch_state *state = get_state(lock_id, key, NULL);
	int base = get_state(entry_id, key, NULL) == callers_state();

	if (!state || state == &undefined)
		return false;
	return lock_depth(state) < 0 || lock_depth(state) > base;
}

/* A callee that may or may not have taken or released the lock. */
static void apply_unknown_item(struct expression *call, struct summary_item *item)
{
	const char *key, *name, *param;
	struct expression *lock;
	enum key_scope scope;

	key = item_lock(call, item, NULL, &name, &param, &scope, &lock);
	if (!key || is_guard_constructor(call))
		return;
	rule_applied(DEBUG_LOCKING, cur_fn()->cur_pos, "unknown-after-callee",
		     "'%s' may or may not be held after '%s()'", name, call_label(call));
	if (!strcmp(item->type, "unknown_unlock") && !holds_own(key) &&
	    !lock_callers_can_name(key, param ? param : name))
		lock_member_maybe_released(call, item, key, name);
	set_lock_state(key, &merged);
	if (!get_holder(key)) {
		struct holder h = { .name = name, .param_name = param, .scope = scope,
				    .value = parse_lock_value(item->value),
				    .ret_name = names_return(item->name) ? item->name : NULL,
				    .value_of = names_return(item->name) ? call : NULL };

		set_holder(key, &h);	/* so that this function's callers learn it too */
	}
}

/* Applies a "lock"/"unlock" summary item of a callee at a call, to the lock 'side' if not NULL. */
static void apply_lock_op(struct expression *call, struct summary_item *item, struct expression *side)
{
	bool lock = !strcmp(item->type, "lock");
	int depth;
	const char *callee = call_label(call);
	struct lock_op op = {
		.call = call,
		.value = parse_lock_value(item->value),
		.via = *item->via ? intern_fmt("%s -> %s", callee, item->via) : NULL,
		.conditional = !call_item_on_every_return(call, item->type, item->key),
		/* a callee's object it returns: which one is not known before the value is kept */
		.callee_local = callee_local_item(item->key, item->name) || names_return(item->name),
		.ret_name = names_return(item->name) ? item->name : NULL,
	};

	assert(callee);		/* only named calls, and known pointers, have summaries */
	op.chain = op.via ? op.via : intern(callee);
	op.key = item_lock(call, item, side, &op.name, &op.param, &op.scope, &op.lock);
	if (!op.key || is_guard_constructor(call) || is_non_owner_call(call))
		return;
	if (lock && is_trylock(callee))
		op.value.trylock = true;
	if (lock && op.value.nested && written_plain(call))
		op.value.nested = false;
	else if (lock && is_nested_arg(call, item))
		op.value.nested = true;
	if (lock)
		do_lock(&op);
	else
		do_unlock(&op);
	if (lock && op.value.handed)
		lock_history_handed(op.key);
	/* the other locks of the same type it took or released, under other names */
	if (op.value.count > 1 && (depth = lock_depth(get_state(lock_id, op.key, NULL))) >= 0) {
		depth += lock ? op.value.count - 1 : 1 - op.value.count;
		set_lock_state(op.key, depth_state(depth > 0 ? depth : 0));
	}
}

bool lock_item_event(struct expression *call, struct summary_item *item, struct lock_event *ev)
{
	const char *callee = call_label(call);
	struct lock_op op = { .call = call, .value = parse_lock_value(item->value) };
	struct holder h;

	op.key = item_lock(call, item, NULL, &op.name, &op.param, &op.scope, &op.lock);
	if (!op.key || !callee || is_guard_constructor(call) || is_non_owner_call(call))
		return false;
	op.via = *item->via ? intern_fmt("%s -> %s", callee, item->via) : intern(callee);
	op.chain = op.via;
	if (is_nested_arg(call, item))
		op.value.nested = true;
	return start_op(&op, ev, &h);
}

/* The "c ? &a : &b" argument an item names at a call, or NULL. */
static struct expression *lock_choice(struct expression *call, struct summary_item *item)
{
	struct expression *arg;

	if (item->key[0] != '$')
		return NULL;
	arg = normalize_lock_expr(get_argument(call, atoi(item->key + 1)));
	if (!arg || (arg->type != EXPR_CONDITIONAL && arg->type != EXPR_SELECT) || !arg->cond_true)
		return NULL;
	return arg;
}

/*
 * "up(ent->page_queue ? &cmd->pages_sem : &cmd->sem)" (mlx5's
 * cmd_ent_put()): the path forks on the condition and each side takes or
 * releases its own lock; a side the path's facts rule out is dropped.
 * The callee's items after this one go to the original path only (table
 * functions have just the one).
 */
static void apply_lock_item(struct expression *call, struct summary_item *item)
{
	struct expression *choice = lock_choice(call, item);
	struct path *orig = cur_fn()->path, *other;

	if (!choice) {
		apply_lock_op(call, item, NULL);
		return;
	}
	other = fork_path();
	switch_to_path(other);
	if (path_assume(other, choice->conditional, SPECIAL_EQUAL, rl_range(0, 0)))
		apply_lock_op(call, item, choice->cond_false);
	else
		drop_path();
	switch_to_path(orig);
	if (path_assume(orig, choice->conditional, SPECIAL_NOTEQUAL, rl_range(0, 0)))
		apply_lock_op(call, item, choice->cond_true);
	else
		drop_path();
}

/* ---- what a function does to locks, for its callers ----------------- */

/*
 * "path->nodes[level] = c; path->locks[level] = BTRFS_WRITE_LOCK;" (btrfs
 * insert_new_root()): a lock returned with its object stored in the
 * caller's memory, or, when no parameter names it, with its holding
 * recorded there, is the caller's to release through that memory: the
 * item's value says "handed" to the callers, which hand it on in turn.
 * (A lock a parameter names, "&dev->lock" with "dev->busy = 1", is no
 * such record: the callers release it by its name.)
 */
static bool handed_to_caller(const char *key, struct holder *h)
{
	return lock_handed_over(key) || (lock_record(key) && !names_param(h->param_name));
}

/* The value of a "lock" or "unlock" item of 'count' locks a holder's type. */
static const char *counted_value(struct holder *h, int count, bool handed)
{
	struct lock_value v = h->value;

	v.count = count;
	v.handed |= handed;
	return format_lock_value(&v);
}

/*
 * Is a lock named "&c->m" that of an object a local variable 'c' of the
 * function being analysed points to (not a parameter, not a global)?
 */
static bool named_by_local(const char *name)
{
	struct ident *base;
	struct symbol *sym;
	size_t len;

	name += strspn(name, "&*( ");
	len = strspn(name, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_");
	if (!len)
		return false;
	base = built_in_ident(intern_fmt("%.*s", (int)len, name));
	FOR_EACH_PTR(get_real_base_type(cur_fn()->sym)->arguments, sym) {
		if (sym->ident == base)
			return false;
	} END_FOR_EACH_PTR(sym);
	FOR_EACH_PTR(file_symbols(), sym) {
		if (sym->ident == base)
			return false;
	} END_FOR_EACH_PTR(sym);
	return true;
}

bool lock_callers_can_name(const char *key, const char *name)
{
	return !callee_local_item(key, name) || !named_by_local(name);
}

/*
 * "May or may not hold &ac->ac_lg->lg_mutex" after a callee took the lock of
 * an object of its own and maybe released it (ext4_xattr_get()): the callers
 * can neither name nor hold that object, so the doubt stops at this
 * function's boundary instead of spreading up the call graph (where it kept
 * the database from settling).
 */
static bool stops_at_boundary(const char *key, const char *name)
{
	if (lock_callers_can_name(key, name))
		return false;
	rule_applied(DEBUG_LOCKING, cur_fn()->cur_pos, "callee-boundary",
		     "'%s' may or may not be held: not told to the callers", name);
	return true;
}

/*
 * "May or may not have preemption (interrupts, softirqs, an RCU read side)
 * off" at a return: this function's own code leaves the count in a state
 * smatch cannot tell (a retry loop, conditions it cannot correlate).  A
 * caller can neither take nor give back that count for it, and told of the
 * doubt it only became doubtful in turn, up the call graph: 9,080 functions
 * of kernel/, fs/ext4/ and net/ipv4/ had a preempt doubt, and the database
 * never settled.  What a callee surely does (local_irq_save() wrappers,
 * get_cpu()) still travels, as lock and unlock items.
 */
static bool section_doubt_stops(struct holder *h, const char *name)
{
	if (!h->value.kind || h->value.kind->atomic != ATOMIC_SECTION)
		return false;
	rule_applied(DEBUG_LOCKING, cur_fn()->cur_pos, "section-doubt-boundary",
		     "'%s' may or may not be off: not told to the callers", name);
	return true;
}

const char *lock_summary_key(const char *key, bool local, const char *param)
{
	if (!local)
		return key;
	if (param && param[0] == '$' && !strchr(param, '-'))
		return param;	/* the lock is the parameter itself */
	return NULL;		/* means nothing to the caller */
}

/*
 * At each return: the locks this path took (and still holds) or released
 * (having been held on entry) become items of the function's summary, and
 * those it may or may not hold (after a callee that did either) "unknown_lock".
 */
static void record_return_locks(void)
{
	struct sm_state_list *list = get_owner_states(lock_id);
	struct sm_state *sm;
	struct expression *ret = strip_expr(summary_return_expr());
	struct member_info mi;
	enum key_scope scope;
	const char *key, *name, *via;

	FOR_EACH_PTR(list, sm) {
		struct holder *h = get_holder(sm->name);
		int depth = lock_depth(sm->state);
		bool entry = lock_held_on_entry(sm->name);
		/* held by the callers: what this function took is above that */
		int base = get_state(entry_id, sm->name, NULL) == callers_state();
		/* two inodes' locks of one type taken together count twice */
		bool held = (!entry || base) && depth > base, released = entry && depth == 0;

		if (!h || !(key = lock_summary_key(sm->name, h->scope == KEY_LOCAL, h->param_name)))
			continue;
		if ((depth >= 0 && !held && !released) || !(name = lock_summary_name(sm->name, ret, released)))
			continue;
		via = via_chain(sm->name);
		/* a callee that may or may not have released it: callers cannot know either */
		if (depth < 0) {
			if (!stops_at_boundary(key, name) && !section_doubt_stops(h, name))
				summary_add_item("unknown_lock", key, name, format_lock_value(&h->value), via);
		} else if (held)
			summary_add_item("lock", key, name,
					 counted_value(h, depth - base, handed_to_caller(sm->name, h)), via);
		else
			summary_add_item("unlock", key, name, counted_value(h, entry_releases(sm->name), false),
					 via);
	} END_FOR_EACH_PTR(sm);
	free_ptr_list(&list);
	/* a helper like rq_lockp() that returns the address of a lock */
	if (ret && get_member_address(ret, &mi) && (key = lock_member_key(&mi, &scope)) && scope == KEY_TYPE)
		summary_add_item("lock_ptr", key, "", "", "");
}

/*
 * A function that all its callers call with a lock held (the file's own
 * calls for a static function whose address is never taken, else the
 * database's, at least one caller) starts with it held on entry.  When
 * every call passes the lock's object as the same argument, it is named
 * from this function's parameter; otherwise by the callers' name, marked
 * stale: a lock taken here under any name may be another object's, until
 * it is released.
 */
static void match_func_start(void)
{
	struct fn_ctx *c = cur_fn();
	struct caller_lock *cl;

	for (cl = callers_held_locks(); cl; cl = cl->next) {
		const char *mine = cl->param ? lock_name_in_callee(cl->param) : NULL;
		struct holder h = {
			.name = mine ? mine : cl->name, .param_name = mine ? cl->param : NULL,
			.stale = !mine, .from_callers = true, .callers = cl->caller_names,
			.scope = lock_key_is_type(cl->lock[0] == '*' ? cl->lock + 1 : cl->lock) ? KEY_TYPE : KEY_GLOBAL,
		};

		if (cl->callers < 1 || cl->always != cl->callers)
			continue;
		rule_applied(DEBUG_LOCKING, c->pos, "held-by-callers",
			     "'%s' held on entry: every caller holds it (%d)", h.name, cl->callers);
		set_lock_state(cl->lock, depth_state(1));
		set_state(entry_id, cl->lock, NULL, callers_state());
		set_holder(cl->lock, &h);
	}
}

void register_locking(void)
{
	lock_id = register_owner("lock");
	held_id = register_owner("lock_held");
	named_id = register_owner("lock_named");
	set_owner_facts(named_id);
	holder_id = register_owner("lock_holder");
	set_owner_facts(holder_id);
	add_merge_hook(holder_id, &merge_holders);
	entry_id = register_owner("lock_entry");
	via_id = register_owner("lock_via");
	set_owner_facts(via_id);
	add_merge_hook(via_id, &merge_via);
	load_lock_table();
	/* its assignments see the lock before match_assign() marks its name stale */
	register_lock_lifecycle();
	register_lock_keys();
	/* its assignments rename after those of register_lock_keys() marked the old names stale */
	register_lock_returned();
	add_hook(&match_func_start, FUNC_START_HOOK);
	add_summary_apply_hook("lock", &apply_lock_item);
	add_summary_apply_hook("unlock", &apply_lock_item);
	add_summary_apply_hook("unknown_lock", &apply_unknown_item);
	add_summary_apply_hook("unknown_unlock", &apply_unknown_item);
	add_return_summary_hook(&record_return_locks);
	register_lock_history();
	register_lock_branches();
	register_lock_escape();
	register_lock_pointer();
	register_lock_callers();
	register_lock_acquires();
	register_lock_member_release();
}
