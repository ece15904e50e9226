/*
 * smatch_root_causes.c: one root cause, one warning.  A check names the
 * cause of a warning it is about to make (cause_site_warned()): warnings of
 * one file with the same cause are one bug, printed once; the other sites
 * are listed in its record (report_same_cause(): --explain, JSON
 * "same_cause", SARIF relatedLocations) and withdrawn by the rule the check
 * gave.  Which site carries the cause depends on the sites' roles: where
 * the bug is (a root: each root stays), else the first in the file when
 * any site may carry it (peers).  A site seen from elsewhere (an echo)
 * with no root stays, unless its root is reported with another file.
 */
#include <stdlib.h>
#include <string.h>
#include "smatch.h"
#include "smatch_internal.h"

/* A warning with a cause: its report number, where, and its cause. */
struct cause_site {
	enum debug_area area;
	enum cause_role role;
	const char *cause, *rule;
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
 * The last call of a chain of calls: "helper -> msleep" of "wrapper ->
 * helper -> msleep" (or of itself); the whole chain when its middle is
 * left out ("a -> ... -> msleep"), NULL when it is no chain.
 */
const char *chain_last_call(const char *chain)
{
	const char *last = NULL, *prev = NULL, *p = chain;

	while ((p = strstr(p, " -> "))) {
		prev = last;
		last = p;
		p += 4;
	}
	if (!last)
		return NULL;
	if (!prev || !strncmp(prev + 4, "... ", 4))
		return chain;
	return intern(prev + 4);
}

void cause_site_warned(enum debug_area area, const char *cause, enum cause_role role, const char *rule)
{
	struct cause_site *s;

	if (!in_reported_function())
		return;
	s = fn_alloc(sizeof(*s));
	*s = (struct cause_site){ area, role, intern(cause), rule, intern(pos_file(cur_fn()->cur_pos)),
				  cur_line(), report_mark(), *pending() };
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

static bool same_cause(const struct cause_site *a, const struct cause_site *b)
{
	return a->cause == b->cause && a->area == b->area && a->file == b->file;
}

/*
 * The site of sites[0..nr) that carries the cause of sites[i]: a root
 * carries its own, else the first root, else (a peer) the first peer; -1
 * when there is none, or when the root is reported in another file (an
 * echo of it is withdrawn all the same).
 */
static int carrier(struct cause_site **sites, int nr, int i)
{
	int j, first_peer = -1;

	if (sites[i]->role == CAUSE_ROOT)
		return i;
	for (j = 0; j < nr; j++) {
		if (!same_cause(sites[j], sites[i]))
			continue;
		if (sites[j]->role == CAUSE_ROOT)
			return j;
		if (sites[j]->role == CAUSE_PEER && first_peer < 0)
			first_peer = j;
	}
	return sites[i]->role == CAUSE_PEER ? first_peer : -1;
}

/* Each site, in line order, folds into the site that carries its cause. */
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
		j = carrier(sites, nr, i);
		if (j >= 0 && j != i)
			report_same_cause(sites[j]->report, sites[i]->report);
		if ((j >= 0 && j != i) || (j < 0 && sites[i]->role == CAUSE_ECHO_ELSEWHERE))
			withdraw_warning(sites[i]->area, sites[i]->report, sites[i]->rule);
	}
	for (s = file_sites; s; s = next) {
		next = s->next;
		free(s);
	}
	free(sites);
	file_sites = NULL;
}

void register_root_causes(void)
{
	fn_slot = register_fn_data(sizeof(struct cause_site *));
	add_hook(&match_after_func, AFTER_FUNC_HOOK);
	add_hook(&match_end_file, END_FILE_HOOK);
}
