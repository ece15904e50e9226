/*
 * smatch_lock_asserts.c: the locks a function says it is called with, which
 * mean held on entry: __must_hold(K) on the function, and on the path
 * lockdep_assert_held(K), ASSERT_RTNL(), WARN_ON(!mutex_is_locked(K)),
 * rcu_dereference_protected(p, lockdep_is_held(K)) and the like (a query of
 * the lock table, or lockdep's lock_is_held(), inside an assertion).
 * Held on entry is true of every path: an assertion evaluated on one side
 * of a test only (RCU_LOCKDEP_WARN() asks debug_lockdep_rcu_enabled()
 * first) counts for the rest of the function.
 */
#include <string.h>
#include "smatch.h"
#include "smatch_internal.h"
#include "smatch_locking.h"

/* The locks asserted so far in each function walk (walks nest: a callee analysed on the way). */
#define MAX_NESTED_WALKS 16
#define MAX_ASSERTED 16
static struct asserted {
	struct fn_ctx *fn;
	int nr;
	const char *keys[MAX_ASSERTED];
} walks[MAX_NESTED_WALKS];

/* The record of the current walk, started anew for a new walk; NULL when nested too deep. */
static struct asserted *current_walk(void)
{
	struct fn_ctx *c = cur_fn(), *o;
	int depth = 0;

	for (o = c->outer; o; o = o->outer)
		depth++;
	if (depth >= MAX_NESTED_WALKS)
		return NULL;
	if (walks[depth].fn != c) {
		walks[depth].fn = c;
		walks[depth].nr = 0;
	}
	return &walks[depth];
}

static void add_asserted(const char *key)
{
	struct asserted *w = current_walk();

	if (w && w->nr < MAX_ASSERTED && !lock_asserted_held(key))
		w->keys[w->nr++] = intern(key);
}

/* Macros that assert a lock is held, written around the query they expand to. */
static const char *const held_macros[] = {
	"lockdep_assert_held", "lockdep_assert_held_once", "lockdep_assert_held_write",
	"lockdep_assert_held_read", "ASSERT_RTNL", "rtnl_dereference",
};
/* ... that complain when their condition is true: "WARN_ON(!mutex_is_locked(K))" */
static const char *const complain_macros[] = { "WARN_ON", "WARN_ON_ONCE", "WARN", "WARN_ONCE", "BUG_ON" };
/*
 * ... that complain when it is false: "lockdep_assert(lockdep_is_held(K))",
 * "rcu_dereference_protected(p, lockdep_is_held(K))" (an update-side access)
 */
static const char *const assert_macros[] = {
	"lockdep_assert", "lockdep_assert_once", "assert", "rcu_dereference_protected", "rcu_replace_pointer",
};

static bool listed(const char *name, const char *const *names, size_t nr)
{
	size_t i;

	for (i = 0; name && i < nr; i++) {
		if (!strcmp(name, names[i]))
			return true;
	}
	return false;
}

#define LISTED(name, names) listed(name, names, sizeof(names) / sizeof(names[0]))

/* The first query written from 'from' on: a name with "_is_locked" or "_is_held". */
static const char *find_query(const char *from)
{
	const char *q = strstr(from, "_is_locked"), *h = strstr(from, "_is_held");

	return !q || (h && h < q) ? h : q;
}

/*
 * Is the one query in the text of an assertion negated ("!mutex_is_locked")?
 * -1 when there is none or more than one: "a held || b held" asserts
 * neither.
 */
static int query_negated(const char *text)
{
	const char *q = find_query(text);

	if (!q || find_query(q + 1))
		return -1;
	while (q > text && is_ident_char(q[-1]))
		q--;
	while (q > text && (q[-1] == ' ' || q[-1] == '\t'))
		q--;
	return q > text && q[-1] == '!';
}

/*
 * Is the query 'call' part of an assertion that the lock is held?  A call
 * a macro expands to, or one written in a macro's argument, has the
 * position of the macro's name.
 */
static bool asserts_held(struct expression *call)
{
	const char *macro = source_name_at(call->fn->pos), *text;

	if (LISTED(macro, held_macros))
		return true;
	if (!LISTED(macro, complain_macros) && !LISTED(macro, assert_macros))
		return false;
	text = source_call_text(call->fn->pos);
	return text && query_negated(text) == LISTED(macro, complain_macros);
}

static void asserted(struct expression *call, const char *key, const char *name)
{
	if (!key || !asserts_held(call))
		return;
	rule_applied(DEBUG_LOCKING, call->pos, "asserted-held", "'%s' asserted held: held on entry", name);
	add_asserted(key);
}

/* mutex_is_locked(K), rtnl_is_locked(): the lock table's "query" action */
static void match_query(struct expression *call, struct summary_item *item)
{
	const char *name = NULL, *key = lock_item_target(call, item, &name);

	asserted(call, key, name);
}

/*
 * lockdep's lock_is_held(&(K)->dep_map), which lockdep_assert_held(K)
 * expands to: the member address "&d->lock.dep_map" names the lock
 * without its last member.
 */
static void match_lockdep(const char *fn, struct expression *call, void *data)
{
	struct member_info mi;
	enum key_scope scope;
	const char *name = NULL, *key;
	char *last;

	if (!get_member_address(get_argument(call, 0), &mi))
		return;
	last = strrchr(mi.path, '.');
	if (!last) {
		if (!mi.base_is_object)
			asserted(call, lock_expr_key(mi.base, &name), name);
		return;
	}
	*last = '\0';
	key = lock_member_key(&mi, &scope);
	name = intern_fmt("&%s%s%s", expr_to_str(mi.base), mi.base_is_object ? "." : "->", mi.path);
	asserted(call, key, name);
}

static void match_func_start(void)
{
	struct asserted *w = current_walk();
	const char *keys[8];
	int i, nr = must_hold_keys(cur_fn()->sym, keys, 8);

	if (w)
		w->nr = 0;	/* a new walk at the address of an old one */
	for (i = 0; i < nr; i++)
		add_asserted(keys[i]);
}

/* Has the function said, before this point, that 'key' is held? */
bool lock_asserted_held(const char *key)
{
	struct asserted *w = current_walk();

	return w && interned_among(w->keys, w->nr, intern(key));
}

void register_lock_asserts(void)
{
	add_hook(&match_func_start, FUNC_START_HOOK);
	add_summary_apply_hook("query", &match_query);
	add_function_hook("lock_is_held", &match_lockdep, NULL);
	add_function_hook("lock_is_held_type", &match_lockdep, NULL);
}
