/*
 * smatch.h: the interface between the flow engine and check modules:
 * states, paths, hooks, value ranges, return summaries and warnings.
 */
#ifndef SMATCH_H
#define SMATCH_H

#include <stdbool.h>
#include <stdint.h>
#include <assert.h>
#include "lib.h"
#include "allocate.h"
#include "token.h"
#include "parse.h"
#include "symbol.h"
#include "expression.h"
#include "scope.h"

/* ---- states ---------------------------------------------------------- */

/* A state value. States are interned: equal names mean the same pointer. */
struct smatch_state {
	const char *name;
	void *data;
};

/*
 * One tracked fact on one path: (owner check, key name, symbol) -> state.
 * 'joined' says it was merged from the states of several paths: its line
 * is then the latest of theirs.
 */
struct sm_state {
	int owner;
	const char *name;
	struct symbol *sym;
	struct smatch_state *state;
	int line;
	bool joined;
};
DECLARE_PTR_LIST(sm_state_list, struct sm_state);

extern struct smatch_state undefined;	/* no state recorded on a path */
extern struct smatch_state merged;	/* default result of merging unequal states */

struct smatch_state *alloc_state_name(const char *name);
struct smatch_state *alloc_state_data(const char *name, void *data);
const char *intern(const char *str);
bool interned_among(const char *const *names, int nr, const char *name);
const char *intern_fmt(const char *fmt, ...) FORMAT_ATTR(1);

/* Reading and writing states on the current path. */
struct smatch_state *get_state(int owner, const char *name, struct symbol *sym);
struct sm_state *get_sm_state(int owner, const char *name, struct symbol *sym);
void set_state(int owner, const char *name, struct symbol *sym, struct smatch_state *state);
void delete_state(int owner, const char *name, struct symbol *sym);
/* Inside a condition hook: the states on the true and false side of the branch. */
void set_true_false_states(int owner, const char *name, struct symbol *sym,
			   struct smatch_state *true_state, struct smatch_state *false_state);
/* All states owned by 'owner' on the current path (do not modify). */
struct sm_state_list *get_owner_states(int owner);
struct sm_state_list *get_owner_states_prefixed(int owner, const char *prefix);
void forget_states_mentioning(int owner, const char *var);	/* var changed: its names' states go */

/* Owner flags: states of a "fact" owner are merged freely when paths join. */
void set_owner_facts(int owner);
void add_merge_hook(int owner, struct smatch_state *(*merge)(struct smatch_state *, struct smatch_state *));

/* ---- hooks ----------------------------------------------------------- */

enum hook_type {
	EXPR_HOOK,		/* every expression, after its operands */
	FUNCTION_CALL_HOOK,	/* every call, after its arguments */
	CALL_DONE_HOOK,		/* every call, after its hooks and its summary's effects */
	ASSIGNMENT_HOOK,	/* every assignment and initialised declaration */
	CONDITION_HOOK,		/* a branch condition that is not already decided */
	RETURN_HOOK,		/* each return statement, once per path (NULL at fall-off) */
	STMT_HOOK,		/* every statement, before it is walked */
	FUNC_START_HOOK,	/* start of a function body (expr is NULL) */
	AFTER_FUNC_HOOK,	/* end of a function, after all returns */
	GAVE_UP_HOOK,		/* instead, when the engine gave up on the function (a bound) */
	FILE_WALKED_HOOK,	/* every function of the file walked: some may be walked again */
	FORGET_FUNC_HOOK,	/* a function is walked again: what its last walk said goes (arg: it) */
	END_FILE_HOOK,		/* after the last function of a file: its warnings are settled */
	AFTER_FILE_HOOK,	/* after the file's warnings are printed: what follows them */
	NUM_HOOKS
};

typedef void (*expr_func)(struct expression *expr);
typedef void (*stmt_func)(struct statement *stmt);
typedef void (*void_func)(void);
typedef void (*sym_func)(struct symbol *sym);
typedef void (*call_func)(const char *fn, struct expression *call, void *data);

