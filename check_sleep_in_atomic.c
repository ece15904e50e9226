/*
 * check_sleep_in_atomic.c: warns about a call that may sleep on a path in
 * atomic context (a spinning lock held, RCU, interrupts, preemption or
 * softirqs off), and tells callers, through a "sleep" summary item, which
 * functions may sleep and through which calls.
 */
#include <stdlib.h>
#include <string.h>
#include "smatch.h"
#include "smatch_locking.h"
#include "smatch_sleep.h"

#define MAX_CHAIN 6	/* names in a via chain before its middle is left out */

static int my_id;
struct sleep {
	const char *chain;	/* "msleep", "bar -> baz -> msleep" */
	/*
	 * When a call may sleep: always; when our parameter has a bit of a
	 * mask (a gfp passed on: unknown means no); or when it has one of
	 * some values (a flag tested on the way: unknown means yes).
	 */
	struct param_cond cond;
	unsigned int unless;	/* contexts (CTX_*) in which it does not: a predicate tested */
	const char *guard;	/* only while this member is NULL ("$0->info", a global's; "?":
				   one not named here), an allocation under its NULL test */
	bool from_db;		/* known to sleep through callees of the database only */
};

/* A line where a sleep in atomic context was decided: warned, or kept silent by a rule. */
struct decided_line {
	struct position pos;
	struct decided_line *next;
};

/* The function's (fn_data()). */
struct sleep_fn {
	struct sleep slept;	/* where it sleeps outside atomic context, joined (chain NULL: nowhere) */
	struct decided_line *decided;
};
static int fn_slot;

static struct sleep_fn *this_fn(void)
{
	return fn_data(fn_slot);
}

/*
 * One decision a line, made on the first path that reaches it: the other
 * paths, a loop body's next round (another lock may be held there), or a
 * second sleep of the line (wait_event() sleeps twice in one) say nothing.
 */
static bool decided_before(struct position pos)
{
	struct decided_line *d;

	for (d = this_fn()->decided; d; d = d->next) {
		if (d->pos.stream == pos.stream && d->pos.line == pos.line)
			return true;
	}
	d = fn_alloc(sizeof(*d));
	d->pos = pos;
	d->next = this_fn()->decided;
	this_fn()->decided = d;
	return false;
}

/* The last name of a chain: the function that sleeps. */
static const char *chain_end(const char *chain)
{
	const char *space = strrchr(chain, ' ');

	return space ? space + 1 : chain;
}

/* "fn -> chain", with the middle left out past MAX_CHAIN names. */
static const char *extend_chain(const char *fn, const char *chain)
{
	const char *p = chain;
	int names = 1;

	while ((p = strstr(p, " -> "))) {
		names++;
		p += 4;
	}
	if (names < MAX_CHAIN)
		return intern_fmt("%s -> %s", fn, chain);
	return intern_fmt("%s -> ... -> %s", fn, chain_end(chain));
}

/* The contexts of the "unless=" part of a condition, as the summary items name them. */
static const struct {
	unsigned int ctx;
	const char *name;
} context_names[] = {
	{ CTX_IRQS_OFF, "irqs_off" }, { CTX_IN_BH, "in_bh" }, { CTX_ATOMIC, "atomic" },
};
#define NR_CONTEXTS (sizeof(context_names) / sizeof(context_names[0]))

static unsigned int parse_unless(const char *str)
{
	unsigned int mask = 0;
	size_t i;

	for (i = 0; str && i < NR_CONTEXTS; i++) {
		if (strstr(str, context_names[i].name))
			mask |= context_names[i].ctx;
	}
	return mask;
}

static const char *unless_str(unsigned int mask)
{
	const char *res = "";
	size_t i;

	for (i = 0; i < NR_CONTEXTS; i++) {
		if (mask & context_names[i].ctx)
			res = intern_fmt("%s%s%s", res, *res ? "," : "", context_names[i].name);
	}
	return res;
}

/*
 * A summary item's condition: "" always, "$N&MASK" or "$N=VALUES", then
 * ";unless=irqs_off,in_bh,atomic" when the function does not sleep in those
 * contexts and ";null=MEMBER" when only while that member is NULL (each
 * part may come alone: "unless=irqs_off" sleeps always, with interrupts on).
 */
static void item_condition(const char *cond, struct sleep *s)
{
	const char *unless = strstr(cond, "unless=");
	const char *guard = strstr(cond, "null=");

	param_cond_parse(cond, &s->cond);
	s->unless = parse_unless(unless);
	s->guard = guard ? intern(guard + 5) : NULL;
}

