/*
 * smatch_report.c: collects the warnings of a file and prints them once,
 * in source order: as text ("file.c:LINE func() warn: message"), as JSON
 * lines or, for the whole run, as one SARIF 2.1.0 log.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "smatch.h"
#include "smatch_internal.h"
#include "smatch_cli.h"

#define SARIF_SCHEMA "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"

struct report_list {
	struct report *r;
	int nr, alloc;
};

static struct report_list file_reports;	/* the file being analysed */
static struct report_list run_reports;	/* kept for SARIF until the end */

static void append_report(struct report_list *list, const struct report *r)
{
	if (list->nr == list->alloc) {
		list->alloc = list->alloc ? list->alloc * 2 : 64;
		list->r = realloc(list->r, list->alloc * sizeof(*list->r));
		if (!list->r) {
			fprintf(stderr, "smatch: out of memory\n");
			exit(3);
		}
	}
	list->r[list->nr] = *r;
	list->r[list->nr].seq = list->nr;
	list->nr++;
}

/* A report owns its lock lines and its path. */
static void free_report(struct report *r)
{
	free(r->lock);
	free(r->steps);
	r->lock = NULL;
	r->steps = NULL;
	r->nr_steps = 0;
}

/* The checks, as SARIF rules. */
static const struct {
	const char *id, *description;
} rules[] = {
	{ "inconsistent_locking", "A lock is held on some returns of a function and released on others" },
	{ "double_lock", "A path takes a lock it already holds, or releases one it already released" },
	{ "sleep_in_atomic", "A call that may sleep on a path in atomic context" },
	{ "lock_lifecycle", "A held lock destroyed or initialised, or a destroyed lock used" },
	{ "smatch", "Messages of the analysis engine" },
};
#define NR_RULES (sizeof(rules) / sizeof(rules[0]))

/*
 * The check module a message comes from, told by its wording (the
 * engine does not yet tell which module's hook is running): how it
 * starts, or, with 'infix', what follows the function's name
 * ("'mutex_destroy()' of held lock '&d->lock'").
 */
static const struct {
	const char *prefix, *infix, *check;
} wordings[] = {
	{ "inconsistent returns ", NULL, "inconsistent_locking" },
	{ "double lock ", NULL, "double_lock" },
	{ "double unlock ", NULL, "double_lock" },
	{ "sleeping in atomic context: ", NULL, "sleep_in_atomic" },
	{ "assignment initialises held lock ", NULL, "lock_lifecycle" },
	{ "'", "()' of held lock '", "lock_lifecycle" },
	{ "'", "()' of destroyed lock '", "lock_lifecycle" },
	{ "", NULL, "smatch" },
};

const char *check_of_message(const char *msg)
{
	size_t i;

	for (i = 0; i < sizeof(wordings) / sizeof(wordings[0]); i++) {
		if (!strncmp(msg, wordings[i].prefix, strlen(wordings[i].prefix)) &&
		    (!wordings[i].infix || strstr(msg, wordings[i].infix)))
			return wordings[i].check;
	}
	assert(0);
	return NULL;
}

/* The last occurrence of 'needle' in 'hay', or NULL. */
static const char *last_strstr(const char *hay, const char *needle)
{
	const char *found = NULL, *p;

	for (p = strstr(hay, needle); p; p = strstr(p + 1, needle))
		found = p;
	return found;
}

/* Reads "line 12" or "lines 12,14" at *p into lines[]; returns the count. */
static int parse_lines(const char *p, int *lines)
{
	int n = 0;
	char *end;

	if (strncmp(p, "line", 4))
		return 0;
	p += 4 + (p[4] == 's');
	do {
		lines[n] = strtol(p + 1, &end, 10);
		if (end == p + 1)
			break;
		n++;
		p = end;
	} while (*p == ',' && n < MAX_LOCK_LINES);
	return n;
}

