/*
 * check-name: sites are expressions, not lines: code on one line, in one
 * macro expansion, the same call in the next round of a loop; and the
 * look-alikes that are right
 */
#include "locks.h"

struct dev { struct mutex lock; spinlock_t slock; int v; int n; };

int one_line_leak(struct dev *d) { mutex_lock(&d->lock); if (d->v) return -1; mutex_unlock(&d->lock); return 0; }

int one_line_ok(struct dev *d) { int r = 0; mutex_lock(&d->lock); if (d->v) r = -1; mutex_unlock(&d->lock); return r; }

void one_line_twice(struct dev *d) { mutex_lock(&d->lock); mutex_lock(&d->lock); mutex_unlock(&d->lock); }

void one_line_relock(struct dev *d) { mutex_lock(&d->lock); mutex_unlock(&d->lock); mutex_lock(&d->lock); mutex_unlock(&d->lock); }

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

/*
 * check-output-start
validation/locking-same-line.c:10 one_line_leak() warn: inconsistent returns '&d->lock': locked (line 10), unlocked (line 10)
validation/locking-same-line.c:14 one_line_twice() warn: double lock '&d->lock' (locked on line 14)
validation/locking-same-line.c:23 macro_twice() warn: double lock '&d->slock' (locked on line 23)
validation/locking-same-line.c:40 loop_relock() warn: double lock '&d->lock' (locked on line 38)
validation/locking-same-line.c:52 loop_no_unlock() warn: double lock '&d->lock' (locked on line 52)
 * check-output-end
 */
