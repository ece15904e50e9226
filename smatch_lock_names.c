/*
 * smatch_lock_names.c: which lock keys name the same lock in every
 * function (a type key, a global), and which of those the path holds:
 * the locks the database records at calls and lock operations.
 */
#include <string.h>
#include "smatch.h"
#include "smatch_locking.h"

bool lock_key_is_shared(const char *key)
{
	const char *s = key[0] == '*' ? key + 1 : key;

	if (!strncmp(s, "struct ", 7) || !strncmp(s, "union ", 6))
		return true;
	/* a global's name, a static's followed by "@" and its file */
	return strspn(key, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_.") ==
	       strcspn(key, "@");
}

static bool held_here(const char *key)
{
	return lock_depth(get_state(lock_owner(), key, NULL)) > 0;
}

int held_shared_locks(const char **locks, const char **names, int max)
{
	struct sm_state_list *list = held_lock_states();
	struct sm_state *sm;
	int n = 0;

	FOR_EACH_PTR(list, sm) {
		/* a lock of a local name ("sk", a parameter) means nothing to the callee */
		if (n < max && lock_depth(sm->state) > 0 && lock_key_is_shared(sm->name) &&
		    !lock_key_is_local(sm->name)) {
			if (names)
				names[n] = lock_holder_name(sm->name);
			locks[n++] = sm->name;
		}
	} END_FOR_EACH_PTR(sm);
	free_ptr_list(&list);
	return n;
}

int keep_held_locks(const char **locks, int nr)
{
	int i, n = 0;

	for (i = 0; i < nr; i++) {
		if (held_here(locks[i]))
			locks[n++] = locks[i];
	}
	return n;
}
