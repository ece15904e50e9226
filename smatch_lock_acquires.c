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
 * "$1&0x4": `if (flags & LOCK)`; "$1->reason=0-127,129-max": `if
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
 * Not acquisitions: sections (rcu, interrupts, preemption, softirqs),
 * which are no objects, and a lock the function released (its caller
 * held it) and takes again on the path, held as before.
 */
#include <string.h>
#include "smatch.h"
#include "smatch_internal.h"
#include "smatch_locking.h"

#define MAX_CHAIN_NAMES 8

static int query_id;	/* lock key -> the name a query on this path said is not held */
static int taken_id;	/* acquisition id -> "taken" on the paths that surely took it */

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

/* The names of "fn -> chain". */
static int chain_names(const char *chain)
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
	int names = chain_names(chain);
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
	/* released here as the caller held it, and taken again: held as before */
	if (ev->before && lock_depth(ev->before->state) == 0 && lock_held_on_entry(ev->key))
		return;
	key = lock_summary_key(ev->key, ev->local, ev->param);
	name = ev->param ? ev->param : ev->name;
	if (!key || !lock_callers_can_name(key, name))
		return;
	/* an argument of unknown value may have the lock taken */
	how->cond.unknown_holds = true;
	param_cond_on_path(&how->cond);
	how->unless_held |= lock_queried_unheld(ev);
	add_acquired(intern(key), intern(name), format_lock_value(&v),
		     ev->via ? ev->via : intern(get_callee_name(ev->call)), how);
}

/* A lock function's lock (what a callee takes, net or not, is in its acquisitions). */
static void match_lock(struct lock_event *ev)
{
	struct lock_acquisition how = { .ev = *ev };

	if (!ev->via && ev->call && get_callee_name(ev->call))
		record(&how);
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
			 * A member's condition the call does not decide: taken on
			 * some paths, unless the condition is carried on to the
			 * caller's callers, on its own parameter (then they decide).
			 */
			a.ev.conditional = strstr(item_condition(item), "some") ||
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
	add_lock_hook(&match_lock);
	add_hook(&match_call, FUNCTION_CALL_HOOK);
	add_hook(&match_condition, CONDITION_HOOK);
	add_hook(&match_func_start, FUNC_START_HOOK);
	add_hook(&match_after_func, AFTER_FUNC_HOOK);
	add_return_summary_hook(&record_return);
}
