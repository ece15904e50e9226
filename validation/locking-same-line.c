/*
 * check-name: sites are expressions, not lines: code on one line, in one
 * macro expansion, the same call in the next round of a loop; and the
 * look-alikes that are right; a name that hides its operands ("({...})")
 * may be another object each time
 * check-command: smatch -p=kernel --debug=locking -Ivalidation/include $file 2>&1
 */
#include "locks.h"

struct dev { struct mutex lock; spinlock_t slock; int v; int n; };

static int one_line_leak(struct dev *d) { mutex_lock(&d->lock); if (d->v) return -1; mutex_unlock(&d->lock); return 0; }

static int one_line_ok(struct dev *d) { int r = 0; mutex_lock(&d->lock); if (d->v) r = -1; mutex_unlock(&d->lock); return r; }

static void one_line_twice(struct dev *d) { mutex_lock(&d->lock); mutex_lock(&d->lock); mutex_unlock(&d->lock); }

static void one_line_relock(struct dev *d) { mutex_lock(&d->lock); mutex_unlock(&d->lock); mutex_lock(&d->lock); mutex_unlock(&d->lock); }

#define LOCKED_BUMP(d) do { spin_lock(&(d)->slock); (d)->n++; spin_lock(&(d)->slock); } while (0)
#define BUMP(d) do { spin_lock(&(d)->slock); (d)->n++; spin_unlock(&(d)->slock); } while (0)

static void macro_twice(struct dev *d)
{
	LOCKED_BUMP(d);
	spin_unlock(&d->slock);
}

static void macro_once(struct dev *d)
{
	BUMP(d);
	BUMP(d);
}

/* held from before the loop, taken again inside it */
static void loop_relock(struct dev *d, int n)
{
	int i;

	mutex_lock(&d->lock);
	for (i = 0; i < n; i++) {
		mutex_lock(&d->lock);
		d->v += i;
		mutex_unlock(&d->lock);
	}
}

/* not released in the body: the next round takes it again */
static void loop_no_unlock(struct dev *d, int n)
{
	int i;

	for (i = 0; i < n; i++) {
		mutex_lock(&d->lock);
		d->v += i;
	}
	mutex_unlock(&d->lock);
}

static void loop_balanced(struct dev *d, int n)
{
	int i;

	mutex_lock(&d->lock);
	for (i = 0; i < n; i++) {
		mutex_unlock(&d->lock);
		d->v += i;
		mutex_lock(&d->lock);
	}
	mutex_unlock(&d->lock);
}

static struct dev devs[4];
#define cpu_dev(t) ({ int __t = (t); &devs[__t]; })

/* per-CPU objects reached through a ({ }) block: one name, another object each round */
static void unlock_each_cpu(int n)
{
	int t;

	for (t = 0; t < n; t++)
		spin_unlock(&cpu_dev(t)->slock);
}

/*
 * check-output-start
validation/locking-same-line.c:46 loop_relock() not reported: inconsistent returns '&d->lock': locked (line 46), unlocked (line 46) (rule: correlation-lost)
validation/locking-same-line.c:57 loop_no_unlock() state: '&d->lock' released without being taken: the caller held it (rule: held-on-entry)
validation/locking-same-line.c:82 unlock_each_cpu() state: '&({...})->slock' released without being taken: the caller held it (rule: held-on-entry)
validation/locking-same-line.c:82 unlock_each_cpu() not reported: double unlock '&({...})->slock' (unlocked on line 82) (rule: name-hides-operands)
validation/locking-same-line.c:12 one_line_leak() warn: inconsistent returns '&d->lock': locked (line 12), unlocked (line 12)
validation/locking-same-line.c:16 one_line_twice() warn: double lock '&d->lock' (locked on line 16)
validation/locking-same-line.c:25 macro_twice() warn: double lock '&d->slock' (locked on line 25)
validation/locking-same-line.c:42 loop_relock() warn: double lock '&d->lock' (locked on line 40)
validation/locking-same-line.c:54 loop_no_unlock() warn: double lock '&d->lock' (locked on line 54)
 * check-output-end
 */
