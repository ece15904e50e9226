/*
 * smatch_decisions.c: makes the checks' silent decisions visible.  A check
 * that considered a candidate (a lock already held, a sleeping call on a
 * path that may be atomic, ...) and let a named rule keep it quiet calls
 * not_reported(); a rule that changed a state instead (a release through a
 * flag, an escape, "unknown") calls rule_applied().  With --debug=AREA each
 * prints one line on stderr, once per function however many paths reach
 * it; with --spammy a candidate becomes a warning with "(rule: NAME)"
 * appended.  The rule names are listed in docs/rules.md.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "smatch.h"
#include "smatch_internal.h"
#include "smatch_cli.h"

static const char *const area_names[] = {
	[DEBUG_LOCKING] = "locking",
	[DEBUG_SLEEP] = "sleep",
};

/*
 * The decision lines printed for the file: each once, however many paths
 * or walks of a function reach it.
 */
struct decision_log {
	const char *line;	/* interned */
	struct decision_log *next;
};
#define LOG_HASH 1024
static struct decision_log *printed[LOG_HASH];

/* The area called 'name' (as in --debug=NAME), or -1. */
int debug_area_named(const char *name)
{
	unsigned int i;

	for (i = 0; i < sizeof(area_names) / sizeof(area_names[0]); i++)
		if (!strcmp(name, area_names[i]))
			return i;
	return -1;
}

bool debugging(enum debug_area area)
{
	return opt.debug_areas & (1u << area);
}

/* Prints 'line' unless the file printed it already (on another path). */
static void print_once(const char *line)
{
	struct decision_log *d, **head;

	line = intern(line);
	head = &printed[((uintptr_t)line >> 4) % LOG_HASH];
	for (d = *head; d; d = d->next) {
		if (d->line == line)
			return;
	}
	d = xmalloc(sizeof(*d));
	d->line = line;
	d->next = *head;
	*head = d;
	fprintf(stderr, "%s\n", line);
}

static void match_after_file(void)
{
	struct decision_log *d, *next;
	int i;

	for (i = 0; i < LOG_HASH; i++) {
		for (d = printed[i]; d; d = next) {
			next = d->next;
			free(d);
		}
		printed[i] = NULL;
	}
}

static void print_decision(const char *file, int line, const char *func, const char *what,
			   const char *msg, const char *rule)
{
	char text[1400];

	snprintf(text, sizeof(text), "%s:%d %s() %s: %s (rule: %s)", file, line, func, what, msg, rule);
	print_once(text);
}

void not_reported_by(int id, enum debug_area area, struct position pos, const char *rule,
		     const char *fmt, ...)
{
	char msg[1024];
	va_list ap;

	if (!in_reported_function() || (!debugging(area) && !opt.spammy))
		return;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	if (debugging(area))
		print_decision(pos_file(pos), pos.line, cur_func_name(), "not reported", msg, rule);
	if (opt.spammy)
		sm_report_at(id, pos, "warn", "%s (rule: %s)", msg, rule);
}

void rule_applied(enum debug_area area, struct position pos, const char *rule, const char *fmt, ...)
{
	char msg[1024];
	va_list ap;

	if (!in_reported_function() || !debugging(area))
		return;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	print_decision(pos_file(pos), pos.line, cur_func_name(), "state", msg, rule);
}

/*
 * A warning made earlier in the file, which what the rest of the file
 * showed makes moot (index: a report_mark() taken just before it was
 * made): withdrawn, or with --spammy kept with the rule appended.
 */
void withdraw_warning(enum debug_area area, int index, const char *rule)
{
	struct report *r = report_withdraw(index);

	if (r->forgotten)
		return;		/* its function was walked again: said again, or not */
	if (debugging(area))
		print_decision(r->file, r->line, r->func, "not reported", r->msg, rule);
	if (opt.spammy) {
		r->withdrawn = false;
		r->msg = intern_fmt("%s (rule: %s)", r->msg, rule);
	}
}

void register_decisions(void)
{
	add_hook(&match_after_file, AFTER_FILE_HOOK);
}
