/*
 * check_inconsistent_locking.c: warns when a lock taken in a function is
 * held on some of its returns and not on others (the classic missing
 * unlock on an error path), unless the function's job is to return with
 * the lock held on success and released on failure.
 */
#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "smatch.h"
#include "smatch_internal.h"
#include "smatch_locking.h"

static int my_id;

/* A lock key as one return path leaves it. */
struct held {
	const char *key;
	const char *name;
	bool locked;
	bool known;		/* the lock's state on this path is known */
	bool in_branch;		/* taken under an if of this function */
	bool jumped;		/* a goto, break or continue was taken while it was held */
	bool cpu_state;		/* interrupts or softirqs disabled, not a lock */
	bool on_entry;		/* held on entry: the path released it without taking it */
	bool flag_released;	/* released under "if (obj->flag)" */
	bool handed;		/* its object was stored where the caller sees it */
	const char *record;	/* caller-visible memory set non-zero while it was held */
	bool semaphore;		/* no owner: any task or context may up() it */
	struct lock_branch branch;	/* where it was last taken and released */
	struct held *next;
};

/* One return path of the function being analysed. */
struct ret_path {
	struct position pos;
	struct expression *value;	/* returned, or NULL (a void return, the closing brace) */
	int line;
	struct range_list *ret;
	struct held *locks;
	bool unknown;		/* returns what an unknown callee returned */
	struct ret_path *next;
	struct ret_path *same;	/* the next of the same return statement */
	struct ret_group *group;
};

/* The paths that reach one return statement. */
struct ret_group {
	struct ret_path *paths;
	struct ret_group *next;	/* in its bucket */
};

static struct ret_path *returns;
#define RETURN_BUCKETS 256
static struct ret_group *groups[RETURN_BUCKETS];	/* by return statement */

/*
 * Over the file: the warnings made, by lock, and the locks that some
 * function releases on entry on some paths only.  Such a function
 * ("if (test_and_clear_bit(RST_HANDLING, &hdev->state)) up(&hdev->reset_sem);")
 * tracks with a flag who holds the lock: it is handed from one call to the
 * next, so a void function returning with it held on some paths only (no
 * return value tells its caller which) may well be the other half
 * (hclge_reset_prepare_general()).  So is one returning with a semaphore
 * that a handler up()s (upped_by_handler()).
 */
struct file_key {
	const char *key;
	int report;		/* index of the warning, or -1 for a lock handed across calls */
	const char *rule;	/* for a lock handed across calls: the rule that says so */
	struct file_key *next;
};
static struct file_key *file_keys;

static void add_file_key(const char *key, int report, const char *rule)
{
	struct file_key *k = xmalloc(sizeof(*k));

	k->key = key;
	k->report = report;
	k->rule = rule;
	k->next = file_keys;
	file_keys = k;
}

/* Locks of this function's own stack: they go with it, held or not. */
struct stack_lock {
	const char *key;
	struct stack_lock *next;
};
static struct stack_lock *stack_locks;

static void match_start(void)
{
	returns = NULL;
	memset(groups, 0, sizeof(groups));
	stack_locks = NULL;
}

/* "&m" or "&m.member" for a variable 'm' of the function (not static, not a parameter). */
static bool on_stack(struct expression *lock)
{
	struct member_info mi;
	struct expression *base = NULL;
	struct symbol *sym;

	if (!lock)
		return false;
	/* Sparse's symbol expression is the variable's address */
	if (get_member_address(lock, &mi) && mi.base_is_object)
		base = strip_expr(mi.base);
	else
		base = lock;
	sym = base && base->type == EXPR_SYMBOL ? base->symbol : NULL;
	return sym && !(sym->ctype.modifiers & (MOD_TOPLEVEL | MOD_STATIC | MOD_EXTERN)) &&
	       sym_param_num(sym) < 0;
}

/*
 * test_aa() in kernel/locking/test-ww_mutex.c returns with its on-stack
 * mutex held when a test fails: no caller can find that lock held.
 */
static void match_lock(struct lock_event *ev)
{
	struct stack_lock *s;

	if (!on_stack(ev->lock))
		return;
	s = fn_alloc(sizeof(*s));
	s->key = ev->key;
	s->next = stack_locks;
	stack_locks = s;
}

static bool is_stack_lock(const char *key)
{
	struct stack_lock *s;

	for (s = stack_locks; s; s = s->next) {
		if (s->key == key)
			return true;
	}
	return false;
}

