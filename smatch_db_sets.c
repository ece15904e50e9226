/*
 * smatch_db_sets.c: the stores to a struct member or a global, as the
 * database names them ("set" rows), and what it says of them: the one
 * lock that every pointer stored in it points to.
 */
#include <sqlite3.h>
#include <string.h>
#include "smatch.h"
#include "smatch_db.h"

/*
 * Where a stored value goes, if it means something outside this function:
 * "struct foo.member" for a member (whatever the object), or a global's name.
 */
const char *db_set_target(struct expression *left)
{
	struct member_info mi;
	struct symbol *sym;

	if (get_member_load(left, &mi))
		return intern_fmt("%s.%s", type_to_str(mi.type), mi.path);
	sym = loaded_symbol(left);
	if (is_global_symbol(sym) && sym->ident)
		return intern(show_ident(sym->ident));
	return NULL;
}

/*
 * Stores of anything but NULL to ?1: how many, how many different
 * pointees, and one of them ('' for a value that is no lock's address).
 */
static const char pointee_sql[] =
	"SELECT count(*), count(DISTINCT points_to), min(points_to) FROM sets "
	"WHERE target = ?1 AND value != '0'";

/*
 * "q->lock_ptr = &hb->lock" in one file, "spin_unlock(q->lock_ptr)" in
 * another: the lock 'target' ("struct futex_q.lock_ptr") points to when
 * every non-NULL store to it in the tree is the address of that one lock
 * (a type key or a global), else NULL.  The answer is kept.
 */
const char *db_target_lock(const char *target)
{
	static sqlite3_stmt *cache;
	static struct memo *seen[MEMO_HASH];
	sqlite3_stmt *st = target ? db_statement(&cache, pointee_sql) : NULL;
	const char *lock = NULL;
	struct memo *m;

	if (!st)
		return NULL;
	db_note_read("sets", target);
	m = memo_find(seen, target);
	if (m)
		return m->value;
	sqlite3_bind_text(st, 1, target, -1, SQLITE_STATIC);
	if (sqlite3_step(st) == SQLITE_ROW && sqlite3_column_int(st, 0) > 0 &&
	    sqlite3_column_int(st, 1) == 1) {
		const unsigned char *s = sqlite3_column_text(st, 2);

		/*
		 * "*struct b.q", the store of another pointer member: no lock.
		 * Following it made "a->p = b->q" and "b->q = a->p" (cipso's
		 * cache and lsm_data) swap their pointees at every pass.
		 */
		if (s && *s && *s != '*')
			lock = intern((const char *)s);
	}
	sqlite3_reset(st);
	memo_add(seen, target, lock);
	return lock;
}
