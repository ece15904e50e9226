/*
 * smatch_states.c: the per-function arena, interned strings and states,
 * owners, and sm_states (one key's state on a path) with their merge.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <stdlib.h>
#include "smatch.h"
#include "smatch_internal.h"

struct smatch_state undefined = { .name = "undefined" };
struct smatch_state merged = { .name = "merged" };

/* ---- a bump arena for per-function data ------------------------------ */

struct arena_block {
	struct arena_block *next;
	size_t used, size;
	char data[];
};
static struct arena_block *arena;

void *fn_alloc(size_t size)
{
	struct arena_block *b = arena;

	size = (size + 15) & ~(size_t)15;
	if (!b || b->used + size > b->size) {
		size_t bsize = size > 65536 ? size : 65536;

		b = malloc(sizeof(*b) + bsize);
		if (!b) {
			fprintf(stderr, "smatch: out of memory\n");
			exit(3);
		}
		b->used = 0;
		b->size = bsize;
		b->next = arena;
		arena = b;
	}
	b->used += size;
	return b->data + b->used - size;
}

/* Frees everything fn_alloc() handed out: called between functions. */
void fn_arena_reset(void)
{
	while (arena) {
		struct arena_block *next = arena->next;

		free(arena);
		arena = next;
	}
}

void *xmalloc(size_t size)
{
	void *p = calloc(1, size);

	if (!p) {
		fprintf(stderr, "smatch: out of memory\n");
		exit(3);
	}
	return p;
}

/* ---- interning ------------------------------------------------------- */

struct intern_entry {
	struct intern_entry *next;
	unsigned hash;
	struct smatch_state *state;	/* for interned states */
	char str[];
};

/* Chained buckets, doubled when there are more entries than buckets. */
struct intern_table {
	struct intern_entry **buckets;
	unsigned mask, nr;
};
static struct intern_table strings, states;

static unsigned hash_str(const char *s)
{
	unsigned h = 5381;

	while (*s)
		h = h * 33 + (unsigned char)*s++;
	return h;
}

static void grow_table(struct intern_table *t)
{
	unsigned size = t->buckets ? (t->mask + 1) * 2 : 1 << 14, i;
	struct intern_entry **buckets = xmalloc(size * sizeof(*buckets)), *e, *next;

	for (i = 0; t->buckets && i <= t->mask; i++) {
		for (e = t->buckets[i]; e; e = next) {
			next = e->next;
			e->next = buckets[e->hash & (size - 1)];
			buckets[e->hash & (size - 1)] = e;
		}
	}
	free(t->buckets);
	t->buckets = buckets;
	t->mask = size - 1;
}

static struct intern_entry *intern_in(struct intern_table *t, const char *str, bool *is_new)
{
	unsigned h = hash_str(str);
	struct intern_entry *e;

	if (!t->buckets || t->nr > t->mask)
		grow_table(t);
	for (e = t->buckets[h & t->mask]; e; e = e->next) {
		if (e->hash == h && strcmp(e->str, str) == 0) {
			*is_new = false;
			return e;
		}
	}
	e = xmalloc(sizeof(*e) + strlen(str) + 1);
	strcpy(e->str, str);
	e->hash = h;
	e->next = t->buckets[h & t->mask];
	t->buckets[h & t->mask] = e;
	t->nr++;
	*is_new = true;
	return e;
}

const char *intern(const char *str)
{
	bool is_new;

	if (!str)
		return NULL;
	return intern_in(&strings, str, &is_new)->str;
}

/* Is the interned 'name' one of the 'nr' interned 'names'? */
bool interned_among(const char *const *names, int nr, const char *name)
{
	int i;

	for (i = 0; i < nr; i++) {
		if (names[i] == name)
			return true;
	}
	return false;
}

const char *intern_fmt(const char *fmt, ...)
{
	char buf[1024];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	return intern(buf);
}

/* The state called 'name': data is attached only when it is first made. */
struct smatch_state *alloc_state_data(const char *name, void *data)
{
	bool is_new;
	struct intern_entry *e = intern_in(&states, name, &is_new);

	if (is_new) {
		e->state = xmalloc(sizeof(*e->state));
		e->state->name = intern(name);
		e->state->data = data;
	}
	return e->state;
}

struct smatch_state *alloc_state_name(const char *name)
{
	return alloc_state_data(name, NULL);
}

/* ---- owners ---------------------------------------------------------- */

#define MAX_OWNERS 128
static const char *owners[MAX_OWNERS];
static bool owner_is_fact[MAX_OWNERS];
static struct smatch_state *(*merge_hooks[MAX_OWNERS])(struct smatch_state *, struct smatch_state *);
static int owner_count = 1;	/* 0 is never an owner */

int register_owner(const char *name)
{
	assert(owner_count < MAX_OWNERS);
	owners[owner_count] = name;
	return owner_count++;
}

const char *owner_name(int owner)
{
	assert(owner > 0 && owner < owner_count);
	return owners[owner];
}

int nr_owners(void)
{
	return owner_count;
}

void set_owner_facts(int owner)
{
	owner_is_fact[owner] = true;
}

/* Are the owner's states facts: dropped by a join unless both paths agree? */
bool owner_facts(int owner)
{
	return owner_is_fact[owner];
}

void add_merge_hook(int owner, struct smatch_state *(*merge)(struct smatch_state *, struct smatch_state *))
{
	merge_hooks[owner] = merge;
}

/* ---- sm_states ------------------------------------------------------- */

struct sm_state *alloc_sm(int owner, const char *name, struct symbol *sym,
			  struct smatch_state *state, int line)
{
	struct sm_state *sm = fn_alloc(sizeof(*sm));

	sm->owner = owner;
	sm->name = name;
	sm->sym = sym;
	sm->state = state;
	sm->line = line;
	sm->joined = false;
	return sm;
}

/*
 * Merges the states one key has on two paths.  Either side may be NULL
 * (no state on that path), which counts as &undefined.  The cost does not
 * depend on how many paths were merged before.
 */
struct sm_state *merge_sm(struct sm_state *a, struct sm_state *b)
{
	struct sm_state *ref = a ? a : b;
	struct smatch_state *sa = a ? a->state : &undefined;
	struct smatch_state *sb = b ? b->state : &undefined;
	struct smatch_state *s;
	struct sm_state *res;

	assert(ref);
	if (a && b && a->state == b->state && !a->joined && !b->joined)
		return a;
	if (sa == sb)
		s = sa;
	else if (merge_hooks[ref->owner])
		s = merge_hooks[ref->owner](sa, sb);
	else
		s = &merged;
	res = alloc_sm(ref->owner, ref->name, ref->sym, s, a && b ? (a->line > b->line ? a->line : b->line) : ref->line);
	res->joined = true;
	return res;
}

/* ---- keys: the order of the state map (smatch_stree.c) ------------- */

int cmp_sm_key(int owner, const char *name, struct symbol *sym, struct sm_state *sm)
{
	int r;

	if (owner != sm->owner)
		return owner < sm->owner ? -1 : 1;
	if (name != sm->name) {
		r = strcmp(name, sm->name);
		if (r)
			return r;
	}
	if (sym != sm->sym)
		return (uintptr_t)sym < (uintptr_t)sm->sym ? -1 : 1;
	return 0;
}