void add_hook(void *func, enum hook_type type);
void add_function_hook(const char *fn, call_func func, void *data);

/* ---- the per-function analysis context ------------------------------- */

struct path;
DECLARE_PTR_LIST(path_list, struct path);
struct name_log;
#define MAX_FN_DATA	16	/* modules with per-function data (register_fn_data()) */

/*
 * Everything the engine knows about the function being analysed.  Check
 * modules reach it through cur_fn(); it is created and freed by the engine.
 */
struct fn_ctx {
	struct symbol *sym;
	const char *name;
	struct position pos;		/* the function's definition */
	struct position cur_pos;	/* what is being walked */
	struct path_list *paths;	/* the reachable paths at this point */
	struct path *path;		/* the path hooks are running on */
	struct path_list *forks;	/* extra paths made by the running hook */
	struct path *cond_true, *cond_false; /* inside condition hooks */
	struct ptr_map *labels;		/* goto targets, break and continue, by symbol */
	struct label_walk *walks;	/* the labels walked, newest first */
	struct label *asm_targets;	/* the labels asm gotos name */
	struct back_edges *back_edges;	/* the gotos walked as loops (smatch_back_edges.c) */
	int labels_walked;
	struct switch_ctx *switches;
	int depth;			/* expression nesting */
	int branch_depth;		/* if and ?: branches around what is walked */
	struct statement *if_taken;	/* the innermost if whose true branch is walked */
	struct expression *branch_cond;	/* the test of the innermost if or ?: around what is walked */
	int in_stmt_expr;		/* walking inside ({ }) */
	long work;			/* statement-path visits so far */
	long state_work;		/* states copied, merged, compared or listed, ranges made,
					   call outcomes applied so far */
	bool too_many_states;
	bool gave_up;
	bool lost_paths;		/* a hook dropped a path as impossible, or one reached a
					   compile-time assertion */
	int value_decided;		/* tests and switch cases a path's values decided,
					   constants aside */
	bool never_returns;		/* walked to its end, every path ended without returning */
	bool report;			/* print warnings for this function */
	struct return_summary_list *returns; /* collected per return path */
	bool impure;			/* it writes memory or calls what does */
	bool reads_globals;		/* it reads a global, or calls what may */
	unsigned long long params_changed; /* bit N: parameter N was assigned to */
	struct name_log *stepped;	/* variables stepped by ++ or --, newest first */
	int nr_stepped;
	void *module_data[MAX_FN_DATA];	/* fn_data(), by slot */
	struct fn_ctx *outer;
};
struct fn_ctx *cur_fn(void);
int cur_line(void);
const char *cur_func_name(void);
bool in_reported_function(void);

/* Memory that lasts until the analysis of the current function ends. */
void *fn_alloc(size_t size);

/*
 * A module's state for the function being analysed: register its size
 * once (the slot is the module's, like its owner id); fn_data(slot) gives
 * the current function's copy, zeroed when the function starts.
 */
int register_fn_data(size_t size);
void *fn_data(int slot);

/* Paths: a hook may fork the path it is running on into several. */
struct path *fork_path(void);
void switch_to_path(struct path *path);
void drop_path(void);
int nr_paths(void);
/* Does goto statement 'stmt' jump back to a label already walked ("goto retry")? */
bool goto_jumps_back(struct statement *stmt);

/* Bounds, counted in work and never in time. */
#define MAX_PATHS	32
#define MAX_WORK	1000000
#define MAX_STATE_WORK	20000000L	/* about 200 MiB of states; kernel functions: < 1M */
#define MAX_STATES	70000	/* on one path: the states of 10,000 locks (7 each) */

/* ---- value ranges ---------------------------------------------------- */

struct range {
	int64_t min, max;
};
struct range_list {
	int nr;
	struct range r[];
};

