/*
 * smatch_table.c: reads smatch's data tables (smatch_data/DIR/PROJECT.EXT,
 * the lock and sleep tables) line by line, and ends smatch on a bad one.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "smatch.h"
#include "smatch_internal.h"

/* Says what is wrong with line 'nr' of a table; returns -1 for the parser to return. */
int table_error(const char *path, int nr, const char *what)
{
	fprintf(stderr, "smatch: %s:%d: %s\n", path, nr, what);
	return -1;
}

/*
 * Reads the project's table DIR/PROJECT.EXT through 'parse', one line at
 * a time.  An unreadable table or a bad line ends smatch with status 2
 * after saying so; a missing optional table is an empty one.
 */
void load_table(const char *dir, const char *ext, bool optional, table_line_func parse)
{
	char path[4096], line[512];
	int nr = 0, bad = 0;
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s/%s.%s", opt.data_dir, dir, opt.project, ext);
	f = fopen(path, "r");
	if (!f) {
		if (optional && errno == ENOENT)
			return;
		fprintf(stderr, "smatch: cannot read %s: %s\n", path, strerror(errno));
		exit(2);
	}
	while (fgets(line, sizeof(line), f)) {
		nr++;
		if (parse(path, nr, line))
			bad++;
	}
	fclose(f);
	if (bad) {
		fprintf(stderr, "smatch: %d bad line%s in %s\n", bad, bad > 1 ? "s" : "", path);
		exit(2);
	}
}
