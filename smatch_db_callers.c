/*
 * smatch_db_callers.c: what the database says of the calls to a function:
 * for each lock, how many of its callers hold it there, with the function
 * being analysed told apart from the others; the values of its arguments.
 */
#include <sqlite3.h>
#include <string.h>
#include "smatch.h"
#include "smatch_internal.h"
#include "smatch_db.h"
#include "smatch_locking.h"

/*
 * Per lock held at some call to ?1 (a static function: of file ?3 only):
 * callers holding it at some call, at every call, all callers, the first
 * holding call, the name relative to the callee's parameters if every
 * holding call has the same one, and the first four callers in name order.
 * Callers are told apart as lock_requirements does: file and name.  The
 * same for every function of the file, so it is read once per callee:
 * an aggregate over every call, which for _raw_spin_unlock_irqrestore()
 * costs about as much as analysing a function.
 */
static const char stats_sql[] =
	"WITH c AS (SELECT id, file, caller, line FROM calls "
	"           WHERE callee = ?1 AND ptr = 0 AND callee_static = ?2 AND (?2 = 0 OR file = ?3)), "
	"per AS (SELECT file, caller, count(*) AS n FROM c GROUP BY file, caller), "
	"held AS (SELECT c.file, c.caller, l.lock, count(DISTINCT c.id) AS n "
	"         FROM c JOIN call_locks l ON l.call_id = c.id GROUP BY c.file, c.caller, l.lock), "
	"first AS (SELECT l.lock, l.name, c.id, row_number() OVER "
	"          (PARTITION BY l.lock ORDER BY c.file, c.line, c.id) AS nr "
	"          FROM c JOIN call_locks l ON l.call_id = c.id) "
	"SELECT h.lock, count(*), sum(h.n = p.n), (SELECT count(*) FROM per), f.name, f.id, "
	"       (SELECT CASE WHEN count(DISTINCT l2.param) = 1 THEN min(l2.param) END "
	"        FROM c JOIN call_locks l2 ON l2.call_id = c.id WHERE l2.lock = h.lock), "
	"       (SELECT group_concat(caller, char(9)) FROM "
	"          (SELECT DISTINCT caller FROM per ORDER BY caller LIMIT 4)) "
	"FROM held h JOIN per p ON p.file = h.file AND p.caller = h.caller "
	"JOIN first f ON f.lock = h.lock AND f.nr = 1 "
	"GROUP BY h.lock ORDER BY h.lock";

/*
 * The calls of one caller, ?4 of file ?3, to ?1: per lock held at some of
 * them (NULL for calls holding none), how many hold it, and how many calls
 * there are.  What tells the caller being analysed apart from the others.
 */
static const char self_sql[] =
	"SELECT l.lock, count(DISTINCT c.id), "
	"       (SELECT count(*) FROM calls s WHERE s.file = ?3 AND s.caller = ?4 AND s.callee = ?1 "
	"        AND s.ptr = 0 AND s.callee_static = ?2) "
	"FROM calls c LEFT JOIN call_locks l ON l.call_id = c.id "
	"WHERE c.file = ?3 AND c.caller = ?4 AND c.callee = ?1 AND c.ptr = 0 AND c.callee_static = ?2 "
	"GROUP BY l.lock";

static const char arg_sql[] = "SELECT expr FROM call_args WHERE call_id = ?1 AND param = ?2";

/* Is some call to ?1 (a static function: of file ?3) made holding no lock at all? */
static const char lockless_sql[] =
	"SELECT 1 FROM calls c WHERE c.callee = ?1 AND c.ptr = 0 AND c.callee_static = ?2 "
	"AND (?2 = 0 OR c.file = ?3) AND NOT EXISTS (SELECT 1 FROM call_locks l WHERE l.call_id = c.id) "
	"LIMIT 1";

/*
 * A start state needs a lock held at every call: one call holding none,
 * which a hub's first calls show at once, says there is none without the
 * aggregate of read_locks(), which for mutex_lock_nested()'s hundreds of
 * thousands of calls took a minute per function of kernel/locking/mutex.c.
 */
