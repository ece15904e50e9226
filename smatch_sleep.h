/*
 * smatch_sleep.h: the table of functions that may sleep
 * (smatch_sleep_table.c), for the sleep-in-atomic check.
 */
#ifndef SMATCH_SLEEP_H
#define SMATCH_SLEEP_H

#include "smatch.h"

bool sleep_table_rule(const char *fn, int *arg, unsigned long long *mask);
void load_sleep_table(void);

#endif
