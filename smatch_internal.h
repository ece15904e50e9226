/*
 * smatch_internal.h: engine-private types shared by the flow engine files;
 * check modules use smatch.h only.
 */
#ifndef SMATCH_INTERNAL_H
#define SMATCH_INTERNAL_H

#include "smatch.h"

/* Per-function memory, freed in one go when the function is done. */
void fn_arena_reset(void);
void *xmalloc(size_t size);
/* Pointer to pointer maps (smatch_ptr_map.c); a NULL map is empty. */
struct ptr_map;
void *ptr_map_get(const struct ptr_map *m, const void *key);	/* NULL: none */
void ptr_map_set(struct ptr_map **m, const void *key, void *value);
void ptr_map_free(struct ptr_map **m);
/* Adds to the current function's state work (see MAX_STATE_WORK). */
void count_state_work(long n);

/* The state map of one path (smatch_stree.c): persistent treaps; NULL is empty. */
struct tnode;
struct stree {
	struct tnode *facts;	/* states of fact owners */
	struct tnode *tracked;	/* the others: what tells paths apart */
};

struct path {
	struct stree *stree;
	bool dead;		/* dropped by a hook */
};

struct sm_state *alloc_sm(int owner, const char *name, struct symbol *sym,
			  struct smatch_state *state, int line);
struct sm_state *merge_sm(struct sm_state *a, struct sm_state *b);
int cmp_sm_key(int owner, const char *name, struct symbol *sym, struct sm_state *sm);
bool owner_facts(int owner);
struct sm_state *stree_get(struct stree *st, int owner, const char *name, struct symbol *sym);
struct stree *stree_set(struct stree *st, struct sm_state *sm);	/* a new map: maps never change */
struct stree *stree_delete(struct stree *st, int owner, const char *name, struct symbol *sym);
int stree_size(struct stree *st);
void stree_each_from(struct stree *st, int owner, const char *name,
		     bool (*fn)(struct sm_state *sm, void *data), void *data);
bool stree_alike(struct stree *a, struct stree *b);
struct stree *stree_merge(struct stree *a, struct stree *b);

/* Path sets. */
struct path *new_path(void);
struct path *clone_path(struct path *p);
struct path_list *clone_paths(struct path_list *list);
void join_paths(struct path_list **into, struct path_list *from);
void normalize_paths(struct path_list **list);

/* Running hooks on every current path. */
void run_hooks(enum hook_type type, void *arg);
void run_hooks_on(enum hook_type type, void *arg, struct path_list **paths);
void run_call_hooks(struct expression *call);
void run_condition_hooks(struct expression *expr, struct path *t, struct path *f);
void run_on_paths(void (*fn)(void *), void *arg);

/* The flow engine. */
void walk_function(struct symbol *sym, bool report);
void begin_fn_ctx(struct fn_ctx *ctx, struct symbol *sym, bool report);
void end_fn_ctx(struct fn_ctx *ctx);
/*
 * A visit of a function body in the order the engine walks it
 * (smatch_tree_visit.c): each hook is called on a statement or expression
 * before its parts.
 */
struct open_block {
	struct statement *block;	/* a compound statement being visited */
	int index;			/* of its statement being visited */
	struct open_block *outer;
};
struct tree_visit {
	void (*stmt)(struct tree_visit *v, struct statement *stmt);
	void (*expr)(struct tree_visit *v, struct expression *expr);
	struct open_block *blocks;	/* innermost first */
	bool block_level;	/* the statement is one of blocks->block's, or a label's at its start */
	int depth;
};
void visit_tree(struct tree_visit *v, struct statement *body);
/*
 * The backward gotos walked as loops (smatch_back_edges.c): find_back_edges()
 * scans a function's body before it is walked; back_edge_end() gives, for a
 * statement of a block that starts with a label, the index in the block of
 * the last statement with a goto back to that label (-1: none).
 */
void find_back_edges(struct statement *body);
int back_edge_end(struct statement *s);

