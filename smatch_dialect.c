/*
 * smatch_dialect.c: the -std= values gcc takes and Sparse 0.6.4 does not
 * (it stops with "Unsupported C dialect", naming no file). Each is given
 * to Sparse as the nearest dialect it knows; for C23, smatch_data/dialect/
 * c23.h then defines __STDC_VERSION__ and the keywords C17 spells otherwise.
 */
#include <string.h>
#include "smatch.h"
#include "smatch_cli.h"

/* The names Sparse 0.6.4 takes after -std= (its options.c). */
static const char *const sparse_dialects[] = {
	"c89", "iso9899:1990", "iso9899:199409", "c99", "c9x", "iso9899:1999", "iso9899:199x",
	"gnu89", "gnu99", "gnu9x", "c11", "c1x", "iso9899:2011", "gnu11", "c17", "c18",
	"iso9899:2017", "iso9899:2018", "gnu17", "gnu18", NULL
};

struct dialect {
	const char *name;	/* as gcc takes it */
	const char *nearest;	/* what Sparse is given */
	bool c23;
};

static const struct dialect mapped_dialects[] = {
	{ "c90", "c89", false },		/* the same language, no __STDC_VERSION__ */
	{ "gnu90", "gnu89", false },
	{ "gnu1x", "gnu11", false },
	{ "c2x", "c17", true },
	{ "c23", "c17", true },
	{ "iso9899:2024", "c17", true },
	{ "gnu2x", "gnu17", true },
	{ "gnu23", "gnu17", true },
	{ NULL }
};

/*
 * The -std= option to give Sparse for 'name' (what follows "-std="), or
 * NULL when Sparse knows no dialect near it.
 */
const char *sparse_std_option(const char *name)
{
	const struct dialect *d;
	int i;

	for (i = 0; sparse_dialects[i]; i++) {
		if (!strcmp(name, sparse_dialects[i])) {
			cli.c23 = false;
			return intern_fmt("-std=%s", name);
		}
	}
	for (d = mapped_dialects; d->name; d++) {
		if (!strcmp(name, d->name)) {
			cli.c23 = d->c23;
			return intern_fmt("-std=%s", d->nearest);
		}
	}
	return NULL;
}
