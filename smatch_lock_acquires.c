/*
 * smatch_lock_acquires.c: the locks a function takes anywhere in its call
 * tree that its callers can name (through their arguments, or globals),
 * even the ones it releases before it returns.  A caller that holds one
 * of them when it calls deadlocks (check_double_lock.c); the lock order
 * reads the same items.
 *
 * One "acquires" summary item per lock, on every return: key and name as a
 * "lock" item's ("struct dev.lock" and "&$0->lock", "$0", a global), value
 * "KIND[,nested][,try]" then ";COND" when it is taken only under a
 * condition on the parameters ("mutex;$1=0": `if (!locked) mutex_lock()`;
 * "$1&0x4": `if (flags & LOCK)`; "$1!&0x4": `if (flags & NOLOCK) return;`;
 * "$1->reason=0-127,129-max": `if
 * (cpc->reason != CP_RESIZE)`; smatch_param_cond.c), then ";unheld" when taken only where a query
 * said it is not held (`if (!mutex_is_locked(l)) mutex_lock(l)`), then
 * ";some" when taken on some of the function's paths only (a return
 * reached without it: `if (!(ops->flags & FL)) return;` before it; one
 * taken under a condition on the parameters is taken wherever that holds),
 * or only through callees that take it on some of their paths,
 * and the
 * shortest chain of calls down to the lock function ("helper ->
 * mutex_lock"), of at most MAX_CHAIN_NAMES names with the function's own
 * (deeper ones are not told: the callers' cost stays bounded).
 * Not acquisitions: a static lock of another file no function returns
 * holding, or one this file cannot see (lock_out_of_reach()), sections (rcu, interrupts, preemption, softirqs),
 * which are no objects, and a lock the function released (its caller
 * held it) and takes again on the path, held as before, nor what a callee
 * takes of it meanwhile.  That is told per object, by the name the lock
 * is released and taken under: another object's lock of the same type
 * held beside it (get_chip()'s "contender" while it drops and takes again
 * its caller's "chip") changes nothing.  Nor is a lock named through a
 * parameter assigned on the path ("chip = chip->next") the caller's.
 */
#include <string.h>
#include "smatch.h"
#include "smatch_internal.h"
#include "smatch_locking.h"

static int query_id;	/* lock key -> the name a query on this path said is not held */
static int taken_id;	/* acquisition id -> "taken" on the paths that surely took it */
static int object_id;	/* object_mark() -> "own|KEY": taken here and held, "dropped|KEY":
			   the caller's, released here; none: as on entry (data: the key) */

struct acquired {
	const char *id;		/* "key|name|value" */
	const char *key, *name, *value, *chain;
	int names;		/* in the chain, with the function's own */
	struct param_cond cond;
	bool unless_held;
	bool some_paths;	/* through callees that take it on some of their paths only */
	int taken_returns;	/* returns whose path surely took it */
	struct acquired *next, *same_hash;
};

#define ACQUIRED_HASH 256

/* The function's, in its memory (fn_alloc()), in a list and by id. */
static struct acquired *acquired, *by_id[ACQUIRED_HASH];
static int nr_returns;

static struct acquired **hash_slot(const char *id)
{
	return &by_id[((uintptr_t)id >> 3) % ACQUIRED_HASH];
}

static struct acquired *find_acquired(const char *id)
{
	struct acquired *a;

	for (a = *hash_slot(id); a; a = a->same_hash) {
		if (a->id == id)
			return a;
	}
	return NULL;
}

/* The names of "fn -> chain": the function's own, the callee's and those of its chain. */
int lock_chain_names(const char *chain)
{
	int names = 2;

	while ((chain = strstr(chain, " -> "))) {
		names++;
		chain += 4;
	}
	return names;
}

/*
 * One more acquisition: of one already known, the shorter chain stays, and
 * either condition.  The path is marked as having taken it, unless the
 * callee it comes through takes it on some of its paths only, or it is
 * taken under a condition (which says where).  One a callee takes on some
 * of its paths only is kept apart, and stays "some": joined with one taken
 * under a condition (`if (!locked) rtnl_lock()` beside a callee's
 * register_netdev()), the condition would be lost, and the chain told
 * would be the conditional one's.
 */
