/*
 * smatch_explain.c: for --explain and the JSON/SARIF path of a locking
 * warning, keeps on each path the trail of branches taken and locks taken
 * or released, and turns it into the steps from the lock to the warning.
 */
#include <stdio.h>
#include <string.h>
#include "smatch.h"
#include "smatch_internal.h"
#include "smatch_locking.h"
#include "smatch_cli.h"

static int my_id;

/* One event on a path; paths share their common past. */
struct trail {
	enum { T_BRANCH, T_LOCK, T_UNLOCK } kind;
	int line;
	const char *lock;	/* the lock as written */
	struct expression *cond;	/* for a branch: its condition */
	bool taken;		/* for a branch: the condition was true */
	struct trail *prev;
};

/*
 * The state that holds a trail.  States live for the whole run, so they
 * are numbered per function and reused: the n-th trail of a function
 * always goes in the same state, whose slot is refilled.
 */
struct slot {
	struct trail *trail;
};
static int nr_slots;

/* A return path: where it returns and which locks it holds (by name). */
struct ret_rec {
	int line;
	struct trail *trail;
	const char **held;
	int nr_held;
	struct ret_rec *next;
};
static struct ret_rec *rets;

#define MAX_STEPS 64
static struct step steps[MAX_STEPS];

static struct trail *cur_trail(void)
{
	struct smatch_state *s = get_state(my_id, "trail", NULL);

	if (!s || s == &merged || !s->data)
		return NULL;
	return ((struct slot *)s->data)->trail;
}

static struct smatch_state *trail_state(struct trail *t)
{
	struct smatch_state *s = alloc_state_name(intern_fmt("trail#%d", nr_slots++));

	if (!s->data)
		s->data = xmalloc(sizeof(struct slot));
	((struct slot *)s->data)->trail = t;
	return s;
}

static struct trail *new_event(int kind, int line, struct trail *prev)
{
	struct trail *t = fn_alloc(sizeof(*t));

	memset(t, 0, sizeof(*t));
	t->kind = kind;
	t->line = line;
	t->prev = prev;
	return t;
}

/* Two paths that join keep one trail: either is a way to get here. */
static struct smatch_state *merge_trails(struct smatch_state *a, struct smatch_state *b)
{
	return a;
}

static void match_start(void)
{
	nr_slots = 0;
	rets = NULL;
	set_state(my_id, "trail", NULL, trail_state(NULL));
}

static void match_condition(struct expression *expr)
{
	struct trail *t = new_event(T_BRANCH, expr->pos.line, cur_trail());
	struct trail *f = new_event(T_BRANCH, expr->pos.line, t->prev);

	t->cond = f->cond = expr;
	t->taken = true;
	set_true_false_states(my_id, "trail", NULL, trail_state(t), trail_state(f));
}

static void add_lock_event(int kind, struct lock_event *ev)
{
	struct trail *t = new_event(kind, ev->call->pos.line, cur_trail());

	t->lock = ev->name;
	set_state(my_id, "trail", NULL, trail_state(t));
}

static void match_lock(struct lock_event *ev)
{
	add_lock_event(T_LOCK, ev);
}

static void match_unlock(struct lock_event *ev)
{
	add_lock_event(T_UNLOCK, ev);
}

static void match_return(struct expression *ret)
{
	struct sm_state_list *list = get_owner_states(lock_owner());
	struct ret_rec *r = fn_alloc(sizeof(*r));
	struct sm_state *sm;

	r->line = cur_line();
	r->trail = cur_trail();
	r->held = fn_alloc(ptr_list_size((struct ptr_list *)list) * sizeof(*r->held));
	r->nr_held = 0;
	FOR_EACH_PTR(list, sm) {
		if (lock_depth(sm->state) > 0)
			r->held[r->nr_held++] = lock_holder_name(sm->name);
	} END_FOR_EACH_PTR(sm);
	free_ptr_list(&list);
	r->next = rets;
	rets = r;
}

static bool holds(struct ret_rec *r, const char *lock)
{
	int i;

	for (i = 0; i < r->nr_held; i++) {
		if (r->held[i] == lock)
			return true;
	}
	return false;
}

static const char *event_text(struct trail *t)
{
	switch (t->kind) {
	case T_BRANCH:
		return intern_fmt("'%s' is %s", expr_to_str(t->cond), t->taken ? "true" : "false");
	case T_LOCK:
		return intern_fmt("'%s' locked", t->lock);
	case T_UNLOCK:
		return intern_fmt("'%s' unlocked", t->lock);
	}
	return NULL;
}

/*
 * Where the steps of a lock start: the lock that is still held at the
 * end of 'trail' (the newest one no later unlock undoes), or for an
 * unlock, the last unlock.
 */
static struct trail *start_of(struct trail *trail, int kind, const char *lock)
{
	struct trail *t, *last = NULL;
	int unlocks = 0;

	for (t = trail; t; t = t->prev) {
		if (t->kind == T_BRANCH || t->lock != lock)
			continue;
		if (t->kind == kind && !last)
			last = t;
		if (kind == T_UNLOCK)
			break;
		if (t->kind == T_UNLOCK)
			unlocks++;
		else if (!unlocks--)
			return t;
	}
	return last;
}

/*
 * The steps of 'trail' from where the lock's story starts (see
 * start_of()), then 'last' at line 'line'; the oldest are dropped past
 * MAX_STEPS.
 */
static int steps_since(struct trail *trail, int kind, const char *lock, int line, const char *last)
{
	struct trail *t, *from = start_of(trail, kind, lock);
	int n = 0, i;

	if (!from)
		return 0;
	for (t = trail; t != from->prev; t = t->prev)
		n++;
	if (n > MAX_STEPS - 1)
		n = MAX_STEPS - 1;
	/* walk back from the newest, filling the steps from the end */
	for (t = trail, i = n - 1; i >= 0; t = t->prev, i--)
		steps[i] = (struct step){ t->line, event_text(t) };
	steps[n++] = (struct step){ line, last };
	return n;
}

/* The path of an inconsistent-returns warning: one return that keeps the lock. */
static int explain_leak(const struct report *rep)
{
	int line = rep->lock->locked[0];
	struct ret_rec *r;

	for (r = rets; r; r = r->next) {
		if (r->line == line && holds(r, rep->lock->lock))
			return steps_since(r->trail, T_LOCK, rep->lock->lock, line,
					   intern_fmt("returns with '%s' held", rep->lock->lock));
	}
	return 0;
}

/* The steps that lead to a warning, or 0 when there is no path to tell. */
int explain_report(const struct report *rep, struct step **out)
{
	const char *lock;

	*out = steps;
	if (!rep->lock || !my_id)
		return 0;
	lock = rep->lock->lock;
	if (!strcmp(rep->check, "inconsistent_locking"))
		return explain_leak(rep);
	/* a double lock or unlock is reported on the path that does it */
	if (!cur_fn() || !cur_fn()->path)
		return 0;
	if (rep->lock->nr_locked)
		return steps_since(cur_trail(), T_LOCK, lock, rep->line,
				   intern_fmt("'%s' locked again", lock));
	return steps_since(cur_trail(), T_UNLOCK, lock, rep->line,
			   intern_fmt("'%s' unlocked again", lock));
}

void register_explain(void)
{
	my_id = register_owner("explain");
	set_owner_facts(my_id);
	add_merge_hook(my_id, &merge_trails);
	add_hook(&match_start, FUNC_START_HOOK);
	add_hook(&match_condition, CONDITION_HOOK);
	add_hook(&match_return, RETURN_HOOK);
	add_lock_hook(&match_lock);
	add_unlock_hook(&match_unlock);
}