/* The value-tracking module, and what returns say of parameters. */
void register_values(void);
void register_param_limits(void);
void register_local_defs(void);	/* smatch_local_defs.c: a local that holds a test */
const char *local_member_param(const char *member, struct expression *call);	/* "vmf.vma" holds "$0" */
const char *local_copy_param(struct symbol *local);	/* "bo" holds "$0->vma->vm_private_data" */
/* What a test of 'var' tells of through implication facts ("need => optname"). */
int implied_arguments(const char *var, const char **args, int max);
void register_param_calls(void);
void register_caller_values(void);	/* smatch_caller_values.c */
/* What functions touch: writes beyond their locals, reads beyond their arguments. */
void register_purity(void);
/* smatch_out_params.c: which integer out-parameters a function may clear ("clears_param"). */
void register_out_params(void);
/* smatch_param_stores.c: which pointer members of its parameters a function may store ("stores_member"). */
void register_param_stores(void);
/* Calls fn with each member the callee may store, relative to its parameters ("$0->nodes"). */
void for_each_call_store(struct expression *call, void (*fn)(struct expression *call, const char *key));
/* A variable local to the function being analysed (not static). */
bool is_local_lvalue(struct expression *expr);
/* An asm walked on a path: impure unless it is a stable read (smatch_purity.c). */
void purity_of_asm(struct statement *stmt);
/* Can its value be remembered between two evaluations (no side effects)? */
bool is_pure_expr(struct expression *expr);
/*
 * Told by the value tracker when a variable (or an lvalue, by name) may
 * have changed: assigned, ++/--, or its address passed to a call; 'sym'
 * is the variable, or NULL for a member or an element; 'root' is the
 * variable the lvalue is in or reached through ("cpc" of "cpc->reason"),
 * or NULL.
 */
enum var_change { VAR_ASSIGNED, VAR_MODIFIED, VAR_ADDRESS_PASSED };
typedef void (*var_change_func)(const char *name, struct symbol *sym, struct symbol *root,
				enum var_change how);
void add_var_change_hook(var_change_func fn);
int values_owner(void);
/* After a call's hooks: what its arguments' addresses let it change is forgotten. */
void forget_passed_addresses(struct expression *call);
/* What the path's facts say of the value printed 'name' ("cpc.reason", "f:set-bit-in"), or NULL. */
struct range_list *fact_range(const char *name);
void set_fact_state(const char *name, struct range_list *rl);
const char *fact_name(struct expression *expr);
/* smatch_value_bits.c: "x & MASK" as x's earlier bit tests or its range decide it, or NULL */
struct range_list *bits_range(struct expression *expr);
void learn_bits(struct expression *expr, struct range_list *rl);
uint64_t bits_surely_set(struct expression *expr);	/* the bits set in every value of 'expr' */
/* "x == 0" or "0 != x": x; NULL for any other expression. */
struct expression *tested_against_zero(struct expression *e);
/* On 'p', 'expr' is known true (or false): learn what that says of its parts. */
void path_assume_truth(struct path *p, struct expression *expr, bool truth);
/* Splits 'p' on the truth of 'expr': either result may be NULL (impossible). */
void split_path_on_condition(struct expression *expr, struct path *p,
			     struct path **t, struct path **f);

/* The value an expression had on the current path (for ?:, ({ }), &&, ||). */
struct expression *stmt_expr_value(struct statement *stmt);	/* the value of "({ ...; x; })": x */
void set_expr_result(struct expression *expr, struct expression *value);
void set_expr_result_rl(struct expression *expr, struct range_list *rl);
void forget_results(void);

/* The variables stepped since a mark, forgotten on the current path (loops). */
int values_step_mark(void);
void forget_stepped_since(int mark);
/* What path 'p' (not the current one) knows of 'expr'. */
struct range_list *get_range_on(struct path *p, struct expression *expr);
/* Restricts path 'p' to where expr OP rl holds: false if that is impossible. */
bool path_assume(struct path *p, struct expression *expr, int op, struct range_list *rl);

/* C's operators and conversions on ranges (smatch_range_ops.c). */
struct range_list *type_range(struct symbol *type);	/* what a variable of it can hold */
struct range_list *convert_range(struct range_list *rl, struct symbol *type);
bool typed_binop_value(int op, int64_t l, int64_t r, struct symbol *type, int64_t *res);
struct range_list *compare_range(struct range_list *l, int op, struct range_list *r);	/* 0, 1 or 0-1 */
struct range_list *not_range(struct range_list *rl);
bool is_compare_op(int op);
int negate_op(int op);	/* "<" gives ">=" */
int flip_op(int op);	/* sides swapped: "<" gives ">" */

/* Summaries of functions of this file. */
/* The data tables (smatch_table.c): a parser returns 0, or -1 after table_error(). */
typedef int (*table_line_func)(const char *path, int nr, char *line);
int table_error(const char *path, int nr, const char *what);
void load_table(const char *dir, const char *ext, bool optional, table_line_func parse);
struct memo;
/* An optional table of function names, one a line ("#" comments), into a memo table. */
void load_name_list(const char *dir, const char *ext, struct memo **names);

void summary_begin_function(void);
void summary_record_return(struct expression *ret_expr);
void summary_settle_returns(struct symbol *sym);
void summary_end_function(struct symbol *sym);

/* Debug output of the states of all current paths. */
void print_all_states(void);

void register_checks(void);

/* The line of the '}' closing the block opened at 'open' (0 if unknown). */
int closing_brace_line(struct position open);
const char *source_name_at(struct position pos);
const char *source_call_text(struct position pos);
int statement_column(struct position pos);

#endif