static void add_acquired(const char *key, const char *name, const char *value, const char *chain,
			 struct lock_acquisition *how)
{
	const char *id = intern_fmt("%s|%s|%s%s", key, name, value, how->ev.conditional ? "|some" : "");
	int names = lock_chain_names(chain);
	struct acquired *a;

	if (names > MAX_CHAIN_NAMES)
		return;
	if (!how->ev.conditional && how->cond.when == PARAM_ALWAYS)
		set_state(taken_id, id, NULL, alloc_state_name("taken"));
	a = find_acquired(id);
	if (a) {
		param_cond_join(&a->cond, &how->cond);
		a->unless_held &= how->unless_held;
		if (names < a->names || (names == a->names && strcmp(chain, a->chain) < 0)) {
			a->chain = chain;
			a->names = names;
		}
		return;
	}
	a = fn_alloc(sizeof(*a));
	*a = (struct acquired){ id, key, name, value, chain, names, how->cond, how->unless_held,
				how->ev.conditional };
	a->next = acquired;
	acquired = a;
	a->same_hash = *hash_slot(id);
	*hash_slot(id) = a;
}

/* "own|KEY|NAME": how, of which lock, marked under which name */
static struct smatch_state *object_state(const char *how, const char *key, const char *name)
{
	return alloc_state_data(intern_fmt("%s|%s|%s", how, key, name), (void *)key);
}

/*
 * What tells the object apart: the name for a lock keyed by type ("&a->m"
 * and "&b->m" share "struct foo.m") or by what a pointer points to ("a->lock"
 * and "b->lock" share "*struct host.lock"), else the key, the variable's own
 * (a global is "&console_sem" to down() and "console_sem" to
 * console_unlock()'s summary).
 */
static const char *object_mark(const char *key, const char *name)
{
	return key[0] == '*' || lock_key_is_type(key) ? name : key;
}

/* The mark of a lock of type 'key' a callee released by a name of its own. */
static const char *unnamed_mark(const char *key)
{
	return intern_fmt("?%s", key);
}

/* Is the lock 'mark' (object_mark()) "own" or "dropped" on this path? */
static bool object_is(const char *mark, const char *how)
{
	struct smatch_state *s = get_state(object_id, mark, NULL);
	size_t len = strlen(how);

	return s && s != &merged && !strncmp(s->name, how, len) && s->name[len] == '|';
}

/* Did a query on this path say the lock is not held, under the name it is taken by? */
bool lock_queried_unheld(struct lock_event *ev)
{
	struct smatch_state *s = get_state(query_id, ev->key, NULL);

	return s && s != &merged && !strcmp(s->name, ev->name);
}

/* The path takes a lock: a lock function's, or a callee's acquisition. */
static void record(struct lock_acquisition *how)
{
	struct lock_event *ev = &how->ev;
	struct lock_value v = { .kind = ev->kind, .count = 1, .nested = ev->nested, .trylock = ev->trylock };
	const struct lock_boundary *boundary;
	const char *key, *name;

	/* sections (rcu, interrupts, preemption, softirqs) are no objects to deadlock on */
	if (!ev->kind || ev->kind->atomic == ATOMIC_SECTION)
		return;
	/*
	 * A callee's trylock (printk()'s console_trylock_spinning()) fails
	 * where its lock is held and orders nothing: the callee's item tells
	 * its callers so (rule fails-when-held), but told on up the call graph
	 * it only grew, one level a pass, in every function that prints.
	 */
	if (ev->trylock && ev->via) {
		rule_applied(DEBUG_LOCKING, ev->call->pos, "trylock-boundary",
			     "'%s' tried by a callee: not told to the callers", ev->name);
		return;
	}
	/*
	 * released here as the caller held it, and taken again: held as before
	 * (also after a callee released one of the type by a name of its own,
	 * "rq_lockp(rq)", which may be this one)
	 */
	if (object_is(object_mark(ev->key, ev->name), "dropped") ||
	    (object_is(unnamed_mark(ev->key), "dropped") && !object_is(object_mark(ev->key, ev->name), "own"))) {
		rule_applied(DEBUG_LOCKING, ev->call->pos, "retaken-callers-lock",
			     "'%s' taken while the caller's is released here: no acquisition", ev->name);
		return;
	}
	/* "rq = cpu_rq(cpu); rq_lock(rq)": not the lock of the object the caller passed */
	if (ev->param && strchr(ev->param, '$') && param_reassigned(atoi(strchr(ev->param, '$') + 1))) {
		rule_applied(DEBUG_LOCKING, ev->call->pos, "name-reassigned",
			     "'%s' is not the caller's '%s' now: no acquisition told", ev->name, ev->param);
		return;
	}
	key = lock_summary_key(ev->key, ev->local, ev->param);
	name = ev->param ? ev->param : ev->name;
	if (!key || !lock_callers_can_name(key, name))
		return;
	if ((boundary = lock_out_of_reach(key))) {
		rule_applied(DEBUG_LOCKING, ev->call->pos, boundary->rule,
			     "'%s' is %s that no function returns holding: not told to the callers", ev->name,
			     boundary->what);
		return;
	}
	/* an argument of unknown value may have the lock taken */
	how->cond.unknown_holds = true;
	param_cond_on_path(&how->cond);
	how->unless_held |= lock_queried_unheld(ev);
	add_acquired(intern(key), intern(name), format_lock_value(&v),
		     ev->via ? ev->via : intern(get_callee_name(ev->call)), how);
}

