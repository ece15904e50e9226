/*
 * smatch_back_edges.c: finds, before a function is walked, the backward
 * gotos that the flow engine walks as a loop.  Such a goto jumps back to
 * a label that starts a statement of a compound statement (a block), and
 * is itself inside a later statement of that block, or in the label's own
 * statement: "retry: ... if (err) { unlock(); goto retry; }".  The engine
 * walks the block's statements from the label to the last such goto
 * twice.  Other jumps back (to a label in a block that does not hold the
 * goto, computed and asm gotos) are left to the engine's rule.
 *
 * The scan visits the statements in the order the engine walks them
 * (smatch_tree_visit.c), so "before" means walked before.
 */
#include <stdint.h>
#include <string.h>
#include "smatch.h"
#include "smatch_internal.h"

#define LABEL_BUCKETS	64

/* A label at the start of a statement of a block. */
struct head_label {
	struct symbol *label;
	struct statement *block;
	int head;		/* index of its statement in the block */
	int end;		/* index of the last statement with a goto back to it, or -1 */
	struct head_label *next;
};

struct back_edges {
	struct head_label *buckets[LABEL_BUCKETS];
};

struct scan {
	struct tree_visit visit;	/* first: the hooks get it */
	struct back_edges *edges;
};

static unsigned int bucket_of(struct symbol *label)
{
	return ((uintptr_t)label >> 4) % LABEL_BUCKETS;
}

static struct head_label *find_head(struct back_edges *edges, struct symbol *label)
{
	struct head_label *h;

	if (!edges)
		return NULL;
	for (h = edges->buckets[bucket_of(label)]; h; h = h->next) {
		if (h->label == label)
			return h;
	}
	return NULL;
}

static void add_head(struct scan *sc, struct symbol *label)
{
	struct head_label *h = fn_alloc(sizeof(*h));
	unsigned int b = bucket_of(label);

	h->label = label;
	h->block = sc->visit.blocks->block;
	h->head = sc->visit.blocks->index;
	h->end = -1;
	h->next = sc->edges->buckets[b];
	sc->edges->buckets[b] = h;
}

/* A goto to a label scanned already, from inside the label's block, closes a segment. */
static void scan_goto(struct scan *sc, struct symbol *label)
{
	struct head_label *h = find_head(sc->edges, label);
	struct open_block *b;

	if (!h)
		return;
	for (b = sc->visit.blocks; b; b = b->outer) {
		if (b->block == h->block) {
			if (b->index > h->end)
				h->end = b->index;
			return;
		}
	}
}

static void scan_stmt(struct tree_visit *v, struct statement *stmt)
{
	struct scan *sc = (struct scan *)v;

	if (stmt->type == STMT_LABEL && v->block_level && v->blocks)
		add_head(sc, stmt->label_identifier);
	else if (stmt->type == STMT_GOTO && stmt->goto_label)
		scan_goto(sc, stmt->goto_label);
}

void find_back_edges(struct statement *body)
{
	struct scan sc = { { .stmt = scan_stmt }, fn_alloc(sizeof(struct back_edges)) };

	memset(sc.edges, 0, sizeof(*sc.edges));
	visit_tree(&sc.visit, body);
	cur_fn()->back_edges = sc.edges;
}

int back_edge_end(struct statement *s)
{
	struct head_label *h;
	int end = -1;

	for (; s && s->type == STMT_LABEL; s = s->label_statement) {
		h = find_head(cur_fn()->back_edges, s->label_identifier);
		if (h && h->end > end)
			end = h->end;
	}
	return end;
}
