/*
 * check_lock_requirements.c: warns about a call made without a lock that
 * most other callers of the function (at least --lock-callers of them, and
 * 80%, from the database) hold when calling it: where this function
 * released the lock, or never touched it and has no callers of its own to
 * hold it for it.
 */
#include <string.h>
#include "smatch.h"
#include "smatch_locking.h"
#include "smatch_db.h"

static int my_id;

/*
 * The lock that the callers name 'name' at call 'db_call' (say "&dev->lock",
 * where argument 1 was "dev"), named from this call's arguments ("&d->lock"
 * if argument 1 is "d", which is then *base); NULL when no argument is its base.
 */
static const char *name_at_call(const char *name, long long db_call, struct expression *call,
				struct expression **base)
{
	const char *best = NULL, *rest;
	size_t best_len = 0;
	int i, nr = ptr_list_size((struct ptr_list *)call->args);

	for (i = 0; i < nr; i++) {
		const char *expr = db_call_arg(db_call, i);
		const char *mine = expr_to_str(get_argument(call, i));
		bool object = expr && expr[0] == '&';
		size_t len;

		if (!expr || !mine)
			continue;
		/* &dev->x for a pointer "dev", &s.x for an object "&s" */
		len = strlen(expr + object);
		if (name[0] != '&' || strncmp(name + 1, expr + object, len) ||
		    strncmp(name + 1 + len, object ? "." : "->", object ? 1 : 2))
			continue;
		if (best && best_len >= len)
			continue;
		best_len = len;
		*base = get_argument(call, i);
		rest = name + 1 + len + (object ? 1 : 2);
		best = mine[0] == '&' ? intern_fmt("&%s.%s", mine + 1, rest) :
					intern_fmt("&%s->%s", mine, rest);
	}
	return best;
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
	for (cl = db_caller_locks(fn, sym->ctype.modifiers & MOD_STATIC); cl; cl = cl->next) {
		int callers = cl->callers + !cl->self_calls;

		/* the candidates: a lock most callers hold, not held here */
		if (2 * cl->held < callers || lock_depth(get_state(lock_owner(), cl->lock, NULL)) > 0)
			continue;
		rule = requirement_rule(cl, call, sym, &name);
		msg = intern_fmt("'%s()' called without '%s' held (held by %d of %d callers)", fn, name,
				 cl->held, callers);
		if (rule)
			not_reported(DEBUG_LOCKING, cur_fn()->cur_pos, rule, "%s", msg);
		else
			sm_warning("%s", msg);
	}
}
void check_lock_requirements(int id)
{
	my_id = id;
	add_hook(&match_call, FUNCTION_CALL_HOOK);
	/* after match_call(): the call being judged does not publish its own argument first */
	register_lock_asserts();
	register_unpublished();
}
