/*
 * smatch_json.c: JSON through jansson: strings of file bytes (which need
 * not be UTF-8) for the JSON and SARIF output, and a reader that takes a
 * JSON array one element at a time, so that a kernel-sized
 * compile_commands.json costs its text and one entry, not a whole tree.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "smatch_cli.h"
#include "smatch_internal.h"

/* The length of the UTF-8 sequence at s (up to end), or 0 if it is not one. */
static int utf8_length(const unsigned char *s, const unsigned char *end)
{
	int n, i;

	if (s[0] < 0x80)
		return 1;
	if (s[0] >= 0xc2 && s[0] <= 0xdf)
		n = 2;
	else if (s[0] >= 0xe0 && s[0] <= 0xef)
		n = 3;
	else if (s[0] >= 0xf0 && s[0] <= 0xf4)
		n = 4;
	else
		return 0;
	if (end - s < n)
		return 0;
	for (i = 1; i < n; i++) {
		if ((s[i] & 0xc0) != 0x80)
			return 0;
	}
	/* overlong forms, surrogates and code points past U+10FFFF */
	if ((s[0] == 0xe0 && s[1] < 0xa0) || (s[0] == 0xed && s[1] >= 0xa0) ||
	    (s[0] == 0xf0 && s[1] < 0x90) || (s[0] == 0xf4 && s[1] >= 0x90))
		return 0;
	return n;
}

static bool is_utf8(const char *text, size_t len)
{
	const unsigned char *s = (const unsigned char *)text, *end = s + len;
	int n;

	for (; s < end; s += n) {
		n = utf8_length(s, end);
		if (!n)
			return false;
	}
	return true;
}

/* 'len' bytes read as Latin-1 (each byte the character of that code), in UTF-8 (malloc'd). */
static char *latin1_to_utf8(const char *text, size_t len, size_t *out_len)
{
	char *res = xmalloc(2 * len + 1), *out = res;
	size_t i;

	for (i = 0; i < len; i++) {
		unsigned char c = text[i];

		if (c < 0x80) {
			*out++ = c;
		} else {
			*out++ = 0xc0 | (c >> 6);
			*out++ = 0x80 | (c & 0x3f);
		}
	}
	*out = '\0';
	*out_len = out - res;
	return res;
}

/*
 * The bytes of a string decoded from a Latin-1 text: each character below
 * U+0100 is its byte again; others (written as \u escapes) stay UTF-8.
 */
static void utf8_to_latin1(json_t *string)
{
	const unsigned char *s = (const unsigned char *)json_string_value(string);
	size_t len = json_string_length(string), i;
	char *res = xmalloc(len + 1), *out = res;

	for (i = 0; i < len; i++) {
		if ((s[i] == 0xc2 || s[i] == 0xc3) && i + 1 < len) {
			*out++ = ((s[i] & 0x03) << 6) | (s[i + 1] & 0x3f);
			i++;
		} else {
			*out++ = s[i];
		}
	}
	json_string_setn_nocheck(string, res, out - res);
	free(res);
}

/* Turns back every string value under 'j' into the bytes of the Latin-1 text. */
static void restore_latin1(json_t *j)
{
	const char *key;
	json_t *value;
	size_t i;

	if (json_is_string(j)) {
		utf8_to_latin1(j);
	} else if (json_is_array(j)) {
		json_array_foreach(j, i, value)
			restore_latin1(value);
	} else if (json_is_object(j)) {
		json_object_foreach(j, key, value)
			restore_latin1(value);
	}
}

/*
 * A JSON string of 's' as smatch saw it (a file name, a message): output
 * must be UTF-8, so bytes that are not are written as Latin-1 characters
 * (0xe9 becomes "é").
 */
json_t *json_text(const char *s)
{
	size_t len = strlen(s), n;
	char *utf8;
	json_t *j;

	if (is_utf8(s, len))
		return json_stringn(s, len);
	utf8 = latin1_to_utf8(s, len, &n);
	j = json_stringn(utf8, n);
	free(utf8);
	return j;
}

/* Prints 'j' on one line of stdout and frees it. */
void json_print_line(json_t *j)
{
	json_dumpf(j, stdout, JSON_COMPACT);
	putchar('\n');
	json_decref(j);
}

/* ---- a JSON array, one element at a time ------------------------------ */