static bool some_call_holds_nothing(const char *fn, bool is_static)
{
	static sqlite3_stmt *cache;
	sqlite3_stmt *st = db_statement(&cache, lockless_sql);
	bool found;

	if (!st)
		return false;
	sqlite3_bind_text(st, 1, fn, -1, SQLITE_STATIC);
	sqlite3_bind_int(st, 2, is_static);
	sqlite3_bind_text(st, 3, base_filename ? base_filename : "", -1, SQLITE_STATIC);
	found = sqlite3_step(st) == SQLITE_ROW;
	sqlite3_reset(st);
	return found;
}

/*
 * The answers already read, for one callee and one analysed function, or
 * for one callee and every function (self NULL: others and others_always
 * not set).
 */
struct answer {
	const char *fn, *file, *self;
	struct caller_lock *locks;
	struct answer *next;
};

#define ANSWER_HASH 1024
static struct answer *answers[ANSWER_HASH];

static const char *text(sqlite3_stmt *st, int i)
{
	const unsigned char *s = sqlite3_column_text(st, i);

	return intern(s ? (const char *)s : "");
}

static sqlite3_stmt *stats_stmt;

/* "a(), b(), c(), ..." of the first names, tab-separated, of 'nr' callers. */
static const char *callers_text(const char *names, int nr)
{
	const char *list[4];
	int n = 0;

	while (n < 4 && *names) {
		size_t len = strcspn(names, "\t");

		list[n++] = intern_fmt("%.*s", (int)len, names);
		names += len + (names[len] == '\t');
	}
	return caller_names_text(list, n, nr);
}

/* What the callers of 'fn' (static: of this file) hold, the same for every function of the file. */
static struct caller_lock *read_locks(const char *fn, bool is_static)
{
	sqlite3_stmt *st = db_statement(&stats_stmt, stats_sql);
	struct caller_lock *list = NULL, **tail = &list;

	if (!st)
		return NULL;
	sqlite3_bind_text(st, 1, fn, -1, SQLITE_STATIC);
	sqlite3_bind_int(st, 2, is_static);
	sqlite3_bind_text(st, 3, base_filename ? base_filename : "", -1, SQLITE_STATIC);
	while (sqlite3_step(st) == SQLITE_ROW) {
		struct caller_lock *cl = xmalloc(sizeof(*cl));

		memset(cl, 0, sizeof(*cl));
		cl->lock = text(st, 0);
		cl->held = sqlite3_column_int(st, 1);
		cl->always = sqlite3_column_int(st, 2);
		cl->callers = sqlite3_column_int(st, 3);
		cl->name = text(st, 4);
		cl->name_call = sqlite3_column_int64(st, 5);
		cl->param = *text(st, 6) ? text(st, 6) : NULL;
		cl->caller_names = callers_text(text(st, 7), cl->callers);
		*tail = cl;
		tail = &cl->next;
	}
	sqlite3_reset(st);
	return list;
}

/*
 * 'all' (read_locks()) told from the function being analysed: a copy with
 * the figures of the other callers, from its own calls to 'fn'.
 */
static struct caller_lock *locks_of_others(struct caller_lock *all, const char *fn, bool is_static)
{
	static sqlite3_stmt *cache;
	sqlite3_stmt *st = db_statement(&cache, self_sql);
	struct caller_lock *list = NULL, **tail = &list, *cl;
	int self_calls = 0;

	if (!st)
		return NULL;
	sqlite3_bind_text(st, 1, fn, -1, SQLITE_STATIC);
	sqlite3_bind_int(st, 2, is_static);
	sqlite3_bind_text(st, 3, base_filename ? base_filename : "", -1, SQLITE_STATIC);
	sqlite3_bind_text(st, 4, cur_func_name(), -1, SQLITE_STATIC);
	for (; all; all = all->next) {
		cl = xmalloc(sizeof(*cl));
		*cl = *all;
		cl->next = NULL;
		cl->others_always = cl->always;
		*tail = cl;
		tail = &cl->next;
	}
	while (sqlite3_step(st) == SQLITE_ROW) {
		const char *lock = sqlite3_column_type(st, 0) == SQLITE_NULL ? NULL : text(st, 0);

		self_calls = sqlite3_column_int(st, 2);
		for (cl = list; lock && cl; cl = cl->next) {
			/* the analysed function holds it at every one of its calls */
			if (cl->lock == lock && sqlite3_column_int(st, 1) == self_calls)
				cl->others_always--;
		}
	}
	sqlite3_reset(st);
	for (cl = list; cl; cl = cl->next) {
		cl->self_calls = self_calls > 0;
		cl->others = cl->callers - cl->self_calls;
		assert(cl->others_always <= cl->others && cl->always <= cl->callers);
	}
	return list;
}

