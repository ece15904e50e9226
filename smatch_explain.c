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
	enum { T_BRANCH, T_LOCK, T_UNLOCK, T_CALLERS } kind;	/* T_CALLERS: held on entry by them */
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

/* The trail starts with the locks that every caller holds, named from the parameters. */
static void match_start(void)
{
	struct sm_state_list *list = get_owner_states(lock_owner());
	struct trail *trail = NULL;
	struct sm_state *sm;

	nr_slots = 0;
	rets = NULL;
	FOR_EACH_PTR(list, sm) {
		if (lock_depth(sm->state) > 0 && lock_holder_callers(sm->name) && !lock_holder_stale(sm->name)) {
			trail = new_event(T_CALLERS, cur_fn()->pos.line, trail);
			trail->lock = lock_holder_name(sm->name);
		}
	} END_FOR_EACH_PTR(sm);
	free_ptr_list(&list);
	set_state(my_id, "trail", NULL, trail_state(trail));
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

static const char *event_text(struct trail *t)
{
	switch (t->kind) {
	case T_BRANCH:
		return intern_fmt("'%s' is %s", expr_to_str(t->cond), t->taken ? "true" : "false");
	case T_LOCK:
		return intern_fmt("'%s' locked", t->lock);
	case T_UNLOCK:
		return intern_fmt("'%s' unlocked", t->lock);
	case T_CALLERS:
		return intern_fmt("'%s' held by every caller", t->lock);
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
		if (t->kind == T_CALLERS && kind == T_LOCK && !unlocks)
			return t;
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
 * The steps of 'trail' from 'from' (the whole trail if NULL), oldest
 * first, into steps[]; the oldest are dropped past MAX_STEPS less 'room'
 * (for the steps that end the path).
 */
static int steps_from(struct trail *trail, struct trail *from, int room)
{
	struct trail *t, *stop = from ? from->prev : NULL;
	int n = 0, i;

	for (t = trail; t != stop; t = t->prev)
		n++;
	if (n > MAX_STEPS - room)
		n = MAX_STEPS - room;
	/* walk back from the newest, filling the steps from the end */
	for (t = trail, i = n - 1; i >= 0; t = t->prev, i--)
		steps[i] = (struct step){ t->line, event_text(t) };
	return n;
}

/* Appends one step (past MAX_STEPS, it takes the last one's place). */
static int add_step(int n, int line, const char *text)
{
	if (n == MAX_STEPS)
		n--;
	steps[n] = (struct step){ line, text };
	return n + 1;
}

/* The path of an inconsistent-returns warning: one return that keeps the lock. */
static int explain_leak(const struct report *rep)
{
	const char *lock = rep->lock->lock;
	int line = rep->lock->locked[0];
	struct ret_rec *r;
	struct trail *from;

	for (r = rets; r; r = r->next) {
		if (r->line == line && interned_among(r->held, r->nr_held, lock) && (from = start_of(r->trail, T_LOCK, lock)))
			return add_step(steps_from(r->trail, from, 1), line,
					intern_fmt("returns with '%s' held", lock));
	}
	return 0;
}

/*
 * The end of the path of a warning about a callee: its chain of calls
 * ("f -> g -> mutex_lock"), each at the line of the call, then 'last'.
 */
static int add_chain(int n, int line, const char *via, const char *last)
{
	const char *p = via, *arrow;

	while ((arrow = strstr(p, " -> "))) {
		const char *next = arrow + 4, *end = strstr(next, " -> ");

		n = add_step(n, line, intern_fmt("'%.*s()' calls '%.*s()'", (int)(arrow - p), p,
						 end ? (int)(end - next) : (int)strlen(next), next));
		p = next;
	}
	return add_step(n, line, last);
}

/*
 * The path of a double lock or unlock, or of a call without a lock: this
 * function's path from the earlier lock (or unlock; for a call without
 * the lock, from its last unlock, else from the start) up to the line,
 * then the callee's chain if the warning is about one.  The earlier line
 * goes into the lock's lines when the message did not name it.
 */
static int explain_on_path(struct report *rep)
{
	struct lock_info *li = rep->lock;
	int kind = li->what == DOUBLE_LOCK ? T_LOCK : T_UNLOCK, n;
	struct trail *trail = cur_trail(), *from = start_of(trail, kind, li->lock);
	const char *last;

	if (!from && li->what != UNHELD_CALL)
		return 0;
	if (from && kind == T_LOCK && !li->nr_locked)
		li->locked[li->nr_locked++] = from->line;
	if (from && kind == T_UNLOCK && !li->nr_unlocked)
		li->unlocked[li->nr_unlocked++] = from->line;
	if (li->what == UNHELD_CALL)
		last = intern_fmt("called without '%s' held", li->lock);
	else
		last = intern_fmt("'%s' %s again", li->lock, kind == T_LOCK ? "locked" : "unlocked");
	n = steps_from(trail, from, li->via ? 8 : 1);
	if (li->via)
		return add_chain(n, rep->line, li->via, last);
	return add_step(n, rep->line, last);
}

/* The steps that lead to a warning, or 0 when there is no path to tell. */
int explain_report(struct report *rep, struct step **out)
{
	*out = steps;
	if (!rep->lock || !my_id)
		return 0;
	if (rep->lock->what == LOCK_LEAK)
		return explain_leak(rep);
	/* the others are reported on the path that does it */
	if (!cur_fn() || !cur_fn()->path)
		return 0;
	return explain_on_path(rep);
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
