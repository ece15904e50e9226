/*
 * smatch_json.c: a small JSON reader (for compile_commands.json and the
 * reports of child processes) and the string writer of the JSON output.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "smatch_cli.h"
#include "smatch_internal.h"

#define MAX_NESTING 512

struct parser {
	const char *p;
	const char *start;
	char *err;
	size_t errlen;
	int depth;
};

static struct json *parse_value(struct parser *ps);

static void *fail(struct parser *ps, const char *what)
{
	if (!ps->err[0])
		snprintf(ps->err, ps->errlen, "%s at offset %ld", what, (long)(ps->p - ps->start));
	return NULL;
}

static void skip_space(struct parser *ps)
{
	while (*ps->p == ' ' || *ps->p == '\t' || *ps->p == '\n' || *ps->p == '\r')
		ps->p++;
}

static struct json *new_json(enum json_type type)
{
	struct json *j = xmalloc(sizeof(*j));

	j->type = type;
	return j;
}

/* Appends the UTF-8 form of code point 'c' to 'out'. */
static char *put_utf8(char *out, unsigned c)
{
	if (c < 0x80) {
		*out++ = c;
	} else if (c < 0x800) {
		*out++ = 0xc0 | (c >> 6);
		*out++ = 0x80 | (c & 0x3f);
	} else if (c < 0x10000) {
		*out++ = 0xe0 | (c >> 12);
		*out++ = 0x80 | ((c >> 6) & 0x3f);
		*out++ = 0x80 | (c & 0x3f);
	} else {
		*out++ = 0xf0 | (c >> 18);
		*out++ = 0x80 | ((c >> 12) & 0x3f);
		*out++ = 0x80 | ((c >> 6) & 0x3f);
		*out++ = 0x80 | (c & 0x3f);
	}
	return out;
}

static bool hex4(const char *p, unsigned *c)
{
	char buf[5], *end;

	memcpy(buf, p, 4);
	buf[4] = '\0';
	*c = strtoul(buf, &end, 16);
	return end == buf + 4;
}

/* A string literal; ps->p is on the opening quote.  Returns a malloc'd string. */
static char *parse_string(struct parser *ps)
{
	const char *p = ps->p + 1, *q = p;
	char *res, *out;
	unsigned c, lo;

	/* the decoded string is never longer than its literal */
	while (*q && *q != '"')
		q += q[0] == '\\' && q[1] ? 2 : 1;
	res = out = xmalloc(q - p + 1);

	while (*p != '"') {
		if (!*p || (unsigned char)*p < 0x20) {
			free(res);
			ps->p = p;
			return fail(ps, "unterminated string");
		}
		if (*p != '\\') {
			*out++ = *p++;
			continue;
		}
		p++;
		switch (*p) {
		case '"': case '\\': case '/': *out++ = *p; break;
		case 'b': *out++ = '\b'; break;
		case 'f': *out++ = '\f'; break;
		case 'n': *out++ = '\n'; break;
		case 'r': *out++ = '\r'; break;
		case 't': *out++ = '\t'; break;
		case 'u':
			if (!hex4(p + 1, &c))
				goto bad;
			p += 4;
			/* a surrogate pair */
			if (c >= 0xd800 && c < 0xdc00 && p[1] == '\\' && p[2] == 'u' && hex4(p + 3, &lo) &&
			    lo >= 0xdc00 && lo < 0xe000) {
				c = 0x10000 + ((c - 0xd800) << 10) + (lo - 0xdc00);
				p += 6;
			}
			out = put_utf8(out, c);
			break;
		default:
			goto bad;
		}
		p++;
	}
	*out = '\0';
	ps->p = p + 1;
	return res;
bad:
	free(res);
	ps->p = p;
	return fail(ps, "bad escape in string");
}

static void add_item(struct json *j, char *key, struct json *item)
{
	j->items = realloc(j->items, (j->nr + 1) * sizeof(*j->items));
	if (j->type == JSON_OBJECT)
		j->keys = realloc(j->keys, (j->nr + 1) * sizeof(*j->keys));
	if (!j->items || (j->type == JSON_OBJECT && !j->keys)) {
		fprintf(stderr, "smatch: out of memory\n");
		exit(3);
	}
	if (j->type == JSON_OBJECT)
		j->keys[j->nr] = key;
	j->items[j->nr++] = item;
}

