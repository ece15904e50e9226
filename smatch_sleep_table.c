/*
 * smatch_sleep_table.c: reads a project's table of functions that may
 * sleep (smatch_data/sleep/PROJECT.sleeps) and says whether a call sleeps.
 */
#include <stdlib.h>
#include <string.h>
#include "smatch.h"
#include "smatch_internal.h"
#include "smatch_sleep.h"

/* One table line: 'fn' sleeps always, never, or when argument 'arg' has a bit of 'mask'. */
struct sleep_rule {
	const char *fn;
	int arg;		/* SLEEP_ALWAYS, SLEEP_NEVER, or the argument */
	unsigned long long mask;
	struct sleep_rule *next;
};

#define SLEEP_HASH 256
static struct sleep_rule *rules[SLEEP_HASH];

static unsigned hash_fn(const char *fn)
{
	return ((uintptr_t)fn >> 3) % SLEEP_HASH;
}

static struct sleep_rule *find_rule(const char *fn)
{
	struct sleep_rule *r;

	fn = intern(fn);
	for (r = rules[hash_fn(fn)]; r; r = r->next) {
		if (r->fn == fn)
			return r;
	}
	return NULL;
}

/*
 * Whether the table lists 'fn': it may sleep always (*arg is SLEEP_ALWAYS),
 * never whatever its callees do (SLEEP_NEVER), or when argument *arg has a
 * bit of *mask (kmalloc's gfp and __GFP_DIRECT_RECLAIM).
 */
bool sleep_table_rule(const char *fn, int *arg, unsigned long long *mask)
{
	struct sleep_rule *r = find_rule(fn);

	if (!r)
		return false;
	*arg = r->arg;
	*mask = r->mask;
	return true;
}

/* One line: "NAME", "NAME never" or "NAME $N MASK"; returns 0, or -1 after saying what is wrong. */
static int parse_sleep_line(const char *path, int nr, char *line)
{
	char *fields[4], *save, *tok, *end;
	struct sleep_rule *r;
	unsigned long long mask = 0;
	long arg = SLEEP_ALWAYS;
	int n = 0;

	for (tok = strtok_r(line, " \t\r\n", &save); tok && n < 4; tok = strtok_r(NULL, " \t\r\n", &save))
		fields[n++] = tok;
	if (n == 0 || fields[0][0] == '#')
		return 0;
	if (n != 1 && n != 3 && !(n == 2 && !strcmp(fields[1], "never")))
		return table_error(path, nr, "expected: NAME [$N MASK | never]");
	if (find_rule(fields[0]))
		return table_error(path, nr, "listed twice");
	if (n == 2)
		arg = SLEEP_NEVER;
	if (n == 3) {
		if (fields[1][0] != '$' || !fields[1][1])
			return table_error(path, nr, "expected $N for the argument");
		arg = strtol(fields[1] + 1, &end, 10);
		if (*end || arg < 0 || arg > 64)
			return table_error(path, nr, "bad argument number");
		mask = strtoull(fields[2], &end, 0);
		if (*end || !mask)
			return table_error(path, nr, "bad MASK");
	}
	r = xmalloc(sizeof(*r));
	r->fn = intern(fields[0]);
	r->arg = arg;
	r->mask = mask;
	r->next = rules[hash_fn(r->fn)];
	rules[hash_fn(r->fn)] = r;
	return 0;
}

/* Loads the project's sleep table: none means nothing sleeps (smatch exits on a bad one). */
void load_sleep_table(void)
{
	load_table("sleep", "sleeps", true, parse_sleep_line);
}
