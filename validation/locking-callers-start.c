/*
 * check-name: a static helper whose every caller of the file holds the lock
 * of the object it is given starts with that lock held: taking it again is
 * a double lock; callers holding another object's lock, one caller not
 * holding it, an address taken, or a flag the callers pass that says it is
 * held, or asking first keep it silent; a helper's helper taking it is
 * reported there too; the callers' calls that reach a lock reported in the
 * helper are not reported again (validation/locking-callee-one-cause.c)
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
validation/locking-callers-start.c:84 parent_a() not reported: double lock '&child->lock': 'child_update()' acquires it (via child_update -> mutex_lock) (rule: other-object-same-type)
validation/locking-callers-start.c:91 parent_b() not reported: double lock '&child->lock': 'child_update()' acquires it (via child_update -> mutex_lock) (rule: other-object-same-type)
validation/locking-callers-start.c:128 drop_and_retake() state: '&d->lock' released without being taken: the caller held it (rule: held-on-entry)
validation/locking-callers-start.c:129 drop_and_retake() state: '&d->lock' taken while the caller's is released here: no acquisition (rule: retaken-callers-lock)
validation/locking-callers-start.c:181 asked() not reported: inconsistent returns '&d->lock': locked (line 181), unlocked (line 181) (rule: locks-for-caller)
validation/locking-callers-start.c:186 asked_caller() state: '&d->lock' may or may not be held after 'asked()' (rule: unknown-after-callee)
validation/locking-callers-start.c:176 asked() state: '&d->lock' held on entry: every caller holds it (1) (rule: held-by-callers)
validation/locking-callers-start.c:179 asked() not reported: double lock '&d->lock' (held by every caller: asked_caller()) (rule: queried-unheld)
validation/locking-callers-start.c:159 flagged() state: '&d->lock' held on entry: every caller holds it (1) (rule: held-by-callers)
validation/locking-callers-start.c:146 outer_locked() state: '&d->lock' held on entry: every caller holds it (1) (rule: held-by-callers)
validation/locking-callers-start.c:148 outer_locked() not reported: double lock '&d->lock': 'inner_locked()' acquires it (via inner_locked -> mutex_lock) (rule: callers-warned-at-call)
validation/locking-callers-start.c:140 inner_locked() state: '&d->lock' held on entry: every caller holds it (1) (rule: held-by-callers)
validation/locking-callers-start.c:126 drop_and_retake() state: '&d->lock' held on entry: every caller holds it (1) (rule: held-by-callers)
validation/locking-callers-start.c:74 child_update() state: '&parent->lock' held on entry: every caller holds it (2) (rule: held-by-callers)
validation/locking-callers-start.c:76 child_update() not reported: double lock '&child->lock' (held by every caller: parent_a(), parent_b()) (rule: callers-hold-other-object)
validation/locking-callers-start.c:41 table_add() state: '&table_lock' held on entry: every caller holds it (1) (rule: held-by-callers)
validation/locking-callers-start.c:18 reset_locked() state: '&d->lock' held on entry: every caller holds it (2) (rule: held-by-callers)
validation/locking-callers-start.c:28 reset_a() not reported: double lock '&d->lock': 'reset_locked()' acquires it (via reset_locked -> mutex_lock) (rule: reported-in-callee)
validation/locking-callers-start.c:36 reset_b() not reported: double lock '&x->lock': 'reset_locked()' acquires it (via reset_locked -> mutex_lock) (rule: reported-in-callee)
validation/locking-callers-start.c:50 table_user() not reported: double lock '&table_lock': 'table_add()' acquires it (via table_add -> spin_lock) (rule: reported-in-callee)
validation/locking-callers-start.c:154 chain_caller() not reported: double lock '&d->lock': 'outer_locked()' acquires it (via outer_locked -> inner_locked -> mutex_lock) (rule: reported-in-callee)
validation/locking-callers-start.c:20 reset_locked() warn: double lock '&d->lock' (held by every caller: reset_a(), reset_b())
validation/locking-callers-start.c:43 table_add() warn: double lock '&table_lock' (held by every caller: table_user())
validation/locking-callers-start.c:64 held_caller() warn: double lock '&d->lock': 'sometimes_locked()' acquires it (via sometimes_locked -> mutex_lock)
validation/locking-callers-start.c:107 pointer_caller() warn: double lock '&d->lock': 'via_pointer()' acquires it (via via_pointer -> mutex_lock)
validation/locking-callers-start.c:121 exported_caller() warn: double lock '&d->lock': 'exported_locked()' acquires it (via exported_locked -> mutex_lock)
validation/locking-callers-start.c:142 inner_locked() warn: double lock '&d->lock' (held by every caller: outer_locked())
 * check-output-end
 */