/*
 * "return lockref_put_or_lock(&d->lockref);": the result of a function
 * nothing is known of, which may have taken or dropped a lock for the
 * caller and say so in its return value.
 */
static bool returns_unknown_call(struct expression *ret_expr)
{
	struct expression *e = strip_expr(ret_expr);
	int64_t zero;

	/* a conversion to bool is "!= 0" */
	if (e && e->type == EXPR_COMPARE && e->op == SPECIAL_NOTEQUAL &&
	    get_value(e->right, &zero) && !zero)
		e = strip_expr(e->left);
	return e && e->type == EXPR_CALL && !ptr_list_size((struct ptr_list *)get_summaries(e)) &&
	       rl_is_whole(get_range(e));
}

/*
 * Are 'x' and 'r' the same return statement, reached on two paths?  The
 * value returned tells, not the line: "if (d->v) return -1; ... return 0;"
 * may be one line, or one macro expansion.  Returns of no value are told
 * apart by their position.
 */
static bool same_return(struct ret_path *x, struct ret_path *r)
{
	if (x->value || r->value)
		return x->value == r->value;
	return x->pos.stream == r->pos.stream && x->pos.line == r->pos.line && x->pos.pos == r->pos.pos;
}

static unsigned return_bucket(struct ret_path *r)
{
	uintptr_t h = r->value ? (uintptr_t)r->value >> 4 : (uintptr_t)r->pos.line * 131 + r->pos.pos;

	return h % RETURN_BUCKETS;
}

/* Puts 'r' in the group of the paths that reach its return statement. */
static void group_return(struct ret_path *r)
{
	struct ret_group **bucket = &groups[return_bucket(r)], *g;

	for (g = *bucket; g && !same_return(g->paths, r); g = g->next)
		;
	if (!g) {
		g = fn_alloc(sizeof(*g));
		g->paths = NULL;
		g->next = *bucket;
		*bucket = g;
	}
	r->same = g->paths;
	g->paths = r;
	r->group = g;
}

static void match_return(struct expression *ret_expr)
{

	struct sm_state_list *list = get_owner_states(lock_owner());
	struct ret_path *r = fn_alloc(sizeof(*r));
	struct sm_state *sm;

	r->pos = cur_fn()->cur_pos;
	r->value = ret_expr;
	r->line = cur_line();
	r->ret = ret_expr ? get_range(ret_expr) : rl_whole();
	r->locks = NULL;
	r->unknown = returns_unknown_call(ret_expr);
	FOR_EACH_PTR(list, sm) {
		int depth = lock_depth(sm->state);
		const struct lock_kind *kind;
		struct held *h;

		h = fn_alloc(sizeof(*h));
		h->key = sm->name;
		h->on_entry = lock_held_on_entry(sm->name);
		h->name = lock_holder_name(sm->name);
		h->locked = depth > 0;
		h->in_branch = lock_taken_in_branch(sm->name);
		h->jumped = lock_jumped_while_held(sm->name);
		h->flag_released = lock_released_under_flag(sm->name);
		h->handed = lock_handed_over(sm->name);
		h->record = lock_record(sm->name);
		lock_branch_of(sm->name, &h->branch);
		kind = lock_holder_kind(sm->name);
		/* interrupts and softirqs: their state is restored from saved flags */
		h->cpu_state = kind && kind->cpu_state;
		h->semaphore = kind && !strcmp(kind->name, "sem");
		h->known = depth >= 0;
		h->next = r->locks;
		r->locks = h;
	} END_FOR_EACH_PTR(sm);
	free_ptr_list(&list);
	r->next = returns;
	returns = r;
	group_return(r);
}

/*
 * What a return path did with a lock: untouched, released or held, which
 * count; or held or released but set aside by a rule, which decides
 * nothing.  return_state() is the one place that decides it.
 */
enum ret_state {
	RET_UNTOUCHED,
	RET_RELEASED,
	RET_HELD,
	RET_STATE_UNKNOWN,	/* the paths that reach it disagree: it is on no side */
	RET_UNKNOWN_CALL,	/* returns what an unknown callee returned */
	RET_HANDED,		/* held, and handed to the caller with its object */
	RET_RECORDED,		/* held, and the caller's memory says so */
	RET_CORRELATION_LOST,	/* held, where the same return also saw it released */
	RET_FLAG_PROTOCOL,	/* held, where the same return saw it released under a flag */
};

