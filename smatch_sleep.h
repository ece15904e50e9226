/*
 * smatch_sleep.h: the table of functions that may sleep
 * (smatch_sleep_table.c), for the sleep-in-atomic check.
 */
#ifndef SMATCH_SLEEP_H
#define SMATCH_SLEEP_H

#include "smatch.h"

enum sleep_verdict {
	SLEEP_UNLISTED,		/* not in the table: ask its summary */
	SLEEP_YES,		/* the call may sleep */
	SLEEP_NO,		/* listed, but not with these arguments (GFP_ATOMIC) */
};

enum sleep_verdict sleep_table_verdict(struct expression *call);
void load_sleep_table(void);

#endif
