/*
 * smatch_decisions.c: makes the checks' silent decisions visible.  A check
 * that considered a candidate (a lock already held, a sleeping call on a
 * path that may be atomic, ...) and let a named rule keep it quiet calls
 * not_reported(); a rule that changed a state instead (a release through a
 * flag, an escape, "unknown") calls rule_applied().  With --debug=AREA each
 * prints one line on stderr; with --spammy a candidate becomes a warning
 * with "(rule: NAME)" appended.  The rule names are listed in docs/rules.md.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include "smatch.h"
#include "smatch_internal.h"

static const char *const area_names[] = {
	[DEBUG_LOCKING] = "locking",
	[DEBUG_SLEEP] = "sleep",
};

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

static void print_decision(struct position pos, const char *what, const char *rule,
			   const char *fmt, va_list ap)
{
	fprintf(stderr, "%s:%d %s() %s: ", pos_file(pos), pos.line, cur_func_name(), what);
	vfprintf(stderr, fmt, ap);
	fprintf(stderr, " (rule: %s)\n", rule);
}

void not_reported_by(int id, enum debug_area area, struct position pos, const char *rule,
		     const char *fmt, ...)
{
	char msg[1024];
	va_list ap;

	if (debugging(area)) {
		va_start(ap, fmt);
		print_decision(pos, "not reported", rule, fmt, ap);
		va_end(ap);
	}
	if (opt.spammy) {
		va_start(ap, fmt);
		vsnprintf(msg, sizeof(msg), fmt, ap);
		va_end(ap);
		sm_report_at(id, pos, "warn", "%s (rule: %s)", msg, rule);
	}
}

void rule_applied(enum debug_area area, struct position pos, const char *rule, const char *fmt, ...)
{
	va_list ap;

	if (!debugging(area))
		return;
	va_start(ap, fmt);
	print_decision(pos, "state", rule, fmt, ap);
	va_end(ap);
}
