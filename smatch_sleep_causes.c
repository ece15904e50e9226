/*
 * smatch_sleep_causes.c: one root cause, one warning.  Sleep warnings of
 * one file made through the same chain of callees (the same helper that
 * ends in the same sleeping call) are one bug: the first in the file is
 * printed, the other sites are listed in its record (report_same_cause())
 * and withdrawn (rule same-root-cause).
 */
#include <stdlib.h>
#include <string.h>
#include "smatch.h"
#include "smatch_internal.h"
#include "smatch_sleep.h"

/* A warning made through a chain: its report number, where, and the chain. */
struct cause_site {
	const char *chain;
	const char *file;
	int line;
	int report;
	struct cause_site *next;
};

static int fn_slot;	/* the function's sites, until it is done: a struct cause_site * (fn_data()) */
static struct cause_site *file_sites;	/* the file's, until its warnings are printed */

static struct cause_site **pending(void)
{
	return fn_data(fn_slot);
}

/*
 * The cause of a chain: its last call, from the function that makes the
 * sleeping call ("wrapper -> helper -> msleep" and "helper -> msleep" are
 * one cause, "helper -> msleep"); a chain whose middle is left out is its own.
 */
static const char *chain_cause(const char *chain)
{
	const char *last = NULL, *prev = NULL, *p = chain;

	while ((p = strstr(p, " -> "))) {
		prev = last;
		last = p;
		p += 4;
	}
	if (!prev)
		return chain;
	if (!strncmp(prev + 4, "... ", 4))
		return chain;
	return intern(prev + 4);
}

/*
 * Called just before a sleep warning is made through 'chain' ("bar ->
 * msleep"; NULL for a direct call, which is its own cause).
 */
void sleep_cause_warned(const char *chain)
{
	struct cause_site *s;

	if (!chain || !in_reported_function())
		return;
	s = fn_alloc(sizeof(*s));
	s->chain = chain_cause(chain);
	s->file = intern(pos_file(cur_fn()->cur_pos));
	s->line = cur_line();
	s->report = report_mark();
	s->next = *pending();
	*pending() = s;
}

/* The function was walked to its end: its warnings stay (a function given up on loses them). */
static void match_after_func(void)
{
	struct cause_site *s, *copy;

	for (s = *pending(); s; s = s->next) {
		copy = xmalloc(sizeof(*copy));
		*copy = *s;
		copy->next = file_sites;
		file_sites = copy;
	}
}

static int cmp_site(const void *a, const void *b)
{
	const struct cause_site *x = *(struct cause_site *const *)a, *y = *(struct cause_site *const *)b;

	if (x->line != y->line)
		return x->line < y->line ? -1 : 1;
	return x->report < y->report ? -1 : x->report > y->report;
}

/* Each site, in line order, folds into the first one before it with its cause. */
static void match_end_file(void)
{
	struct cause_site *s, *next, **sites;
	int nr = 0, i, j;

	for (s = file_sites; s; s = s->next)
		nr++;
	sites = xmalloc((nr + 1) * sizeof(*sites));
	/* the sites of a function walked again are those of its last walk */
	for (nr = 0, s = file_sites; s; s = s->next) {
		if (!report_forgotten(s->report))
			sites[nr++] = s;
	}
	qsort(sites, nr, sizeof(*sites), cmp_site);
	for (i = 0; i < nr; i++) {
		for (j = 0; j < i; j++) {
			if (sites[j]->chain == sites[i]->chain && sites[j]->file == sites[i]->file)
				break;
		}
		if (j < i) {
			report_same_cause(sites[j]->report, sites[i]->report);
			withdraw_warning(DEBUG_SLEEP, sites[i]->report, "same-root-cause");
		}
	}
	for (s = file_sites; s; s = next) {
		next = s->next;
		free(s);
	}
	free(sites);
	file_sites = NULL;
}

void register_sleep_causes(void)
{
	fn_slot = register_fn_data(sizeof(struct cause_site *));
	add_hook(&match_after_func, AFTER_FUNC_HOOK);
	add_hook(&match_end_file, END_FILE_HOOK);
}
