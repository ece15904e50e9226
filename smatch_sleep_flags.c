/*
 * smatch_sleep_flags.c: a lock kind chosen by a flag stays with its flag.
 * Code that takes a mutex or a spinlock depending on a member flag
 * (`if (s->pcm->nonatomic) mutex_lock(...); else spin_lock(...);`) for
 * several objects of a group takes the same kind for all of them: the flag
 * is the same member of the same type on any base.  The side of each test
 * of such a flag is remembered by member ("struct snd_pcm.nonatomic"), and
 * each spinning lock keeps the sides it was taken on; a sleep on the other
 * side of one of them is not made with that lock held.
 */
#include <string.h>
#include "smatch.h"
#include "smatch_locking.h"
#include "smatch_sleep.h"

static int flag_id;	/* "struct foo.flag" -> "0" / "1": the side of its last test */
static int taken_id;	/* lock key -> the flag sides it was taken on, ";KEY=V;KEY=V;" */

/* "struct snd_pcm.nonatomic" for a test of an integer member, else NULL. */
static const char *flag_name(struct expression *expr)
{
	struct member_info mi;

	expr = strip_expr(expr);
	if (!expr || !expr->ctype || is_pointer_type(expr->ctype) || !get_member_load(expr, &mi))
		return NULL;
	return intern_fmt("%s.%s", type_to_str(mi.type), mi.path);
}

static void match_condition(struct expression *expr)
{
	const char *name = flag_name(expr);

	if (name)
		set_true_false_states(flag_id, name, NULL, alloc_state_name("1"), alloc_state_name("0"));
}

/* The side a flag state says, "0" or "1", or NULL (merged). */
static const char *side(struct sm_state *sm)
{
	const char *name = sm->state->name;

	return name && (!strcmp(name, "0") || !strcmp(name, "1")) ? name : NULL;
}

/* The flag sides of the path, ";KEY=V;KEY=V;". */
static const char *flag_sides(void)
{
	struct sm_state_list *list = get_owner_states(flag_id);
	const char *res = ";";
	struct sm_state *sm;

	FOR_EACH_PTR(list, sm) {
		if (side(sm))
			res = intern_fmt("%s%s=%s;", res, sm->name, side(sm));
	} END_FOR_EACH_PTR(sm);
	free_ptr_list(&list);
	return res;
}

static void match_lock(struct lock_event *ev)
{
	const char *sides;

	if (!ev->kind || ev->kind->atomic != ATOMIC_LOCK)
		return;
	sides = flag_sides();
	if (strcmp(sides, ";"))
		set_state(taken_id, ev->key, NULL, alloc_state_name(sides));
	else
		delete_state(taken_id, ev->key, NULL);
}

/* Whether the path is on the other side of a flag that the lock 'key' was taken on. */
bool sleep_flag_contradicts(const char *key)
{
	struct smatch_state *taken = get_state(taken_id, key, NULL);
	struct sm_state_list *list;
	struct sm_state *sm;
	bool res = false;

	if (!taken || !taken->name)
		return false;
	list = get_owner_states(flag_id);
	FOR_EACH_PTR(list, sm) {
		if (side(sm) && strstr(taken->name, intern_fmt(";%s=%s;", sm->name, strcmp(side(sm), "1") ? "1" : "0")))
			res = true;
	} END_FOR_EACH_PTR(sm);
	free_ptr_list(&list);
	return res;
}

void register_sleep_flags(void)
{
	flag_id = register_owner("sleep_flag");
	set_owner_facts(flag_id);
	taken_id = register_owner("sleep_flag_taken");
	set_owner_facts(taken_id);
	add_hook(&match_condition, CONDITION_HOOK);
	add_lock_hook(&match_lock);
}