/* An array or an object: the members up to 'close', separated by commas. */
static struct json *parse_container(struct parser *ps, enum json_type type, char close)
{
	struct json *j = new_json(type);

	if (++ps->depth > MAX_NESTING) {
		json_free(j);
		return fail(ps, "nested too deeply");
	}
	ps->p++;
	skip_space(ps);
	if (*ps->p == close) {
		ps->p++;
		ps->depth--;
		return j;
	}
	for (;;) {
		char *key = NULL;
		struct json *item;

		skip_space(ps);
		if (type == JSON_OBJECT) {
			if (*ps->p != '"' || !(key = parse_string(ps)))
				goto bad;
			skip_space(ps);
			if (*ps->p++ != ':') {
				free(key);
				goto bad;
			}
		}
		item = parse_value(ps);
		if (!item) {
			free(key);
			goto bad;
		}
		add_item(j, key, item);
		skip_space(ps);
		if (*ps->p == ',') {
			ps->p++;
			continue;
		}
		if (*ps->p++ == close)
			break;
		goto bad;
	}
	ps->depth--;
	return j;
bad:
	json_free(j);
	return fail(ps, type == JSON_OBJECT ? "bad object" : "bad array");
}

static bool take_word(struct parser *ps, const char *word)
{
	size_t n = strlen(word);

	if (strncmp(ps->p, word, n))
		return false;
	ps->p += n;
	return true;
}

static struct json *parse_value(struct parser *ps)
{
	struct json *j;
	char *end;

	skip_space(ps);
	switch (*ps->p) {
	case '{':
		return parse_container(ps, JSON_OBJECT, '}');
	case '[':
		return parse_container(ps, JSON_ARRAY, ']');
	case '"':
		j = new_json(JSON_STRING);
		j->string = parse_string(ps);
		if (!j->string) {
			free(j);
			return NULL;
		}
		return j;
	}
	if (take_word(ps, "true") || take_word(ps, "false")) {
		j = new_json(JSON_BOOL);
		j->number = ps->p[-2] == 'u';	/* "true", not "false" */
		return j;
	}
	if (take_word(ps, "null"))
		return new_json(JSON_NULL);
	j = new_json(JSON_NUMBER);
	j->number = strtod(ps->p, &end);
	if (end == ps->p || !(*ps->p == '-' || (*ps->p >= '0' && *ps->p <= '9'))) {
		free(j);
		return fail(ps, "unexpected character");
	}
	ps->p = end;
	return j;
}

/* Parses a whole JSON text; on error returns NULL with the reason in err. */
struct json *json_parse(const char *text, char *err, size_t errlen)
{
	struct parser ps = { .p = text, .start = text, .err = err, .errlen = errlen };
	struct json *j;

	err[0] = '\0';
	j = parse_value(&ps);
	if (!j)
		return NULL;
	skip_space(&ps);
	if (*ps.p) {
		json_free(j);
		return fail(&ps, "trailing characters");
	}
	return j;
}

struct json *json_get(const struct json *obj, const char *key)
{
	int i;

	if (!obj || obj->type != JSON_OBJECT)
		return NULL;
	for (i = 0; i < obj->nr; i++) {
		if (!strcmp(obj->keys[i], key))
			return obj->items[i];
	}
	return NULL;
}

/* The string member 'key' of an object, or NULL. */
const char *json_string(const struct json *obj, const char *key)
{
	struct json *j = json_get(obj, key);

	return j && j->type == JSON_STRING ? j->string : NULL;
}

void json_free(struct json *j)
{
	int i;

	if (!j)
		return;
	for (i = 0; i < j->nr; i++) {
		json_free(j->items[i]);
		if (j->keys)
			free(j->keys[i]);
	}
	free(j->items);
	free(j->keys);
	free(j->string);
	free(j);
}

/* Writes 's' as a JSON string literal. */
void json_write_string(FILE *f, const char *s)
{
	putc('"', f);
	for (; *s; s++) {
		unsigned char c = *s;

		if (c == '"' || c == '\\')
			fprintf(f, "\\%c", c);
		else if (c == '\n')
			fputs("\\n", f);
		else if (c == '\t')
			fputs("\\t", f);
		else if (c < 0x20)
			fprintf(f, "\\u%04x", c);
		else
			putc(c, f);
	}
	putc('"', f);
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