/* The rule that sets a return aside, by state (NULL: it counts). */
static const char *const set_aside_rule[] = {
	[RET_UNKNOWN_CALL] = "returns-unknown-call",
	[RET_HANDED] = "handed-with-object",
	[RET_RECORDED] = "holding-recorded",
	[RET_CORRELATION_LOST] = "correlation-lost",
	[RET_FLAG_PROTOCOL] = "flag-protocol",
};

static struct held *find_held(struct ret_path *r, const char *key)
{
	struct held *h;

	for (h = r->locks; h; h = h->next) {
		if (h->key == key)
			return h;
	}
	return NULL;
}

/* What the path did with 'key', and whether the caller was told of it. */
static enum ret_state path_state(struct ret_path *r, const char *key)
{
	struct held *h = find_held(r, key);

	if (r->unknown)
		return RET_UNKNOWN_CALL;
	if (!h)
		return RET_UNTOUCHED;
	if (!h->known)
		return RET_STATE_UNKNOWN;
	if (!h->locked)
		return RET_RELEASED;
	/* the caller was given the lock with its object */
	if (h->handed)
		return RET_HANDED;
	/* or told in its own memory that it holds it (cleared where it is released) */
	if (h->record && lock_record_cleared(h->key, h->record))
		return RET_RECORDED;
	return RET_HELD;
}

/*
 * Does some path reach the return statement of 'r' having taken and
 * released 'key' (under a flag in memory, if 'flagged')?
 */
static bool released_at_return(struct ret_path *r, const char *key, bool flagged)
{
	struct ret_path *x;

	for (x = r->group->paths; x; x = x->same) {
		if (path_state(x, key) == RET_RELEASED &&
		    (!flagged || find_held(x, key)->flag_released))
			return true;
	}
	return false;
}

/*
 * Did every path that reaches the return statement of 'r' having released
 * the lock take it where 'h' did, and release it under a test nothing ties
 * to the path of 'h'?
 */
static bool released_uncorrelated(struct ret_path *r, struct held *h)
{
	struct ret_path *x;

	for (x = returns; x; x = x->next) {
		if (same_return(x, r) && path_state(x, h->key) == RET_RELEASED &&
		    !lock_release_uncorrelated(&h->branch, &find_held(x, h->key)->branch))
			return false;
	}
	return true;
}

/*
 * One return statement reached both with the lock held and with it taken
 * and released.  The lock taken unconditionally leaks when a jump skipped
 * the unlock ("lock(); if (err) goto out; unlock(); out: return err;") or
 * when it was released in one branch only, under a test that no other test
 * or fact ties to the path that kept it ("lock(); if (ready) { unlock();
 * ... } return count;").  Otherwise ("if (flags & NEED_LOCK) lock(); ...
 * if (flags & NEED_LOCK) unlock(); return ret;", an unlock under a test
 * read again later) the engine could not tie the conditions together and
 * cannot tell a leak from that: such a path decides nothing.  Nor does it
 * when the release was under a flag in memory ("if (test_bit(RECOVER_LOCK,
 * &ls->flags)) up_write(l);"), a flag set where the lock is taken.
 */
static enum ret_state return_state(struct ret_path *r, const char *key)
{
	enum ret_state state = path_state(r, key);
	struct held *h = find_held(r, key);

	if (state != RET_HELD || !released_at_return(r, key, false))
		return state;
	if (h->in_branch || (!h->jumped && !released_uncorrelated(r, h)))
		return RET_CORRELATION_LOST;
	return released_at_return(r, key, true) ? RET_FLAG_PROTOCOL : RET_HELD;
}

struct side {
	struct position first;		/* of the return with the lowest line */
	struct position first_failure;	/* of the lowest that returns only NULL, ERR_PTR() or < 0 */
	bool failure_returned;		/* first_failure is set */
	bool no_error;			/* no return of this side is known to be NULL or ERR_PTR() */
	bool errno_returned;		/* a return of this side is known to be negative */
	int lines[64];
	int nr;
	struct range_list *ret;
	struct range_list *released;	/* returned by the paths that took and released the lock
					   (NULL: no path of this side ever took it) */
	char text[300];
};

static bool looks_like_error(struct range_list *rl, bool pointer)
{
	if (pointer)
		return rl_overlaps(rl, rl_err_ptr_or_null());
	return rl_overlaps(rl, rl_range(RL_MIN, -1));
}

