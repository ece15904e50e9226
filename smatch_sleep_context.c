/*
 * smatch_sleep_context.c: the kernel's context predicates (irqs_disabled(),
 * in_interrupt(), in_atomic(), ...) evaluated on the path.  A predicate is
 * recognised by the name written in the source (its expansion differs per
 * configuration); where the locks the path holds decide it, its value is
 * set on the path; where they do not, the side of a test on which it is
 * false remembers that the path assumes the context absent, so that a
 * sleep there happens only outside that context ("sleeps only when
 * interrupts are enabled").
 */
#include <string.h>
#include "smatch.h"
#include "smatch_internal.h"
#include "smatch_locking.h"
#include "smatch_sleep.h"

static int my_id;

/* The function's (fn_data()): the position asked last and its predicate. */
struct context_fn {
	struct position asked;
	const struct predicate *found;
};
static int fn_slot;

/* What a predicate asks. */
enum ask { ASK_IRQS_OFF, ASK_IN_BH, ASK_ATOMIC, ASK_PREEMPTIBLE };

static const struct predicate {
	const char *name;
	enum ask ask;
	unsigned int ruled_out;	/* the context (CTX_*) its false side rules out */
} predicates[] = {
	{ "irqs_disabled", ASK_IRQS_OFF, CTX_IRQS_OFF },
	{ "in_softirq", ASK_IN_BH, CTX_IN_BH },
	{ "in_interrupt", ASK_IN_BH, CTX_IN_BH },
	{ "in_atomic", ASK_ATOMIC, CTX_ATOMIC },
	/* preemptible() expands to a && b: its whole is never one condition */
	{ "preemptible", ASK_PREEMPTIBLE, 0 },
};

/* The predicate written at 'pos' in the checked file, or NULL (the parts of one are asked in a row). */
static const struct predicate *predicate_at(struct position pos)
{
	struct context_fn *fn = fn_data(fn_slot);
	const char *name;
	size_t i;

	if (pos.stream == fn->asked.stream && pos.line == fn->asked.line && pos.pos == fn->asked.pos)
		return fn->found;
	fn->asked = pos;
	fn->found = NULL;
	if (!pos_in_main_file(pos) || !(name = source_name_at(pos)))
		return NULL;
	for (i = 0; i < sizeof(predicates) / sizeof(predicates[0]); i++) {
		if (!strcmp(name, predicates[i].name))
			fn->found = &predicates[i];
	}
	return fn->found;
}

/* A section held on the path for sure ("irq", "bh", "preempt": the lock table's global names). */
static bool section_held(const char *key)
{
	return lock_depth(get_state(lock_owner(), key, NULL)) > 0;
}

/* in_atomic()'s answer: a spinning lock, preemption, softirqs or interrupts off. */
static bool known_atomic(void)
{
	struct atomic_reason why;

	if (atomic_context(&why) != KNOWN_ATOMIC)
		return false;
	return why.kind->atomic == ATOMIC_LOCK || section_held("irq") || section_held("bh") ||
	       section_held("preempt");
}

/* Whether the path is known to be in any of the contexts of 'mask'. */
bool sleep_context_excluded(unsigned int mask)
{
	return ((mask & CTX_IRQS_OFF) && section_held("irq")) ||
	       ((mask & CTX_IN_BH) && section_held("bh")) ||
	       ((mask & CTX_ATOMIC) && known_atomic());
}

/* The predicate's value on this path: 1, 0, or -1 when the path does not decide it. */
static int decide(enum ask ask)
{
	switch (ask) {
	case ASK_IRQS_OFF:
		return section_held("irq") ? 1 : -1;
	case ASK_IN_BH:
		return section_held("bh") ? 1 : -1;
	case ASK_ATOMIC:
		return known_atomic() ? 1 : -1;
	case ASK_PREEMPTIBLE:
		return known_atomic() ? 0 : -1;
	}
	return -1;
}

/* Every part of a predicate's expansion has its position: the outermost is seen last. */
static void match_expr(struct expression *expr)
{
	const struct predicate *p;
	int val;

	if (expr->type == EXPR_VALUE || expr->type == EXPR_SYMBOL)
		return;
	p = predicate_at(expr->pos);
	if (!p || (val = decide(p->ask)) < 0)
		return;
	set_call_result(expr, rl_range(val, val));
	/* each part says so: the line is printed once, and each predicate of a line has its own */
	rule_applied(DEBUG_SLEEP, expr->pos, "context-predicate", "'%s()' is %s on this path",
		     p->name, val ? "true" : "false");
}

/* The contexts the path assumes absent (CTX_* bits), from tests of predicates it decided no. */
unsigned int sleep_context_assumed(void)
{
	struct smatch_state *s = get_state(my_id, "assumed", NULL);

	return s ? (unsigned int)(uintptr_t)s->data : 0;
}

static struct smatch_state *assumed_state(unsigned int mask)
{
	return alloc_state_data(intern_fmt("%#x", mask), (void *)(uintptr_t)mask);
}

/* An undecided test of a predicate: its "not in that context" side says so. */
static void match_condition(struct expression *expr)
{
	const struct predicate *p = predicate_at(strip_expr(expr)->pos);

	if (!p || !p->ruled_out)
		return;
	set_true_false_states(my_id, "assumed", NULL, NULL,
			      assumed_state(sleep_context_assumed() | p->ruled_out));
}

void register_sleep_context(void)
{
	my_id = register_owner("sleep_context");
	set_owner_facts(my_id);
	fn_slot = register_fn_data(sizeof(struct context_fn));
	add_hook(&match_expr, EXPR_HOOK);
	add_hook(&match_condition, CONDITION_HOOK);
}
