/*
 * smatch_sleep.h: the table of functions that may sleep
 * (smatch_sleep_table.c) and the context predicates on the path
 * (smatch_sleep_context.c), for the sleep-in-atomic check.
 */
#ifndef SMATCH_SLEEP_H
#define SMATCH_SLEEP_H

#include "smatch.h"

/* *arg of a table function that may sleep always, and of one that never does ("NAME never") */
#define SLEEP_ALWAYS	(-1)
#define SLEEP_NEVER	(-2)
bool sleep_table_rule(const char *fn, int *arg, unsigned long long *mask);
void load_sleep_table(void);

/* Contexts in which a sleep does not happen: a test of a predicate ruled them out. */
#define CTX_IRQS_OFF	1u	/* irqs_disabled() */
#define CTX_IN_BH	2u	/* in_softirq(), in_interrupt() */
#define CTX_ATOMIC	4u	/* in_atomic() */
void register_sleep_context(void);
unsigned int sleep_context_assumed(void);
bool sleep_context_excluded(unsigned int mask);

/* A lock kind chosen by a flag stays with its flag (smatch_sleep_flags.c). */
void register_sleep_flags(void);
bool sleep_flag_contradicts(const char *lock_key);

/* Allocations guarded by a member's NULL test (smatch_sleep_guards.c). */
void register_sleep_guards(void);
const char *sleep_guard_on_path(void);
bool sleep_member_known_null(const char *name);

#endif
