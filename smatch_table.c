/*
 * smatch_table.c: reads smatch's data tables (smatch_data/DIR/PROJECT.EXT,
 * the lock and sleep tables) line by line, and ends smatch on a bad one;
 * and the tables that are lists of function names, one a line.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "smatch.h"
#include "smatch_internal.h"
#include "smatch_db.h"

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

static struct memo **loading;	/* the name list being read */

static int parse_name_line(const char *path, int nr, char *line)
{
	char *name = strtok(line, " \t\r\n");

	if (!name || name[0] == '#')
		return 0;
	if (strtok(NULL, " \t\r\n"))
		return table_error(path, nr, "expected: NAME");
	if (memo_find(loading, name))
		return table_error(path, nr, "listed twice");
	memo_add(loading, name, intern(name));
	return 0;
}

void load_name_list(const char *dir, const char *ext, struct memo **names)
{
	loading = names;
	load_table(dir, ext, true, parse_name_line);
	loading = NULL;
}