/*
 * "if (!down_write_trylock(l)) return -EINVAL; if (busy) { up_write(l);
 * return -EBUSY; } return esw->mode;": every unlocked return is an error
 * code and the locked one is a value nothing is known of (an int member),
 * which the convention makes a success; unless an error code is returned
 * locked too ("if (busy) return -EBUSY;" before the unlock).
 */
static bool returns_errno_or_unknown(struct side *locked, struct side *unlocked)
{
	return rl_subset(unlocked->ret, rl_err_ptr()) && !locked->errno_returned &&
	       rl_subset(rl_range(INT32_MIN, INT32_MAX), locked->ret);
}

/*
 * Does the function return with the lock held exactly when it succeeds?
 * Locked returns must not look like failures and the returns that released
 * the lock must be told apart from them.  Returns that never took it
 * ("if (flags & INTO_GROUP) lock();" and the caller tests the same flag)
 * say nothing about what success means.
 */
static bool locked_on_success(struct side *locked, struct side *unlocked, bool pointer)
{
	struct range_list *unlocked_ret = unlocked->released ? unlocked->released : unlocked->ret;

	if (!pointer && returns_errno_or_unknown(locked, unlocked))
		return true;
	return !rl_overlaps(locked->ret, unlocked_ret) && !looks_like_error(locked->ret, pointer);
}

/*
 * A function returning a pointer that returns with the lock held only
 * where the pointer is not known to be NULL or an ERR_PTR() hands the
 * object over with its lock (lookups, seq_file iterators): what leaks is
 * a failure returned with the lock held.
 */
static bool hands_over_object(struct side *locked, bool pointer)
{
	return pointer && locked->no_error;
}


static void add_to_side(struct side *s, struct ret_path *r, bool pointer)
{
	bool null_or_err = rl_subset(r->ret, rl_err_ptr_or_null());
	bool negative = rl_subset(r->ret, rl_range(RL_MIN, -1));
	int i;

	s->ret = rl_union(s->ret, r->ret);
	if (null_or_err)
		s->no_error = false;
	if (negative)
		s->errno_returned = true;
	if (!s->nr || r->line < s->first.line)
		s->first = r->pos;
	if (r->ret && (pointer ? null_or_err : negative) &&
	    (!s->failure_returned || r->line < s->first_failure.line)) {
		s->first_failure = r->pos;
		s->failure_returned = true;
	}
	for (i = 0; i < s->nr && s->lines[i] != r->line; i++)
		;
	if (i < s->nr || s->nr == 64)
		return;
	/* keep the lines sorted */
	for (i = s->nr++; i > 0 && s->lines[i - 1] > r->line; i--)
		s->lines[i] = s->lines[i - 1];
	s->lines[i] = r->line;
}

static void format_side(struct side *s)
{
	size_t n = snprintf(s->text, sizeof(s->text), "line%s ", s->nr > 1 ? "s" : "");
	int i;

	for (i = 0; i < s->nr && n < sizeof(s->text) - 16; i++)
		n += snprintf(s->text + n, sizeof(s->text) - n, "%s%d", i ? "," : "", s->lines[i]);
}

/*
 * "if (pipe->files) mutex_lock(&pipe->mutex);", or early returns and then
 * a lock at the end: a helper that takes the lock for its caller on some
 * paths and never releases it.  The classic missing unlock releases the
 * lock on some path, so it is not this.
 */
static bool locks_for_caller(struct side *unlocked)
{
	return !unlocked->released;
}

/* Another lock taken by the function is held where 'r' returns. */
static bool holds_other_lock(struct ret_path *r, const char *key)
{
	struct held *h;

	for (h = r->locks; h; h = h->next) {
		if (h->key != key && h->known && h->locked && !h->on_entry && !h->cpu_state)
			return true;
	}
	return false;
}

/*
 * usermodehelper_read_lock_wait(): a function whose name says it locks
 * ("lock", "trylock" or "locked" as a word of it) returns with the lock
 * held on success, even where its return values do not tell success from
 * failure ("return timeout;", 0 when the wait timed out and the lock was
 * dropped, or on entry); unless it returns an error code with it held.
 */
static bool named_as_lock_function(struct side *locked, bool pointer)
{
	static const char *const words[] = { "lock", "trylock", "locked" };
	const char *fn = cur_fn()->name, *w = fn;
	size_t i, len;

	if (looks_like_error(locked->ret, pointer))
		return false;
	for (; *w; w += len + (w[len] == '_')) {
		len = strcspn(w, "_");
		for (i = 0; i < sizeof(words) / sizeof(words[0]); i++) {
			if (len == strlen(words[i]) && !strncmp(w, words[i], len))
				return true;
		}
	}
	return false;
}

