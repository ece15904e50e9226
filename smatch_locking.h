/*
 * smatch_locking.h: lock tracking shared by the locking checks: which
 * locks each path holds, keyed by type ("struct foo.lock") or by symbol.
 */
#ifndef SMATCH_LOCKING_H
#define SMATCH_LOCKING_H

#include "smatch.h"

/* Whether a path holding a lock of a kind may sleep. */
enum lock_atomic {
	SLEEP_OK,		/* mutexes, semaphores, srcu: sleeping is fine */
	ATOMIC_LOCK,		/* a spinning lock object: spinlocks, rwlocks */
	ATOMIC_SECTION,		/* a section: RCU, interrupts, preemption, softirqs off */
};

/* How a lock of each kind behaves. */
struct lock_kind {
	const char *name;	/* "spin", "mutex", "rcu", ... */
	bool recursive;		/* may nest or count: taking it twice is no bug */
	bool cpu_state;		/* interrupts or softirqs off: restored from saved flags */
	enum lock_atomic atomic;
};

/* One acquisition or release, as told to lock and unlock hooks. */
struct lock_event {
	struct expression *call;	/* the call that does it */
	const char *key;		/* "struct foo.lock", "rtnl_lock" */
	const char *name;		/* as written: "&dev->lock" */
	struct expression *lock;	/* the argument that names it, or NULL */
	const struct lock_kind *kind;
	const char *via;		/* a callee's calls down to the lock function
					   ("bar -> baz -> mutex_lock"), NULL if it is one */
	bool conditional;		/* only on some returns of the callee */
	bool nested;			/* a _nested annotation: another instance */
	bool trylock;			/* it fails rather than wait (lock_ops' "try") */
	bool local;			/* the key names an expression of this function only */
	const char *param;		/* the name relative to the parameters ("&$0->lock"), or NULL */
	bool callee_local;		/* named by a callee's own variables ("&tl->mutex"
					   of its local tl): which object is unknown here */
	struct sm_state *before;	/* the lock's state before it, or NULL */
	const char *holder;		/* name it was last locked under, or NULL */
	bool holder_stale;		/* that name may mean another object now */
	const char *holder_callers;	/* held on entry by every caller: "a(), b()", or NULL */
	int holder_line;
	bool held_as_named;		/* this path took it under this very name and holds it */
};

/*
 * What a "lock", "unlock", "unknown_lock" or "acquires" summary item says
 * of its lock, written "KIND[,nested][,xN][,handed][,try]" (smatch_lock_value.c).
 */
struct lock_value {
	const struct lock_kind *kind;	/* NULL: none said (a lock the callers hold) */
	int count;			/* locks of the type taken or released together: ",xN" */
	bool nested;			/* a _nested annotation: another instance */
	bool handed;			/* its object was handed to the caller, who releases it */
	bool trylock;			/* taken by a trylock: it fails rather than wait */
};
struct lock_value parse_lock_value(const char *text);
const char *format_lock_value(const struct lock_value *v);	/* interned */
bool same_lock_value(const struct lock_value *a, const struct lock_value *b);

typedef void (*lock_hook)(struct lock_event *ev);
void add_lock_hook(lock_hook fn);
void add_unlock_hook(lock_hook fn);

/* The lock states owner, and what its states mean. */
int lock_owner(void);
int lock_depth(struct smatch_state *state);	/* 0 unlocked, -1 unknown */
struct sm_state_list *held_lock_states(void);	/* locked or unknown, in key order */
struct sm_state_list *path_lock_states(void);	/* and those released here that were held on entry */
bool lock_held_on_entry(const char *key);
const char *lock_holder_name(const char *key);
const char *lock_holder_param(const char *key);	/* relative to the parameters, or NULL */
bool lock_key_is_local(const char *key);
const char *lock_address_key(struct expression *addr);	/* a type key or a global, else NULL */	/* held under a name of this function only */
bool lock_holder_stale(const char *key);	/* its name may mean another object now */
bool lock_named_now(const char *key);	/* taken or released here under a name that still means it */
const char *lock_holder_callers(const char *key);	/* held on entry by every caller: "a(), b()" */
/* the call whose unkept value names it, and that callee's name of it ("&$ret->lock") */
struct expression *lock_holder_value_of(const char *key, const char **ret_name);
void lock_holder_named(const char *key, const char *name, const char *param);	/* the value is kept */
const struct lock_kind *lock_holder_kind(const char *key);