/*
 * The lock and lines of a locking warning, read back from its message:
 *   inconsistent returns 'L': locked (lines 3,5), unlocked (line 7)
 *   double lock 'L' (locked on line 3)
 *   double unlock 'L' (unlocked on line 3)
 */
bool parse_lock_info(const char *msg, struct lock_info *li)
{
	static const struct { const char *prefix, *end; } forms[] = {
		{ "inconsistent returns '", "': locked (" },
		{ "double lock '", "' (locked on " },
		{ "double unlock '", "' (unlocked on " },
	};
	const char *end = NULL, *p;
	char name[512];
	size_t i, n;

	memset(li, 0, sizeof(*li));
	for (i = 0; i < sizeof(forms) / sizeof(forms[0]); i++) {
		n = strlen(forms[i].prefix);
		if (!strncmp(msg, forms[i].prefix, n) && (end = last_strstr(msg + n, forms[i].end)))
			break;
	}
	if (!end)
		return false;
	snprintf(name, sizeof(name), "%.*s", (int)(end - msg - n), msg + n);
	li->lock = intern(name);
	if (i == 0) {
		li->nr_locked = parse_lines(end + strlen(forms[0].end), li->locked);
		p = strstr(end, "unlocked (");
		if (p)
			li->nr_unlocked = parse_lines(p + strlen("unlocked ("), li->unlocked);
	} else if (i == 1) {
		li->nr_locked = parse_lines(end + strlen(forms[1].end), li->locked);
	} else {
		li->nr_unlocked = parse_lines(end + strlen(forms[2].end), li->unlocked);
	}
	return true;
}

static bool explaining(void)
{
	return cli.explain || cli.format != FORMAT_TEXT;
}

/*
 * The column of a position (tabs count to the next multiple of 8), or 0
 * when a check moved the function's position to another line.
 */
static int column_of(struct position pos)
{
	struct fn_ctx *fn = cur_fn();

	if (fn && pos.line != fn->pos.line && pos.stream == fn->pos.stream && pos.pos == fn->pos.pos)
		return 0;
	return pos.pos;
}

static void add_report(struct position pos, const char *kind, const char *fmt, va_list ap)
{
	char buf[1024];
	struct report r = { 0 };
	struct lock_info li;
	struct step *steps;

	if (!in_reported_function())
		return;
	vsnprintf(buf, sizeof(buf), fmt, ap);
	r.file = intern(pos_file(pos));
	r.line = pos.line;
	r.column = column_of(pos);
	r.func = cur_func_name();
	r.kind = kind;
	r.msg = intern(buf);
	r.check = check_of_message(r.msg);
	if (parse_lock_info(r.msg, &li)) {
		r.lock = xmalloc(sizeof(li));
		*r.lock = li;
	}
	if (explaining()) {
		r.nr_steps = explain_report(&r, &steps);
		if (r.nr_steps) {
			r.steps = xmalloc(r.nr_steps * sizeof(*steps));
			memcpy(r.steps, steps, r.nr_steps * sizeof(*steps));
		}
	}
	append_report(&file_reports, &r);
}

/* How many warnings the file has so far: a function's start. */
int report_mark(void)
{
	return file_reports.nr;
}

/* Forgets the warnings since 'mark' (of a function the engine gave up on). */
void report_discard_from(int mark)
{
	assert(mark >= 0 && mark <= file_reports.nr);
	while (file_reports.nr > mark)
		free_report(&file_reports.r[--file_reports.nr]);
}

/*
 * Takes back warning number 'index' of the file (a report_mark() taken
 * just before it was made): what the rest of the file showed makes it moot.
 */
void report_withdraw(int index)
{
	assert(index >= 0 && index < file_reports.nr);
	file_reports.r[index].withdrawn = true;
}

void sm_msg_at(struct position pos, const char *kind, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	add_report(pos, kind, fmt, ap);
	va_end(ap);
}

