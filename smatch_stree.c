/*
 * smatch_stree.c: the state map of one path, a persistent treap.  Nodes are
 * never changed once made: setting a state copies the nodes on the way to
 * it, so forked paths share everything they did not change.  A node's
 * priority is a hash of its key, which makes a map's shape depend only on
 * its keys: two paths that changed a few states of a common map still share
 * every other subtree, and joining or comparing them skips the shared ones.
 * The cost of a join is that of what differs, not of the whole map.  A map
 * keeps facts and the states checks track in two treaps: telling whether
 * two paths are alike looks at the second only.
 */
#include <string.h>
#include "smatch.h"
#include "smatch_internal.h"

struct tnode {
	struct sm_state *sm;
	struct tnode *left, *right;
	unsigned prio;		/* a hash of the key: the shape depends on the keys only */
	int size;		/* states in this subtree */
};

/* A hash of the key that does not depend on addresses: runs are repeatable. */
static unsigned key_priority(struct sm_state *sm)
{
	unsigned h = 2166136261u ^ (unsigned)sm->owner;
	const char *s;

	for (s = sm->name; *s; s++)
		h = (h ^ (unsigned char)*s) * 16777619u;
	if (sm->sym) {
		h = (h ^ (unsigned)sm->sym->pos.line) * 16777619u;
		h = (h ^ (unsigned)sm->sym->pos.pos) * 16777619u;
	}
	h ^= h >> 15;
	h *= 0x2c1b3c6du;
	h ^= h >> 12;
	return h;
}

static int cmp_nodes(struct tnode *a, struct tnode *b)
{
	return cmp_sm_key(a->sm->owner, a->sm->name, a->sm->sym, b->sm);
}

/* Does 'a' go above 'b' in the treap?  Ties are broken by key: the shape stays unique. */
static bool above(struct tnode *a, struct tnode *b)
{
	if (a->prio != b->prio)
		return a->prio > b->prio;
	return cmp_nodes(a, b) < 0;
}

static int tnode_size(struct tnode *t)
{
	return t ? t->size : 0;
}

static struct tnode *node(struct sm_state *sm, unsigned prio, struct tnode *l, struct tnode *r)
{
	struct tnode *n = fn_alloc(sizeof(*n));

	count_state_work(1);
	n->sm = sm;
	n->prio = prio;
	n->left = l;
	n->right = r;
	n->size = 1 + tnode_size(l) + tnode_size(r);
	return n;
}

/* 't' with new children, or 't' itself when they did not change. */
static struct tnode *with_children(struct tnode *t, struct tnode *l, struct tnode *r)
{
	if (l == t->left && r == t->right)
		return t;
	return node(t->sm, t->prio, l, r);
}

static struct sm_state *tnode_get(struct tnode *t, int owner, const char *name, struct symbol *sym)
{
	while (t) {
		int r = cmp_sm_key(owner, name, sym, t->sm);

		if (!r)
			return t->sm;
		t = r < 0 ? t->left : t->right;
	}
	return NULL;
}

/* Splits 't' by the key of 'key': the part below it, its state there, the part above. */
static struct tnode *split(struct tnode *t, struct tnode *key, struct tnode **match, struct tnode **high)
{
	struct tnode *low;
	int r;

	if (!t) {
		*match = *high = NULL;
		return NULL;
	}
	r = cmp_nodes(key, t);
	if (!r) {
		*match = t;
		*high = t->right;
		return t->left;
	}
	if (r < 0) {
		low = split(t->left, key, match, high);
		*high = with_children(t, *high, t->right);
		return low;
	}
	low = split(t->right, key, match, high);
	return with_children(t, t->left, low);
}

/* The union of two maps whose keys are all below (l) and above (r) each other. */
static struct tnode *join(struct tnode *l, struct tnode *r)
{
	if (!l)
		return r;
	if (!r)
		return l;
	if (above(l, r))
		return with_children(l, l->left, join(l->right, r));
	return with_children(r, join(l, r->left), r->right);
}

static struct tnode *insert(struct tnode *t, struct sm_state *sm, unsigned prio)
{
	struct tnode key = { .sm = sm, .prio = prio };
	struct tnode *match, *high, *low;
	int r;

	/* above every node on its way down: it takes the place of the subtree there */
	if (!t || above(&key, t)) {
		low = split(t, &key, &match, &high);
		return node(sm, prio, low, high);
	}
	r = cmp_nodes(&key, t);
	if (!r)
		return node(sm, prio, t->left, t->right);
	if (r < 0)
		return with_children(t, insert(t->left, sm, prio), t->right);
	return with_children(t, t->left, insert(t->right, sm, prio));
}

static struct tnode *tnode_set(struct tnode *t, struct sm_state *sm)
{
	return insert(t, sm, key_priority(sm));
}

static struct tnode *tnode_delete(struct tnode *t, int owner, const char *name, struct symbol *sym)
{
	int r;

	if (!t)
		return NULL;
	r = cmp_sm_key(owner, name, sym, t->sm);
	if (!r)
		return join(t->left, t->right);
	if (r < 0)
		return with_children(t, tnode_delete(t->left, owner, name, sym), t->right);
	return with_children(t, t->left, tnode_delete(t->right, owner, name, sym));
}

/*
 * Calls fn on the states from the first key not below (owner, name), in
 * key order, while it returns true.  Returns false once fn did.
 */
