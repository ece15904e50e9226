/*
 * smatch_sarif.c: the SARIF 2.1.0 log of a run (--format=sarif): a rule
 * per check, a result per warning with a code flow for locking warnings
 * and the related locations of a warning's other sites of one root cause;
 * printed once, when the run ends.  The fields are described in
 * docs/output-formats.md.
 */
#include <stdio.h>
#include <string.h>
#include "smatch.h"
#include "smatch_internal.h"
#include "smatch_cli.h"

#define SARIF_SCHEMA "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"

/* The checks, as SARIF rules. */
static const struct {
	const char *id, *description;
} rules[] = {
	{ "inconsistent_locking", "A lock is held on some returns of a function and released on others" },
	{ "double_lock", "A path takes a lock it already holds, or releases one it already released" },
	{ "lock_requirements", "A call without a lock that the function's other callers hold" },
	{ "sleep_in_atomic", "A call that may sleep on a path in atomic context" },
	{ "lock_lifecycle", "A held lock destroyed or initialised, or a destroyed lock used" },
	{ "smatch", "Messages of the analysis engine" },
};
#define NR_RULES (sizeof(rules) / sizeof(rules[0]))

static json_t *results;	/* of the whole run */

/* A file name as a URI reference: relative stays relative, reserved bytes escaped. */
static json_t *uri_of(const char *file)
{
	const char *s;
	char buf[8192];
	size_t n = 0;

	if (file[0] == '/')
		n = snprintf(buf, sizeof(buf), "file://");
	for (s = file; *s && n < sizeof(buf) - 4; s++) {
		unsigned char c = *s;

		if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
		    strchr("/-._~+", c))
			buf[n++] = c;
		else
			n += snprintf(buf + n, sizeof(buf) - n, "%%%02X", c);
	}
	buf[n] = '\0';
	return json_string(buf);
}

static json_t *location(const char *file, int line, int column)
{
	json_t *region = json_pack("{s:i}", "startLine", line > 0 ? line : 1);

	if (column > 0)
		json_object_set_new(region, "startColumn", json_integer(column));
	return json_pack("{s:{s:{s:o},s:o}}", "physicalLocation", "artifactLocation", "uri",
			 uri_of(file), "region", region);
}

/* The code flow of a locking warning: its path, or else the lines of its message. */
static json_t *code_flows(const struct report *r)
{
	struct step fallback[2 * MAX_LOCK_LINES];
	const struct step *steps = r->steps;
	int i, nr = r->nr_steps;
	json_t *locations;

	if (!nr && r->lock) {
		for (i = 0; i < r->lock->nr_locked; i++)
			fallback[nr++] = (struct step){ r->lock->locked[i], "locked" };
		for (i = 0; i < r->lock->nr_unlocked; i++)
			fallback[nr++] = (struct step){ r->lock->unlocked[i], "unlocked" };
		steps = fallback;
	}
	if (!nr)
		return NULL;
	locations = json_array();
	for (i = 0; i < nr; i++) {
		json_t *loc = location(r->file, steps[i].line, 0);

		json_object_set_new(loc, "message", json_pack("{s:o}", "text", json_text(steps[i].text)));
		json_array_append_new(locations, json_pack("{s:o}", "location", loc));
	}
	return json_pack("[{s:[{s:o}]}]", "threadFlows", "locations", locations);
}

/* The other sites of a warning's root cause, or NULL. */
static json_t *related_locations(const struct report *r)
{
	json_t *list;
	int i;

	if (!r->nr_same_cause)
		return NULL;
	list = json_array();
	for (i = 0; i < r->nr_same_cause; i++) {
		json_t *loc = location(r->file, r->same_cause[i].line, 0);

		json_object_set_new(loc, "id", json_integer(i));
		json_object_set_new(loc, "message", json_pack("{s:o}", "text", json_text(r->same_cause[i].text)));
		json_array_append_new(list, loc);
	}
	return list;
}

static int rule_index(const char *check)
{
	size_t i;

	for (i = 0; i < NR_RULES; i++) {
		if (!strcmp(rules[i].id, check))
			return i;
	}
	return -1;
}

static const char *sarif_level(const char *kind)
{
	if (!strcmp(kind, "warn"))
		return "warning";
	if (!strcmp(kind, "error"))
		return "error";
	return "note";
}

/* Adds a warning to the log. */
void sarif_add(const struct report *r)
{
	json_t *res = json_pack("{s:s}", "ruleId", r->check), *loc, *flows, *related;
	int rule = rule_index(r->check);

	if (rule >= 0)
		json_object_set_new(res, "ruleIndex", json_integer(rule));
	json_object_set_new(res, "level", json_string(sarif_level(r->kind)));
	json_object_set_new(res, "message", json_pack("{s:o}", "text", json_text(r->msg)));
	loc = location(r->file, r->line, r->column);
	json_object_set_new(loc, "logicalLocations",
			    json_pack("[{s:o,s:s}]", "name", json_text(r->func), "kind", "function"));
	json_object_set_new(res, "locations", json_pack("[o]", loc));
	flows = code_flows(r);
	if (flows)
		json_object_set_new(res, "codeFlows", flows);
	related = related_locations(r);
	if (related)
		json_object_set_new(res, "relatedLocations", related);
	if (!results)
		results = json_array();
	json_array_append_new(results, res);
}

/* Adds the results of another log of this program (a child's, see --compile-commands). */
void sarif_add_results(json_t *more)
{
	if (!results)
		results = json_array();
	json_array_extend(results, more);
}

void sarif_print(void)
{
	json_t *rule_list = json_array(), *log;
	size_t i;

	for (i = 0; i < NR_RULES; i++)
		json_array_append_new(rule_list, json_pack("{s:s,s:{s:s}}", "id", rules[i].id,
							   "shortDescription", "text", rules[i].description));
	log = json_pack("{s:s,s:s,s:[{s:{s:{s:s,s:s,s:o}},s:o}]}", "version", "2.1.0",
			"$schema", SARIF_SCHEMA, "runs", "tool", "driver", "name", "smatch",
			"version", SMATCH_VERSION, "rules", rule_list,
			"results", results ? results : json_array());
	results = NULL;
	json_print_line(log);
}
