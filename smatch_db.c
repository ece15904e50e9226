/*
 * smatch_db.c: reads the cross-function database built by
 * smatch_scripts/build_kernel_data.sh: the return states of functions
 * defined in other files become summaries of the calls to them.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sqlite3.h>
#include "smatch.h"
#include "smatch_internal.h"
#include "smatch_db.h"

static sqlite3 *db;
static sqlite3_stmt *returns_stmt;
static const char *db_name;
#define MAX_STMTS 16	/* the readers ask for 12 */
static sqlite3_stmt *stmts[MAX_STMTS];	/* other readers' statements (db_prepare()) */
static int nr_stmts;

/*
 * The database to read: $SMATCH_DB if set (empty for none), else
 * smatch_db.sqlite in the current directory.
 */
const char *db_path(void)
{
	const char *env = getenv("SMATCH_DB");

	if (opt.no_db)
		return NULL;
	if (opt.db_file)
		return opt.db_file;
	if (env)
		return *env ? env : NULL;
	return "smatch_db.sqlite";
}

/* Stops using the database, saying why in one line. */
static void give_up_db(const char *why)
{
	fprintf(stderr, "smatch: database %s: %s; continuing without it\n", db_name, why);
	sqlite3_finalize(returns_stmt);
	returns_stmt = NULL;
	while (nr_stmts)
		sqlite3_finalize(stmts[--nr_stmts]);
	sqlite3_close(db);
	db = NULL;
}

static void give_up_sqlite(const char *what)
{
	char why[512];

	snprintf(why, sizeof(why), "%s (%s)", what, sqlite3_errmsg(db));
	give_up_db(why);
}

/*
 * Rows of the file being checked are never used: its functions are
 * analysed here, and what the last pass said of them would feed back
 * into this pass (a pass could then undo the previous one for ever).
 */
static const char returns_sql[] =
	"SELECT r.id, r.file, r.ret, i.type, i.key, i.name, i.value, i.via "
	"FROM return_states r LEFT JOIN return_items i ON i.return_id = r.id "
	"WHERE r.function = ?1 AND r.static = 0 AND r.file != ?2 "
	"ORDER BY r.file, r.idx, i.id";

static const char *column(sqlite3_stmt *st, int i)
{
	const unsigned char *s = sqlite3_column_text(st, i);

	return intern(s ? (const char *)s : "");
}

/*
 * A function that never returns has one row, a marker whose item is
 * "never_returns" (smatch_db_info.c): no return of it.
 */
static bool take_never_returns_marker(struct return_summary_list **returns)
{
	struct return_summary *rs;
	struct summary_item *item;

	if (ptr_list_size((struct ptr_list *)*returns) != 1)
		return false;
	rs = first_ptr_list((struct ptr_list *)*returns);
	if (!return_item(rs, "never_returns", NULL))
		return false;
	FOR_EACH_PTR(rs->items, item) {
		free(item);
	} END_FOR_EACH_PTR(item);
	free_ptr_list(&rs->items);
	free(rs->ret);
	free(rs);
	free_ptr_list(returns);
	return true;
}

/*
 * The return states 'st' steps through (columns: return id, file, ret, and
 * the item's type, key, name, value, via, or NULL), of its first file only;
 * false (and the database given up) on a read error.  A function that
 * never returns has none: '*never_returns' (if not NULL) says so.
 */
bool db_read_returns(sqlite3_stmt *st, struct return_summary_list **returns, bool *never_returns)
{
	struct return_summary *rs = NULL;
	const char *file = NULL;
	sqlite3_int64 last = -1;
	int rc;

	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		sqlite3_int64 id = sqlite3_column_int64(st, 0);

		if (!file)
			file = column(st, 1);
		else if (column(st, 1) != file)
			break;
		if (id != last) {
			rs = new_return_summary(rl_from_str(column(st, 2)));
			add_ptr_list(returns, rs);
			last = id;
		}
		if (sqlite3_column_type(st, 3) != SQLITE_NULL) {
			struct summary_item *item = new_summary_item(column(st, 3), column(st, 4), column(st, 5),
								     column(st, 6), column(st, 7));

			add_ptr_list(&rs->items, item);
		}
	}
	if (rc == SQLITE_ROW || rc == SQLITE_DONE) {
		bool marker = take_never_returns_marker(returns);

		if (never_returns)
			*never_returns = marker;
		return true;
	}
	give_up_sqlite("cannot read return states");
	return false;
}

/*
 * The summary loader: the return states of the non-static function 'fn'
 * of another file (the first in name order if several define it).
 */
static void load_returns(const char *fn, struct symbol *decl)
{
	struct return_summary_list *returns = NULL;
	struct return_summary *rs;
	bool never_returns = false;

	if (!db)
		return;
	db_note_read("returns", fn);
	sqlite3_reset(returns_stmt);
	sqlite3_bind_text(returns_stmt, 1, fn, -1, SQLITE_STATIC);
	sqlite3_bind_text(returns_stmt, 2, base_filename ? base_filename : "", -1, SQLITE_TRANSIENT);
	/*
	 * What only some of the returns a caller cannot tell apart do becomes
	 * "may or may not" (unknown_...) where the summary joins them.
	 */
	if (db_read_returns(returns_stmt, &returns, &never_returns)) {
		FOR_EACH_PTR(returns, rs) {
			add_table_summary(fn, rs);
		} END_FOR_EACH_PTR(rs);
	}
	if (never_returns)
		add_table_never_returns(fn);
	free_ptr_list(&returns);
}