#define REPORT_AT_CURRENT(kind)				\
	do {						\
		va_list ap;				\
		va_start(ap, fmt);			\
		add_report(cur_fn()->cur_pos, kind, fmt, ap); \
		va_end(ap);				\
	} while (0)

void sm_warning(const char *fmt, ...)
{
	REPORT_AT_CURRENT("warn");
}

void sm_error(const char *fmt, ...)
{
	REPORT_AT_CURRENT("error");
}

void sm_info(const char *fmt, ...)
{
	REPORT_AT_CURRENT("info");
}

/* ---- the formats ----------------------------------------------------- */

static const char *severity(const char *kind)
{
	if (!strcmp(kind, "warn"))
		return "warning";
	return kind;	/* "error", "info" */
}

static void print_text(const struct report *r)
{
	int i;

	printf("%s:%d %s() %s: %s\n", r->file, r->line, r->func, r->kind, r->msg);
	for (i = 0; cli.explain && i < r->nr_steps; i++)
		printf("  %s:%d: %s\n", r->file, r->steps[i].line, r->steps[i].text);
}

static void print_json_lines(const char *key, const int *lines, int nr)
{
	int i;

	printf(",\"%s\":[", key);
	for (i = 0; i < nr; i++)
		printf("%s%d", i ? "," : "", lines[i]);
	putchar(']');
}

static void print_json_field(const char *key, const char *value)
{
	printf(",\"%s\":", key);
	json_write_string(stdout, value);
}

/* One JSON object on one line; the fields are described in docs/output-formats.md. */
static void print_json(const struct report *r)
{
	int i;

	printf("{\"file\":");
	json_write_string(stdout, r->file);
	printf(",\"line\":%d,\"column\":%d", r->line, r->column);
	print_json_field("function", r->func);
	print_json_field("severity", severity(r->kind));
	print_json_field("check", r->check);
	print_json_field("message", r->msg);
	if (r->lock) {
		print_json_field("lock", r->lock->lock);
		print_json_lines("locked_lines", r->lock->locked, r->lock->nr_locked);
		print_json_lines("unlocked_lines", r->lock->unlocked, r->lock->nr_unlocked);
	}
	if (r->nr_steps) {
		printf(",\"path\":[");
		for (i = 0; i < r->nr_steps; i++) {
			printf("%s{\"line\":%d", i ? "," : "", r->steps[i].line);
			print_json_field("message", r->steps[i].text);
			putchar('}');
		}
		putchar(']');
	}
	printf("}\n");
}

/* Prints a report and frees it, or (SARIF) keeps it for the end of the run. */
static void print_report(struct report *r)
{
	if (cli.format == FORMAT_SARIF) {
		append_report(&run_reports, r);
		return;
	}
	if (cli.format == FORMAT_TEXT)
		print_text(r);
	else
		print_json(r);
	free_report(r);
}

static int cmp_report(const void *a, const void *b)
{
	const struct report *x = a, *y = b;
	int r = strcmp(x->file, y->file);

	if (r)
		return r;
	if (x->line != y->line)
		return x->line < y->line ? -1 : 1;
	return x->seq < y->seq ? -1 : x->seq > y->seq;
}

static bool same_report(const struct report *x, const struct report *y)
{
	return x->file == y->file && x->line == y->line && x->func == y->func &&
	       x->kind == y->kind && x->msg == y->msg;
}

/* Prints the file's warnings sorted by line, each distinct one once. */
void flush_warnings(void)
{
	struct report *reports = file_reports.r;
	int i, j;

	if (file_reports.nr)	/* no list yet when the file had no warning */
		qsort(reports, file_reports.nr, sizeof(*reports), cmp_report);
	for (i = 0; i < file_reports.nr; i++) {
		for (j = i - 1; j >= 0 && reports[j].line == reports[i].line; j--) {
			if (same_report(&reports[j], &reports[i]))
				break;
		}
		if (reports[i].withdrawn || (j >= 0 && reports[j].line == reports[i].line))
			free_report(&reports[i]);
		else
			print_report(&reports[i]);
	}
	fflush(stdout);
	file_reports.nr = 0;
}

