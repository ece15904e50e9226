/* Stand-ins for the kernel's sleeping functions, for the sleep-in-atomic tests. */
#ifndef VALIDATION_SLEEP_H
#define VALIDATION_SLEEP_H

#include "locks.h"

typedef unsigned int gfp_t;
/* the bits of 6.1's include/linux/gfp_types.h */
#define __GFP_HIGH		((gfp_t)0x20u)
#define __GFP_IO		((gfp_t)0x40u)
#define __GFP_FS		((gfp_t)0x80u)
#define __GFP_ATOMIC		((gfp_t)0x200u)
#define __GFP_DIRECT_RECLAIM	((gfp_t)0x400u)
#define __GFP_KSWAPD_RECLAIM	((gfp_t)0x800u)
#define __GFP_RECLAIM		((gfp_t)(0x400u | 0x800u))
#define GFP_ATOMIC		(__GFP_HIGH | __GFP_ATOMIC | __GFP_KSWAPD_RECLAIM)
#define GFP_KERNEL		(__GFP_RECLAIM | __GFP_IO | __GFP_FS)
#define GFP_NOWAIT		(__GFP_KSWAPD_RECLAIM)

void *kmalloc(unsigned long size, gfp_t flags);
void *kzalloc(unsigned long size, gfp_t flags);
void kfree(const void *p);
void *vmalloc(unsigned long size);
void msleep(unsigned int msecs);
void schedule(void);
struct completion { int done; };
void wait_for_completion(struct completion *c);
unsigned long _copy_from_user(void *to, const void *from, unsigned long n);

typedef struct { int rw; } rwlock_t;
void _raw_read_lock(rwlock_t *l);
void _raw_read_unlock(rwlock_t *l);
void preempt_disable(void);
void preempt_enable(void);
void local_irq_disable(void);
void local_irq_enable(void);
struct srcu_struct { int idx; };
int srcu_read_lock(struct srcu_struct *s);
void srcu_read_unlock(struct srcu_struct *s, int idx);

/* the context predicates, expanded as on x86 (include/linux/irqflags.h, preempt.h) */
unsigned long arch_local_save_flags(void);
static inline int arch_irqs_disabled_flags(unsigned long flags) { return !(flags & 0x200); }
#define irqs_disabled() ({ unsigned long _flags = arch_local_save_flags(); arch_irqs_disabled_flags(_flags); })
int preempt_count(void);
#define in_softirq()	(preempt_count() & 0xff00)
#define in_interrupt()	(preempt_count() & 0x1fff00)
#define in_atomic()	(preempt_count() != 0)
#define in_hardirq()	(preempt_count() & 0xf0000)
#define in_irq()	in_hardirq()
#define in_nmi()	(preempt_count() & 0xf00000)
#define in_task()	(!(preempt_count() & 0xff0100))
#define preemptible()	(preempt_count() == 0 && !irqs_disabled())
void schedule_timeout_uninterruptible(long timeout);

/* might_sleep() as with CONFIG_DEBUG_ATOMIC_SLEEP (include/linux/kernel.h) */
void __might_sleep(const char *file, int line);
#define might_sleep()		__might_sleep(__FILE__, __LINE__)
#define might_sleep_if(cond)	do { if (cond) might_sleep(); } while (0)
#define likely(x)		__builtin_expect(!!(x), 1)
int msleep_interruptible(unsigned int msecs);
void cpu_relax(void);

#endif
