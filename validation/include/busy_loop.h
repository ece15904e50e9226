/*
 * An inline helper of a header that sleeps only where it found the context
 * not atomic, the local holding the test read twice (the shape of 6.1's
 * intel_guc_send_busy_loop()), and one that sleeps in any context: for the
 * tests of predicates written in a header.
 */
#ifndef VALIDATION_BUSY_LOOP_H
#define VALIDATION_BUSY_LOOP_H

#include "sleep.h"

struct channel { int credits; };
int channel_send_nb(struct channel *ch, int len);

static inline int channel_send_busy_loop(struct channel *ch, int len, _Bool loop)
{
	int err;
	unsigned int sleep_ms = 1;
	_Bool not_atomic = !in_atomic() && !irqs_disabled();

	might_sleep_if(loop && not_atomic);
retry:
	err = channel_send_nb(ch, len);
	if (err == -EBUSY && loop) {
		if (likely(not_atomic)) {
			if (msleep_interruptible(sleep_ms))
				return -EINTR;
			sleep_ms <<= 1;
		} else {
			cpu_relax();
		}
		goto retry;
	}
	return err;
}

/* the same without the test: sleeps in any context */
static inline int channel_send_wait(struct channel *ch, int len)
{
	int err;

	while ((err = channel_send_nb(ch, len)) == -EBUSY)
		msleep(1);
	return err;
}

#endif