static bool is_space(char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

static void skip_space(struct json_array_reader *r)
{
	while (r->pos < r->len && is_space(r->text[r->pos]))
		r->pos++;
}

/*
 * "smatch: FILE:LINE:COLUMN: not valid JSON: WHY" about the character at
 * byte 'at' (or the last one before it, at the end or on a blank); the
 * column counts characters from 1.
 */
static void bad_json(const struct json_array_reader *r, size_t at, const char *why)
{
	size_t i, line_start = 0;
	int line = 1, column = 1;

	/* the end, or a blank: the character before */
	while (at > 0 && (at >= r->len || is_space(r->text[at])))
		at--;
	for (i = 0; i < at; i++) {
		if (r->text[i] == '\n') {
			line++;
			line_start = i + 1;
		}
	}
	/* a character starts at each byte that does not continue a UTF-8 sequence */
	for (i = line_start; i < at; i++)
		column += ((unsigned char)r->text[i] & 0xc0) != 0x80;
	fprintf(stderr, "smatch: %s:%d:%d: not valid JSON: %s\n", r->name, line, column, why);
}

/*
 * Opens the JSON file 'path', which must hold an array.  A file that is
 * not UTF-8 is read as Latin-1, and its strings are given back as the
 * bytes it has (file names are bytes).  Prints why and returns false if
 * it cannot be read.
 */
bool json_array_open(struct json_array_reader *r, const char *path)
{
	size_t len;
	char *text;

	memset(r, 0, sizeof(*r));
	r->name = path;
	text = read_whole_file(path, &len);
	if (!text) {
		fprintf(stderr, "smatch: %s: %s\n", path, strerror(errno));
		return false;
	}
	if (!is_utf8(text, len)) {
		r->latin1 = true;
		r->text = latin1_to_utf8(text, len, &r->len);
		free(text);
	} else {
		r->text = text;
		r->len = len;
	}
	skip_space(r);
	if (r->pos >= r->len || r->text[r->pos] != '[') {
		bad_json(r, r->pos, "expected an array ('[') of entries");
		json_array_close(r);
		return false;
	}
	r->pos++;
	return true;
}

/*
 * The element at r->pos (see json_array_next()); on a syntax error
 * prints where and sets r->failed.
 */
static json_t *element_at(struct json_array_reader *r, size_t pos)
{
	json_error_t err;
	json_t *j;

	j = json_loadb(r->text + pos, r->len - pos, JSON_DISABLE_EOF_CHECK | JSON_DECODE_ANY, &err);
	if (!j) {
		/* jansson's position is past the token it stopped at: name its last character */
		bad_json(r, pos + err.position - (err.position > 0), json_error_code(&err) ==
			 json_error_null_character ? "a string holds \\u0000, which no name can" : err.text);
		r->failed = true;
		return NULL;
	}
	r->pos = pos + err.position;
	if (r->latin1)
		restore_latin1(j);
	return j;
}

/*
 * The next element of the array (the caller json_decref()s it), its
 * offset in *offset for json_array_reread(); NULL at the end of the
 * array, or after an error (r->failed).
 */
json_t *json_array_next(struct json_array_reader *r, size_t *offset)
{
	skip_space(r);
	if (r->nr && r->pos < r->len && r->text[r->pos] == ',') {
		r->pos++;
		skip_space(r);
	} else if (r->pos < r->len && r->text[r->pos] == ']') {
		r->pos++;
		skip_space(r);
		if (r->pos < r->len) {
			bad_json(r, r->pos, "text after the array");
			r->failed = true;
		}
		return NULL;
	} else if (r->pos >= r->len) {
		bad_json(r, r->len, "']' expected near end of file");
		r->failed = true;
		return NULL;
	} else if (r->nr) {
		bad_json(r, r->pos, "expected ',' or ']' after an entry");
		r->failed = true;
		return NULL;
	}
	*offset = r->pos;
	r->nr++;
	return element_at(r, r->pos);
}

/* The element that json_array_next() found at 'offset', again. */
json_t *json_array_reread(struct json_array_reader *r, size_t offset)
{
	size_t pos = r->pos;
	json_t *j = element_at(r, offset);

	r->pos = pos;
	return j;
}

void json_array_close(struct json_array_reader *r)
{
	free((char *)r->text);
	r->text = NULL;
}

/* The contents of a file, NUL-terminated (malloc'd), or NULL with errno set. */
char *read_whole_file(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	size_t n = 0, alloc = 65536;
	char *buf;

	if (!f)
		return NULL;
	buf = xmalloc(alloc + 1);
	for (;;) {
		size_t got = fread(buf + n, 1, alloc - n, f);

		n += got;
		if (n < alloc)
			break;
		alloc *= 2;
		buf = realloc(buf, alloc + 1);
		if (!buf) {
			fprintf(stderr, "smatch: out of memory\n");
			exit(3);
		}
	}
	if (ferror(f)) {
		int e = errno;

		fclose(f);
		free(buf);
		errno = e ? e : EIO;
		return NULL;
	}
	fclose(f);
	buf[n] = '\0';
	if (len)
		*len = n;
	return buf;
}
