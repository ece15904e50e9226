/*
 * check-name: tests of bits of one value are read together: "x & (A|B|C)"
 * true and "x & (A|B)" false make "x & C" true, so the path where all
 * three tests fail is impossible; a mask that leaves a bit uncovered
 * keeps the path (and its double lock)
 * check-command: smatch -p=kernel -Ivalidation/include $file 2>&1
 */
#include "locks.h"

struct task { unsigned long jobctl; };
struct sh { spinlock_t siglock; };
void do_trap(void);
void sleep_some(void);

static void freezer_trap(struct sh *sh)
{
	spin_unlock_irq(&sh->siglock);
	sleep_some();
}

/* every round releases the lock before the next: no double lock */
static void covered(struct task *t, struct sh *sh)
{
	for (;;) {
		spin_lock_irq(&sh->siglock);
		if (!(t->jobctl & (1 | 2 | 4)))
			break;
		if (t->jobctl & (1 | 2)) {
			do_trap();
			spin_unlock_irq(&sh->siglock);
		} else if (t->jobctl & 4) {
			freezer_trap(sh);
		}
	}
	spin_unlock_irq(&sh->siglock);
}

/* bit 2 alone goes round again holding the lock */
static void uncovered(struct task *t, struct sh *sh)
{
	for (;;) {
		spin_lock_irq(&sh->siglock);
		if (!(t->jobctl & (1 | 2 | 4)))
			break;
		if (t->jobctl & 1) {
			do_trap();
			spin_unlock_irq(&sh->siglock);
		} else if (t->jobctl & 4) {
			freezer_trap(sh);
		}
	}
	spin_unlock_irq(&sh->siglock);
}

static void values(unsigned long x)
{
	if (x & (1 | 2 | 4)) {
		if (x & 3)
			return;
		__smatch_value(x & 4);
		__smatch_value(x & 2);
		__smatch_value(x & 12);
	}
	x = 0;
	__smatch_value(x & 4);
}
/*
 * check-output-start
validation/flow-bit-tests.c:42 uncovered() warn: double lock '&sh->siglock' (locked on line 42)
validation/flow-bit-tests.c:60 values() info: value 'x & 4' = s64min-(-1),1-s64max
validation/flow-bit-tests.c:61 values() info: value 'x & 2' = 0
validation/flow-bit-tests.c:62 values() info: value 'x & 12' = s64min-(-1),1-s64max
validation/flow-bit-tests.c:65 values() info: value 'x & 4' = 0
 * check-output-end
 */
