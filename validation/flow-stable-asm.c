/*
 * check-name: a function without parameters that returns a pointer read
 * by an asm writing only locals, clobbering no memory (the kernel's
 * get_current()), is pure: facts about "current->jobctl" survive calls
 * and the next round of a loop; an integer read that way (a counter) is not
 * check-command: smatch -p=kernel -Ivalidation/include $file 2>&1
 */
#include "locks.h"

struct task { unsigned int jobctl; };
struct sighand { spinlock_t siglock; };
extern struct task *current_task;

static inline struct task *get_current(void)
{
	struct task *t;

	asm("mov %1, %0" : "=r" (t) : "p" (&current_task));
	return t;
}
#define current get_current()

static inline unsigned int read_counter(void)
{
	unsigned int v;

	asm volatile("rdtsc" : "=a" (v));
	return v;
}

/* it writes memory: not a read */
static inline struct task *swap_task(void)
{
	struct task *t;

	asm("xchg %0, %1" : "=r" (t), "+m" (current_task));
	return t;
}

void do_trap(void);
void do_freeze(void);

/* neither bit set contradicts the first test: no round takes the lock twice */
static int current_bits(struct sighand *sh)
{
	for (;;) {
		spin_lock_irq(&sh->siglock);
		if (current->jobctl & 3) {
			if (current->jobctl & 1) {
				do_trap();
				spin_unlock_irq(&sh->siglock);
			} else if (current->jobctl & 2) {
				do_freeze();
				spin_unlock_irq(&sh->siglock);
			}
			continue;
		}
		spin_unlock_irq(&sh->siglock);
		return 0;
	}
}

/* a counter read twice may differ: the round with neither bit set is kept */
static int counter_bits(struct sighand *sh)
{
	for (;;) {
		spin_lock_irq(&sh->siglock);
		if (read_counter() & 3) {
			if (read_counter() & 1) {
				do_trap();
				spin_unlock_irq(&sh->siglock);
			} else if (read_counter() & 2) {
				do_freeze();
				spin_unlock_irq(&sh->siglock);
			}
			continue;
		}
		spin_unlock_irq(&sh->siglock);
		return 0;
	}
}

static void values(void)
{
	if (current->jobctl == 4) {
		do_trap();
		__smatch_value(current->jobctl);
	}
	if (swap_task()->jobctl == 4) {
		do_trap();
		__smatch_value(swap_task()->jobctl);
	}
}

/*
 * check-output-start
validation/flow-stable-asm.c:67 counter_bits() warn: double lock '&sh->siglock' (locked on line 67)
validation/flow-stable-asm.c:87 values() info: value 'get_current()->jobctl' = 4
validation/flow-stable-asm.c:91 values() info: value 'swap_task()->jobctl' = 0-4294967295
 * check-output-end
 */
