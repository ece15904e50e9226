/*
 * smatch_lock_pointer.c: a lock named through a pointer ("ptl",
 * "host->lock", a global "pm") is the same lock while the pointer is
 * unchanged.  Besides an assignment (smatch_locking.c), what may change
 * it: its address passed to a call ("pte_offset_map_lock(mm, pmd, addr,
 * &ptl)"), a ++ or --, the base of a member pointer passed to a function
 * nothing is known of (it may store "host->lock"), and, for a global
 * pointer, any call nothing is known of (except a C library function),
 * and a member a callee's summary says it may store ("path->nodes" after
 * copy_for_split(trans, path, ...), smatch_param_stores.c).
 * Then the name the lock was taken under is stale: a lock or unlock under
 * it may be another object's.  A pointer a lock is taken or released
 * through is not NULL after ("if (!pvmw->ptl)" once map_pte(pvmw) took
 * "pvmw->ptl").
 */
#include <string.h>
#include "smatch.h"
#include "smatch_internal.h"
#include "smatch_locking.h"

static int root_id;	/* lock key -> the variable its pointer name starts from */

#define MAX_TAKEN 16
/* The locks the last call took (fn_data()). */
struct taken {
	struct expression *call;
	int nr;
	const char *keys[MAX_TAKEN];
};
static int taken_slot;

/* Is the lock named by a pointer value: "ptl", "host->lock", a callee's "$0->ptl"? */
static bool named_by_pointer(struct lock_event *ev)
{
	if (ev->name[0] == '&')
		return false;
	if (ev->lock)
		return is_pointer_type(ev->lock->ctype);
	return ev->param && ev->param[0] == '$';
}

/* "host->lock", "ptl": the lock's name goes through a pointer variable. */
static void match_lock_op(struct lock_event *ev)
{
	struct symbol *root = ev->lock ? expr_to_sym(ev->lock) : NULL;

	if (named_by_pointer(ev))
		learn_name_not_null(ev->name);

	if (!root || !root->ident || ev->name[0] == '&')
		delete_state(root_id, ev->key, NULL);
	else
		/* states are interned by name: the symbol's address keeps them apart */
		set_state(root_id, ev->key, NULL,
			  alloc_state_data(intern_fmt("%s %p", ident_str(root->ident), (void *)root), root));
}

/* "&ptl" passed to a call, "p++": the pointer may point elsewhere now. */
static void match_var_change(const char *var, struct symbol *sym, struct symbol *root,
			     enum var_change how)
{
	if (how == VAR_MODIFIED || (how == VAR_ADDRESS_PASSED && is_pointer_type(sym)))
		lock_mark_stale_names(var, NULL);
}

/* A function of the C library changes no global of the program. */
static bool is_libc_call(struct expression *call)
{
	struct symbol *fn = get_callee(call);
	const char *file = fn ? pos_file(fn->pos) : NULL;

	return file && !strncmp(file, "/usr/include/", 13);
}

/* Does the call get 'var' itself, so that it may store what var points to? */
static bool passes_variable(struct expression *call, struct symbol *var)
{
	struct expression *arg;

	FOR_EACH_PTR(call->args, arg) {
		if (loaded_symbol(strip_expr(arg)) == var)
			return true;
	} END_FOR_EACH_PTR(arg);
	return false;
}

static void match_call(struct expression *call)
{
	struct sm_state_list *list;
	struct sm_state *sm;

	if (!lock_call_unknown(call))
		return;
	list = get_owner_states(root_id);
	FOR_EACH_PTR(list, sm) {
		struct symbol *root = sm->state->data;
		/* "ptl", "sk": the callee gets a copy of the pointer, it cannot re-point it */
		bool through_member = root && strcmp(lock_holder_name(sm->name), ident_str(root->ident));

		if (!root || !((through_member && passes_variable(call, root)) ||
			       ((root->ctype.modifiers & MOD_TOPLEVEL) && !is_libc_call(call))))
			continue;
		rule_applied(DEBUG_LOCKING, call->pos, "lock-pointer-may-change",
			     "'%s' may point elsewhere after '%s()'", lock_holder_name(sm->name),
			     expr_to_str(call->fn));
		lock_mark_stale(sm->name);
	} END_FOR_EACH_PTR(sm);
	free_ptr_list(&list);
}

/* Is the lock held, taken by the call just applied? */
static bool taken_by_call(const char *key)
{
	struct taken *t = fn_data(taken_slot);

	return interned_among(t->keys, t->nr, key) && lock_depth(get_state(lock_owner(), key, NULL)) > 0;
}

static void mark_stored_stale(struct expression *call, const char *key)
{
	lock_mark_stale_names(subst_param_name(key, call), taken_by_call);
}

/*
 * After the call's own lock effects: the callee released the old object
 * before it stored the new one (copy_for_split()), so the caller's names
 * through the member go stale; but a lock the callee took and holds was
 * taken through the new value ("w->ptl = lockptr(w); spin_lock(w->ptl);").
 */
static void match_call_done(struct expression *call)
{
	struct taken *t = fn_data(taken_slot);

	if (t->call != call)
		t->nr = 0;
	for_each_call_store(call, mark_stored_stale);
}

/* Remembers the locks a call takes (on any path), for match_call_done(). */
static void match_taken(struct lock_event *ev)
{
	struct taken *t = fn_data(taken_slot);

	if (t->call != ev->call) {
		t->call = ev->call;
		t->nr = 0;
	}
	/* more than that from one call: the rest go stale, which is silence, not a warning */
	if (t->nr < MAX_TAKEN && !interned_among(t->keys, t->nr, ev->key))
		t->keys[t->nr++] = ev->key;
}

void register_lock_pointer(void)
{
	root_id = register_owner("lock_root");
	set_owner_facts(root_id);
	taken_slot = register_fn_data(sizeof(struct taken));
	add_lock_hook(&match_lock_op);
	add_lock_hook(&match_taken);
	add_unlock_hook(&match_lock_op);
	add_var_change_hook(&match_var_change);
	add_hook(&match_call, FUNCTION_CALL_HOOK);
	add_hook(&match_call_done, CALL_DONE_HOOK);
}
