/*
 * smatch_lock_branches.c: tells a lock released in one branch only from a
 * branch the engine could not tie to the lock.  "lock(); if (ready) {
 * unlock(); ... } return count;" leaks it when ready is 0, while "lock();
 * if (x) unlock(); ... if (x) return;" is correct through a second test
 * of x that the engine lost track of.  It remembers per path the call that
 * last took each lock and the one that last released it, and per function
 * the test around each release and what every test walked reads;
 * lock_release_uncorrelated() decides.
 */
#include <string.h>
#include "smatch.h"
#include "smatch_internal.h"
#include "smatch_locking.h"

#define MAX_SUBJECTS 8

static int site_id;	/* lock key -> the lock call that took it last ("site#N") */
static int release_id;	/* lock key -> the unlock call under a test that released it last ("release#N") */

/* A lock or unlock call of the function being analysed, numbered. */
struct lock_call {
	struct expression *call;
	const char *id;		/* "site#N", "release#N": the state that names it on a path */
	struct expression *cond;	/* for a release: the innermost if or ?: test around it */
	const char *subjects[MAX_SUBJECTS];	/* what that test reads, and what facts tie it to */
	int nr_subjects;
	bool subjects_dropped;	/* it reads more than MAX_SUBJECTS: which tie it is unknown */
	bool by_outcome;	/* for a release: by a callee on some of its returns only */
};

/* The lock or unlock calls of the function, found by call and by id in constant time. */
struct lock_calls {
	const char *what;	/* "site", "release" */
	int nr;
	struct ptr_map *by_call, *by_id;
};

/* A variable, member chain or call that a test reads, and the whole test (if, loop, switch, ?:). */
struct test {
	struct expression *root;
	const char *subject;
	struct test *next;
};

static struct lock_calls sites = { "site" }, releases = { "release" };
static struct test *tests;
static struct expression *last_root;	/* the test noted last: once for all paths */

static void match_start(void)
{
	struct lock_calls *all[] = { &sites, &releases };
	int i;

	for (i = 0; i < 2; i++) {
		ptr_map_free(&all[i]->by_call);
		ptr_map_free(&all[i]->by_id);
		all[i]->nr = 0;
	}
	tests = NULL;
	last_root = NULL;
}

/*
 * Calls 'fn' with each variable, member chain or call that the test 'e'
 * reads: "!(d->busy & 1)" reads d->busy, "(ret = f()) < 0" ret,
 * "likely(a && b > n)" a, b and n, "need_seqretry(&lock, seq)" that call
 * and seq (the values it is passed; not the objects pointed to).
 */
static void for_each_subject(struct expression *e, void (*fn)(struct expression *, void *), void *data)
{
	struct expression *arg;

	e = strip_expr(e);
	if (!e || e->type == EXPR_VALUE || e->type == EXPR_FVALUE || e->type == EXPR_STRING)
		return;
	switch (e->type) {
	case EXPR_LOGICAL:
	case EXPR_COMPARE:
	case EXPR_BINOP:
		for_each_subject(e->left, fn, data);
		for_each_subject(e->right, fn, data);
		return;
	case EXPR_ASSIGNMENT:
		for_each_subject(e->left, fn, data);
		return;
	case EXPR_PREOP:
		if (e->op == '!' || e->op == '-' || e->op == '~') {
			for_each_subject(e->unop, fn, data);
			return;
		}
		break;
	case EXPR_CALL:
		if (is_expect_call(e)) {
			for_each_subject(get_argument(e, 0), fn, data);
			return;
		}
		FOR_EACH_PTR(e->args, arg) {
			if (!is_pointer_type(arg->ctype))
				for_each_subject(arg, fn, data);
		} END_FOR_EACH_PTR(arg);
		break;
	default:
		break;
	}
	fn(e, data);
}

static void add_test(struct expression *subject, void *root)
{
	struct test *t = fn_alloc(sizeof(*t));

	t->root = root;
	t->subject = intern(expr_to_str(subject));
	t->next = tests;
	tests = t;
}

static void note_test(struct expression *root)
{
	if (!root || root == last_root)
		return;
	last_root = root;
	for_each_subject(root, add_test, root);
}

static void match_stmt(struct statement *stmt)
{
	switch (stmt->type) {
	case STMT_IF:
		note_test(stmt->if_conditional);
		break;
	case STMT_ITERATOR:
		note_test(stmt->iterator_pre_condition);
		note_test(stmt->iterator_post_condition);
		break;
	case STMT_SWITCH:
		note_test(stmt->switch_expression);
		break;
	default:
		break;
	}
}

static void match_expr(struct expression *expr)
{
	if (expr->type == EXPR_CONDITIONAL || expr->type == EXPR_SELECT)
		note_test(expr->conditional);
}

