/*
 * smatch_lock_table.c: reads a project's table of lock functions
 * (smatch_data/locks/PROJECT.locks) and turns each line into return
 * summaries, so that table functions and analysed helpers work alike.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "smatch.h"
#include "smatch_internal.h"
#include "smatch_locking.h"

/* A semaphore counts (dm-region-hash's recovery_count): two down() or up() may be right. */
static const struct lock_kind kinds[] = {
	{ "spin", false, false, ATOMIC_LOCK }, { "mutex", false, false, SLEEP_OK },
	{ "sem", true, false, SLEEP_OK }, { "rwsem", false, false, SLEEP_OK },
	{ "rwlock_read", true, false, ATOMIC_LOCK }, { "rwlock_write", false, false, ATOMIC_LOCK },
	{ "rcu", true, false, ATOMIC_SECTION }, { "srcu", true, false, SLEEP_OK },
	{ "irq", true, true, ATOMIC_SECTION }, { "preempt", true, false, ATOMIC_SECTION },
	{ "bh", true, true, ATOMIC_SECTION }, { "sock", false, false, SLEEP_OK },
};

const struct lock_kind *find_lock_kind(const char *name)
{
	size_t i;

	for (i = 0; i < sizeof(kinds) / sizeof(kinds[0]); i++) {
		if (!strcmp(kinds[i].name, name))
			return &kinds[i];
	}
	return NULL;
}

#define STRIP_HASH 64
static const char *strip_fns[STRIP_HASH];
static int nr_strip;

bool is_strip_function(const char *fn)
{
	return interned_among(strip_fns, nr_strip, intern(fn));
}

static struct summary_item *lock_item(const char *type, const char *lock, const char *value)
{
	return new_summary_item(type, lock, lock, value, NULL);
}

static struct return_summary *outcome(struct range_list *ret, const char *type,
				      const char *lock, const char *value)
{
	struct return_summary *rs = new_return_summary(ret);
	struct summary_item *item;

	if (type) {
		item = lock_item(type, lock, value);
		add_ptr_list(&rs->items, item);
	}
	return rs;
}

/* The functions of the table's lock and unlock lines. */
static const char *seen[1024];
static int nr_seen;

bool is_lock_table_function(const char *fn)
{
	return interned_among(seen, nr_seen, intern(fn));
}

/*
 * Trylocks cannot wait: on a lock already held they fail.  They are the
 * functions named so (mutex_trylock, spin_trylock, down_read_trylock...).
 */
bool is_trylock(const char *fn)
{
	return fn && strstr(fn, "trylock");
}

/* The global locks the table's lines name by name ("console_sem"). */
static const char *table_globals[256];
static int nr_table_globals;

static void note_table_lock(const char *lock)
{
	if (lock[0] != '$' && !lock_key_is_type(lock) && !lock_table_names_global(lock) &&
	    nr_table_globals < 256)
		table_globals[nr_table_globals++] = intern(lock);
}

/* Does a line of the table name the global lock 'name'? */
bool lock_table_names_global(const char *name)
{
	return interned_among(table_globals, nr_table_globals, intern(name));
}

/* Was 'fn' named by an earlier line? */
static bool seen_before(const char *fn)
{
	if (is_lock_table_function(fn))
		return true;
	if (nr_seen < 1024)
		seen[nr_seen++] = intern(fn);
	return false;
}

/*
 * What a function does to a lock besides taking or releasing it: destroys
 * it (pthread_mutex_destroy), initialises it (pthread_mutex_init), asks
 * about it (mutex_is_locked), or drops it and takes it again before it
 * returns (pthread_cond_wait).  Each is a summary item of that type, so
 * that such a call is not an unknown function the lock escapes to.
 */
static bool is_lifecycle_action(const char *action)
{
	return !strcmp(action, "destroy") || !strcmp(action, "init") ||
	       !strcmp(action, "query") || !strcmp(action, "retake");
}

/* How a table function with a ret=N line fails. */
struct failure {
	bool errno_code;	/* "errno": with a negative error code */
	int if_arg;		/* "fails-if=$N": only when argument N is not NULL, else -1 */
};

/*
 * The summaries of a table function whose 'action' on 'lock' happens on
 * every return, or only when it returns *ret.
 */
