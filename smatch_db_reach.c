/*
 * smatch_db_reach.c: how the database says the function being analysed is
 * reached (by direct calls, or through the function pointers it is stored
 * in, with the locks those calls hold), and how a lock is taken elsewhere:
 * what the lock requirement check asks of a caller that never touched the
 * lock it lacks, and whether a lock is ever held beyond a return.
 */
#include <sqlite3.h>
#include "smatch.h"
#include "smatch_internal.h"
#include "smatch_db.h"

/* ?1 the function, ?2 whether it is static, ?3 its file (a static function's calls are its file's) */
static const char direct_sql[] =
	"SELECT 1 FROM calls WHERE callee = ?1 AND ptr = 0 AND callee_static = ?2 "
	"AND (?2 = 0 OR file = ?3) AND NOT (file = ?3 AND caller = ?1) LIMIT 1";

/* ... and ?4 a lock: the pointers it is stored in, and their calls holding the lock */
static const char pointer_sql[] =
	"SELECT count(*), (SELECT count(DISTINCT c.id) FROM calls c JOIN call_locks l ON l.call_id = c.id "
	"                  WHERE c.ptr = 1 AND l.lock = ?4 AND c.callee IN "
	"                  (SELECT ptr FROM fn_ptrs WHERE function = ?1 AND (?2 = 0 OR file = ?3))) "
	"FROM fn_ptrs WHERE function = ?1 AND (?2 = 0 OR file = ?3)";

static const char recursive_sql[] =
	"SELECT max(recursive) FROM lock_ops WHERE lock = ?1 AND op = 'lock'";

static const char held_sql[] =
	"SELECT 1 FROM lock_effects WHERE lock = ?1 AND action = 'acquires' LIMIT 1";

static void bind_self(sqlite3_stmt *st)
{
	struct fn_ctx *c = cur_fn();

	sqlite3_bind_text(st, 1, c->name, -1, SQLITE_STATIC);
	sqlite3_bind_int(st, 2, !!(c->sym->ctype.modifiers & MOD_STATIC));
	sqlite3_bind_text(st, 3, base_filename ? base_filename : "", -1, SQLITE_STATIC);
}

/* Does another function of the database call the function being analysed directly? */
bool db_self_has_callers(void)
{
	static sqlite3_stmt *cache;
	sqlite3_stmt *st = db_statement(&cache, direct_sql);
	bool found;

	if (!st)
		return false;
	bind_self(st);
	found = sqlite3_step(st) == SQLITE_ROW;
	sqlite3_reset(st);
	return found;
}

/*
 * Is the function being analysed stored in a function pointer, as the
 * database says?  *holding is then the number of calls through those
 * pointers made with 'lock' held.
 */
bool db_self_pointer_calls(const char *lock, int *holding)
{
	static sqlite3_stmt *cache;
	sqlite3_stmt *st = db_statement(&cache, pointer_sql);
	bool stored = false;

	*holding = 0;
	if (!st)
		return false;
	bind_self(st);
	sqlite3_bind_text(st, 4, lock, -1, SQLITE_STATIC);
	if (sqlite3_step(st) == SQLITE_ROW) {
		stored = sqlite3_column_int(st, 0) > 0;
		*holding = sqlite3_column_int(st, 1);
	}
	sqlite3_reset(st);
	return stored;
}

/*
 * Is 'lock' taken anywhere in the database with a kind that nests (RCU,
 * read locks, interrupts, preemption)?  Also true when it is taken nowhere:
 * nothing says what it is.  The answer is kept for the next questions.
 */
bool db_lock_nests(const char *lock)
{
	static sqlite3_stmt *cache;
	static struct memo *seen[MEMO_HASH];
	static const char yes[] = "yes", no[] = "no";
	sqlite3_stmt *st = db_statement(&cache, recursive_sql);
	struct memo *m;
	bool nests = true;

	if (!st)
		return true;
	lock = intern(lock);
	m = memo_find(seen, lock);
	if (m)
		return m->value == yes;
	sqlite3_bind_text(st, 1, lock, -1, SQLITE_STATIC);
	if (sqlite3_step(st) == SQLITE_ROW && sqlite3_column_type(st, 0) != SQLITE_NULL)
		nests = sqlite3_column_int(st, 0) != 0;
	sqlite3_reset(st);
	memo_add(seen, lock, nests ? yes : no);
	return nests;
}

/*
 * Does some function return holding 'lock' (a lock function, rtnl_lock())?
 * What it reads is what readers.py (HELD_LOCKS) watches to re-check a
 * file: keep the two in step.  The answer is kept for the next questions.
 */
bool db_lock_held_on_return(const char *lock)
{
	static sqlite3_stmt *cache;
	static struct memo *seen[MEMO_HASH];
	sqlite3_stmt *st = db_statement(&cache, held_sql);
	struct memo *m;
	bool held;

	if (!st)
		return false;
	lock = intern(lock);
	db_note_read("held_locks", lock);
	m = memo_find(seen, lock);
	if (m)
		return m->value != NULL;
	sqlite3_bind_text(st, 1, lock, -1, SQLITE_STATIC);
	held = sqlite3_step(st) == SQLITE_ROW;
	sqlite3_reset(st);
	memo_add(seen, lock, held ? lock : NULL);
	return held;
}
