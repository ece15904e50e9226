/*
 * smatch_sleep_context.c: the kernel's context predicates (irqs_disabled(),
 * in_interrupt(), in_atomic(), ...) evaluated on the path.  A predicate is
 * recognised by the name written in the source (its expansion differs per
 * configuration); where the locks the path holds decide it, its value is
 * set on the path; where they do not, the side of a test on which it is
 * false remembers that the path assumes the context absent, so that a
 * sleep there happens only outside that context ("sleeps only when
 * interrupts are enabled").  A local that holds such a test ("not_atomic =
 * !in_atomic() && !irqs_disabled()") is that test at a later "if
 * (not_atomic)", until it is assigned again.
 */
#include <string.h>
#include "smatch.h"
#include "smatch_internal.h"
#include "smatch_locking.h"
#include "smatch_sleep.h"

static int my_id;
static int local_id;	/* a local holding a test of predicates -> what each of its sides rules out */

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

/* The predicate written at 'pos', or NULL (the parts of one are asked in a row). */
static const struct predicate *predicate_at(struct position pos)
{
	struct context_fn *fn = fn_data(fn_slot);
	const char *name;
	size_t i;

	if (pos.stream == fn->asked.stream && pos.line == fn->asked.line && pos.pos == fn->asked.pos)
		return fn->found;
	fn->asked = pos;
	fn->found = NULL;
	if (!(name = source_name_at(pos)))
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

/*
 * The contexts (CTX_*) a test of predicates rules out where it is 'truth'
 * ("!in_atomic() && !irqs_disabled()" true: atomic and irqs_off; false:
 * none, one of them holds).
 */
static unsigned int test_rules_out(struct expression *e, bool truth)
{
	const struct predicate *p;
	struct expression *tested;
	unsigned int left, right;

	e = strip_expr(e);
	if (!e)
		return 0;
	/* the predicate's whole expansion, before its parts */
	if ((p = predicate_at(e->pos)))
		return truth ? 0 : p->ruled_out;
	if ((tested = tested_against_zero(e)))
		return test_rules_out(tested, truth == (e->op == SPECIAL_NOTEQUAL));
	if (e->type == EXPR_PREOP && e->op == '!')
		return test_rules_out(e->unop, !truth);
	if (e->type != EXPR_LOGICAL)
		return 0;
	left = test_rules_out(e->left, truth);
	right = test_rules_out(e->right, truth);
	/* both sides hold where && is true and where || is false; one of them elsewhere */
	return (e->op == SPECIAL_LOGICAL_AND) == truth ? left | right : left & right;
}

/* A local's test: what its true side rules out in the low byte, its false side in the next. */
#define SIDES(if_true, if_false) ((if_true) | (if_false) << 8)

static void match_assign(struct expression *expr)
{
	struct expression *left = strip_expr(expr->left);
	unsigned int sides;

	if (expr->op != '=' || !loaded_symbol(left) || !is_local_lvalue(left))
		return;
	sides = SIDES(test_rules_out(expr->right, true), test_rules_out(expr->right, false));
	if (sides)
		set_state(local_id, expr_to_str(left), loaded_symbol(left),
			  alloc_state_data(intern_fmt("%#x", sides), (void *)(uintptr_t)sides));
}

/* Assigned again (or its address passed on): the local holds something else. */
static void match_var_change(const char *name, struct symbol *sym, struct symbol *root,
			     enum var_change how)
{
	if (sym && get_state(local_id, name, sym))
		delete_state(local_id, name, sym);
}

/* A test: on each side, the contexts it rules out are assumed absent. */
static void assume_sides(unsigned int if_true, unsigned int if_false)
{
	unsigned int assumed = sleep_context_assumed();

	set_true_false_states(my_id, "assumed", NULL, if_true ? assumed_state(assumed | if_true) : NULL,
			      if_false ? assumed_state(assumed | if_false) : NULL);
}

/* An undecided test of a predicate, or of a local holding one: its "not in that context" side says so. */
static void match_condition(struct expression *expr)
{
	struct expression *e = strip_expr(expr);
	const struct predicate *p = predicate_at(e->pos);
	struct smatch_state *local;
	unsigned int sides;

	if (p) {
		assume_sides(0, p->ruled_out);
		return;
	}
	if (!loaded_symbol(e) || !(local = get_state(local_id, expr_to_str(e), loaded_symbol(e))))
		return;
	sides = (uintptr_t)local->data;
	assume_sides(sides & 0xff, sides >> 8);
}

void register_sleep_context(void)
{
	my_id = register_owner("sleep_context");
	set_owner_facts(my_id);
	local_id = register_owner("sleep_context_locals");
	set_owner_facts(local_id);
	fn_slot = register_fn_data(sizeof(struct context_fn));
	add_hook(&match_expr, EXPR_HOOK);
	add_hook(&match_condition, CONDITION_HOOK);
	add_hook(&match_assign, ASSIGNMENT_HOOK);
	add_var_change_hook(&match_var_change);
}