/*
 * A lock function's lock (what a callee takes, net or not, is in its
 * acquisitions).  Taken again under the name the caller's was released
 * under, it is the caller's again; else it is this function's own.
 */
static void match_lock(struct lock_event *ev)
{
	struct lock_acquisition how = { .ev = *ev };
	const char *mark;

	if (!ev->via && ev->call && get_callee_name(ev->call))
		record(&how);
	/* "&wb->list_lock" of a callee's own wb: no name of this function */
	if (ev->callee_local)
		return;
	mark = object_mark(ev->key, ev->name);
	if (object_is(mark, "dropped"))
		delete_state(object_id, mark, NULL);
	else if (object_is(unnamed_mark(ev->key), "dropped"))
		delete_state(object_id, unnamed_mark(ev->key), NULL);
	else
		set_state(object_id, mark, NULL, object_state("own", ev->key, ev->name));
}

/*
 * Did this path take the lock under this very name, and still hold it?
 * (Under another, "e->lock_ptr" that the database says points to
 * "&table_lock", it may be another object.)
 */
bool lock_held_here_as(const char *key, const char *name)
{
	struct smatch_state *s = get_state(object_id, object_mark(key, name), NULL);
	size_t len = strlen(name), all;

	if (!object_is(object_mark(key, name), "own"))
		return false;
	all = strlen(s->name);
	return all > len && s->name[all - len - 1] == '|' && !strcmp(s->name + all - len, name);
}

/* The locks of 'key' may or may not be held now (an escape, a callee): none is surely own. */
void lock_forget_own(const char *key)
{
	struct sm_state_list *list = get_owner_states(object_id);
	struct sm_state *sm;

	FOR_EACH_PTR(list, sm) {
		if (sm->state->data && !strcmp(sm->state->data, key) && object_is(sm->name, "own"))
			delete_state(object_id, sm->name, NULL);
	} END_FOR_EACH_PTR(sm);
	free_ptr_list(&list);
}

/* Released under a name this path did not take it under: the caller's lock, dropped. */
static void match_unlock(struct lock_event *ev)
{
	const char *mark;

	/* which object of the type it is, its name does not tell */
	if (ev->callee_local) {
		set_state(object_id, unnamed_mark(ev->key), NULL, object_state("dropped", ev->key, ev->name));
		return;
	}
	mark = object_mark(ev->key, ev->name);
	if (object_is(mark, "own"))
		delete_state(object_id, mark, NULL);
	else
		set_state(object_id, mark, NULL, object_state("dropped", ev->key, ev->name));
}

/* "chip = next": the name means another object now. */
static void match_var_change(const char *name, struct symbol *sym, struct symbol *root,
			     enum var_change how)
{
	if (how == VAR_ASSIGNED || (how == VAR_ADDRESS_PASSED && is_pointer_type(sym)))
		forget_states_mentioning(object_id, name);
}

/* The condition part of an item's value: "$1=0", "unheld", "$1=0;unheld" or "". */
static const char *item_condition(struct summary_item *item)
{
	const char *semi = strchr(item->value, ';');

	return semi ? semi + 1 : "";
}

