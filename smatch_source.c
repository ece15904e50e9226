/*
 * smatch_source.c: positions Sparse does not record, found in the source
 * text (of the checked file or a header; a few files are kept read): the
 * closing brace of a function body (where a void function returns by
 * falling off its end), the name a call was written with and its text,
 * and the column where a line's statement starts.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "smatch.h"
#include "smatch_internal.h"

/* The files read, a few at a time: the checked file and the headers its inline functions are in. */
#define CACHED_FILES 8
static struct source_file {
	bool used;
	int stream;
	char *text;		/* NULL: the file could not be read */
	size_t len;
	long *line_start;	/* offset of each line's first character, from line 1 */
	int nr_lines;
} files[CACHED_FILES];
static int next_evicted;

/* The file loaded last, one of files[]. */
static struct source_file *cur;

/* Indexes the lines of the loaded text, so a position is found at once. */
static void index_lines(struct source_file *f)
{
	size_t off;
	int n = 1;

	for (off = 0; off < f->len; off++)
		n += f->text[off] == '\n';
	f->line_start = xmalloc(n * sizeof(*f->line_start));
	f->line_start[0] = 0;
	f->nr_lines = 1;
	for (off = 0; off < f->len; off++) {
		if (f->text[off] == '\n')
			f->line_start[f->nr_lines++] = off + 1;
	}
}

static void read_file(struct source_file *f, int stream)
{
	FILE *fp;
	long len;

	free(f->text);
	free(f->line_start);
	memset(f, 0, sizeof(*f));
	f->used = true;
	f->stream = stream;
	fp = fopen(stream_name(stream), "rb");
	if (!fp)
		return;
	if (fseek(fp, 0, SEEK_END) == 0 && (len = ftell(fp)) >= 0 && fseek(fp, 0, SEEK_SET) == 0) {
		f->text = xmalloc(len + 1);
		f->len = fread(f->text, 1, len, fp);
		f->text[f->len] = '\0';
		index_lines(f);
	}
	fclose(fp);
}

/* Makes the stream's text the current one; false if it cannot be read. */
static bool load_stream(int stream)
{
	struct source_file *f = NULL;
	int i;

	if (cur && cur->stream == stream)
		return cur->text != NULL;
	for (i = 0; i < CACHED_FILES && !f; i++) {
		if (files[i].used && files[i].stream == stream)
			f = &files[i];
	}
	if (!f) {
		f = &files[next_evicted];
		next_evicted = (next_evicted + 1) % CACHED_FILES;
		read_file(f, stream);
	}
	cur = f;
	return f->text != NULL;
}

/*
 * Offset of (line, column) in the text, or -1.  Sparse's column is the
 * one of the character's end, a tab reaching the next multiple of 8.
 */
static long offset_of(int line, int column)
{
	long off;
	int col = 0;

	if (line < 1 || line > cur->nr_lines)
		return -1;
	for (off = cur->line_start[line - 1]; off < (long)cur->len && cur->text[off] != '\n'; off++) {
		col += cur->text[off] == '\t' ? 8 - col % 8 : 1;
		if (col >= column)
			return off;
	}
	return off < (long)cur->len ? off : -1;
}

/*
 * The line of the '}' that closes the block opened at 'open', skipping
 * comments, strings and character constants; 0 if it cannot be found.
 */
int closing_brace_line(struct position open)
{
	long off, end;
	int depth = 0, line = open.line;

	if (!load_stream(open.stream))
		return 0;
	off = offset_of(open.line, open.pos);
	/* the position may be the declarator's: the body starts at the next brace */
	while (off >= 0 && off < (long)cur->len && cur->text[off] != '{' && cur->text[off] != ';') {
		if (cur->text[off] == '\n')
			line++;
		off++;
	}
	if (off < 0 || off >= (long)cur->len || cur->text[off] != '{')
		return 0;
	for (end = off; end < (long)cur->len; end++) {
		char c = cur->text[end];

		if (c == '\n') {
			line++;
		} else if (c == '/' && cur->text[end + 1] == '*') {
			for (end += 2; end < (long)cur->len && !(cur->text[end] == '*' && cur->text[end + 1] == '/'); end++)
				if (cur->text[end] == '\n')
					line++;
			end++;
		} else if (c == '/' && cur->text[end + 1] == '/') {
			while (end < (long)cur->len && cur->text[end] != '\n')
				end++;
			end--;
		} else if (c == '"' || c == '\'') {
			for (end++; end < (long)cur->len && cur->text[end] != c && cur->text[end] != '\n'; end++)
				if (cur->text[end] == '\\')
					end++;
		} else if (c == '{') {
			depth++;
		} else if (c == '}' && --depth == 0) {
			return line;
		}
	}
	return 0;
}

/* The offset of the first character of the identifier written at 'pos' (or just before it), or -1. */
static long ident_start(struct position pos)
{
	long off;

	if (!load_stream(pos.stream) || (off = offset_of(pos.line, pos.pos)) < 0)
		return -1;
	while (off > 0 && !is_ident_char(cur->text[off]) && (cur->text[off] == '(' || cur->text[off] == ' ' || cur->text[off] == '\t'))
		off--;
	if (!is_ident_char(cur->text[off]))
		return -1;
	while (off > 0 && is_ident_char(cur->text[off - 1]))
		off--;
	return off;
}

/*
 * The identifier written at 'pos' (or just before it, for the '(' of a
 * call), e.g. the macro "mutex_lock_nested" that expands to mutex_lock();
 * NULL if there is none.
 */
const char *source_name_at(struct position pos)
{
	long off = ident_start(pos), end;

	if (off < 0)
		return NULL;
	for (end = off; end < (long)cur->len && is_ident_char(cur->text[end]); end++)
		;
	return intern_fmt("%.*s", (int)(end - off), cur->text + off);
}

/*
 * The column (from 1, a tab counting one) where the statement on pos's
 * line starts: its first character that is not a blank; 0 if unknown.
 */
int statement_column(struct position pos)
{
	long off = 0, start;

	if (!load_stream(pos.stream) || (off = offset_of(pos.line, 1)) < 0)
		return 0;
	for (start = off; off < (long)cur->len && (cur->text[off] == ' ' || cur->text[off] == '\t'); off++)
		;
	return off < (long)cur->len && cur->text[off] != '\n' ? off - start + 1 : 0;
}

/*
 * The text of the call or macro invocation written at 'pos', from its name
 * to its closing parenthesis ("WARN_ON(!mutex_is_locked(&d->lock))"), at
 * most 512 characters, skipping no comment; NULL if there is none.
 */
const char *source_call_text(struct position pos)
{
	long off = ident_start(pos), end;
	int depth = 0;

	if (off < 0)
		return NULL;
	for (end = off; end < (long)cur->len && end - off < 512; end++) {
		if (cur->text[end] == '(')
			depth++;
		else if (cur->text[end] == ')' && --depth == 0)
			return intern_fmt("%.*s", (int)(end + 1 - off), cur->text + off);
		else if (!depth && !is_ident_char(cur->text[end]) && cur->text[end] != ' ' && cur->text[end] != '\t')
			return NULL;
	}
	return NULL;
}