#define RL_MIN INT64_MIN
#define RL_MAX INT64_MAX
struct range_list *rl_alloc(int nr);
struct range_list *rl_range(int64_t min, int64_t max);
struct range_list *rl_convert(struct range_list *rl, int bits, bool is_unsigned);
struct range_list *rl_shift(struct range_list *rl, int64_t delta);
/* Error codes, -MAX_ERRNO to -1: an int's -EFOO or the kernel's ERR_PTR() values; with NULL too. */
struct range_list *rl_err_ptr(void);
struct range_list *rl_err_ptr_or_null(void);
struct range_list *rl_whole(void);
/* Every value but 0: a true condition, a non-NULL pointer. */
struct range_list *rl_nonzero(void);
struct range_list *rl_union(struct range_list *a, struct range_list *b);
struct range_list *rl_intersect(struct range_list *a, struct range_list *b);
struct range_list *rl_complement(struct range_list *a);
struct range_list *rl_filter_compare(struct range_list *a, int op, struct range_list *b);
bool rl_is_whole(struct range_list *rl);
bool rl_is_empty(struct range_list *rl);
bool rl_get_single(struct range_list *rl, int64_t *val);
bool rl_equal(struct range_list *a, struct range_list *b);
bool rl_overlaps(struct range_list *a, struct range_list *b);
bool rl_contains_zero(struct range_list *rl);
struct range_list *rl_mask_test(struct range_list *rl, uint64_t mask);
bool rl_subset(struct range_list *a, struct range_list *b);
const char *rl_to_str(struct range_list *rl);
struct range_list *rl_from_str(const char *str);
struct range_list *rl_permanent(struct range_list *rl);

/* What is known of an expression's value on the current path (never NULL). */
struct range_list *get_range(struct expression *expr);
bool get_value(struct expression *expr, int64_t *val);
/* The pointer printed 'name' is not NULL on the current path. */
void learn_name_not_null(const char *name);
/* Record the value of a call on the current path (used by summaries). */
void set_call_result(struct expression *call, struct range_list *rl);

/* ---- expressions ----------------------------------------------------- */

/* A struct member access, found again from Sparse's "base + offset". */
struct member_info {
	struct expression *base;	/* the pointer, or the struct variable */
	bool base_is_object;		/* base is a struct variable, not a pointer */
	struct symbol *type;		/* the struct or union type */
	char path[256];			/* "lock" or "sub.lock" */
};
bool get_member_info(struct expression *addr, struct symbol *target, struct ident *ident,
		     struct member_info *mi);
bool get_member_address(struct expression *addr, struct member_info *mi);
bool get_member_load(struct expression *expr, struct member_info *mi);
struct symbol *loaded_symbol(struct expression *expr);
bool is_global_symbol(struct symbol *sym);	/* file scope or extern */
struct symbol *member_container(struct symbol *type, const char *path, const char **last);

const char *ident_str(const struct ident *ident);
struct expression *strip_expr(struct expression *expr);
const char *expr_to_str(struct expression *expr);
struct symbol *expr_to_sym(struct expression *expr);
struct symbol *get_callee(struct expression *call);
const char *get_callee_name(struct expression *call);
struct expression *get_argument(struct expression *call, int nr);
int sym_param_num(struct symbol *sym);
bool is_expect_call(struct expression *expr);
bool name_mentions(const char *str, const char *var);
bool is_ident_char(char c);	/* a letter, digit or underscore */
size_t ident_len(const char *s);	/* of the identifier characters 's' starts with */
const char *param_name(struct expression *expr, int *param);
const char *param_relative_name(struct expression *expr);	/* through local copies too; or NULL */
const char *expr_str_rooted(struct expression *expr, const char *root);
const char *subst_param_name(const char *name, struct expression *call);
const char *subst_param_relative(const char *name, struct expression *call);
/* A function's return value in its summary's names: "&$ret->lock" is the lock of the object it returns. */
#define RET_NAME "$ret"
bool at_ret_name(const char *s);
const char *subst_ret_name(const char *name, const char *value);
const char *name_var_as(const char *name, const char *var, const char *as);
const char *type_to_str(struct symbol *type);
struct symbol *get_real_base_type(struct symbol *sym);
struct symbol *get_real_type(struct expression *expr);
bool is_pointer_type(struct symbol *type);
struct symbol *get_fn_return_type(struct symbol *fn);
bool fn_address_taken(struct symbol *fn);
const char *pos_file(struct position pos);
bool pos_in_main_file(struct position pos);
struct expression *fake_assignment(struct symbol *sym);
struct expression *symbol_load(struct symbol *sym);