static const char *condition_str(struct sleep *s)
{
	const char *cond = param_cond_str(&s->cond);

	if (s->unless)
		cond = intern_fmt("%s%sunless=%s", cond, *cond ? ";" : "", unless_str(s->unless));
	if (s->guard)
		cond = intern_fmt("%s%snull=%s", cond, *cond ? ";" : "", s->guard);
	return cond;
}

/*
 * A callee that sleeps only while a member is NULL: it does here when the
 * member is known NULL; else only while ours is, if the member is reached
 * through our parameters, or some member not named here ("?").
 */
static void guard_at_call(struct expression *call, struct sleep *s)
{
	const char *relative;

	if (!s->guard)
		return;
	if (s->guard[0] != '$') {
		if (sleep_member_known_null(s->guard))
			s->guard = NULL;
		return;
	}
	if (sleep_member_known_null(subst_param_name(s->guard, call))) {
		s->guard = NULL;
		return;
	}
	relative = subst_param_relative(s->guard, call);
	s->guard = relative ? relative : "?";
}

/*
 * Whether a call may sleep, and in what: "msleep" for a function of the
 * sleep table, "bar -> baz -> msleep" for a callee whose summary says it
 * may sleep.
 */
static bool call_sleeps(struct expression *call, const char *fn, struct sleep *s)
{
	struct summary_item *item;
	int arg;

	memset(s, 0, sizeof(*s));
	if (sleep_table_rule(fn, &arg, &s->cond.mask)) {
		if (arg == SLEEP_NEVER) {
			/* whatever its callees seem to do: the table says what the code cannot show */
			rule_applied(DEBUG_SLEEP, call->pos, "table-never-sleeps",
				     "'%s' never sleeps (the sleep table): its callees' sleeps are not told", fn);
			return false;
		}
		s->chain = fn;
		s->cond.when = arg < 0 ? PARAM_ALWAYS : PARAM_IF_BITS;
		s->cond.param = arg;
		return param_cond_at_call(call, &s->cond);
	}
	item = call_item(call, "sleep", NULL);
	if (!item)
		return false;
	s->chain = extend_chain(fn, item->value);
	/* a helper of this file that sleeps through the database's callees says "db" */
	s->from_db = is_table_summary(call) || !strcmp(item->via, "db");
	item_condition(item->name, s);
	guard_at_call(call, s);
	return param_cond_at_call(call, &s->cond);
}

/* What the function may sleep under after 'a' and 'b': either, in one condition. */
static void join_sleeps(struct sleep *a, struct sleep *b)
{
	if (!a->chain) {
		*a = *b;
		return;
	}
	a->from_db = a->from_db && b->from_db;
	a->unless &= b->unless;
	if (!a->guard || !b->guard)
		a->guard = NULL;
	else if (a->guard != b->guard)
		a->guard = "?";
	/* the chain shown is one that sleeps whatever the arguments, if any */
	if (a->cond.when != PARAM_ALWAYS && b->cond.when == PARAM_ALWAYS)
		a->chain = b->chain;
	param_cond_join(&a->cond, &b->cond);
}

/* The sections that are no lock object, by kind, as the message names them. */
static const char *section_words(const char *kind)
{
	static const char *const words[][2] = {
		{ "irq", "interrupts" }, { "preempt", "preemption" }, { "bh", "softirqs" },
	};
	size_t i;

	for (i = 0; i < sizeof(words) / sizeof(words[0]); i++) {
		if (!strcmp(words[i][0], kind))
			return words[i][1];
	}
	return NULL;
}

/* "with '&dev->lock' held", "with 'rcu_read_lock()' held", "with interrupts disabled" */
static const char *atomic_words(struct atomic_reason *why)
{
	const char *section = section_words(why->kind->name);

	if (why->kind->atomic == ATOMIC_LOCK)
		return intern_fmt("with '%s' held", why->name);
	if (section)
		return intern_fmt("with %s disabled", section);
	return intern_fmt("with '%s()' held", why->key);
}

/* "'msleep()' called with '&dev->lock' held", "'bar()' may sleep (via bar -> msleep) ..." */
static const char *sleep_message(const char *fn, struct sleep *s, struct atomic_reason *why)
{
	if (s->chain == fn)
		return intern_fmt("sleeping in atomic context: '%s()' called %s", fn, atomic_words(why));
	return intern_fmt("sleeping in atomic context: '%s()' may sleep (via %s) %s",
			  fn, s->chain, atomic_words(why));
}