/* Where a lock key means the same lock (smatch_lock_keys.c). */
enum key_scope {
	KEY_TYPE,	/* "struct foo.lock": any function */
	KEY_GLOBAL,	/* a global lock variable: any function */
	KEY_LOCAL,	/* an expression of this function */
};
const char *lock_key_of(struct expression *expr, enum key_scope *scope);
const char *lock_member_key(struct member_info *mi, enum key_scope *scope);
const char *global_lock_key(struct symbol *sym, const char *suffix);	/* "m", a static's "m@file.c" */
struct lock_boundary {
	const char *rule;	/* the named rule */
	const char *what;	/* what the lock is to this file, for the debug output */
};
const struct lock_boundary *lock_out_of_reach(const char *key);	/* when no function here can hold it */
bool lock_key_is_type(const char *key);	/* "struct foo.lock" */
struct expression *normalize_lock_expr(struct expression *expr);	/* without casts, wrappers */

/* The lock an expression or a callee's summary item names ("&dev->lock"). */
const char *lock_expr_key(struct expression *expr, const char **name);
const char *lock_expr_name(struct expression *expr);
struct expression *lock_named_expr(struct expression *expr);	/* the pointer a copy stands for */
const char *lock_param_relative(struct expression *expr);	/* "&$0->lock", "rq_lockp($0)", or NULL */
const char *lock_item_target(struct expression *call, struct summary_item *item, const char **name);
/* A callee's item as a lock event of this call (its 'via' is the callee's chain); false if none. */
bool lock_item_event(struct expression *call, struct summary_item *item, struct lock_event *ev);
/* The key a summary item gives a lock (a parameter's "$0" for a local one), or NULL if callers cannot name it. */
const char *lock_summary_key(const char *key, bool local, const char *param);
/* Is a summary item's lock one the callers can name, not an object of the function's own locals? */
bool lock_callers_can_name(const char *key, const char *name);
void lock_set_unknown(const char *key);
void lock_set_untouched(const char *key);
int lock_holder_line(const char *key);
bool lock_held_as(const char *key, const char *name);	/* held, last taken under that name */
void lock_mark_stale(const char *key);	/* its name may mean another object now */
/* ... for the locks named through 'var', but those spare(key) keeps (NULL: none) */
void lock_mark_stale_names(const char *var, bool (*spare)(const char *key));

/* Destroying and initialising locks (smatch_lock_lifecycle.c). */
enum lock_life_action { LOCK_DESTROY, LOCK_INIT };
struct lock_life_event {
	struct expression *expr;	/* the call, or the assignment that initialises */
	const char *what;		/* the function: "pthread_mutex_destroy", NULL for an assignment */
	enum lock_life_action action;
	const char *key, *name;		/* as in lock_event */
};
typedef void (*lock_life_hook)(struct lock_life_event *ev);
void add_lock_life_hook(lock_life_hook fn);
bool lock_destroyed(const char *key, const char *name);	/* destroyed on this path under that name */
bool lock_life_last(const char *key, const char *name, enum lock_life_action action);	/* ... or initialised */
bool lock_life_forget_name(const char *name);	/* escaped: true if it was destroyed */
void register_lock_lifecycle(void);

/* Locks the function says are held: assertions, __must_hold() (smatch_lock_asserts.c). */
bool lock_asserted_held(const char *key);
void register_lock_asserts(void);

/* Objects the function allocated and has not published (smatch_unpublished.c). */
bool object_unpublished(struct expression *expr);
bool object_on_private_list(struct expression *expr);	/* an entry of a list of its own */
void register_unpublished(void);

/* Locks passed to functions nothing is known of (smatch_lock_escape.c). */
bool lock_call_unknown(struct expression *call);
void register_lock_escape(void);

/*
 * Locks a callee returns holding through the object it returns
 * (smatch_lock_returned.c): "&$ret->lock" in its summary, named after the
 * variable the caller keeps the value in.
 */
const char *lock_summary_name(const char *key, struct expression *ret, bool released);	/* NULL: not told */
void register_lock_returned(void);

/* Locks named through pointers, which may be re-pointed (smatch_lock_pointer.c). */
void register_lock_pointer(void);
void register_lock_keys(void);	/* smatch_lock_keys.c */

/* Locks that mean the same in every function, as the database records them (smatch_lock_names.c). */
bool lock_key_is_shared(const char *key);	/* a type key or a global's name */
/* The shared locks this path holds (at most 'max'), and unless 'names' is NULL their names. */
int held_shared_locks(const char **locks, const char **names, int max);
/* Keeps of 'nr' locks those this path holds too; returns how many. */
int keep_held_locks(const char **locks, int nr);

/*
 * The locks held at a call on every path reaching it, named relative to
 * the callee's arguments too (smatch_lock_callers.c): the first path
 * fills it, the others keep what they hold under the same names.
 */