/* ---- function pointers (smatch_fn_ptrs.c) ----------------------------- */

/* A function stored in a function pointer. */
struct fn_ptr_store {
	struct symbol *fn;	/* the function */
	struct symbol *var;	/* the global whose initializer stores it; NULL for an assignment */
	int line;
	bool global;		/* stored in a global pointer variable, not a member */
};
typedef void (*fn_ptr_visitor)(const char *ptr, struct fn_ptr_store *store);
struct symbol *function_symbol(struct expression *expr);
void member_fn_ptr_names(struct symbol *type, const char *path, struct fn_ptr_store *store,
			 fn_ptr_visitor visit);
void initializer_fn_ptrs(fn_ptr_visitor visit);
const char *fn_ptr_call_name(struct expression *call, bool *member);
const char *call_label(struct expression *call);

/* ---- return summaries ------------------------------------------------ */

/*
 * What one return path of a function did, as items of a check-defined
 * type (e.g. "lock"): key, parameter-relative name ("&$0->lock") and value.
 * Items come from functions analysed in this file, from lock tables and
 * from the cross-function database; at a call the engine forks the path
 * once per distinct outcome and hands the items to apply hooks.
 */
struct summary_item {
	const char *type;
	const char *key;
	const char *name;
	const char *value;
	const char *via;	/* the calls it happens through ("baz -> mutex_lock"), "" if its own */
};
DECLARE_PTR_LIST(summary_item_list, struct summary_item);

struct return_summary {
	struct range_list *ret;
	struct summary_item_list *items;
	int line;
};
DECLARE_PTR_LIST(return_summary_list, struct return_summary);

typedef void (*return_item_func)(void);
typedef void (*apply_item_func)(struct expression *call, struct summary_item *item);

void add_return_summary_hook(return_item_func func);
/* An item for a table summary; the strings are interned (NULL value or via: ""). */
struct summary_item *new_summary_item(const char *type, const char *key, const char *name,
				      const char *value, const char *via);
void add_summary_apply_hook(const char *type, apply_item_func func);
void summary_add_item(const char *type, const char *key, const char *name, const char *value,
		      const char *via);
/* From an AFTER_FUNC_HOOK: an item for every return (a fact of the whole function). */
void summary_add_function_item(const char *type, const char *key, const char *name, const char *value,
			       const char *via);
