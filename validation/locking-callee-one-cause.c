/*
 * check-name: one root cause, one warning: a static helper whose every
 * caller holds the lock it takes is reported there (held by every caller),
 * and the callers' calls that reach that lock (directly or through a
 * helper) are not reported again; they stay the report when the helper
 * does not start with the lock held: a caller without it, a helper that is
 * not static or whose address is taken
 * check-command: smatch -p=kernel --debug=locking -Wno-decl -Ivalidation/include $file 2>&1
 */
#include "locks.h"

struct dev { struct mutex lock; int v; };

/* three callers hold it: one warning, in the helper */
static void dev_refresh(struct dev *d)
{
	mutex_lock(&d->lock);
	d->v++;
	mutex_unlock(&d->lock);
}

void refresh_a(struct dev *d)
{
	mutex_lock(&d->lock);
	dev_refresh(d);
	mutex_unlock(&d->lock);
}

void refresh_b(struct dev *d)
{
	mutex_lock(&d->lock);
	dev_refresh(d);
	mutex_unlock(&d->lock);
}

void refresh_c(struct dev *x)
{
	mutex_lock(&x->lock);
	x->v = 0;
	dev_refresh(x);
	mutex_unlock(&x->lock);
}

/* a chain: callers -> dev_sync() -> dev_flush(), which takes it */
static void dev_flush(struct dev *d)
{
	mutex_lock(&d->lock);
	mutex_unlock(&d->lock);
}

static void dev_sync(struct dev *d)
{
	d->v = 1;
	dev_flush(d);
}

void sync_a(struct dev *d)
{
	mutex_lock(&d->lock);
	dev_sync(d);
	mutex_unlock(&d->lock);
}

void sync_b(struct dev *d)
{
	mutex_lock(&d->lock);
	dev_sync(d);
	mutex_unlock(&d->lock);
}

/* look-alike: one caller does not hold it, the helper starts unlocked */
static void dev_poll(struct dev *d)
{
	mutex_lock(&d->lock);
	mutex_unlock(&d->lock);
}

void poll_locked(struct dev *d)
{
	mutex_lock(&d->lock);
	dev_poll(d);
	mutex_unlock(&d->lock);
}

void poll_unlocked(struct dev *d)
{
	dev_poll(d);
}

/* look-alike: the same chain, with the inner helper also called unlocked */
static void dev_drain(struct dev *d)
{
	mutex_lock(&d->lock);
	mutex_unlock(&d->lock);
}

static void dev_settle(struct dev *d)
{
	dev_drain(d);
}

void settle_locked(struct dev *d)
{
	mutex_lock(&d->lock);
	dev_settle(d);
	mutex_unlock(&d->lock);
}

void drain_unlocked(struct dev *d)
{
	dev_drain(d);
}

/* look-alike: not static, its callers are not known without a database */
void dev_kick(struct dev *d)
{
	mutex_lock(&d->lock);
	mutex_unlock(&d->lock);
}

void kick_a(struct dev *d)
{
	mutex_lock(&d->lock);
	dev_kick(d);
	mutex_unlock(&d->lock);
}

void kick_b(struct dev *d)
{
	mutex_lock(&d->lock);
	dev_kick(d);
	mutex_unlock(&d->lock);
}

/* look-alike: its address is taken, it may be called from elsewhere */
static void dev_tick(struct dev *d)
{
	mutex_lock(&d->lock);
	mutex_unlock(&d->lock);
}

void (*tick_hook)(struct dev *d) = dev_tick;

void tick_a(struct dev *d)
{
	mutex_lock(&d->lock);
	dev_tick(d);
	mutex_unlock(&d->lock);
}
/*
 * check-output-start
validation/locking-callee-one-cause.c:97 dev_settle() state: '&d->lock' held on entry: every caller holds it (1) (rule: held-by-callers)
validation/locking-callee-one-cause.c:99 dev_settle() not reported: double lock '&d->lock': 'dev_drain()' acquires it (via dev_drain -> mutex_lock) (rule: callers-warned-at-call)
validation/locking-callee-one-cause.c:51 dev_sync() state: '&d->lock' held on entry: every caller holds it (2) (rule: held-by-callers)
validation/locking-callee-one-cause.c:54 dev_sync() not reported: double lock '&d->lock': 'dev_flush()' acquires it (via dev_flush -> mutex_lock) (rule: callers-warned-at-call)
validation/locking-callee-one-cause.c:45 dev_flush() state: '&d->lock' held on entry: every caller holds it (1) (rule: held-by-callers)
validation/locking-callee-one-cause.c:15 dev_refresh() state: '&d->lock' held on entry: every caller holds it (3) (rule: held-by-callers)
validation/locking-callee-one-cause.c:25 refresh_a() not reported: double lock '&d->lock': 'dev_refresh()' acquires it (via dev_refresh -> mutex_lock) (rule: reported-in-callee)
validation/locking-callee-one-cause.c:32 refresh_b() not reported: double lock '&d->lock': 'dev_refresh()' acquires it (via dev_refresh -> mutex_lock) (rule: reported-in-callee)
validation/locking-callee-one-cause.c:40 refresh_c() not reported: double lock '&x->lock': 'dev_refresh()' acquires it (via dev_refresh -> mutex_lock) (rule: reported-in-callee)
validation/locking-callee-one-cause.c:60 sync_a() not reported: double lock '&d->lock': 'dev_sync()' acquires it (via dev_sync -> dev_flush -> mutex_lock) (rule: reported-in-callee)
validation/locking-callee-one-cause.c:67 sync_b() not reported: double lock '&d->lock': 'dev_sync()' acquires it (via dev_sync -> dev_flush -> mutex_lock) (rule: reported-in-callee)
validation/locking-callee-one-cause.c:17 dev_refresh() warn: double lock '&d->lock' (held by every caller: refresh_a(), refresh_b(), refresh_c())
validation/locking-callee-one-cause.c:47 dev_flush() warn: double lock '&d->lock' (held by every caller: dev_sync())
validation/locking-callee-one-cause.c:81 poll_locked() warn: double lock '&d->lock': 'dev_poll()' acquires it (via dev_poll -> mutex_lock)
validation/locking-callee-one-cause.c:105 settle_locked() warn: double lock '&d->lock': 'dev_settle()' acquires it (via dev_settle -> dev_drain -> mutex_lock)
validation/locking-callee-one-cause.c:124 kick_a() warn: double lock '&d->lock': 'dev_kick()' acquires it (via dev_kick -> mutex_lock)
validation/locking-callee-one-cause.c:131 kick_b() warn: double lock '&d->lock': 'dev_kick()' acquires it (via dev_kick -> mutex_lock)
validation/locking-callee-one-cause.c:147 tick_a() warn: double lock '&d->lock': 'dev_tick()' acquires it (via dev_tick -> mutex_lock)
 * check-output-end
 */