#define MAX_HELD_AT_CALL 16
struct held_at_call {
	int nr;
	const char *keys[MAX_HELD_AT_CALL];
	const char *names[MAX_HELD_AT_CALL];	/* as written on the first path */
	const char *params[MAX_HELD_AT_CALL];	/* "&$0->lock", a global's name; NULL: neither */
};
void held_at_call_first(struct held_at_call *h, struct expression *call);
void held_at_call_again(struct held_at_call *h, struct expression *call);
const char *lock_name_relative(const char *name, const char *const *args, int nr);
const char *lock_name_in_callee(const char *param);	/* "&$0->lock" as this function writes it */
const char *caller_names_text(const char **names, int nr, int total);	/* "a(), b(), c(), ..." */
struct caller_lock *callers_held_locks(void);	/* of the function being walked */
struct range_list *callers_arg_range(int param);	/* ... the values they pass */
void register_lock_callers(void);

/* How the path came to hold a lock (smatch_lock_history.c). */
bool lock_taken_in_branch(const char *key);
bool lock_jumped_while_held(const char *key);
const char *lock_released_as(const char *key);
void lock_history_released(const char *key, const char *name, struct expression *call);
bool lock_op_under_flag(void);	/* in "if (obj->flag) unlock(...);", a protocol */
bool lock_released_under_flag(const char *key);
bool lock_released_reported(const char *key);
bool lock_dropped_reported(const char *key);	/* held, but a callee may have said it released it */
bool lock_handed_over(const char *key);	/* its object was stored where the caller sees it */
void lock_history_handed(const char *key);
const char *lock_record(const char *key);	/* caller-visible memory set while it was held */
bool lock_record_cleared(const char *key, const char *memory);	/* ... and cleared after a release */
void register_lock_history(void);

/* Whether a lock released in one branch only leaks (smatch_lock_branches.c). */
struct lock_branch {
	const char *site;	/* the lock call that took it last on the path, or NULL */
	const char *release;	/* the unlock call under a test that released it last, or NULL */
};
void lock_branch_of(const char *key, struct lock_branch *b);
bool lock_release_uncorrelated(const struct lock_branch *held, const struct lock_branch *released);
void register_lock_branches(void);

/* Why the current path may not sleep: the lock or section that makes it atomic. */
struct atomic_reason {
	const char *key;		/* "struct foo.lock", "irq", "rcu_read_lock" */
	const char *name;		/* as written: "&dev->lock" */
	const struct lock_kind *kind;
	int line;			/* where it was taken */
};
enum atomic_state { NOT_ATOMIC, MAYBE_ATOMIC, KNOWN_ATOMIC };
enum atomic_state atomic_context(struct atomic_reason *why);

/* The lock table (smatch_lock_table.c). */
const struct lock_kind *find_lock_kind(const char *name);
bool is_strip_function(const char *fn);
bool is_lock_table_function(const char *fn);	/* it locks or unlocks */
bool is_trylock(const char *fn);
bool lock_table_names_global(const char *name);	/* a line names it ("console_sem") */
void load_lock_table(void);

/*
 * The locks a function takes anywhere in its call tree that its callers
 * can name, even if it releases them again (smatch_lock_acquires.c): at a
 * call, each that the callee takes with the call's arguments, as an event
 * whose 'before' is the lock's state before the call.
 */
struct lock_acquisition {
	struct lock_event ev;
	struct param_cond cond;		/* taken only under it, in the caller's terms */
	bool unless_held;		/* taken only when a query says it is not held */
};
typedef void (*acquisition_func)(struct lock_acquisition *a);
void lock_callee_acquisitions(struct expression *call, acquisition_func fn);
void register_lock_acquires(void);
bool lock_queried_unheld(struct lock_event *ev);	/* "if (!mutex_is_locked(l))" on this path */
bool lock_held_here_as(const char *key, const char *name);	/* taken here under that name, still held */
void lock_forget_own(const char *key);	/* the key's locks may or may not be held now */
/* A chain of calls told to callers ("f -> g -> mutex_lock") has at most this many names, the caller's own too. */
#define MAX_CHAIN_NAMES 8
int lock_chain_names(const char *chain);	/* those of "fn -> chain" */

/*
 * A lock of a member that a callee may release on an object of its own
 * (smatch_lock_member_release.c): the function being analysed, which holds
 * none of its own, tells its callers by a "may_unlock_member" item.
 */
void lock_member_maybe_released(struct expression *call, struct summary_item *item, const char *key,
				const char *name);
void register_lock_member_release(void);

void register_locking(void);
void register_lock_annotations(void);	/* smatch_lock_annotations.c */
int must_hold_keys(struct symbol *fn, const char **keys, int max);	/* __must_hold(): held on entry */

#endif