/* The answer kept for callee 'fn' and function 'self' (NULL: every function) of 'file'. */
static struct answer **find_answer(const char *fn, const char *self, const char *file)
{
	unsigned h = (((uintptr_t)fn >> 3) ^ ((uintptr_t)self >> 5)) % ANSWER_HASH;
	struct answer **a;

	for (a = &answers[h]; *a; a = &(*a)->next) {
		if ((*a)->fn == fn && (*a)->self == self && (*a)->file == file)
			break;
	}
	return a;
}

static struct answer *new_answer(struct answer **where, const char *fn, const char *self, const char *file,
				 struct caller_lock *locks)
{
	struct answer *a = xmalloc(sizeof(*a));

	a->fn = fn;
	a->file = file;
	a->self = self;
	a->locks = locks;
	a->next = NULL;
	*where = a;
	return a;
}

/*
 * The locks held at calls to 'fn' (static: from this file only), as the
 * database says; the answer is kept for the next calls.  For a start state
 * (FOR_ROWS), none when some call holds no lock.
 */
struct caller_lock *db_caller_locks(const char *fn, bool is_static, enum db_read_for why)
{
	const char *file = intern(base_filename ? base_filename : "");
	const char *self = intern(cur_func_name());
	struct answer **a, **all;

	if (!db_statement(&stats_stmt, stats_sql))
		return NULL;	/* no database: nothing to keep */
	if (why == FOR_ROWS) {
		db_note_read(is_static ? "static_callers" : "callers", fn);
		if (some_call_holds_nothing(fn, is_static))
			return NULL;
	}
	fn = intern(fn);
	all = find_answer(fn, NULL, file);
	if (!*all)
		new_answer(all, fn, NULL, file, read_locks(fn, is_static));
	/* no caller holds a lock: the same answer for every function */
	if (!(*all)->locks)
		return NULL;
	a = find_answer(fn, self, file);
	if (!*a)
		new_answer(a, fn, self, file, locks_of_others((*all)->locks, fn, is_static));
	return (*a)->locks;
}

/*
 * Might 80% of the callers but one of 'fn' (static: of this file), with
 * at least 'min_callers' callers, hold some lock?  A cheap look at lock_requirements, before the
 * per-caller figures of db_caller_locks() (an aggregate over every call of
 * the callee, too slow to run for every callee of every function); the
 * answer is kept for the next calls.  Only a warning depends on it: no
 * read is noted.
 */
bool db_callers_may_require(const char *fn, int min_callers)
{
	static sqlite3_stmt *cache;
	static const char sql[] =
		"SELECT 1 FROM lock_requirements WHERE callee = ?1 AND callers >= ?2 "
		"AND 5 * held_callers >= 4 * (callers - 1) AND (callee_file = '' OR callee_file = ?3) LIMIT 1";
	static struct memo *seen[MEMO_HASH];
	sqlite3_stmt *st = db_statement(&cache, sql);
	struct memo *m;
	bool may;

	if (!st)
		return false;
	m = memo_find(seen, fn);
	if (m)
		return m->value != NULL;
	sqlite3_bind_text(st, 1, fn, -1, SQLITE_STATIC);
	sqlite3_bind_int(st, 2, min_callers);
	sqlite3_bind_text(st, 3, base_filename ? base_filename : "", -1, SQLITE_STATIC);
	may = sqlite3_step(st) == SQLITE_ROW;
	sqlite3_reset(st);
	memo_add(seen, fn, may ? fn : NULL);
	return may;
}

