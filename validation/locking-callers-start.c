/*
 * check-name: a static helper whose every caller of the file holds the lock
 * of the object it is given starts with that lock held: taking it again is
 * a double lock; callers holding another object's lock, one caller not
 * holding it, an address taken, or a flag the callers pass that says it is
 * held, or asking first keep it silent; a helper's helper taking it is
 * reported at the callers' calls
 * check-command: smatch -p=kernel --debug=locking -Wno-decl -Ivalidation/include $file 2>&1
 */
#include "locks.h"

struct dev { struct mutex lock; int v; };
int mutex_is_locked(struct mutex *lock);
static spinlock_t table_lock;

/* every caller holds d->lock and passes d */
static void reset_locked(struct dev *d)
{
	mutex_lock(&d->lock);
	d->v = 0;
	mutex_unlock(&d->lock);
}

void reset_a(struct dev *d)
{
	mutex_lock(&d->lock);
	reset_locked(d);
	mutex_unlock(&d->lock);
}

void reset_b(struct dev *x)
{
	mutex_lock(&x->lock);
	x->v = 1;
	reset_locked(x);
	mutex_unlock(&x->lock);
}

/* a global lock every caller holds */
static void table_add(int v)
{
	spin_lock(&table_lock);
	spin_unlock(&table_lock);
}

void table_user(void)
{
	spin_lock(&table_lock);
	table_add(1);
	spin_unlock(&table_lock);
}

/* one caller does not hold it */
static void sometimes_locked(struct dev *d)
{
	mutex_lock(&d->lock);
	mutex_unlock(&d->lock);
}

void held_caller(struct dev *d)
{
	mutex_lock(&d->lock);
	sometimes_locked(d);
	mutex_unlock(&d->lock);
}

void free_caller(struct dev *d)
{
	sometimes_locked(d);
}

/* the callers hold their parent's lock, of the same type, and pass the child */
static void child_update(struct dev *child)
{
	mutex_lock(&child->lock);
	child->v++;
	mutex_unlock(&child->lock);
}

void parent_a(struct dev *parent, struct dev *child)
{
	mutex_lock(&parent->lock);
	child_update(child);
	mutex_unlock(&parent->lock);
}

void parent_b(struct dev *parent, struct dev *child)
{
	mutex_lock(&parent->lock);
	child_update(child);
	mutex_unlock(&parent->lock);
}

/* its address is taken: its callers are not all seen */
static void via_pointer(struct dev *d)
{
	mutex_lock(&d->lock);
	mutex_unlock(&d->lock);
}

void (*reset_hook)(struct dev *d) = via_pointer;

void pointer_caller(struct dev *d)
{
	mutex_lock(&d->lock);
	via_pointer(d);
	mutex_unlock(&d->lock);
}

/* not static: without a database its callers are not known */
void exported_locked(struct dev *d)
{
	mutex_lock(&d->lock);
	mutex_unlock(&d->lock);
}

void exported_caller(struct dev *d)
{
	mutex_lock(&d->lock);
	exported_locked(d);
	mutex_unlock(&d->lock);
}

/* released first, then taken again: no double lock */
static void drop_and_retake(struct dev *d)
{
	mutex_unlock(&d->lock);
	mutex_lock(&d->lock);
}

void retake_caller(struct dev *d)
{
	mutex_lock(&d->lock);
	drop_and_retake(d);
	mutex_unlock(&d->lock);
}

/* a chain: the helper's helper is called with it held too */
static void inner_locked(struct dev *d)
{
	mutex_lock(&d->lock);
	mutex_unlock(&d->lock);
}

static void outer_locked(struct dev *d)
{
	inner_locked(d);
}

void chain_caller(struct dev *d)
{
	mutex_lock(&d->lock);
	outer_locked(d);
	mutex_unlock(&d->lock);
}

/* every caller holds it and says so: the helper takes it only when told it is not held */
static void flagged(struct dev *d, int locked)
{
	if (!locked)
		mutex_lock(&d->lock);
	d->v++;
	if (!locked)
		mutex_unlock(&d->lock);
}

void flagged_caller(struct dev *d)
{
	mutex_lock(&d->lock);
	flagged(d, 1);
	mutex_unlock(&d->lock);
}