/* A report read back from a child's JSON output (see --compile-commands); it is ours now. */
void add_parsed_report(struct report *r)
{
	print_report(r);
	fflush(stdout);
}

/* ---- SARIF ----------------------------------------------------------- */

/* A file name as a URI reference: relative stays relative, reserved bytes escaped. */
static void print_uri(const char *file)
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
	json_write_string(stdout, buf);
}

static void print_location(const char *file, int line, int column)
{
	printf("{\"physicalLocation\":{\"artifactLocation\":{\"uri\":");
	print_uri(file);
	printf("},\"region\":{\"startLine\":%d", line > 0 ? line : 1);
	if (column > 0)
		printf(",\"startColumn\":%d", column);
	printf("}}");
}

/* The code flow of a locking warning: its path, or else the lines of its message. */
static void print_code_flow(const struct report *r)
{
	struct step fallback[2 * MAX_LOCK_LINES];
	const struct step *steps = r->steps;
	int i, nr = r->nr_steps;

	if (!nr && r->lock) {
		for (i = 0; i < r->lock->nr_locked; i++)
			fallback[nr++] = (struct step){ r->lock->locked[i], "locked" };
		for (i = 0; i < r->lock->nr_unlocked; i++)
			fallback[nr++] = (struct step){ r->lock->unlocked[i], "unlocked" };
		steps = fallback;
	}
	if (!nr)
		return;
	printf(",\"codeFlows\":[{\"threadFlows\":[{\"locations\":[");
	for (i = 0; i < nr; i++) {
		printf("%s{\"location\":", i ? "," : "");
		print_location(r->file, steps[i].line, 0);
		printf(",\"message\":{\"text\":");
		json_write_string(stdout, steps[i].text);
		printf("}}}");
	}
	printf("]}]}]");
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

static void print_rules(void)
{
	size_t i;

	printf("\"rules\":[");
	for (i = 0; i < NR_RULES; i++) {
		printf("%s{\"id\":\"%s\",\"shortDescription\":{\"text\":", i ? "," : "", rules[i].id);
		json_write_string(stdout, rules[i].description);
		printf("}}");
	}
	printf("]");
}

static const char *sarif_level(const char *kind)
{
	if (!strcmp(kind, "warn"))
		return "warning";
	if (!strcmp(kind, "error"))
		return "error";
	return "note";
}

static void print_sarif(void)
{
	int i;

	printf("{\"version\":\"2.1.0\",\"$schema\":\"%s\",\"runs\":[{\"tool\":{\"driver\":"
	       "{\"name\":\"smatch\",\"version\":\"%s\",", SARIF_SCHEMA, SMATCH_VERSION);
	print_rules();
	printf("}},\"results\":[");
	for (i = 0; i < run_reports.nr; i++) {
		const struct report *r = &run_reports.r[i];
		int rule = rule_index(r->check);

		printf("%s\n{\"ruleId\":", i ? "," : "");
		json_write_string(stdout, r->check);
		if (rule >= 0)
			printf(",\"ruleIndex\":%d", rule);
		printf(",\"level\":\"%s\",\"message\":{\"text\":", sarif_level(r->kind));
		json_write_string(stdout, r->msg);
		printf("},\"locations\":[");
		print_location(r->file, r->line, r->column);
		printf(",\"logicalLocations\":[{\"name\":");
		json_write_string(stdout, r->func);
		printf(",\"kind\":\"function\"}]}]");
		print_code_flow(r);
		putchar('}');
	}
	printf("\n]}]}\n");
}

/* Called once at the end of the run: the SARIF log holds every file's results. */
void finish_reports(void)
{
	int i;

	if (cli.format == FORMAT_SARIF)
		print_sarif();
	for (i = 0; i < run_reports.nr; i++)
		free_report(&run_reports.r[i]);
	run_reports.nr = 0;
	fflush(stdout);
}
