/*
 * check_debug.c: debugging builtins for tests: a call to __smatch_states()
 * prints the states of each path at that point, __smatch_paths() the number
 * of paths, __smatch_value(x) what is known of x.
 */
#include <stdio.h>
#include <string.h>
#include "smatch.h"
#include "smatch_internal.h"

static int my_id;

/* Owners that describe how a lock is held, not whether, or what is as the caller passed it: not printed. */
static bool is_bookkeeping(const char *owner)
{
	static const char *const names[] = { "lock_held", "lock_holder", "lock_named", "lock_history",
					      "lock_released", "lock_via", "lock_site", "lock_release", "lock_taken",
					      "lock_object", "param_as_came" };
	size_t i;

	for (i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
		if (!strcmp(owner, names[i]))
			return true;
	}
	return false;
}

static void print_path_states(void)
{
	char buf[900];
	size_t n = 0;
	int owner;

	buf[0] = '\0';
	for (owner = 1; owner < nr_owners(); owner++) {
		struct sm_state_list *list = get_owner_states(owner);
		struct sm_state *sm;

		FOR_EACH_PTR(list, sm) {
			if (sm->name[0] == '$' || is_bookkeeping(owner_name(owner)))
				continue;
			if (n < sizeof(buf) - 1)
				n += snprintf(buf + n, sizeof(buf) - n, "%s%s '%s' = %s",
					      n ? "; " : "", owner_name(owner), sm->name, sm->state->name);
		} END_FOR_EACH_PTR(sm);
		free_ptr_list(&list);
	}
	sm_info("states: %s", n ? buf : "(none)");
}

static void match_states(const char *fn, struct expression *call, void *unused)
{
	print_path_states();
}

static void match_paths(const char *fn, struct expression *call, void *unused)
{
	sm_info("%d path%s", nr_paths(), nr_paths() == 1 ? "" : "s");
}

static void match_value(const char *fn, struct expression *call, void *unused)
{
	struct expression *arg = get_argument(call, 0);

	sm_info("value '%s' = %s", expr_to_str(arg), rl_to_str(get_range(arg)));
}

void check_debug(int id)
{
	my_id = id;
	add_function_hook("__smatch_states", &match_states, NULL);
	add_function_hook("__smatch_paths", &match_paths, NULL);
	add_function_hook("__smatch_value", &match_value, NULL);
}