/* it asks first: taken only when not held */
static void asked(struct dev *d)
{
	if (!mutex_is_locked(&d->lock))
		mutex_lock(&d->lock);
	d->v++;
}

void asked_caller(struct dev *d)
{
	mutex_lock(&d->lock);
	asked(d);
	mutex_unlock(&d->lock);
}
/*
 * check-output-start
validation/locking-callers-start.c:83 parent_a() not reported: double lock '&child->lock': 'child_update()' acquires it (via child_update -> mutex_lock) (rule: other-object-same-type)
validation/locking-callers-start.c:90 parent_b() not reported: double lock '&child->lock': 'child_update()' acquires it (via child_update -> mutex_lock) (rule: other-object-same-type)
validation/locking-callers-start.c:127 drop_and_retake() state: '&d->lock' released without being taken: the caller held it (rule: held-on-entry)
validation/locking-callers-start.c:180 asked() not reported: inconsistent returns '&d->lock': locked (line 180), unlocked (line 180) (rule: locks-for-caller)
validation/locking-callers-start.c:185 asked_caller() state: '&d->lock' may or may not be held after 'asked()' (rule: unknown-after-callee)
validation/locking-callers-start.c:175 asked() state: '&d->lock' held on entry: every caller holds it (1) (rule: held-by-callers)
validation/locking-callers-start.c:178 asked() not reported: double lock '&d->lock' (held by every caller: asked_caller()) (rule: queried-unheld)
validation/locking-callers-start.c:158 flagged() state: '&d->lock' held on entry: every caller holds it (1) (rule: held-by-callers)
validation/locking-callers-start.c:145 outer_locked() state: '&d->lock' held on entry: every caller holds it (1) (rule: held-by-callers)
validation/locking-callers-start.c:147 outer_locked() not reported: double lock '&d->lock': 'inner_locked()' acquires it (via inner_locked -> mutex_lock) (rule: callers-warned-at-call)
validation/locking-callers-start.c:139 inner_locked() state: '&d->lock' held on entry: every caller holds it (1) (rule: held-by-callers)
validation/locking-callers-start.c:125 drop_and_retake() state: '&d->lock' held on entry: every caller holds it (1) (rule: held-by-callers)
validation/locking-callers-start.c:73 child_update() state: '&parent->lock' held on entry: every caller holds it (2) (rule: held-by-callers)
validation/locking-callers-start.c:75 child_update() not reported: double lock '&child->lock' (held by every caller: parent_a(), parent_b()) (rule: callers-hold-other-object)
validation/locking-callers-start.c:40 table_add() state: '&table_lock' held on entry: every caller holds it (1) (rule: held-by-callers)
validation/locking-callers-start.c:17 reset_locked() state: '&d->lock' held on entry: every caller holds it (2) (rule: held-by-callers)
validation/locking-callers-start.c:19 reset_locked() warn: double lock '&d->lock' (held by every caller: reset_a(), reset_b())
validation/locking-callers-start.c:27 reset_a() warn: double lock '&d->lock': 'reset_locked()' acquires it (via reset_locked -> mutex_lock)
validation/locking-callers-start.c:35 reset_b() warn: double lock '&x->lock': 'reset_locked()' acquires it (via reset_locked -> mutex_lock)
validation/locking-callers-start.c:42 table_add() warn: double lock '&table_lock' (held by every caller: table_user())
validation/locking-callers-start.c:49 table_user() warn: double lock '&table_lock': 'table_add()' acquires it (via table_add -> spin_lock)
validation/locking-callers-start.c:63 held_caller() warn: double lock '&d->lock': 'sometimes_locked()' acquires it (via sometimes_locked -> mutex_lock)
validation/locking-callers-start.c:106 pointer_caller() warn: double lock '&d->lock': 'via_pointer()' acquires it (via via_pointer -> mutex_lock)
validation/locking-callers-start.c:120 exported_caller() warn: double lock '&d->lock': 'exported_locked()' acquires it (via exported_locked -> mutex_lock)
validation/locking-callers-start.c:141 inner_locked() warn: double lock '&d->lock' (held by every caller: outer_locked())
validation/locking-callers-start.c:153 chain_caller() warn: double lock '&d->lock': 'outer_locked()' acquires it (via outer_locked -> inner_locked -> mutex_lock)
 * check-output-end
 */