static bool tnode_each_from(struct tnode *t, int owner, const char *name,
		     bool (*fn)(struct sm_state *sm, void *data), void *data)
{
	if (!t)
		return true;
	count_state_work(1);
	if (cmp_sm_key(owner, name, NULL, t->sm) > 0)
		return tnode_each_from(t->right, owner, name, fn, data);
	return tnode_each_from(t->left, owner, name, fn, data) && fn(t->sm, data) &&
	       tnode_each_from(t->right, owner, name, fn, data);
}

/* Do two treaps of tracked states hold the same states? */
static bool tnode_alike(struct tnode *a, struct tnode *b)
{
	struct tnode *top, *other, *match, *high, *low;

	if (a == b)
		return true;
	if (!a || !b || tnode_size(a) != tnode_size(b))
		return false;
	count_state_work(1);
	top = above(a, b) ? a : b;
	other = top == a ? b : a;
	low = split(other, top, &match, &high);
	if (!match || (match->sm != top->sm && match->sm->state != top->sm->state))
		return false;
	return tnode_alike(top->left, low) && tnode_alike(top->right, high);
}

/*
 * The states of a treap known on one side of a join only ('left' of it or
 * not): none of the facts, which a join keeps only where both sides agree.
 */
static struct tnode *one_side(struct tnode *t, bool left)
{
	struct tnode *l, *r;
	struct sm_state *sm;

	if (!t || owner_facts(t->sm->owner))
		return NULL;
	l = one_side(t->left, left);
	r = one_side(t->right, left);
	sm = left ? merge_sm(t->sm, NULL) : merge_sm(NULL, t->sm);
	return node(sm, t->prio, l, r);
}

/* The key-by-key merge of two maps; what both share is kept as it is. */
static struct tnode *tnode_merge(struct tnode *a, struct tnode *b)
{
	struct tnode *top, *other, *match, *high, *low, *l, *r;
	struct sm_state *sm;

	if (a == b)
		return a;
	if (!a || !b)
		return one_side(a ? a : b, a != NULL);
	top = above(a, b) ? a : b;
	other = top == a ? b : a;
	low = split(other, top, &match, &high);
	/* 'a' stays first: merge hooks and merge_sm() keep the first side's line */
	l = top == a ? tnode_merge(top->left, low) : tnode_merge(low, top->left);
	r = top == a ? tnode_merge(top->right, high) : tnode_merge(high, top->right);
	if (!match) {
		/* a fact known on one side only is not known after the join */
		if (owner_facts(top->sm->owner))
			return join(l, r);
		sm = merge_sm(top == a ? top->sm : NULL, top == a ? NULL : top->sm);
	} else if (match->sm == top->sm) {
		sm = top->sm;	/* shared: merging it with itself changes nothing */
	} else {
		sm = top == a ? merge_sm(top->sm, match->sm) : merge_sm(match->sm, top->sm);
		if (sm->state == &merged && owner_facts(sm->owner))
			return join(l, r);
	}
	if (sm == top->sm)
		return with_children(top, l, r);
	return node(sm, top->prio, l, r);
}

/* ---- a path's map: its facts and its tracked states ----------------- */

static struct stree *pair(struct tnode *facts, struct tnode *tracked)
{
	struct stree *st;

	if (!facts && !tracked)
		return NULL;
	st = fn_alloc(sizeof(*st));
	st->facts = facts;
	st->tracked = tracked;
	return st;
}

static struct tnode *side(struct stree *st, int owner)
{
	if (!st)
		return NULL;
	return owner_facts(owner) ? st->facts : st->tracked;
}

int stree_size(struct stree *st)
{
	return st ? tnode_size(st->facts) + tnode_size(st->tracked) : 0;
}

struct sm_state *stree_get(struct stree *st, int owner, const char *name, struct symbol *sym)
{
	return tnode_get(side(st, owner), owner, name, sym);
}

struct stree *stree_set(struct stree *st, struct sm_state *sm)
{
	struct tnode *t = tnode_set(side(st, sm->owner), sm);

	return owner_facts(sm->owner) ? pair(t, st ? st->tracked : NULL) : pair(st ? st->facts : NULL, t);
}

struct stree *stree_delete(struct stree *st, int owner, const char *name, struct symbol *sym)
{
	struct tnode *t = tnode_delete(side(st, owner), owner, name, sym);

	return owner_facts(owner) ? pair(t, st ? st->tracked : NULL) : pair(st ? st->facts : NULL, t);
}

/*
 * Calls fn on the states of 'owner' from the first not below 'name', in key
 * order, while it returns true.
 */
void stree_each_from(struct stree *st, int owner, const char *name,
		     bool (*fn)(struct sm_state *sm, void *data), void *data)
{
	tnode_each_from(side(st, owner), owner, name, fn, data);
}

/*
 * Two maps are "alike" when they agree on every state of non-fact owners:
 * such paths can be joined without losing what checks track.
 */
bool stree_alike(struct stree *a, struct stree *b)
{
	return tnode_alike(a ? a->tracked : NULL, b ? b->tracked : NULL);
}

/* The key-by-key merge of two maps; what both share is kept as it is. */
struct stree *stree_merge(struct stree *a, struct stree *b)
{
	if (a == b)
		return a;
	return pair(tnode_merge(a ? a->facts : NULL, b ? b->facts : NULL),
		    tnode_merge(a ? a->tracked : NULL, b ? b->tracked : NULL));
}
