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
/* A call that may sleep: always (param -1), or when our parameter 'param' has a bit of 'mask'. */
struct sleep {
	const char *chain;	/* "msleep", "bar -> baz -> msleep" */
	int param;
	unsigned long long mask;
};

static struct sleep slept;	/* the function's first sleep outside atomic context (chain NULL: none) */
static int warned_line;		/* one warning a line: wait_event() sleeps twice in one */

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

/*
 * Whether a call that sleeps when its argument 'arg' has a bit of 'mask'
 * (always, for arg -1) does here: yes for a known constant with the bit;
 * "when our parameter N does" for an argument that is parameter N itself;
 * no for anything else (GFP_ATOMIC, a gfp computed here).
 */
static bool arg_sleeps(struct expression *call, int arg, unsigned long long mask, struct sleep *s)
{
	struct expression *e = arg >= 0 ? strip_expr(get_argument(call, arg)) : NULL;
	int64_t val;
	int nr;

	s->param = -1;
	s->mask = 0;
	if (arg < 0)
		return true;
	if (!e)
		return false;
	if (get_value(e, &val))
		return ((unsigned long long)val & mask) != 0;
	if (!loaded_symbol(e) || !param_name(e, &nr) || nr < 0)
		return false;
	s->param = nr;
	s->mask = mask;
	return true;
}

/* A summary item's condition: "" always (-1), "$N&MASK" when argument N has a bit of MASK. */
static int item_condition(const char *cond, unsigned long long *mask)
{
	char *end;
	int nr;

	*mask = 0;
	if (cond[0] != '$')
		return -1;
	nr = strtol(cond + 1, &end, 10);
	if (*end != '&')
		return -1;
	*mask = strtoull(end + 1, NULL, 0);
	return nr;
}

/*
 * Whether a call may sleep, and in what: "msleep" for a function of the
 * sleep table, "bar -> baz -> msleep" for a callee whose summary says it
 * may sleep.
 */
static bool call_sleeps(struct expression *call, const char *fn, struct sleep *s)
{
	struct return_summary *rs;
	struct summary_item *item;
	unsigned long long mask;
	int arg;

	if (sleep_table_rule(fn, &arg, &mask)) {
		s->chain = fn;
		return arg_sleeps(call, arg, mask, s);
	}
	FOR_EACH_PTR(get_summaries(call), rs) {
		FOR_EACH_PTR(rs->items, item) {
			if (strcmp(item->type, "sleep"))
				continue;
			s->chain = extend_chain(fn, item->value);
			arg = item_condition(item->name, &mask);
			return arg_sleeps(call, arg, mask, s);
		} END_FOR_EACH_PTR(item);
	} END_FOR_EACH_PTR(rs);
	return false;
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

static void match_call(struct expression *call)
{
	const char *fn = get_callee_name(call);
	struct atomic_reason why;
	struct sleep s;

	if (!fn || !call_sleeps(call, fn, &s))
		return;
	switch (atomic_context(&why)) {
	case KNOWN_ATOMIC:
		/* one that sleeps only for some of our arguments is not known to */
		if (s.param >= 0 || cur_line() == warned_line)
			break;
		warned_line = cur_line();
		if (s.chain == fn)
			sm_warning("sleeping in atomic context: '%s()' called %s", fn, atomic_words(&why));
		else
			sm_warning("sleeping in atomic context: '%s()' may sleep (via %s) %s",
				   fn, s.chain, atomic_words(&why));
		break;
	case NOT_ATOMIC:
		/* the first sleep, or the first that does not depend on a parameter */
		if (!slept.chain || (slept.param >= 0 && s.param < 0))
			slept = s;
		break;
	case MAYBE_ATOMIC:
		break;
	}
}

static void match_func_start(void)
{
	memset(&slept, 0, sizeof(slept));
	warned_line = 0;
}

/* A function that may sleep says so on all its returns, with the chain and its condition. */
static void match_after_func(void)
{
	if (!slept.chain)
		return;
	summary_add_function_item("sleep", chain_end(slept.chain),
				  slept.param < 0 ? "" : intern_fmt("$%d&%#llx", slept.param, slept.mask),
				  slept.chain);
}

void check_sleep_in_atomic(int id)
{
	my_id = id;
	load_sleep_table();
	add_hook(&match_func_start, FUNC_START_HOOK);
	add_hook(&match_call, FUNCTION_CALL_HOOK);
	add_hook(&match_after_func, AFTER_FUNC_HOOK);
}
