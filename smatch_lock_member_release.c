/*
 * smatch_lock_member_release.c: a lock a callee may release on an object
 * the caller cannot name, told by its type and member.
 *
 * dpaa2's transmit work takes &priv->onestep_tstamp_lock and calls
 * __dpaa2_eth_tx(skb, priv->net_dev), which on a failure may release it
 * through dpaa2_eth_free_tx_fd(netdev_priv(net_dev), ...).  Inside
 * __dpaa2_eth_tx() the lock is named through its local priv, which its
 * callers cannot name, so the doubt stops at its boundary (rule
 * callee-boundary) and the caller believed the lock still held: taking it
 * again in the next round of its loop looked like a sure double lock.
 *
 * What the callee can tell is the lock's type and member: a function that
 * may release (through a callee whose outcomes it cannot tell apart) a
 * lock of a member it holds none of itself, named through its own
 * variables, has a "may_unlock_member" item on every return (key "struct
 * dpaa2_eth_priv.onestep_tstamp_lock", its name as the function writes it,
 * the lock's kind, and the chain of calls down to the release, of at most
 * MAX_CHAIN_NAMES names: the callers' cost stays bounded).  At a call, a
 * caller that holds a lock of that member may have had it released: its
 * state becomes unknown (rule callee-may-release-member), so no double
 * lock, double unlock or leak is sure of it; a caller that holds none
 * passes the item on to its own callers, unless its file does not define
 * the lock's type and no function returns holding such a lock: then none
 * of its callers can hold one either, beyond the files that define the
 * type (rule unseen-lock-boundary).  Told on up the call graph, the
 * funnel lock of rcu_force_quiescent_state() reached every caller of
 * call_rcu(), one level a pass.
 */
#include <string.h>
#include "smatch.h"
#include "smatch_internal.h"
#include "smatch_locking.h"

struct member_release {
	const char *key, *name, *value, *chain;
	int names;		/* in the chain, with the function's own */
	struct member_release *next;
};

static int fn_slot;	/* struct member_release *: the function's, in its memory (fn_alloc()) */

static struct member_release **releases(void)
{
	return fn_data(fn_slot);
}

/* "callee -> via": the calls from this function down to the release. */
static const char *chain_from(struct expression *call, struct summary_item *item)
{
	const char *callee = call_label(call);

	return *item->via ? intern_fmt("%s -> %s", callee, item->via) : intern(callee);
}

/* This function may release a lock of member 'key' its callers may hold: of one known, the shorter chain stays. */
static void note_release(const char *key, const char *name, const char *value, const char *chain)
{
	struct member_release *r;
	int names = lock_chain_names(chain);

	if (names > MAX_CHAIN_NAMES)
		return;
	for (r = *releases(); r; r = r->next) {
		if (r->key != key)
			continue;
		if (names < r->names || (names == r->names && strcmp(chain, r->chain) < 0)) {
			r->chain = chain;
			r->names = names;
		}
		return;
	}
	r = fn_alloc(sizeof(*r));
	*r = (struct member_release){ key, name, value, chain, names, *releases() };
	*releases() = r;
}

void lock_member_maybe_released(struct expression *call, struct summary_item *item, const char *key,
				const char *name)
{
	note_release(key, name, item->value, chain_from(call, item));
}

/*
 * A callee may release a lock of this member on an object of its own: the
 * lock of that member this path holds may be that one, and a caller that
 * holds none (or only the one its callers hold) may have its callers' lock
 * released.
 */
static void apply_member_item(struct expression *call, struct summary_item *item)
{
	struct smatch_state *state = get_state(lock_owner(), item->key, NULL);
	const char *chain = chain_from(call, item);
	int depth = state == &undefined ? 0 : lock_depth(state);

	if (depth > 0) {
		rule_applied(DEBUG_LOCKING, cur_fn()->cur_pos, "callee-may-release-member",
			     "'%s' may be released by '%s()': it may release '%s' of an object it reaches itself (via %s)",
			     lock_holder_name(item->key), call_label(call), item->name, chain);
		lock_set_unknown(item->key);
	}
	if (!state || depth == 0 || (depth == 1 && lock_holder_callers(item->key)))
		note_release(item->key, item->name, item->value, chain);
}

static void match_after_func(void)
{
	const struct lock_boundary *boundary;
	struct member_release *r;

	for (r = *releases(); r; r = r->next) {
		if ((boundary = lock_out_of_reach(r->key))) {
			rule_applied(DEBUG_LOCKING, cur_fn()->pos, boundary->rule,
				     "'%s' of a type this file does not define, held by no return: "
				     "its release by '%s' not told to the callers", r->key, r->chain);
			continue;
		}
		summary_add_function_item("may_unlock_member", r->key, r->name, r->value, r->chain);
	}
}

void register_lock_member_release(void)
{
	fn_slot = register_fn_data(sizeof(struct member_release *));
	add_summary_apply_hook("may_unlock_member", &apply_member_item);
	add_hook(&match_after_func, AFTER_FUNC_HOOK);
}