struct expression *summary_return_expr(void);
/* Calls to functions of this file that change nothing can be compared. */
void summary_mark_impure(void);
bool is_pure_call(struct expression *call);
/* The callee changes nothing and reads only what its arguments reach (every summary says so). */
bool is_args_only_call(struct expression *call);
/* May the callee set the integer argument 'nr' points to to 0 (smatch_out_params.c)? */
bool call_may_clear_arg(struct expression *call, int nr);
void add_table_summary(const char *fn, struct return_summary *ret);
/* The database says 'fn' never returns (its only row is a never_returns marker). */
void add_table_never_returns(const char *fn);
/* Does the callee never return (every path of it ends in a noreturn call, an endless loop...)? */
bool call_never_returns(struct expression *call);
bool add_table_item(const char *fn, struct summary_item *item);
struct return_summary *new_return_summary(struct range_list *ret);
struct return_summary_list *get_summaries(struct expression *call);
/* A return's first item of 'type' and, unless 'key' is NULL, of that key; or NULL. */
struct summary_item *return_item(struct return_summary *rs, const char *type, const char *key);
/* The first such item on some return of the callee's summary, or NULL. */
struct summary_item *call_item(struct expression *call, const char *type, const char *key);
/* Has the callee a summary, and every return of it such an item? */
bool call_item_on_every_return(struct expression *call, const char *type, const char *key);
struct return_summary_list *summary_returns_of(struct symbol *fn_sym);
/* A call through a pointer whose targets are known (smatch_fn_ptr_calls.c). */
struct return_summary_list *fn_ptr_call_returns(struct expression *call, const char **ptr);
struct symbol_list *fn_ptr_local_targets(struct expression *call);
void apply_call_summaries(struct expression *call);
bool is_table_summary(struct expression *call);
bool has_summary_source(struct symbol *fn_sym);
/*
 * Asked in the order added, once per called function that has no summary
 * yet, until one gives it one (calls add_table_summary()).  'decl' is the
 * callee's declaration at the call.
 */
typedef void (*summary_loader_func)(const char *fn, struct symbol *decl);
void add_summary_loader(summary_loader_func load);

/*
 * A condition on the parameters under which a summary item holds
 * (smatch_param_cond.c), written "" (always), "$N&MASK" (argument N has a
 * bit of MASK), "$N!&MASK" (argument N has none of MASK's bits: a test of
 * them found false) or "$N=VALUES" (argument N has one of the values); the
 * argument may be a member of what parameter N points to: "$1->reason=128".
 * 'unknown_holds': an argument of unknown value may meet it (a lock: it
 * may be taken); otherwise a bit condition is taken as not met (a gfp:
 * no sleep is claimed), and no bits found set are read on a path.
 * A member or clear-bits condition that a call does not decide is
 * 'undecided': the callee does it on some paths only, as when it tests the
 * member and returns.
 */
enum param_when { PARAM_ALWAYS, PARAM_IF_BITS, PARAM_IF_CLEAR, PARAM_IF_VALUES };
struct param_cond {
	enum param_when when;
	int param;
	const char *member;	/* interned "->reason" (".reason" of a struct passed by value), or NULL */
	unsigned long long mask;
	struct range_list *values;
	bool unknown_holds;
	bool undecided;		/* a member's or clear bits': the call did not decide it (some paths) */
	bool pointers;		/* param_cond_on_path(): a pointer known non-NULL is a condition too */
};
/* Does it hold at the call?  Rewrites it in the caller's terms (a caller's parameter, or always). */
bool param_cond_at_call(struct expression *call, struct param_cond *c);
/* An always condition becomes the one the current path's parameter values say. */
void param_cond_on_path(struct param_cond *c);
void register_param_cond(void);
void param_cond_join(struct param_cond *a, const struct param_cond *b);	/* either holds */
const char *param_cond_str(const struct param_cond *c);	/* interned */
void param_cond_parse(const char *str, struct param_cond *c);	/* up to a ';' */
bool param_reassigned(int nr);	/* parameter nr assigned on this path: another object now */
int param_passed_on(struct expression *arg);	/* the parameter 'arg' is, as it came, or -1 */

/* ---- warnings -------------------------------------------------------- */

/*
 * Every report carries the id of the check that makes it (the owner id
 * register_checks() gave it, which each check_*.c keeps in 'my_id'): these
 * macros pass the calling file's my_id, and the id names the check in JSON
 * and SARIF ("check_double_lock" is "double_lock").  The engine's own
 * notices pass ENGINE_ID ("smatch").
 */
