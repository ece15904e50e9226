/*
 * smatch_ptr_map.c: a map from pointers (an interned name, an expression)
 * to pointers, whose lookups cost the same however many it holds: open
 * addressing, doubled when half full.  It cannot be iterated, so what is
 * found in it never depends on addresses.
 */
#include <stdint.h>
#include <stdlib.h>
#include "smatch.h"
#include "smatch_internal.h"

struct ptr_map_entry {
	const void *key;
	void *value;
};

struct ptr_map {
	struct ptr_map_entry *entries;
	size_t size, nr;	/* size: a power of two */
};

static struct ptr_map_entry *slot(const struct ptr_map *m, const void *key)
{
	size_t i = (size_t)((((uintptr_t)key >> 3) * 0x9E3779B97F4A7C15ull) >> 20) & (m->size - 1);

	while (m->entries[i].key && m->entries[i].key != key)
		i = (i + 1) & (m->size - 1);
	return &m->entries[i];
}

static void grow(struct ptr_map *m)
{
	struct ptr_map_entry *old = m->entries;
	size_t i, old_size = m->size;

	m->size = old_size ? old_size * 2 : 64;
	m->entries = xmalloc(m->size * sizeof(*m->entries));
	for (i = 0; i < old_size; i++) {
		if (old[i].key)
			*slot(m, old[i].key) = old[i];
	}
	free(old);
}

void *ptr_map_get(const struct ptr_map *m, const void *key)
{
	return m ? slot(m, key)->value : NULL;
}

void ptr_map_set(struct ptr_map **map, const void *key, void *value)
{
	struct ptr_map *m = *map;
	struct ptr_map_entry *e;

	if (!m)
		m = *map = xmalloc(sizeof(*m));
	if ((m->nr + 1) * 2 > m->size)
		grow(m);
	e = slot(m, key);
	if (!e->key) {
		e->key = key;
		m->nr++;
	}
	e->value = value;
}

void ptr_map_free(struct ptr_map **map)
{
	if (!*map)
		return;
	free((*map)->entries);
	free(*map);
	*map = NULL;
}
