/*
 * check_lock_requirements.c: warns about a call made without a lock that
 * most other callers of the function (at least --lock-callers of them, and
 * 80%, from the database) hold when calling it: where this function
 * released the lock, or never touched it and has no callers of its own to
 * hold it for it.  A call in a window the function opened on purpose (it
 * released the lock before the call and takes it again after it) is taken
 * back when the path takes the lock again.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "smatch.h"
#include "smatch_internal.h"
#include "smatch_locking.h"
#include "smatch_db.h"

static int my_id;	/* "NAME N": warning N of the file was made with NAME released on this path */

/*
 * The lock that the callers name 'name' at call 'db_call' (say "&dev->lock",
 * where argument 1 was "dev"), named from this call's arguments ("&d->lock"
 * if argument 1 is "d", which is then *base); NULL when no argument is its base.
 */
static const char *name_at_call(const char *name, long long db_call, struct expression *call,
				struct expression **base)
{
	const char *args[16], *relative;
	int nr = 0;

	while (nr < 16 && get_argument(call, nr)) {
		args[nr] = db_call_arg(db_call, nr);
		nr++;
	}
	relative = lock_name_relative(name, args, nr);
	if (!relative)
		return NULL;
	*base = get_argument(call, atoi(relative + 2));	/* "&$N->..." */
	return subst_param_name(relative, call);
}

/* The callee takes or releases the lock itself: the double lock check's business. */
static bool callee_changes(struct expression *call, const char *key)
{
	struct return_summary *rs;
	struct summary_item *item;

	FOR_EACH_PTR(get_summaries(call), rs) {
		FOR_EACH_PTR(rs->items, item) {
			if (item->key == key || item->key[0] == '$')
				return true;
		} END_FOR_EACH_PTR(item);
	} END_FOR_EACH_PTR(rs);
	return false;
}

/*
 * Too few of the other callers hold the lock (at each of their calls) to
 * make it a requirement: at least --lock-callers of them, and 80%.
 */
static const char *threshold_rule(struct caller_lock *cl)
{
	if (cl->others_always < opt.lock_callers)
		return "too-few-callers";
	if (5 * cl->others_always < 4 * cl->others)
		return "mixed-callers";
	return NULL;
}

/*
 * Are the call's pointer arguments, one at least, entries of this
 * function's own lists ("free_entry(e)" walking a private list)?  The
 * callers' global lock guards the shared list they were on.
 */
static bool only_private_entries(struct expression *call)
{
	struct expression *arg;
	int entries = 0;

	FOR_EACH_PTR(call->args, arg) {
		if (!is_pointer_type(arg->ctype))
			continue;
		if (!object_on_private_list(arg))
			return false;
		entries++;
	} END_FOR_EACH_PTR(arg);
	return entries > 0;
}

/* Is the function exported to modules (EXPORT_SYMBOL(), which declares __kstrtab_NAME)? */
static bool exported(struct symbol *fn)
{
	const char *mark = intern_fmt("__kstrtab_%s", ident_str(fn->ident));

	return lookup_symbol(built_in_ident(mark), NS_SYMBOL) != NULL;
}

/*
 * A function that neither took nor released the lock calls without it:
 * whoever calls this function may hold it for it.
 */
static const char *untouched_rule(struct caller_lock *cl)
{
	struct symbol *self = cur_fn()->sym;
	bool stored;
	int holding;

	if (db_lock_nests(cl->lock))
		return "nesting-kind";
	if (db_self_has_callers())
		return "requirement-moves-up";
	if (exported(self))
		return "exported-caller";
	stored = db_self_pointer_calls(cl->lock, &holding);
	if (holding)
		return "held-by-pointer-callers";
	/* Sparse marks every non-static function addressable: only a static one's mark says so */
	if (stored || ((self->ctype.modifiers & MOD_STATIC) && fn_address_taken(self)))
		return "pointer-called-caller";
	return NULL;
}

/*
 * The rule that keeps the call from breaking the callers' requirement of
 * 'cl', or NULL; *name is set to the lock as this function names it.
 */
static const char *requirement_rule(struct caller_lock *cl, struct expression *call,
				    struct symbol *sym, const char **name)
{
	const char *key = cl->lock[0] == '*' ? cl->lock + 1 : cl->lock, *rule;
	struct smatch_state *state = get_state(lock_owner(), cl->lock, NULL);
	bool untouched = !state || state == &undefined;
	struct expression *base = NULL;