static void add_action(const char *fn, const char *action, const char *lock, const char *value,
		       const int *ret, const struct failure *fails)
{
	struct range_list *yes, *no;
	struct return_summary *failed;

	if (!ret) {
		add_table_summary(fn, outcome(NULL, action, lock, value));
		return;
	}
	/*
	 * trylocks return 0 when they fail; 0-on-success ones an error,
	 * a negative errno for "errno" ones, so that "< 0" tells them apart
	 */
	yes = rl_range(*ret, *ret);
	no = *ret ? rl_range(0, 0) : fails->errno_code ? rl_err_ptr() : rl_complement(yes);
	add_table_summary(fn, outcome(yes, action, lock, value));
	failed = outcome(no, NULL, NULL, NULL);
	/*
	 * ww_mutex_lock(l, NULL) waits like mutex_lock(): only an acquire
	 * context makes it fail (-EALREADY, -EDEADLK).  The failure is an
	 * outcome of non-NULL arguments only, as a "param_range" item says
	 * of an analysed function's returns.
	 */
	if (fails->if_arg >= 0) {
		struct summary_item *not_null = new_summary_item("param_range", intern_fmt("$%d", fails->if_arg),
								  "", rl_to_str(rl_nonzero()), "");

		add_ptr_list(&failed->items, not_null);
	}
	add_table_summary(fn, failed);
}

/* One table line: returns 0, or -1 after saying what is wrong. */
static int parse_line(const char *path, int nr, char *line)
{
	char *fields[8], *save, *tok;
	const char *value;
	int n = 0, i, ret = 0;
	struct failure fails = { .if_arg = -1 };
	bool has_ret = false, nested = false;

	for (tok = strtok_r(line, " \t\r\n", &save); tok && n < 8; tok = strtok_r(NULL, " \t\r\n", &save))
		fields[n++] = tok;
	if (n == 0 || fields[0][0] == '#')
		return 0;
	if (n < 3)
		return table_error(path, nr, "expected: NAME ACTION LOCK [KIND] [ret=N] [errno] [fails-if=$N] [nested]");
	if (!strcmp(fields[1], "strip")) {
		if (nr_strip == STRIP_HASH)
			return table_error(path, nr, "too many strip functions");
		strip_fns[nr_strip++] = intern(fields[0]);
		add_table_summary(fields[0], outcome(NULL, NULL, NULL, NULL));
		return 0;
	}
	if (n < 4 || !find_lock_kind(fields[3]))
		return table_error(path, nr, "unknown or missing lock kind");
	for (i = 4; i < n; i++) {
		if (!strncmp(fields[i], "ret=", 4)) {
			char *end;

			ret = strtol(fields[i] + 4, &end, 10);
			if (*end)
				return table_error(path, nr, "bad ret=N");
			has_ret = true;
		} else if (!strcmp(fields[i], "nested")) {
			nested = true;
		} else if (!strcmp(fields[i], "errno")) {
			fails.errno_code = true;
		} else if (!strncmp(fields[i], "fails-if=$", 10)) {
			char *end;

			fails.if_arg = strtol(fields[i] + 10, &end, 10);
			if (*end || end == fields[i] + 10 || fails.if_arg < 0)
				return table_error(path, nr, "bad fails-if=$N");
		} else {
			return table_error(path, nr, "unknown flag");
		}
	}
	if (fails.errno_code && (!has_ret || ret))
		return table_error(path, nr, "errno goes with ret=0 only");
	if (fails.if_arg >= 0 && !has_ret)
		return table_error(path, nr, "fails-if=$N goes with ret=N only");
	value = format_lock_value(&(struct lock_value){ .kind = find_lock_kind(fields[3]), .count = 1,
							.nested = nested });
	note_table_lock(fields[2]);
	if (!strcmp(fields[1], "neutral")) {
		add_table_summary(fields[0], outcome(NULL, NULL, NULL, NULL));
	} else if (!strcmp(fields[1], "lock") || !strcmp(fields[1], "unlock")) {
		if (seen_before(fields[0])) {
			/* a second effect of the same function, on the same returns */
			if (has_ret || !add_table_item(fields[0], lock_item(fields[1], fields[2], value)))
				return table_error(path, nr, "a repeated function takes no ret= and must lock or unlock first");
		} else {
			add_action(fields[0], fields[1], fields[2], value, has_ret ? &ret : NULL, &fails);
		}
	} else if (is_lifecycle_action(fields[1])) {
		add_action(fields[0], fields[1], fields[2], value, has_ret ? &ret : NULL, &fails);
	} else {
		return table_error(path, nr, "ACTION must be lock, unlock, destroy, init, query, retake, neutral or strip");
	}
	return 0;
}

/* Loads the project's lock table (smatch exits on a bad one). */
void load_lock_table(void)
{
	load_table("locks", "locks", false, parse_line);
}