void lock_callee_acquisitions(struct expression *call, acquisition_func fn)
{
	struct return_summary *rs;
	struct summary_item *item;
	struct lock_acquisition a;
	bool found = false;

	/* they are on every return: the first that has them says them */
	FOR_EACH_PTR(get_summaries(call), rs) {
		FOR_EACH_PTR(rs->items, item) {
			if (strcmp(item->type, "acquires"))
				continue;
			found = true;
			memset(&a, 0, sizeof(a));
			param_cond_parse(item_condition(item), &a.cond);
			a.cond.unknown_holds = true;
			a.unless_held = strstr(item_condition(item), "unheld") != NULL;
			if (!param_cond_at_call(call, &a.cond) || !lock_item_event(call, item, &a.ev))
				continue;
			/*
			 * Taken on some of the callee's paths, unless every return
			 * the arguments allow holds it (dma_resv_lock(r, NULL)).  A
			 * member's condition the call does not decide: taken on
			 * some paths, unless the condition is carried on to the
			 * caller's callers, on its own parameter (then they decide).
			 */
			a.ev.conditional = (strstr(item_condition(item), "some") &&
					    !call_item_on_every_return(call, "lock", item->key)) ||
					   (a.cond.undecided && a.cond.when == PARAM_ALWAYS);
			/* the callee asks first, and finds it held */
			if (a.unless_held && lock_held_as(a.ev.key, a.ev.name))
				continue;
			fn(&a);
		} END_FOR_EACH_PTR(item);
		if (found)
			break;
	} END_FOR_EACH_PTR(rs);
}

static void match_call(struct expression *call)
{
	lock_callee_acquisitions(call, record);
}

/* "if (!mutex_is_locked(&d->lock))": its side where the lock is not held says so. */
static void match_condition(struct expression *expr)
{
	struct expression *e = strip_expr(expr);
	struct return_summary *rs;
	struct summary_item *item;
	const char *key, *name;
	bool negated = false;

	while (e && e->type == EXPR_PREOP && e->op == '!') {
		negated = !negated;
		e = strip_expr(e->unop);
	}
	if (!e || e->type != EXPR_CALL)
		return;
	FOR_EACH_PTR(get_summaries(e), rs) {
		FOR_EACH_PTR(rs->items, item) {
			if (strcmp(item->type, "query") || !(key = lock_item_target(e, item, &name)))
				continue;
			if (negated)
				set_true_false_states(query_id, key, NULL, alloc_state_name(name), NULL);
			else
				set_true_false_states(query_id, key, NULL, NULL, alloc_state_name(name));
			return;
		} END_FOR_EACH_PTR(item);
	} END_FOR_EACH_PTR(rs);
}

/* At each return: what its path surely took. */
static void record_return(void)
{
	struct sm_state_list *marks = get_owner_states(taken_id);
	struct acquired *a;
	struct sm_state *sm;

	nr_returns++;
	FOR_EACH_PTR(marks, sm) {
		if (sm->state != &merged && sm->state != &undefined && (a = find_acquired(sm->name)))
			a->taken_returns++;
	} END_FOR_EACH_PTR(sm);
	free_ptr_list(&marks);
}

static void match_func_start(void)
{
	acquired = NULL;
	memset(by_id, 0, sizeof(by_id));
	nr_returns = 0;
}

static void match_after_func(void)
{
	struct acquired *a;

	for (a = acquired; a; a = a->next) {
		const char *cond = param_cond_str(&a->cond), *value = a->value;
		bool some = a->some_paths || (a->cond.when == PARAM_ALWAYS && a->taken_returns < nr_returns);
		if (*cond)
			value = intern_fmt("%s;%s", value, cond);
		if (a->unless_held)
			value = intern_fmt("%s;unheld", value);
		if (some)
			value = intern_fmt("%s;some", value);
		summary_add_function_item("acquires", a->key, a->name, value, a->chain);
	}
}

void register_lock_acquires(void)
{
	query_id = register_owner("lock_query");
	set_owner_facts(query_id);
	taken_id = register_owner("lock_taken");
	set_owner_facts(taken_id);
	object_id = register_owner("lock_object");
	set_owner_facts(object_id);
	add_lock_hook(&match_lock);
	add_unlock_hook(&match_unlock);
	add_var_change_hook(&match_var_change);
	add_hook(&match_call, FUNCTION_CALL_HOOK);
	add_hook(&match_condition, CONDITION_HOOK);
	add_hook(&match_func_start, FUNC_START_HOOK);
	add_hook(&match_after_func, AFTER_FUNC_HOOK);
	add_return_summary_hook(&record_return);
}