#define ENGINE_ID 0
void sm_report(int id, const char *kind, const char *fmt, ...) FORMAT_ATTR(3);
void sm_report_at(int id, struct position pos, const char *kind, const char *fmt, ...) FORMAT_ATTR(4);
#define sm_warning(...) sm_report(my_id, "warn", __VA_ARGS__)
#define sm_error(...) sm_report(my_id, "error", __VA_ARGS__)
#define sm_info(...) sm_report(my_id, "info", __VA_ARGS__)
#define sm_msg_at(pos, kind, ...) sm_report_at(my_id, pos, kind, __VA_ARGS__)
void flush_warnings(void);
int report_mark(void);
void register_report(void);
void report_same_cause(int index, int other);
bool report_forgotten(int index);	/* its function was walked again */

/* ---- decisions (--debug=locking, --debug=sleep; smatch_decisions.c) ---- */

enum debug_area { DEBUG_LOCKING, DEBUG_SLEEP };
int debug_area_named(const char *name);
bool debugging(enum debug_area area);
/*
 * A candidate the check considered and the rule 'rule' (a literal listed in
 * docs/rules.md) kept from being reported: "FILE:LINE func() not reported:
 * MESSAGE (rule: RULE)" on stderr with --debug=AREA, a warning with --spammy.
 */
void not_reported_by(int id, enum debug_area area, struct position pos, const char *rule,
		     const char *fmt, ...) FORMAT_ATTR(5);
#define not_reported(...) not_reported_by(my_id, __VA_ARGS__)	/* the check's id, as sm_warning() */
/* A rule that changed a state rather than drop a message, logged the same way. */
void rule_applied(enum debug_area area, struct position pos, const char *rule,
		  const char *fmt, ...) FORMAT_ATTR(4);
/* Takes back warning 'index' of the file (a report_mark() before it) by rule 'rule'. */
void withdraw_warning(enum debug_area area, int index, const char *rule);
void register_decisions(void);

/*
 * One root cause, one warning (smatch_root_causes.c): called just before a
 * warning of cause 'cause' is made; at the end of the file the warnings of
 * one cause fold into the one that carries it, the others withdrawn by 'rule'.
 */
enum cause_role {
	CAUSE_PEER,		/* any site may carry the cause: the first in the file does */
	CAUSE_ROOT,		/* where the bug is: carries it */
	CAUSE_ECHO,		/* the bug seen from elsewhere: folds into its root; none, it stays */
	CAUSE_ECHO_ELSEWHERE,	/* ... whose root is reported with another file: withdrawn */
};
void cause_site_warned(enum debug_area area, const char *cause, enum cause_role role, const char *rule);
void register_root_causes(void);
const char *chain_last_call(const char *chain);	/* "helper -> msleep" */

/* ---- options --------------------------------------------------------- */

struct smatch_options {
	const char *project;	/* "kernel" or "userspace": -p=, else from the flags */
	const char *data_dir;	/* where lock tables live */
	bool info;		/* print database rows */
	bool debug;		/* --debug: the return summaries */
	unsigned int debug_areas;	/* --debug=AREA,...: bits of 1 << enum debug_area */
	bool spammy;
	bool engine_only;	/* no lock tracking, no checks */
	const char *db_file;	/* --db-file=PATH: the database to read (NULL: the default) */
	bool no_db;		/* --no-db */
	int lock_callers;	/* --lock-callers=N: callers that make a lock requirement */
};
extern struct smatch_options opt;
char **parse_smatch_options(int argc, char **argv);

/* ---- engine entry points --------------------------------------------- */

void analyze_file_symbols(struct symbol_list *syms);
/* From a FILE_WALKED_HOOK: walks a function of the file again, after its callers. */
void walk_function_again(struct symbol *sym);
/* The top-level symbols of the file being analysed (for END_FILE_HOOK users). */
struct symbol_list *file_symbols(void);
void register_engine_modules(void);
int register_owner(const char *name);
const char *owner_name(int owner);
int nr_owners(void);

#endif
