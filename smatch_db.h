/*
 * smatch_db.h: the cross-function database: reading return states of
 * callees from it (smatch_db.c) and the --info rows it is built from
 * (smatch_db_info.c).  Tables and columns: docs/database.md.
 */
#ifndef SMATCH_DB_H
#define SMATCH_DB_H

/* Must match the schema_version row of smatch_data/db/schema.sql. */
#define DB_SCHEMA_VERSION 6

/* The database file to read, or NULL for none. */
const char *db_path(void);

/* A prepared statement for another reader of the database (smatch_db.c). */
typedef struct sqlite3_stmt sqlite3_stmt;
sqlite3_stmt *db_statement(sqlite3_stmt **cache, const char *sql);

/*
 * What the database's callers of a function hold at their calls, lock by
 * lock (smatch_db_callers.c).  "The function being analysed" is told apart.
 */
struct caller_lock {
	const char *lock;	/* the lock key, as call_locks.lock */
	const char *name;	/* as the first call holding it (in file, line order) wrote it */
	long long name_call;	/* that call (calls.id) */
	int held;		/* callers holding it at some call (lock_requirements.held_callers) */
	int callers;		/* callers (lock_requirements.callers) */
	int always;		/* callers holding it at every one of their calls */
	int others;		/* callers other than the function being analysed */
	int others_always;	/* of those, holding it at every call */
	bool self_calls;	/* the function being analysed is one of the callers */
	const char *param;	/* relative to the callee's parameters ("&$0->lock", a global's
				   name) at every call, the same at each; NULL if not */
	const char *caller_names; /* "a(), b()": the callers, the first three in name order */
	struct caller_lock *next;
};
/*
 * What a read decides: rows that --info prints, which a later pass must
 * check again when the rows read change, or only whether to warn, which
 * it need not (a check reads the finished database anyway).
 */
enum db_read_for { FOR_ROWS, FOR_WARNING };
struct caller_lock *db_caller_locks(const char *fn, bool is_static, enum db_read_for why);
bool db_callee_retakes_callers_lock(const char *fn, const char *key);
bool db_callers_may_require(const char *fn, int min_callers);
const char *db_call_arg(long long call, int param);
struct range_list *db_static_arg_range(const char *fn, int param);

/* How the function being analysed is reached, and how a lock is taken (smatch_db_reach.c). */
bool db_self_has_callers(void);
bool db_self_pointer_calls(const char *lock, int *holding);
bool db_lock_nests(const char *lock);
bool db_lock_held_on_return(const char *lock);

/*
 * The rows a file's analysis read ("returns", "callers", "static_callers",
 * "requirements" or "sets" of a key), printed by --info as "read" rows
 * (smatch_db.c).
 */
void db_note_read(const char *kind, const char *key);
void db_emit_reads(void);

/*
 * The name stores to a member or global are recorded under, and the lock
 * every non-NULL store to it points to (smatch_db_sets.c).
 */
const char *db_set_target(struct expression *left);
const char *db_target_lock(const char *target);

/* Answers the database readers keep, per key (compared interned). */
#define MEMO_HASH 1024
struct memo {
	const char *key;
	const void *value;
	struct memo *next;
};
struct memo *memo_find(struct memo **table, const char *key);
void memo_add(struct memo **table, const char *key, const void *value);
void memo_clear(struct memo **table);

/* The return states a statement steps through, of its first file (smatch_db.c). */
bool db_read_returns(sqlite3_stmt *st, struct return_summary_list **returns, bool *never_returns);

/* Registers the database reader and, with --info, the row printer. */
void register_db(void);
void register_db_info(void);

/* For other --info row printers (smatch_db_info.c). */
void info_row(const char *table, const char *fmt, ...);

/* The lock_op rows of each lock taken or released (smatch_lock_order_info.c). */
void register_lock_order_info(void);

#endif