/*
 * pm_clk_op_lock(): the spinlock if nothing sleeps, else it is dropped for
 * a mutex.  Returns holding one lock or the other ('either', the locked
 * returns and the unlocked ones holding another lock) against those
 * holding neither: the function hands the caller a lock on success when
 * these sides split as locked_on_success() wants.
 */
static bool locks_either_on_success(struct side *either, struct side *neither, bool pointer)
{
	assert(either->nr);	/* every locked return is on it */
	return neither->nr && locked_on_success(either, neither, pointer);
}

/*
 * The rule that makes a function returning with the lock held on some
 * returns and not on others correct, or NULL.
 */
static const char *convention_rule(struct side *locked, struct side *unlocked, struct side *either,
				   struct side *neither, bool pointer)
{
	if (locked_on_success(locked, unlocked, pointer))
		return "locked-on-success";
	if (hands_over_object(locked, pointer))
		return "hands-over-object";
	if (locks_for_caller(unlocked))
		return "locks-for-caller";
	if (named_as_lock_function(locked, pointer))
		return "named-lock-function";
	if (locks_either_on_success(either, neither, pointer))
		return "either-lock-on-success";
	return NULL;
}

/*
 * The rule that makes 'key' no lock of the function's own to check: it
 * is on its stack, it is interrupt state, or some call finds it held and
 * releases it (n_tty_read(): "we return here with the locks still held,
 * the retries will release them"), a protocol across calls.  Or NULL.
 */
static const char *not_own_lock_rule(const char *key)
{
	struct ret_path *r;

	if (is_stack_lock(key))
		return "stack-lock";
	for (r = returns; r; r = r->next) {
		struct held *x = find_held(r, key);

		if (x && x->cpu_state)
			return "saved-irq-state";
		if (x && x->on_entry)
			return "held-on-entry";
	}
	return NULL;
}

/* The sides of one lock: its returns, and the first rule that set one aside from each. */
struct sides {
	struct side locked, unlocked;	/* the returns that count */
	struct side either, neither;	/* holding this or another lock of the function, or none */
	struct side all_locked, all_unlocked;	/* also those set aside */
	const char *locked_aside, *unlocked_aside;
	bool semaphore;
};

static void split_returns(const char *key, bool pointer, struct sides *s)
{
	struct ret_path *r;

	s->locked.no_error = s->either.no_error = s->all_locked.no_error = true;
	for (r = returns; r; r = r->next) {
		enum ret_state state = return_state(r, key);
		struct held *h = find_held(r, key);

		s->semaphore |= h && h->semaphore;
		if (h && !h->known)
			continue;
		if (h && h->locked) {
			add_to_side(&s->all_locked, r, pointer);
			if (state != RET_HELD && !s->locked_aside)
				s->locked_aside = set_aside_rule[state];
		} else {
			add_to_side(&s->all_unlocked, r, pointer);
			if (state != RET_RELEASED && state != RET_UNTOUCHED && !s->unlocked_aside)
				s->unlocked_aside = set_aside_rule[state];
		}
		if (state == RET_HELD) {
			add_to_side(&s->locked, r, pointer);
			add_to_side(&s->either, r, pointer);
		} else if (state == RET_RELEASED || state == RET_UNTOUCHED) {
			add_to_side(&s->unlocked, r, pointer);
			if (state == RET_RELEASED)
				s->unlocked.released = rl_union(s->unlocked.released, r->ret);
			add_to_side(holds_other_lock(r, key) ? &s->either : &s->neither, r, pointer);
		}
	}
}

/* "inconsistent returns 'L': locked (lines ...), unlocked (line ...)", at the return that leaks. */
static const char *message(const char *name, struct side *locked, struct side *unlocked,
			   struct position *pos)
{
	format_side(locked);
	format_side(unlocked);
	/* the return that leaks: the first failure returned locked, if one is */
	*pos = locked->failure_returned ? locked->first_failure : locked->first;
	return intern_fmt("inconsistent returns '%s': locked (%s), unlocked (%s)", name, locked->text,
			  unlocked->text);
}

