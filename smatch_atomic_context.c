/*
 * smatch_atomic_context.c: whether the current path may sleep, for the
 * sleep check, from the locks the lock tracker (smatch_locking.c) says the
 * path holds or released.
 */
#include <string.h>
#include <assert.h>
#include "smatch.h"
#include "smatch_internal.h"
#include "smatch_locking.h"

/* Is 'a' a better reason to give than 'b': a lock before a section, then the earliest. */
static bool better_reason(struct atomic_reason *a, struct atomic_reason *b)
{
	if (!b->kind)
		return true;
	if (a->kind->atomic != b->kind->atomic)
		return a->kind->atomic < b->kind->atomic;
	if (a->line != b->line)
		return a->line < b->line;
	if (a->kind != b->kind)
		return a->kind < b->kind;	/* table order: rcu before irq, preempt, bh */
	return strcmp(a->key, b->key) < 0;
}

/* Did this path release, as held by its caller, a lock of 'kind' named by a local expression? */
static bool released_local(struct sm_state_list *list, const struct lock_kind *kind)
{
	struct sm_state *sm;

	FOR_EACH_PTR(list, sm) {
		if (lock_key_is_local(sm->name) && lock_holder_kind(sm->name) == kind &&
		    lock_depth(sm->state) == 0 && lock_held_on_entry(sm->name))
			return true;
	} END_FOR_EACH_PTR(sm);
	return false;
}

/*
 * Whether the current path may sleep: KNOWN_ATOMIC when it holds a lock of
 * a kind that may not sleep (*why says which); MAYBE_ATOMIC when such a
 * lock's state (or kind) is unknown, or the path released one its caller
 * held (so the caller is atomic), or holds one under a local name and
 * released one of the kind under another (two pointers not known to be
 * copies: maybe the same); NOT_ATOMIC
 * otherwise.  Locks held by the caller and never touched here are not known.
 */
enum atomic_state atomic_context(struct atomic_reason *why)
{
	struct sm_state_list *list = path_lock_states();
	enum atomic_state res = NOT_ATOMIC;
	struct sm_state *sm;

	memset(why, 0, sizeof(*why));
	FOR_EACH_PTR(list, sm) {
		const struct lock_kind *kind = lock_holder_kind(sm->name);
		int depth = lock_depth(sm->state);
		bool entry = lock_held_on_entry(sm->name);
		struct atomic_reason r = { sm->name, lock_holder_name(sm->name), kind, sm->line };

		if ((kind && kind->atomic == SLEEP_OK) || (depth == 0 && !entry))
			continue;
		/* still held as every caller holds it: their calls are checked */
		if (lock_holder_callers(sm->name) && depth > 0)
			continue;
		if (!kind || depth <= 0 || (lock_key_is_local(sm->name) && released_local(list, kind))) {
			if (res == NOT_ATOMIC)
				res = MAYBE_ATOMIC;
			continue;
		}
		if (better_reason(&r, why))
			*why = r;
		res = KNOWN_ATOMIC;
	} END_FOR_EACH_PTR(sm);
	free_ptr_list(&list);
	assert(res != KNOWN_ATOMIC || why->kind);
	return res;
}
