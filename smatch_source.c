/*
 * smatch_source.c: positions Sparse does not record, found in the source
 * text: the closing brace of a function body (where a void function
 * returns by falling off its end), the name a call was written with and
 * its text, and the column where a line's statement starts.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "smatch.h"
#include "smatch_internal.h"

static int cached_stream = -1;
static char *text;
static size_t text_len;
static long *line_start;	/* offset of each line's first character, from line 1 */
static int nr_lines;

/* Indexes the lines of the loaded text, so a position is found at once. */
static void index_lines(void)
{
	size_t off;
	int n = 1;

	for (off = 0; off < text_len; off++)
		n += text[off] == '\n';
	line_start = xmalloc(n * sizeof(*line_start));
	line_start[0] = 0;
	nr_lines = 1;
	for (off = 0; off < text_len; off++) {
		if (text[off] == '\n')
			line_start[nr_lines++] = off + 1;
	}
}

static bool load_stream(int stream)
{
	FILE *f;
	long len;

	if (stream == cached_stream)
		return text != NULL;
	free(text);
	free(line_start);
	text = NULL;
	line_start = NULL;
	nr_lines = 0;
	cached_stream = stream;
	f = fopen(stream_name(stream), "rb");
	if (!f)
		return false;
	if (fseek(f, 0, SEEK_END) == 0 && (len = ftell(f)) >= 0 && fseek(f, 0, SEEK_SET) == 0) {
		text = xmalloc(len + 1);
		text_len = fread(text, 1, len, f);
		text[text_len] = '\0';
		index_lines();
	}
	fclose(f);
	return text != NULL;
}

/*
 * Offset of (line, column) in the text, or -1.  Sparse's column is the
 * one of the character's end, a tab reaching the next multiple of 8.
 */
static long offset_of(int line, int column)
{
	long off;
	int col = 0;

	if (line < 1 || line > nr_lines)
		return -1;
	for (off = line_start[line - 1]; off < (long)text_len && text[off] != '\n'; off++) {
		col += text[off] == '\t' ? 8 - col % 8 : 1;
		if (col >= column)
			return off;
	}
	return off < (long)text_len ? off : -1;
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
	while (off >= 0 && off < (long)text_len && text[off] != '{' && text[off] != ';') {
		if (text[off] == '\n')
			line++;
		off++;
	}
	if (off < 0 || off >= (long)text_len || text[off] != '{')
		return 0;
	for (end = off; end < (long)text_len; end++) {
		char c = text[end];

		if (c == '\n') {
			line++;
		} else if (c == '/' && text[end + 1] == '*') {
			for (end += 2; end < (long)text_len && !(text[end] == '*' && text[end + 1] == '/'); end++)
				if (text[end] == '\n')
					line++;
			end++;
		} else if (c == '/' && text[end + 1] == '/') {
			while (end < (long)text_len && text[end] != '\n')
				end++;
			end--;
		} else if (c == '"' || c == '\'') {
			for (end++; end < (long)text_len && text[end] != c && text[end] != '\n'; end++)
				if (text[end] == '\\')
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
	while (off > 0 && !is_ident_char(text[off]) && (text[off] == '(' || text[off] == ' ' || text[off] == '\t'))
		off--;
	if (!is_ident_char(text[off]))
		return -1;
	while (off > 0 && is_ident_char(text[off - 1]))
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
	for (end = off; end < (long)text_len && is_ident_char(text[end]); end++)
		;
	return intern_fmt("%.*s", (int)(end - off), text + off);
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
	for (start = off; off < (long)text_len && (text[off] == ' ' || text[off] == '\t'); off++)
		;
	return off < (long)text_len && text[off] != '\n' ? off - start + 1 : 0;
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
	for (end = off; end < (long)text_len && end - off < 512; end++) {
		if (text[end] == '(')
			depth++;
		else if (text[end] == ')' && --depth == 0)
			return intern_fmt("%.*s", (int)(end + 1 - off), text + off);
		else if (!depth && !is_ident_char(text[end]) && text[end] != ' ' && text[end] != '\t')
			return NULL;
	}
	return NULL;
}
