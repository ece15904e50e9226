/*
 * check_double_lock.c: warns when a path takes a lock it already holds, or
 * releases one it has already released, directly or through a callee.
 */
#include "smatch.h"
#include "smatch_locking.h"

static int my_id;

/* A callee's chain of calls says more than a line; it must do it on every return. */
static bool skip_callee(struct lock_event *ev)
{
	return ev->via && ev->conditional;
}

static void match_lock(struct lock_event *ev)
{
	if (!ev->before || lock_depth(ev->before->state) < 1)
		return;
	if (ev->kind->recursive || ev->nested || skip_callee(ev))
		return;
	/* parent and child: two objects whose locks share a type */
	if (ev->holder && (ev->holder != ev->name || ev->holder_stale))
		return;
	if (ev->via)
		sm_warning("double lock '%s': '%s()' acquires it (via %s)", ev->name,
			   get_callee_name(ev->call), ev->via);
	else
		sm_warning("double lock '%s' (locked on line %d)", ev->name, ev->holder_line);
}

static void match_unlock(struct lock_event *ev)
{
	if (!ev->before || lock_depth(ev->before->state) != 0)
		return;
	if (ev->kind->recursive || ev->holder_stale || skip_callee(ev))
		return;
	/* another object's lock of the same type, held by the caller */
	if (ev->holder && ev->holder != ev->name)
		return;
	if (ev->via)
		sm_warning("double unlock '%s': '%s()' releases it (via %s)", ev->name,
			   get_callee_name(ev->call), ev->via);
	else
		sm_warning("double unlock '%s' (unlocked on line %d)", ev->name, ev->holder_line);
}

void check_double_lock(int id)
{
	my_id = id;
	add_lock_hook(&match_lock);
	add_unlock_hook(&match_unlock);
}