/* The numbered record of 'call' in 'calls', made if it is new. */
static struct lock_call *lock_call(struct lock_calls *calls, struct expression *call)
{
	struct lock_call *c = ptr_map_get(calls->by_call, call);

	if (c)
		return c;
	c = fn_alloc(sizeof(*c));
	memset(c, 0, sizeof(*c));
	c->call = call;
	c->id = intern_fmt("%s#%d", calls->what, calls->nr++);
	ptr_map_set(&calls->by_call, call, c);
	ptr_map_set(&calls->by_id, c->id, c);
	return c;
}

static void add_subject_name(struct lock_call *r, const char *name)
{
	int i;

	for (i = 0; i < r->nr_subjects && r->subjects[i] != name; i++)
		;
	if (i < r->nr_subjects)
		return;
	if (i < MAX_SUBJECTS)
		r->subjects[r->nr_subjects++] = name;
	else
		r->subjects_dropped = true;
}

static void add_subject(struct expression *subject, void *release)
{
	add_subject_name(release, intern(expr_to_str(subject)));
}

static void match_lock(struct lock_event *ev)
{
	set_state(site_id, ev->key, NULL, alloc_state_name(lock_call(&sites, ev->call)->id));
}

/*
 * The test around the release, what it reads and, through the implication
 * facts of this path ("need = needs_lock(opt)": a test of need tells of
 * opt), what it tells of.
 */
static void match_unlock(struct lock_event *ev)
{
	const char *implied[MAX_SUBJECTS];
	struct lock_call *r;
	int i, j, nr;

	/* released outside any test: nothing to remember */
	if (!cur_fn()->branch_cond) {
		delete_state(release_id, ev->key, NULL);
		return;
	}
	r = lock_call(&releases, ev->call);
	r->by_outcome |= ev->conditional;
	if (!r->cond) {
		r->cond = cur_fn()->branch_cond;
		for_each_subject(r->cond, add_subject, r);
	}
	for (i = 0; i < r->nr_subjects; i++) {
		nr = implied_arguments(r->subjects[i], implied, MAX_SUBJECTS);
		for (j = 0; j < nr; j++)
			add_subject_name(r, implied[j]);
	}
	set_state(release_id, ev->key, NULL, alloc_state_name(r->id));
}

/* How this path took and released 'key', for lock_release_uncorrelated(). */
void lock_branch_of(const char *key, struct lock_branch *b)
{
	struct smatch_state *site = get_state(site_id, key, NULL);
	struct smatch_state *release = get_state(release_id, key, NULL);

	b->site = site ? site->name : NULL;
	b->release = release ? release->name : NULL;
}

/* A parameter of the function that it did not assign: its callers test it too. */
static bool unchanged_param(const char *name)
{
	struct symbol *arg;
	int nr = 0;

	FOR_EACH_PTR(get_real_base_type(cur_fn()->sym)->arguments, arg) {
		if (arg->ident && !strcmp(ident_str(arg->ident), name))
			return nr >= 64 || !(cur_fn()->params_changed & (1ULL << nr));
		nr++;
	} END_FOR_EACH_PTR(arg);
	return false;
}

/* Is 'subject' read by a test other than 'root', earlier or later? */
static bool tested_elsewhere(const char *subject, struct expression *root)
{
	struct test *t;

	for (t = tests; t; t = t->next) {
		if (t->subject == subject && t->root != root)
			return true;
	}
	return false;
}

/*
 * One return reached with the lock held on one path ('held') and released
 * on another ('released'): is it a leak?  It is when both took it at the
 * same call and the release (by a lock function, or a callee that releases
 * on every return) was under a test that nothing ties to the path
 * that kept it: no other test reads what it reads (the same variable,
 * member chain or call, or what an implication fact says it tells of),
 * and it reads no parameter, which the callers test (the returns' summary
 * ties their lock states to it).  Asked once the function is walked: the
 * tying test may come after the return.
 */
bool lock_release_uncorrelated(const struct lock_branch *held, const struct lock_branch *released)
{
	struct lock_call *r;
	int i;

	if (!held->site || held->site != released->site || !released->release)
		return false;
	r = ptr_map_get(releases.by_id, released->release);
	/* released by a callee on some returns: its outcome decided, not the test */
	if (!r || r->by_outcome || r->subjects_dropped)
		return false;
	for (i = 0; i < r->nr_subjects; i++) {
		if (unchanged_param(r->subjects[i]) || tested_elsewhere(r->subjects[i], r->cond))
			return false;
	}
	return true;
}

void register_lock_branches(void)
{
	site_id = register_owner("lock_site");
	set_owner_facts(site_id);
	release_id = register_owner("lock_release");
	set_owner_facts(release_id);
	add_hook(&match_start, FUNC_START_HOOK);
	add_hook(&match_stmt, STMT_HOOK);
	add_hook(&match_expr, EXPR_HOOK);
	add_lock_hook(&match_lock);
	add_unlock_hook(&match_unlock);
}
