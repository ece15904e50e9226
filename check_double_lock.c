/*
 * check_double_lock.c: warns when a path takes a lock it already holds, or
 * releases one it has already released, directly or through a callee.
 */
#include <string.h>
#include "smatch.h"
#include "smatch_locking.h"
#include "smatch_db.h"

static int my_id;

/*
 * "&cpu_rq(t)->__lock" in a loop over CPUs: per_cpu() is a ({ }) block,
 * which the name prints as "({...})", so two objects have one name and
 * no variable in the name tells when it changed.  (A lock named through a
 * pointer of this function is the same while the pointer is unchanged:
 * smatch_lock_pointer.c marks its name stale.)
 */
static bool name_hides_operands(struct lock_event *ev)
{
	return strstr(ev->name, "({...})") != NULL;
}

/*
 * Taking a held lock that way does not deadlock, it fails: a trylock, or
 * ww_mutex_lock(l, ctx) with an acquire context, which returns -EALREADY
 * on a lock its context holds (kernel/locking/test-ww_mutex.c test_aa()).
 */
static bool fails_when_held(struct lock_event *ev)
{
	const char *fn = get_callee_name(ev->call);
	struct expression *ctx = get_argument(ev->call, 1);
	int64_t null;

	if (ev->trylock)
		return true;
	if (ev->via || !fn)
		return false;
	return !strncmp(fn, "ww_mutex_lock", 13) && ctx && !(get_value(ctx, &null) && !null);
}

/*
 * A callee's chain of calls says more than a line; it must do it on every
 * return (release), or on every path (acquire; a trylock tries on every
 * path, and is judged as one).
 */
static bool skip_callee(struct lock_event *ev)
{
	return ev->via && ev->conditional && !ev->trylock;
}

/*
 * "double lock '&d->lock' (locked on line N)", the callee's chain of calls,
 * or the callers that hold it on entry.
 */
static const char *message(struct lock_event *ev, const char *what, const char *verb)
{
	if (ev->holder_callers && !ev->via)
		return intern_fmt("double %s '%s' (held by every caller: %s)", what, ev->name,
				  ev->holder_callers);
	if (ev->via)
		return intern_fmt("double %s '%s': '%s()' %s it (via %s)", what, ev->name,
				  call_label(ev->call), verb, ev->via);
	return intern_fmt("double %s '%s' (%sed on line %d)", what, ev->name, what, ev->holder_line);
}

/* The rule that keeps a lock or a release from being a double one, whichever it is, or NULL. */
static const char *common_rule(struct lock_event *ev)
{
	if (name_hides_operands(ev))
		return "name-hides-operands";
	/* "i915_request_add(rq)" releasing "&tl->mutex" of its own tl: maybe another object's */
	if (ev->callee_local)
		return "callee-local-lock";
	if (ev->kind->recursive)
		return "nesting-kind";
	if (skip_callee(ev))
		return "callee-some-returns";
	if (lock_op_under_flag())
		return "flag-protocol";
	return NULL;
}

/* The rule that keeps a lock of a held lock from being a double lock, or NULL. */
static const char *lock_rule(struct lock_event *ev)
{
	const char *rule = common_rule(ev);

	if (rule)
		return rule;
	if (ev->nested)
		return "nested-variant";
	if (lock_dropped_reported(ev->key))
		return "released-via-out-param";
	if (fails_when_held(ev))
		return "fails-when-held";
	/* "if (!mutex_is_locked(&d->lock)) mutex_lock(&d->lock);": not while held */
	if (lock_queried_unheld(ev))
		return "queried-unheld";
	/* the callers hold one of the type, not (all) this argument's */
	if (ev->holder_callers && (ev->holder_stale || ev->holder != ev->name))
		return "callers-hold-other-object";
	/* every caller holds it: their calls of this function are reported, it acquires it too */
	if (ev->holder_callers && ev->via)
		return "callers-warned-at-call";
	/* parent and child: two objects whose locks share a type */
	if (ev->holder && ev->holder != ev->name)
		return "other-object-same-type";
	if (ev->holder && ev->holder_stale)
		return "name-reassigned";
	return NULL;
}

