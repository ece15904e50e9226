/*
 * check_double_lock.c: warns when a path takes a lock it already holds, or
 * releases one it has already released, directly or through a callee.
 */
#include <string.h>
#include "smatch.h"
#include "smatch_locking.h"

static int my_id;

/*
 * "i915_request_add(rq)" releasing "&tl->mutex", tl being the callee's own
 * variable (rq's timeline): two such calls may be on two objects' locks.
 * (A lock named through a pointer of this function is the same while the
 * pointer is unchanged: smatch_lock_pointer.c marks its name stale.)
 */
static bool other_object_maybe(struct lock_event *ev)
{
	return ev->callee_local;
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

	if (ev->via || !fn)
		return false;
	if (is_trylock(fn))
		return true;
	return !strncmp(fn, "ww_mutex_lock", 13) && ctx && !(get_value(ctx, &null) && !null);
}

/* A callee's chain of calls says more than a line; it must do it on every return. */
static bool skip_callee(struct lock_event *ev)
{
	return ev->via && ev->conditional;
}

/* "double lock '&d->lock' (locked on line N)", or the callee's chain of calls. */
static void report(struct lock_event *ev, const char *what, const char *verb)
{
	if (ev->via)
		sm_warning("double %s '%s': '%s()' %s it (via %s)", what, ev->name,
			   get_callee_name(ev->call), verb, ev->via);
	else
		sm_warning("double %s '%s' (%sed on line %d)", what, ev->name, what, ev->holder_line);
}

static void match_lock(struct lock_event *ev)
{
	if (!ev->before || lock_depth(ev->before->state) < 1 || other_object_maybe(ev))
		return;
	if (ev->kind->recursive || ev->nested || skip_callee(ev) || lock_op_under_flag() ||
	    fails_when_held(ev))
		return;
	/* parent and child: two objects whose locks share a type */
	if (ev->holder && (ev->holder != ev->name || ev->holder_stale))
		return;
	report(ev, "lock", "acquires");
}

static void match_unlock(struct lock_event *ev)
{
	const char *released;

	if (!ev->before || lock_depth(ev->before->state) != 0 || other_object_maybe(ev))
		return;
	if (ev->kind->recursive || ev->holder_stale || skip_callee(ev) || lock_op_under_flag() ||
	    lock_released_reported(ev->key))
		return;
	/* another object's lock of the same type, held by the caller */
	if (ev->holder && ev->holder != ev->name)
		return;
	/* released before under another name: another object of that type */
	released = lock_released_as(ev->key);
	if (!released || strcmp(released, ev->name))
		return;
	report(ev, "unlock", "releases");
}

void check_double_lock(int id)
{
	my_id = id;
	add_lock_hook(&match_lock);
	add_unlock_hook(&match_unlock);
}
