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

struct report_list {
	struct report *r;
	int nr, alloc;
};

static struct report_list file_reports;	/* of the file being analysed */

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
	free(r->same_cause);
	r->lock = NULL;
	r->steps = NULL;
	r->same_cause = NULL;
	r->nr_steps = r->nr_same_cause = 0;
}

/*
 * The check that owner 'id' is: "check_double_lock" is "double_lock";
 * the engine (ENGINE_ID, or a module that is not a check) is "smatch".
 */
static const char *check_name(int id)
{
	const char *owner = id == ENGINE_ID ? "" : owner_name(id);

	if (strncmp(owner, "check_", 6))
		return "smatch";
	return intern(owner + 6);
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
 * The lock of a locking warning and the lines its message names, read
 * back from the message (the lines it does not name come from its path,
 * see explain_report()):
 *   inconsistent returns 'L': locked (lines 3,5), unlocked (line 7)
 *   double lock 'L' (locked on line 3)
 *   double unlock 'L' (unlocked on line 3)
 *   double lock 'L': 'f()' acquires it (via f -> g -> mutex_lock)
 *   double unlock 'L': 'f()' releases it (via f -> mutex_unlock)
 *   'f()' called without 'L' held (held by 3 of 4 callers)
 *   double lock 'L' (held by every caller: a(), b())
 */
static bool parse_lock_info(const char *msg, struct lock_info *li)
{
	static const struct {
		const char *prefix, *end;
		enum lock_warning what;
	} forms[] = {
		{ "inconsistent returns '", "': locked (", LOCK_LEAK },
		{ "double lock '", "' (locked on ", DOUBLE_LOCK },
		{ "double unlock '", "' (unlocked on ", DOUBLE_UNLOCK },
		{ "double lock '", "': '", DOUBLE_LOCK },
		{ "double unlock '", "': '", DOUBLE_UNLOCK },
		{ "called without '", "' held (", UNHELD_CALL },
		{ "double lock '", "' (held by every caller: ", DOUBLE_LOCK },
	};
	const char *start = NULL, *end = NULL, *p, *q;
	char name[512];
	size_t i, n;

	memset(li, 0, sizeof(*li));
	for (i = 0; i < sizeof(forms) / sizeof(forms[0]); i++) {
		n = strlen(forms[i].prefix);
		start = forms[i].what == UNHELD_CALL ? strstr(msg, forms[i].prefix) :
			!strncmp(msg, forms[i].prefix, n) ? msg : NULL;
		if (start && (end = last_strstr(start + n, forms[i].end)))
			break;
	}
	if (!end)
		return false;
	li->what = forms[i].what;
	snprintf(name, sizeof(name), "%.*s", (int)(end - start - n), start + n);
	li->lock = intern(name);
	end += strlen(forms[i].end);
	if (i == 0) {
		li->nr_locked = parse_lines(end, li->locked);
		p = strstr(end, "unlocked (");
		if (p)
			li->nr_unlocked = parse_lines(p + strlen("unlocked ("), li->unlocked);
	} else if (i == 1) {
		li->nr_locked = parse_lines(end, li->locked);
	} else if (i == 2) {
		li->nr_unlocked = parse_lines(end, li->unlocked);
	} else if (i < 5 && (p = strstr(end, "(via ")) && (q = strchr(p, ')'))) {
		snprintf(name, sizeof(name), "%.*s", (int)(q - p - 5), p + 5);
		li->via = intern(name);
	}
	return true;
}

static bool explaining(void)
{
	return cli.explain || cli.format != FORMAT_TEXT;
}

static void add_report(int id, struct position pos, const char *kind, const char *fmt, va_list ap)
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
	r.column = statement_column(pos);
	r.func = cur_func_name();
	r.fn = cur_fn()->sym;
	r.kind = kind;
	r.msg = intern(buf);
	r.check = check_name(id);
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

/*
 * The engine gave up on the function being analysed: what was said of it
 * may rest on a partial walk, and goes (its warnings are the file's last).
 */
static void match_gave_up(void)
{
	struct symbol *fn = cur_fn()->sym;

	while (file_reports.nr && file_reports.r[file_reports.nr - 1].fn == fn)
		free_report(&file_reports.r[--file_reports.nr]);
}

/* The function is walked again: what its last walk said goes (it is said again, or not). */
static void match_forget(struct symbol *fn)
{
	int i;

	for (i = 0; i < file_reports.nr; i++) {
		if (file_reports.r[i].fn == fn)
			file_reports.r[i].withdrawn = file_reports.r[i].forgotten = true;
	}
}

bool report_forgotten(int index)
{
	return index >= 0 && index < file_reports.nr && file_reports.r[index].forgotten;
}

void register_report(void)
{
	add_hook(&match_gave_up, GAVE_UP_HOOK);
	add_hook(&match_forget, FORGET_FUNC_HOOK);
}

/*
 * Takes back warning number 'index' of the file (a report_mark() taken
 * just before it was made), and returns it: what the rest of the file
 * showed makes it moot (withdraw_warning() says which rule).
 */
struct report *report_withdraw(int index)
{
	assert(index >= 0 && index < file_reports.nr);
	file_reports.r[index].withdrawn = true;
	return &file_reports.r[index];
}

/*
 * Lists warning 'other' among the other sites of warning 'index'
 * (report_mark() numbers): the same root cause reached from elsewhere.  Its
 * line and function go into the record of 'index' (JSON "same_cause", SARIF
 * relatedLocations, --explain); the caller withdraws 'other'.
 */
void report_same_cause(int index, int other)
{
	struct report *into = &file_reports.r[index], *r = &file_reports.r[other];
	struct step *sites;

	assert(index >= 0 && index < file_reports.nr && other >= 0 && other < file_reports.nr);
	sites = xmalloc((into->nr_same_cause + 1) * sizeof(*sites));
	if (into->nr_same_cause)
		memcpy(sites, into->same_cause, into->nr_same_cause * sizeof(*sites));
	sites[into->nr_same_cause++] = (struct step){ r->line, intern_fmt("same cause, in %s()", r->func) };
	free(into->same_cause);
	into->same_cause = sites;
}

void sm_report_at(int id, struct position pos, const char *kind, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	add_report(id, pos, kind, fmt, ap);
	va_end(ap);
}

/* A report at what is being walked. */
void sm_report(int id, const char *kind, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	add_report(id, cur_fn()->cur_pos, kind, fmt, ap);
	va_end(ap);
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
	for (i = 0; cli.explain && i < r->nr_same_cause; i++)
		printf("  %s:%d: %s\n", r->file, r->same_cause[i].line, r->same_cause[i].text);
}

static json_t *json_lines(const int *lines, int nr)
{
	json_t *arr = json_array();
	int i;

	for (i = 0; i < nr; i++)
		json_array_append_new(arr, json_integer(lines[i]));
	return arr;
}

/* [{"line":N,"message":"..."}, ...] */
static json_t *json_steps(const struct step *steps, int nr)
{
	json_t *list = json_array();
	int i;

	for (i = 0; i < nr; i++)
		json_array_append_new(list, json_pack("{s:i,s:o}", "line", steps[i].line,
						      "message", json_text(steps[i].text)));
	return list;
}

/* One JSON object on one line; the fields are described in docs/output-formats.md. */
static void print_json(const struct report *r)
{
	json_t *o = json_object();

	json_object_set_new(o, "file", json_text(r->file));
	json_object_set_new(o, "line", json_integer(r->line));
	json_object_set_new(o, "column", json_integer(r->column));
	json_object_set_new(o, "function", json_text(r->func));
	json_object_set_new(o, "severity", json_string(severity(r->kind)));
	json_object_set_new(o, "check", json_string(r->check));
	json_object_set_new(o, "message", json_text(r->msg));
	if (r->lock) {
		json_object_set_new(o, "lock", json_text(r->lock->lock));
		json_object_set_new(o, "locked_lines", json_lines(r->lock->locked, r->lock->nr_locked));
		json_object_set_new(o, "unlocked_lines", json_lines(r->lock->unlocked, r->lock->nr_unlocked));
	}
	if (r->nr_steps)
		json_object_set_new(o, "path", json_steps(r->steps, r->nr_steps));
	if (r->nr_same_cause)
		json_object_set_new(o, "same_cause", json_steps(r->same_cause, r->nr_same_cause));
	json_print_line(o);
}

/* Prints a report, or (SARIF) adds it to the log printed at the end, and frees it. */
static void print_report(struct report *r)
{
	if (cli.format == FORMAT_TEXT)
		print_text(r);
	else if (cli.format == FORMAT_JSON)
		print_json(r);
	else
		sarif_add(r);
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
			if (!reports[j].forgotten && same_report(&reports[j], &reports[i]))
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

/* Called once at the end of the run: the SARIF log holds every file's results. */
void finish_reports(void)
{
	if (cli.format == FORMAT_SARIF)
		sarif_print();
	fflush(stdout);
}