/*
 * One root cause, one warning (rule same-root-cause): sleep warnings of one
 * file made through the same last call of a chain ("wrapper -> helper ->
 * msleep" and "helper -> msleep": the helper that makes the sleeping call)
 * are one bug, whichever site comes first; a direct call (chain NULL) is its own.
 */
static void warned_sleep_cause(const char *chain)
{
	const char *cause = chain ? chain_last_call(chain) : NULL;

	if (cause)
		cause_site_warned(DEBUG_SLEEP, cause, CAUSE_PEER, "same-root-cause");
}

/* A sleep on a path known to be atomic: a warning, unless a named rule says the path may not sleep there. */
static void report_sleep(struct expression *call, const char *fn, struct sleep *s, struct atomic_reason *why)
{
	const char *msg;

	if (decided_before(call->pos))
		return;
	msg = sleep_message(fn, s, why);
	/* one that sleeps for some gfp of our caller's: the caller's call is checked */
	if (s->cond.when == PARAM_IF_BITS) {
		not_reported(DEBUG_SLEEP, call->pos, "sleep-gfp-from-caller", "%s", msg);
		return;
	}
	/*
	 * Through other files the database knows only that a callee may
	 * sleep on some path, not on which (a flag, a member): too often
	 * not on this caller's.
	 */
	if (s->from_db) {
		not_reported(DEBUG_SLEEP, call->pos, "sleep-via-database", "%s", msg);
		return;
	}
	/* an allocation under a member's NULL test: most calls find it allocated */
	if (s->guard) {
		not_reported(DEBUG_SLEEP, call->pos, "sleep-if-member-null", "%s", msg);
		return;
	}
	/* the lock was taken on the other side of a flag that chooses the lock kind */
	if (sleep_flag_contradicts(why->key)) {
		not_reported(DEBUG_SLEEP, call->pos, "lock-kind-by-flag", "%s", msg);
		return;
	}
	warned_sleep_cause(s->chain == fn ? NULL : s->chain);
	sm_warning("%s", msg);
}

/* An allocation: a function of the sleep table that sleeps for some gfp. */
static bool is_allocation(const char *fn)
{
	unsigned long long mask;
	int arg;

	return sleep_table_rule(fn, &arg, &mask) && arg >= 0;
}

static void match_call(struct expression *call)
{
	const char *fn = get_callee_name(call);
	struct atomic_reason why;
	struct sleep s;

	if (!fn || !call_sleeps(call, fn, &s))
		return;
	/* one that tested a context predicate does not sleep where the path is in that context */
	if (s.unless && sleep_context_excluded(s.unless))
		return;
	switch (atomic_context(&why)) {
	case KNOWN_ATOMIC:
		report_sleep(call, fn, &s, &why);
		break;
	case NOT_ATOMIC:
		s.unless |= sleep_context_assumed();
		if (s.chain == fn && is_allocation(fn))
			s.guard = sleep_guard_on_path();
		param_cond_on_path(&s.cond);
		join_sleeps(&this_fn()->slept, &s);
		break;
	case MAYBE_ATOMIC:
		break;
	}
}

/*
 * A function that may sleep says so on all its returns, with the chain and
 * its condition.  One of the sleep table does not: its callers read the
 * table (mm/slab_common.c's __kmalloc(), "$1 0x400" there, gained an item
 * of its own in the whole tree's second pass, which no caller reads, and
 * every file that calls it went to the next pass for it).
 */
static void match_after_func(void)
{
	struct sleep *slept = &this_fn()->slept;
	unsigned long long mask;
	int arg;

	if (slept->chain && !sleep_table_rule(cur_func_name(), &arg, &mask))
		summary_add_function_item("sleep", chain_end(slept->chain), condition_str(slept), slept->chain,
					  slept->from_db ? "db" : "");
}

void check_sleep_in_atomic(int id)
{
	my_id = id;
	fn_slot = register_fn_data(sizeof(struct sleep_fn));
	load_sleep_table();
	add_hook(&match_call, FUNCTION_CALL_HOOK);
	add_hook(&match_after_func, AFTER_FUNC_HOOK);
	register_sleep_context();
	register_sleep_flags();
	register_sleep_guards();
}