	*name = cl->name;
	/* static helpers of headers (list_del(), ...) serve everything: callers agree by chance */
	if ((sym->ctype.modifiers & MOD_STATIC) && !pos_in_main_file(sym->pos))
		return "header-helper";
	/* a predicate on its arguments needs no lock; its callers hold one for their own reasons */
	if (is_args_only_call(call))
		return "args-only-callee";
	/* one that touches memory only atomically needs no lock for it either */
	if (call_item_on_every_return(call, "atomic_only", NULL))
		return "atomic-only-callee";
	if (callee_changes(call, cl->lock))
		return "callee-changes-lock";
	if ((rule = threshold_rule(cl)))
		return rule;
	/* known not held: released here, or never touched here */
	if (!untouched && lock_depth(state) != 0)
		return "not-known-unlocked";
	if (lock_held_on_entry(cl->lock))
		return "held-on-entry";
	if (lock_asserted_held(cl->lock))
		return "asserted-held";
	if (!strncmp(key, "struct ", 7) || !strncmp(key, "union ", 6))
		*name = name_at_call(cl->name, cl->name_call, call, &base);
	if (!*name) {
		*name = cl->name;
		return "unnamed-at-call";
	}
	if (base && object_unpublished(base))
		return "own-unpublished-object";
	/* moved off the shared list under the lock: nobody else reaches it now */
	if (base ? object_on_private_list(base) : only_private_entries(call))
		return "private-list-entry";
	/* the object is being torn down, or set up: nobody else uses its lock now */
	if (lock_life_last(cl->lock, *name, LOCK_DESTROY))
		return "destroyed-on-path";
	if (lock_life_last(cl->lock, *name, LOCK_INIT))
		return "initialised-on-path";
	if (untouched)
		return untouched_rule(cl);
	/* the same object: the last name it was released under here */
	if (*name != lock_holder_name(cl->lock))
		return "other-object-same-type";
	if (lock_holder_stale(cl->lock))
		return "name-reassigned";
	/* interrupts, preemption, RCU: a context more than a lock of the data */
	if (!lock_holder_kind(cl->lock) || lock_holder_kind(cl->lock)->recursive)
		return "nesting-kind";
	return NULL;
}

/*
 * Warns; where this path released the lock, remembers the warning until the
 * path takes the lock again (which withdraws it: match_relock()).
 */
static void warn_unheld(const char *name, bool released, const char *msg)
{
	int index = report_mark();

	sm_warning("%s", msg);
	if (released && report_mark() == index + 1)
		set_state(my_id, intern_fmt("%s %d", name, index), NULL,
			  alloc_state_data(intern_fmt("warning %d", index), (void *)(intptr_t)index));
}

/*
 * "mutex_unlock(&p->lock); cancel_work_sync(&p->work); stop(p);
 * mutex_lock(&p->lock);": the function opened the window on purpose, and
 * chose what runs in it: the call is taken back once a path that made it
 * takes the lock again.
 */
static void match_relock(struct lock_event *ev)
{
	struct sm_state_list *list = get_owner_states_prefixed(my_id, intern_fmt("%s ", ev->name));
	struct sm_state *sm;

	FOR_EACH_PTR(list, sm) {
		withdraw_warning(DEBUG_LOCKING, (intptr_t)sm->state->data, "dropped-around-call");
		delete_state(my_id, sm->name, NULL);
	} END_FOR_EACH_PTR(sm);
	free_ptr_list(&list);
}

/* "bg = next_bg": a lock taken under the name now is another object's, no window closes. */
static void match_var_change(const char *var, struct symbol *sym, struct symbol *root,
			     enum var_change how)
{
	if (how != VAR_ADDRESS_PASSED || is_pointer_type(sym))
		forget_states_mentioning(my_id, var);
}

/* A path that did not make the call does not close the window of one that did. */
static struct smatch_state *merge_pending(struct smatch_state *a, struct smatch_state *b)
{
	if (a == &undefined)
		return b;
	return b == &undefined ? a : &merged;
}

static void match_call(struct expression *call)
{
	struct symbol *sym = get_callee(call);
	struct caller_lock *cl;
	const char *fn, *name, *rule, *msg;

	if (!sym || !sym->ident)
		return;
	fn = ident_str(sym->ident);
	if (!db_callers_may_require(fn, opt.lock_callers))
		return;
	for (cl = db_caller_locks(fn, sym->ctype.modifiers & MOD_STATIC, FOR_WARNING); cl; cl = cl->next) {
		int callers = cl->callers + !cl->self_calls;
		struct smatch_state *state = get_state(lock_owner(), cl->lock, NULL);

		/* the candidates: a lock most callers hold, not held here */
		if (2 * cl->held < callers || lock_depth(state) > 0)
			continue;
		rule = requirement_rule(cl, call, sym, &name);
		msg = intern_fmt("'%s()' called without '%s' held (held by %d of %d callers)", fn, name,
				 cl->held, callers);
		if (rule)
			not_reported(DEBUG_LOCKING, cur_fn()->cur_pos, rule, "%s", msg);
		else
			warn_unheld(name, state && state != &undefined, msg);
	}
}

void check_lock_requirements(int id)
{
	my_id = id;
	add_merge_hook(my_id, &merge_pending);
	add_hook(&match_call, FUNCTION_CALL_HOOK);
	add_lock_hook(&match_relock);
	add_var_change_hook(&match_var_change);
	/* after match_call(): the call being judged does not publish its own argument first */
	register_lock_asserts();
	register_unpublished();
}
