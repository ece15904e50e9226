/*
 * smatch_lock_value.c: the value of a "lock", "unlock", "unknown_lock" or
 * "acquires" summary item, "KIND[,nested][,xN][,handed][,try]"
 * ("mutex,x2,handed"; an "acquires" item may go on with ";CONDITION"), read
 * into a struct lock_value and written back.  The one place that knows
 * the text: the database and --info rows keep it as it is written here.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "smatch.h"
#include "smatch_locking.h"

/* Copies the comma-separated field at 'p' into 'field'; returns the next one, or NULL at a ';' or the end. */
static const char *read_field(const char *p, char *field, size_t size)
{
	size_t len = strcspn(p, ",;");

	snprintf(field, size, "%.*s", (int)len, p);
	return p[len] == ',' ? p + len + 1 : NULL;
}

struct lock_value parse_lock_value(const char *text)
{
	struct lock_value v = { .count = 1 };
	char field[32];
	const char *p = read_field(text, field, sizeof(field));

	v.kind = find_lock_kind(field);
	while (p) {
		p = read_field(p, field, sizeof(field));
		if (!strcmp(field, "nested"))
			v.nested = true;
		else if (!strcmp(field, "handed"))
			v.handed = true;
		else if (!strcmp(field, "try"))
			v.trylock = true;
		else if (field[0] == 'x')
			v.count = atoi(field + 1);
	}
	return v;
}

const char *format_lock_value(const struct lock_value *v)
{
	if (!v->kind)
		return intern("");
	return intern_fmt("%s%s%s%s%s", v->kind->name, v->nested ? ",nested" : "",
			  v->count > 1 ? intern_fmt(",x%d", v->count) : "", v->handed ? ",handed" : "",
			  v->trylock ? ",try" : "");
}

bool same_lock_value(const struct lock_value *a, const struct lock_value *b)
{
	return a->kind == b->kind && a->count == b->count && a->nested == b->nested &&
	       a->handed == b->handed && a->trylock == b->trylock;
}
