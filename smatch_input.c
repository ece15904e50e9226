/*
 * smatch_input.c: looks at an input file before Sparse reads it, for what
 * Sparse would misread or crash on: binary data, an unclosed comment, over-long #include names.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include "smatch_cli.h"

/* Sparse 0.6.4 copies an #include name into a static buffer of this size, unchecked. */
#define SPARSE_INCLUDE_NAME_MAX 255

/*
 * The line where a block comment opens that the file never closes, or 0.
 * Sparse only warns about it, and quietly drops the code after it; strings
 * and character constants end at the end of their line here, as Sparse's do.
 */
static int unterminated_comment(const char *p)
{
	int line = 1, opened = 0;
	char quote = 0;

	for (; *p; p++) {
		if (*p == '\n') {
			line++;
			quote = 0;
		} else if (opened) {
			if (p[0] == '*' && p[1] == '/') {
				opened = 0;
				p++;
			}
		} else if (quote) {
			if (*p == '\\' && p[1])
				line += *++p == '\n';
			else if (*p == quote)
				quote = 0;
		} else if (*p == '"' || *p == '\'') {
			quote = *p;
		} else if (p[0] == '/' && p[1] == '/') {
			while (p[1] && p[1] != '\n')
				p++;
		} else if (p[0] == '/' && p[1] == '*') {
			opened = line;
			p++;
		}
	}
	return opened;
}

/*
 * The line of an #include (or #include_next, #import) whose name, less the
 * blanks between its tokens, is longer than Sparse can take, or 0.
 */
static int long_include_name(const char *p)
{
	int line = 1;

	for (; *p; p++) {
		const char *q = p + strspn(p, " \t");
		size_t n = 0;
		char close;

		if (*q == '#') {
			q += 1 + strspn(q + 1, " \t");
			if (!strncmp(q, "include", 7) || !strncmp(q, "import", 6)) {
				q += strcspn(q, "<\"\n");
				close = *q == '<' ? '>' : '"';
				if (*q == '<' || *q == '"') {
					for (q++; *q && *q != '\n' && *q != close; q++)
						n += *q != ' ' && *q != '\t';
				}
				if (n > SPARSE_INCLUDE_NAME_MAX)
					return line;
			}
		}
		p += strcspn(p, "\n");
		if (!*p)
			break;
		line++;
	}
	return 0;
}

/*
 * A clear message for input Sparse cannot sensibly read: returns 2 for
 * a file that cannot be checked (or that Sparse 0.6.4 would overflow a buffer on), 1 for one with a lexical error that is
 * still checked, 0 when it is fine.
 */
int check_input_file(const char *name)
{
	struct stat st;
	size_t len;
	char *text;
	int line;

	if (!strcmp(name, "-"))
		return 0;
	if (stat(name, &st)) {
		fprintf(stderr, "smatch: %s: %s\n", name, strerror(errno));
		return 2;
	}
	if (S_ISDIR(st.st_mode)) {
		fprintf(stderr, "smatch: %s: is a directory, not a C file\n", name);
		return 2;
	}
	text = read_whole_file(name, &len);
	if (!text) {
		fprintf(stderr, "smatch: %s: %s\n", name, strerror(errno));
		return 2;
	}
	if (memchr(text, '\0', len)) {
		free(text);
		fprintf(stderr, "smatch: %s: binary file, not C source\n", name);
		return 2;
	}
	line = long_include_name(text);
	if (line) {
		free(text);
		fprintf(stderr, "%s:%d: error: #include name longer than %d characters, which Sparse "
			"cannot take: the file is not checked\n", name, line, SPARSE_INCLUDE_NAME_MAX);
		return 2;
	}
	line = unterminated_comment(text);
	free(text);
	if (line) {
		fprintf(stderr, "%s:%d: error: unterminated comment: the rest of the file is not checked\n",
			name, line);
		return 1;
	}
	return 0;
}