/* The rule that keeps a release of a released lock from being a double unlock, or NULL. */
static const char *unlock_rule(struct lock_event *ev)
{
	const char *rule = common_rule(ev), *released;

	if (rule)
		return rule;
	if (ev->holder_stale)
		return "name-reassigned";
	if (lock_released_reported(ev->key))
		return "released-via-out-param";
	/* another object's lock of the same type, held by the caller */
	if (ev->holder && ev->holder != ev->name)
		return "other-object-same-type";
	/* released before under another name: another object of that type */
	released = lock_released_as(ev->key);
	if (!released)
		return "release-name-unknown";
	if (strcmp(released, ev->name))
		return "released-under-other-name";
	return NULL;
}

/* Is 'fn' a function of the file being analysed: its report, if it makes one, is the file's? */
static bool defined_in_file(const char *fn)
{
	struct ident *name = built_in_ident(fn);
	struct symbol *sym, *type;

	FOR_EACH_PTR(file_symbols(), sym) {
		type = get_real_base_type(sym);
		if (sym->ident == name && type && type->type == SYM_FN && type->stmt &&
		    pos_in_main_file(sym->pos))
			return true;
	} END_FOR_EACH_PTR(sym);
	return false;
}

/* The cause of a double lock: lock 'key' taken again by function 'taker'. */
static const char *lock_cause(const char *taker, const char *key)
{
	return intern_fmt("%s\t%s", taker, key);
}

/*
 * One root cause, one warning (rule reported-in-callee).  A lock that every
 * caller of f() holds and f() takes again is reported in f() ("held by
 * every caller: a(), b()"): that is the bug, its root.  A call that reaches
 * f()'s lock ("'f()' acquires it (via f -> mutex_lock)", "via g -> f ->
 * mutex_lock") is the same acquisition seen from one of those callers: it
 * folds into f()'s report, of this file (once f() was walked again from
 * its callers), or of another file (the database says f() starts with it
 * held and takes it itself).  When f() makes no such report (a caller does
 * not hold it, its address is taken, nothing says who calls it), the
 * calls are the report, each on its own.
 */
static void warned_lock_cause(struct lock_event *ev)
{
	const char *last, *taker;
	bool elsewhere;

	if (ev->holder_callers && !ev->via) {
		cause_site_warned(DEBUG_LOCKING, lock_cause(cur_func_name(), ev->key), CAUSE_ROOT, NULL);
		return;
	}
	if (!ev->via || !(last = chain_last_call(ev->via)))
		return;
	taker = intern_fmt("%.*s", (int)strcspn(last, " "), last);
	elsewhere = !defined_in_file(taker) && db_callee_retakes_callers_lock(taker, ev->key);
	cause_site_warned(DEBUG_LOCKING, lock_cause(taker, ev->key),
			  elsewhere ? CAUSE_ECHO_ELSEWHERE : CAUSE_ECHO, "reported-in-callee");
}

/* A lock or release of a lock that the path already holds or released. */
static void judge(struct lock_event *ev, const char *rule, const char *what, const char *verb)
{
	const char *msg = message(ev, what, verb);

	if (rule) {
		not_reported(DEBUG_LOCKING, cur_fn()->cur_pos, rule, "%s", msg);
		return;
	}
	if (!strcmp(what, "lock"))
		warned_lock_cause(ev);
	sm_warning("%s", msg);
}

static void match_lock(struct lock_event *ev)
{
	/* a callee's lock is judged at the call, with all it takes (match_call()) */
	if (ev->via)
		return;
	if (ev->before && lock_depth(ev->before->state) > 0)
		judge(ev, lock_rule(ev), "lock", "acquires");
}

/* A callee that takes a lock the path holds, on any of its paths, even if it releases it again. */
static void match_acquisition(struct lock_acquisition *a)
{
	struct lock_event *ev = &a->ev;

	/* under a member of the caller's own parameter: taken here on some paths */
	ev->conditional |= a->cond.undecided;
	if (ev->before && lock_depth(ev->before->state) > 0)
		judge(ev, lock_rule(ev), "lock", "acquires");
}

static void match_call(struct expression *call)
{
	lock_callee_acquisitions(call, match_acquisition);
}

static void match_unlock(struct lock_event *ev)
{
	if (ev->before && lock_depth(ev->before->state) == 0)
		judge(ev, unlock_rule(ev), "unlock", "releases");
}

void check_double_lock(int id)
{
	my_id = id;
	add_lock_hook(&match_lock);
	add_hook(&match_call, FUNCTION_CALL_HOOK);
	add_unlock_hook(&match_unlock);
}
