/*
 * smatch_lock_order_info.c: with --info, a "lock_op" row for each lock taken
 * or released, with the locks held when it is taken, and one for each lock
 * type given a lockdep class of its own (lockdep_set_class()), for
 * lock_order.py.
 */
#include <stdlib.h>
#include <string.h>
#include "smatch.h"
#include "smatch_internal.h"
#include "smatch_locking.h"
#include "smatch_db.h"

#define MAX_HELD 16

/* One lock operation of the function, however many paths reach it. */
struct op_site {
	struct expression *call;
	const char *key, *name, *callee;
	const struct lock_kind *kind;
	bool lock, nested, trylock;	/* trylock: as the "acquires" items say it */
	bool sets_class;		/* lockdep_set_class*(), not a lock operation */
	const char *held[MAX_HELD];	/* locks held on every path reaching it */
	int nr_held;
	struct op_site *next;
};

static struct op_site *first, **tail = &first;

static int compare_keys(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* The record of this operation, made (in walk order) the first time it is reached. */
static struct op_site *get_op(struct lock_event *ev, bool lock, bool *is_new)
{
	struct op_site *s;

	for (s = first; s; s = s->next) {
		if (s->call == ev->call && s->key == ev->key && s->lock == lock) {
			*is_new = false;
			return s;
		}
	}
	s = fn_alloc(sizeof(*s));
	memset(s, 0, sizeof(*s));
	s->call = ev->call;
	s->key = ev->key;
	s->name = ev->name;
	s->kind = ev->kind;
	s->lock = lock;
	s->callee = get_callee_name(ev->call);
	*tail = s;
	tail = &s->next;
	*is_new = true;
	return s;
}

/*
 * Drops 'key' itself from the held locks (taking it again is not an order)
 * and locks named by an expression of this function ("sk" for lock_sock(sk)):
 * they mean nothing elsewhere.
 */
static int without_key(const char **held, int nr, const char *key)
{
	int i, n = 0;

	for (i = 0; i < nr; i++) {
		if (held[i] != key && !lock_key_is_local(held[i]) && !lock_held_on_entry(held[i]))
			held[n++] = held[i];
	}
	return n;
}

static void record(struct lock_event *ev, bool lock)
{
	struct op_site *s;
	bool is_new;

	if (!pos_in_main_file(cur_fn()->pos) || !ev->call || ev->local || !lock_key_is_shared(ev->key))
		return;
	s = get_op(ev, lock, &is_new);
	/* a _nested annotation on any path makes it one: the code says so */
	s->nested |= ev->nested;
	s->trylock |= ev->trylock;
	if (!lock)
		return;
	if (is_new)
		s->nr_held = without_key(s->held, held_shared_locks(s->held, NULL, MAX_HELD), ev->key);
	else
		s->nr_held = keep_held_locks(s->held, s->nr_held);
}

static void match_lock(struct lock_event *ev)
{
	record(ev, true);
}

static void match_unlock(struct lock_event *ev)
{
	record(ev, false);
}

/* The held locks, sorted so that rows do not depend on state order. */
static const char *held_str(struct op_site *s)
{
	const char *str = "";
	int i;

	qsort(s->held, s->nr_held, sizeof(s->held[0]), compare_keys);
	for (i = 0; i < s->nr_held; i++)
		str = intern_fmt("%s%s%s", str, i ? ", " : "", s->held[i]);
	return str;
}

static void match_after_func(void)
{
	struct op_site *s;

	for (s = first; s; s = s->next) {
		if (s->sets_class) {
			info_row("lock_op", "ssdssssdddsds", cur_func_name(), base_filename, s->call->pos.line,
				 "class", s->key, s->name, "", 0, 0, 0, s->callee, 0, "");
			continue;
		}
		assert(s->kind);
		info_row("lock_op", "ssdssssdddsds", cur_func_name(), base_filename, s->call->pos.line,
			 s->lock ? "lock" : "unlock", s->key, s->name, s->kind->name,
			 s->kind->recursive, s->nested, s->lock && s->trylock,	/* trylocks order nothing */
			 s->callee ? s->callee : "", s->callee && is_lock_table_function(s->callee),
			 s->lock ? held_str(s) : "");
	}
}

/*
 * lockdep_set_class*() is lockdep_init_map*() on "&(lock)->dep_map": the
 * instances of the lock's type belong to more than one lockdep class, whose
 * order the kernel keeps by design.
 */
static void match_set_class(const char *fn, struct expression *call, void *data)
{
	struct lock_event ev = { .call = call, .name = expr_to_str(get_argument(call, 0)) };
	struct member_info mi;
	enum key_scope scope;
	const char *last;
	char *dot;
	bool is_new;

	if (!pos_in_main_file(cur_fn()->pos) || !get_member_address(get_argument(call, 0), &mi))
		return;
	dot = strrchr(mi.path, '.');	/* "lock.dep_map": the lock is "lock" */
	if (!dot || strcmp(dot + 1, "dep_map") != 0)
		return;	/* a work's or a wait queue's "lockdep_map" is not a lock */
	*dot = '\0';
	/* spinlock_t's dep_map is its raw_spinlock's: "lock.rlock.dep_map" */
	if (member_container(mi.type, mi.path, &last) && strcmp(last, "rlock") == 0 &&
	    (dot = strrchr(mi.path, '.')))
		*dot = '\0';
	ev.key = lock_member_key(&mi, &scope);
	if (scope == KEY_TYPE)
		get_op(&ev, false, &is_new)->sets_class = true;	/* once, if the walk goes by twice */
}

/* The records live in the function's memory: each function starts afresh. */
static void match_func_start(void)
{
	first = NULL;
	tail = &first;
}

void register_lock_order_info(void)
{
	static const char *const class_setters[] = {
		"lockdep_init_map", "lockdep_init_map_type", "lockdep_init_map_wait", "lockdep_init_map_waits",
	};
	size_t i;

	add_lock_hook(&match_lock);
	add_unlock_hook(&match_unlock);
	add_hook(&match_func_start, FUNC_START_HOOK);
	add_hook(&match_after_func, AFTER_FUNC_HOOK);
	for (i = 0; i < ARRAY_SIZE(class_setters); i++)
		add_function_hook(class_setters[i], &match_set_class, NULL);
}