/* Argument 'param' of the call 'call' as written there, or NULL. */
const char *db_call_arg(long long call, int param)
{
	static sqlite3_stmt *cache;
	sqlite3_stmt *st = db_statement(&cache, arg_sql);
	const char *expr = NULL;

	if (!st)
		return NULL;
	sqlite3_bind_int64(st, 1, call);
	sqlite3_bind_int(st, 2, param);
	if (sqlite3_step(st) == SQLITE_ROW)
		expr = text(st, 0);
	sqlite3_reset(st);
	return expr;
}

/*
 * The values a static function of this file gets for parameter 'param',
 * joined over its direct calls in the file: NULL when it has none or some
 * call has no row for it.
 */
struct range_list *db_static_arg_range(const char *fn, int param)
{
	static sqlite3_stmt *cache;
	static const char sql[] =
		"SELECT (SELECT count(*) FROM calls WHERE callee = ?1 AND ptr = 0 AND callee_static = 1 "
		"        AND file = ?2), a.value "
		"FROM calls c JOIN call_args a ON a.call_id = c.id "
		"WHERE c.callee = ?1 AND c.ptr = 0 AND c.callee_static = 1 AND c.file = ?2 AND a.param = ?3";
	sqlite3_stmt *st = db_statement(&cache, sql);
	struct range_list *rl = NULL;
	int rows = 0, calls = 0;

	if (!st)
		return NULL;
	db_note_read("static_callers", fn);
	sqlite3_bind_text(st, 1, fn, -1, SQLITE_STATIC);
	sqlite3_bind_text(st, 2, base_filename ? base_filename : "", -1, SQLITE_STATIC);
	sqlite3_bind_int(st, 3, param);
	while (sqlite3_step(st) == SQLITE_ROW) {
		calls = sqlite3_column_int(st, 0);
		rl = rl_union(rl, rl_from_str(text(st, 1)));
		rows++;
	}
	sqlite3_reset(st);
	return rows && rows == calls ? rl : NULL;
}

/*
 * Does 'fn', a non-static function of another file, start with lock 'key'
 * held under a parameter's name (every caller in the database holds it at
 * every call, named through the same argument, as smatch_locking.c's
 * match_func_start() reads it) and take it again itself under that name:
 * an "acquires" item of no chain, not a trylock or a nested variant, not
 * after asking whether it is held?  Its own walk then reports the double
 * lock ("held by every caller: ...").  Only a warning depends on it: no
 * read is noted.
 */
bool db_callee_retakes_callers_lock(const char *fn, const char *key)
{
	static sqlite3_stmt *cache;
	static const char sql[] =
		"SELECT i.value FROM return_states r JOIN return_items i ON i.return_id = r.id "
		"WHERE r.function = ?1 AND r.static = 0 AND r.file != ?2 AND i.type = 'acquires' "
		"AND i.key = ?3 AND i.name = ?4 AND instr(i.via, ' -> ') = 0";
	struct caller_lock *cl;
	sqlite3_stmt *st;
	bool retakes = false;

	for (cl = db_caller_locks(fn, false, FOR_WARNING); cl; cl = cl->next) {
		if (!strcmp(cl->lock, key))
			break;
	}
	if (!cl || cl->callers < 1 || cl->always != cl->callers || !cl->param)
		return false;
	st = db_statement(&cache, sql);
	if (!st)
		return false;
	sqlite3_bind_text(st, 1, fn, -1, SQLITE_STATIC);
	sqlite3_bind_text(st, 2, base_filename ? base_filename : "", -1, SQLITE_STATIC);
	sqlite3_bind_text(st, 3, key, -1, SQLITE_STATIC);
	sqlite3_bind_text(st, 4, cl->param, -1, SQLITE_STATIC);
	while (!retakes && sqlite3_step(st) == SQLITE_ROW) {
		const char *value = text(st, 0);

		/* "mutex" or "mutex;$1=0;some", not "mutex,try" nor "mutex;unheld" */
		retakes = strcspn(value, ",;") == strcspn(value, ";") && !strstr(value, "unheld");
	}
	sqlite3_reset(st);
	return retakes;
}
