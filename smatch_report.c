/*
 * smatch_report.c: collects the warnings of a file and prints them once,
 * in source order, one per line: "file.c:LINE func() warn: message".
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "smatch.h"
#include "smatch_internal.h"

struct report {
	const char *file;
	int line;
	int seq;		/* order of emission, for a stable sort */
	const char *func;
	const char *kind;	/* "warn", "error" or "info" */
	const char *msg;
};

static struct report *reports;
static int nr_reports, alloc_reports;

static void add_report(struct position pos, const char *kind, const char *fmt, va_list ap)
{
	char buf[1024];
	struct report *r;

	if (!in_reported_function())
		return;
	vsnprintf(buf, sizeof(buf), fmt, ap);
	if (nr_reports == alloc_reports) {
		alloc_reports = alloc_reports ? alloc_reports * 2 : 64;
		reports = realloc(reports, alloc_reports * sizeof(*reports));
		if (!reports) {
			fprintf(stderr, "smatch: out of memory\n");
			exit(3);
		}
	}
	r = &reports[nr_reports];
	r->file = intern(pos_file(pos));
	r->line = pos.line;
	r->seq = nr_reports++;
	r->func = cur_func_name();
	r->kind = kind;
	r->msg = intern(buf);
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
	int i, j;

	qsort(reports, nr_reports, sizeof(*reports), cmp_report);
	for (i = 0; i < nr_reports; i++) {
		for (j = i - 1; j >= 0 && reports[j].line == reports[i].line; j--) {
			if (same_report(&reports[j], &reports[i]))
				break;
		}
		if (j >= 0 && reports[j].line == reports[i].line)
			continue;
		printf("%s:%d %s() %s: %s\n", reports[i].file, reports[i].line,
		       reports[i].func, reports[i].kind, reports[i].msg);
	}
	fflush(stdout);
	nr_reports = 0;
}