/* The schema version row: -1 (and a message) if the file is no smatch database. */
static int schema_version(void)
{
	sqlite3_stmt *st;
	int rc, version = -1;

	if (sqlite3_prepare_v2(db, "SELECT value FROM meta WHERE key = 'schema_version'", -1, &st, NULL)) {
		give_up_sqlite(sqlite3_errcode(db) == SQLITE_BUSY ? "locked by another process" :
			       "not a smatch database, or corrupt");
		return -1;
	}
	rc = sqlite3_step(st);
	if (rc == SQLITE_ROW)
		version = sqlite3_column_int(st, 0);
	sqlite3_finalize(st);
	if (rc == SQLITE_BUSY || rc == SQLITE_LOCKED)
		give_up_db("locked by another process");
	else if (rc != SQLITE_ROW)
		give_up_db("not a smatch database (no schema version)");
	return rc == SQLITE_ROW ? version : -1;
}

/* Opens the database read-only; a missing file just means there is none. */
static bool open_db(void)
{
	char why[256];
	int version;

	db_name = db_path();
	if (!db_name || access(db_name, F_OK))
		return false;
	if (sqlite3_open_v2(db_name, &db, SQLITE_OPEN_READONLY, NULL) != SQLITE_OK) {
		give_up_sqlite("cannot open");
		return false;
	}
	sqlite3_busy_timeout(db, 5000);
	/*
	 * Read through a memory map: every file of a pass reads the same
	 * database, which stays in the page cache, and a kernel file's
	 * queries read its pages 30,000 times a second, each a pread() of
	 * 4 KiB otherwise (half the machine's time went to the system).
	 */
	sqlite3_exec(db, "PRAGMA mmap_size = 17179869184", NULL, NULL, NULL);
	version = schema_version();
	if (!db)
		return false;
	if (version != DB_SCHEMA_VERSION) {
		snprintf(why, sizeof(why), "schema version %d, this smatch needs %d "
			 "(an old database: rebuild it with build_kernel_data.sh)", version, DB_SCHEMA_VERSION);
		give_up_db(why);
		return false;
	}
	if (sqlite3_prepare_v2(db, returns_sql, -1, &returns_stmt, NULL)) {
		give_up_sqlite("not a smatch database, or corrupt");
		return false;
	}
	return true;
}

/*
 * A statement on the database for other readers, reset and ready to bind;
 * NULL when there is no database.  '*cache' keeps it between calls.
 */
sqlite3_stmt *db_statement(sqlite3_stmt **cache, const char *sql)
{
	int i;

	if (!db)
		return NULL;
	for (i = 0; i < nr_stmts && stmts[i] != *cache; i++)
		;
	if (!*cache || i == nr_stmts) {
		assert(nr_stmts < MAX_STMTS);
		if (sqlite3_prepare_v2(db, sql, -1, cache, NULL)) {
			give_up_sqlite("not a smatch database, or corrupt");
			return NULL;
		}
		stmts[nr_stmts++] = *cache;
	}
	sqlite3_reset(*cache);
	sqlite3_clear_bindings(*cache);
	return *cache;
}

/*
 * The database rows this file's rows depend on, as (kind, key): "returns"
 * of a function, "callers" (calls to a function, with their locks and
 * arguments), "sets" (of a target), ... (readers.py lists them).  --info
 * prints them as "read" rows, so that a later pass re-analyses the file
 * only when some of them changed.  What decides only a warning is not
 * noted (enum db_read_for).
 */
struct read_key {
	const char *kind, *key;
	struct read_key *next;
};
static struct memo *reads_seen[MEMO_HASH];
static struct read_key *reads, **reads_tail = &reads;

void db_note_read(const char *kind, const char *key)
{
	const char *k = intern_fmt("%s\t%s", kind, key);
	struct read_key *r;

	if (!opt.info || memo_find(reads_seen, k))
		return;
	memo_add(reads_seen, k, k);
	r = xmalloc(sizeof(*r));
	r->kind = kind;
	r->key = intern(key);
	r->next = NULL;
	*reads_tail = r;
	reads_tail = &r->next;
}

/* Prints the file's "read" rows, in the order of the first reads, and forgets them. */
void db_emit_reads(void)
{
	struct read_key *r, *next;

	for (r = reads; r; r = next) {
		next = r->next;
		info_row("read", "ss", r->kind, r->key);
		free(r);
	}
	reads = NULL;
	reads_tail = &reads;
	memo_clear(reads_seen);
}

static unsigned memo_hash(const char *key)
{
	return ((uintptr_t)key >> 3) % MEMO_HASH;
}

/* The answer kept for 'key' in 'table', or NULL if there is none yet. */
struct memo *memo_find(struct memo **table, const char *key)
{
	struct memo *m;

	key = intern(key);
	for (m = table[memo_hash(key)]; m; m = m->next) {
		if (m->key == key)
			return m;
	}
	return NULL;
}

/* Forgets every answer of 'table' (not what their values point to). */
void memo_clear(struct memo **table)
{
	struct memo *m, *next;
	int i;

	for (i = 0; i < MEMO_HASH; i++) {
		for (m = table[i]; m; m = next) {
			next = m->next;
			free(m);
		}
		table[i] = NULL;
	}
}

void memo_add(struct memo **table, const char *key, const void *value)
{
	struct memo *m = xmalloc(sizeof(*m));

	m->key = intern(key);
	m->value = value;
	m->next = table[memo_hash(m->key)];
	table[memo_hash(m->key)] = m;
}

void register_db(void)
{
	if (open_db())
		add_summary_loader(&load_returns);
	if (opt.info)
		register_db_info();
}