static void check_key(const char *key, const char *name)
{
	struct sides s = { .locked_aside = NULL };
	bool pointer = is_pointer_type(get_fn_return_type(cur_fn()->sym));
	const char *rule, *msg;
	struct position pos;
	int mark;

	split_returns(key, pointer, &s);
	/* the candidate: held on one return, not on another */
	if (!s.all_locked.nr || !s.all_unlocked.nr)
		return;
	rule = not_own_lock_rule(key);
	if (!rule && (!s.locked.nr || !s.unlocked.nr))
		rule = !s.locked.nr ? s.locked_aside : s.unlocked_aside;
	if (rule) {
		msg = message(name, &s.all_locked, &s.all_unlocked, &pos);
		not_reported(DEBUG_LOCKING, pos, rule, "%s", msg);
		return;
	}
	msg = message(name, &s.locked, &s.unlocked, &pos);
	rule = convention_rule(&s.locked, &s.unlocked, &s.either, &s.neither, pointer);
	if (rule) {
		not_reported(DEBUG_LOCKING, pos, rule, "%s", msg);
		return;
	}
	mark = report_mark();
	sm_msg_at(pos, "warn", "%s", msg);
	/*
	 * Only a void function leaves the caller no value to tell held from
	 * released; or a semaphore kept where no error code is returned, for
	 * a handler to up() (usblcd's lcd_write() returns the count written
	 * with one of its write slots held until the URB completes).
	 */
	if (report_mark() > mark && (get_fn_return_type(cur_fn()->sym) == &void_ctype ||
				     (s.semaphore && !s.locked.errno_returned &&
				      (!pointer || s.locked.no_error))))
		add_file_key(key, mark, NULL);
}

/*
 * Some return released it without taking it, and another did not touch it
 * (or one return is both: its paths were merged and the lock's state there
 * is not known).
 */
static void note_conditional_release(const char *key)
{
	bool released = false, untouched = false;
	struct ret_path *r;

	for (r = returns; r; r = r->next) {
		struct held *h = find_held(r, key);

		if (h && h->on_entry && !h->locked) {
			released = true;
			untouched |= !h->known;
		} else if (!h) {
			untouched = true;
		}
	}
	if (released && untouched)
		add_file_key(key, -1, "flag-handed-across-calls");
}

/*
 * A semaphore has no owner: a function called through a pointer (an I/O
 * completion, a work item, an interrupt handler) that up()s one it did not
 * down() finishes what another function started and handed over
 * (xlog_ioend_work() for xlog_write_iclog(), which returns with the iclog's
 * ic_sema held once the bio is submitted).  A function called directly
 * may be a wrapper of up(): it says nothing.
 */
static bool upped_by_handler(struct held *h)
{
	return h->semaphore && h->on_entry && !h->locked && fn_address_taken(cur_fn()->sym);
}

static void match_end(void)
{
	const char *done[64];
	int nr_done = 0, i;
	struct ret_path *r;
	struct held *h;

	for (r = returns; r; r = r->next) {
		for (h = r->locks; h; h = h->next) {
			if (h->on_entry && !h->locked)
				note_conditional_release(h->key);
			if (upped_by_handler(h))
				add_file_key(h->key, -1, "semaphore-upped-by-handler");
			if (!h->known || !h->locked)
				continue;
			for (i = 0; i < nr_done && done[i] != h->key; i++)
				;
			if (i < nr_done || nr_done == 64)
				continue;
			done[nr_done++] = h->key;
			check_key(h->key, h->name);
		}
	}
}

/* The rule that says some function of the file hands 'key' across calls, or NULL. */
static const char *handed_across_calls(const char *key)
{
	struct file_key *k;

	for (k = file_keys; k; k = k->next) {
		if (k->key == key && k->report < 0)
			return k->rule;
	}
	return NULL;
}

/* Before the file's warnings are printed: those on locks handed across calls go. */
static void match_end_file(void)
{
	struct file_key *k, *next;
	const char *rule;

	for (k = file_keys; k; k = k->next) {
		if (k->report >= 0 && (rule = handed_across_calls(k->key)))
			withdraw_warning(DEBUG_LOCKING, k->report, rule);
	}
	for (k = file_keys; k; k = next) {
		next = k->next;
		free(k);
	}
	file_keys = NULL;
}

void check_inconsistent_locking(int id)
{
	my_id = id;
	add_hook(&match_start, FUNC_START_HOOK);
	add_lock_hook(&match_lock);
	add_hook(&match_return, RETURN_HOOK);
	add_hook(&match_end, AFTER_FUNC_HOOK);
	add_hook(&match_end_file, END_FILE_HOOK);
}
