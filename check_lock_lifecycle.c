/*
 * check_lock_lifecycle.c: warns when a path destroys a lock it holds,
 * initialises a lock it holds, or takes or releases a lock it destroyed,
 * the same object each time (same key, same name, unchanged variables):
 * "spin_lock(&list->lock); spin_lock_init(&new->lock);" is two objects.
 */
#include "smatch.h"
#include "smatch_locking.h"

static int my_id;	/* lock name -> "reported": its use after destroy was reported */

static void match_life(struct lock_life_event *ev)
{
	if (!lock_held_as(ev->key, ev->name))
		return;
	if (ev->what)
		sm_warning("'%s()' of held lock '%s'", ev->what, ev->name);
	else
		sm_warning("assignment initialises held lock '%s'", ev->name);
}

/* Directly, or by a callee that does it on every return; once per lock and path. */
static void match_lock_op(struct lock_event *ev)
{
	if (ev->conditional || !lock_destroyed(ev->key, ev->name) || get_state(my_id, ev->name, NULL))
		return;
	sm_warning("'%s()' of destroyed lock '%s'", get_callee_name(ev->call), ev->name);
	set_state(my_id, ev->name, NULL, alloc_state_name("reported"));
}

void check_lock_lifecycle(int id)
{
	my_id = id;
	set_owner_facts(my_id);
	add_lock_life_hook(&match_life);
	add_lock_hook(&match_lock_op);
	add_unlock_hook(&match_lock_op);
}
