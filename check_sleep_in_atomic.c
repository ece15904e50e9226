/*
 * check_sleep_in_atomic.c: warns about a call that may sleep on a path in
 * atomic context (a spinning lock held, RCU, interrupts, preemption or
 * softirqs off), and tells callers, through a "sleep" summary item, which
 * functions may sleep and through which calls.
 */
#include <string.h>
#include "smatch.h"
#include "smatch_locking.h"
#include "smatch_sleep.h"

#define MAX_CHAIN 6	/* names in a via chain before its middle is left out */

static int my_id;
static const char *slept;	/* the function's first sleep outside atomic context, as a chain */
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
 * What a call may sleep in: "msleep" for a function of the sleep table,
 * "bar -> baz -> msleep" for a callee whose summary says it may sleep,
 * NULL if neither.
 */
static const char *call_sleep_chain(struct expression *call, const char *fn)
{
	struct return_summary *rs;
	struct summary_item *item;

	switch (sleep_table_verdict(call)) {
	case SLEEP_YES:
		return fn;
	case SLEEP_NO:
		return NULL;
	case SLEEP_UNLISTED:
		break;
	}
	FOR_EACH_PTR(get_summaries(call), rs) {
		FOR_EACH_PTR(rs->items, item) {
			if (!strcmp(item->type, "sleep"))
				return extend_chain(fn, item->value);
		} END_FOR_EACH_PTR(item);
	} END_FOR_EACH_PTR(rs);
	return NULL;
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
	const char *chain = fn ? call_sleep_chain(call, fn) : NULL;
	struct atomic_reason why;

	if (!chain)
		return;
	switch (atomic_context(&why)) {
	case KNOWN_ATOMIC:
		if (cur_line() == warned_line)
			break;
		warned_line = cur_line();
		if (chain == fn)
			sm_warning("sleeping in atomic context: '%s()' called %s", fn, atomic_words(&why));
		else
			sm_warning("sleeping in atomic context: '%s()' may sleep (via %s) %s",
				   fn, chain, atomic_words(&why));
		break;
	case NOT_ATOMIC:
		if (!slept)
			slept = chain;
		break;
	case MAYBE_ATOMIC:
		break;
	}
}

static void match_func_start(void)
{
	slept = NULL;
	warned_line = 0;
}

/* A function that may sleep says so on all its returns, with the chain. */
static void match_after_func(void)
{
	if (slept)
		summary_add_function_item("sleep", chain_end(slept), "", slept);
}

void check_sleep_in_atomic(int id)
{
	my_id = id;
	load_sleep_table();
	add_hook(&match_func_start, FUNC_START_HOOK);
	add_hook(&match_call, FUNCTION_CALL_HOOK);
	add_hook(&match_after_func, AFTER_FUNC_HOOK);
}
