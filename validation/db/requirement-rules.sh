#!/bin/bash
# The lock requirement check with --debug=locking: a call without a lock
# that most callers hold is reported, or the rule that kept it silent is
# named (mixed callers, a lock no argument names, a name that may mean
# another object now, a lock a callee may or may not have released).
. "$(dirname "$0")/common.bash"

mkdir "$tmp/req" && cd "$tmp/req"
cat > dev.h <<'C'
#include "locks.h"
struct dev { struct mutex lock; struct dev *next; int n; };
void dev_update(struct dev *d);
void dev_mixed(struct dev *d);
void dev_other(struct dev *d);
void unlocked(struct dev *d);
void mixed(struct dev *d);
void unnamed(struct dev *d, struct dev *o);
void reassigned(struct dev *d);
void dev_maybe_drop(struct dev *d);
void unsure(struct dev *d);
C
cat > dev.c <<'C'
#include "dev.h"
void dev_update(struct dev *d) { d->n++; }
void dev_mixed(struct dev *d) { d->n--; }
void dev_other(struct dev *d) { d->n = 0; }
void dev_maybe_drop(struct dev *d) { if (d->n) mutex_unlock(&d->lock); }
C
cat > callers.c <<'C'
#include "dev.h"
#define CALLER(name)				\
void name(struct dev *d, struct dev *o)		\
{						\
	mutex_lock(&d->lock);			\
	dev_update(d);				\
	dev_mixed(d);				\
	mutex_unlock(&d->lock);			\
	mutex_lock(&o->lock);			\
	dev_other(d);				\
	mutex_unlock(&o->lock);			\
}
CALLER(c1)
CALLER(c2)
CALLER(c3)
void c4(struct dev *d)
{
	mutex_lock(&d->lock);
	dev_mixed(d);
	mutex_unlock(&d->lock);
	dev_mixed(d);
}
C
cat > check.c <<'C'
#include "dev.h"
void unlocked(struct dev *d)
{
	mutex_lock(&d->lock);
	mutex_unlock(&d->lock);
	dev_update(d);
}
void mixed(struct dev *d)
{
	mutex_lock(&d->lock);
	mutex_unlock(&d->lock);
	dev_mixed(d);
}
void unnamed(struct dev *d, struct dev *o)
{
	mutex_lock(&o->lock);
	mutex_unlock(&o->lock);
	dev_other(d);
}
void reassigned(struct dev *d)
{
	mutex_lock(&d->lock);
	mutex_unlock(&d->lock);
	d = d->next;
	dev_update(d);
}
void unsure(struct dev *d)
{
	mutex_lock(&d->lock);
	dev_maybe_drop(d);
	dev_update(d);
}
C
"$build" --files "dev.c callers.c" --cflags "$CFLAGS" > /dev/null 2>&1 || fail "the database build failed"

expect "each candidate reported or its rule named" \
"check.c:12 mixed() not reported: 'dev_mixed()' called without '&d->lock' held (held by 4 of 5 callers) (rule: mixed-callers)
check.c:18 unnamed() not reported: 'dev_other()' called without '&o->lock' held (held by 3 of 4 callers) (rule: unnamed-at-call)
check.c:24 reassigned() state: '&d->lock' may name another object now that 'd' changed (rule: release-name-unknown)
check.c:24 reassigned() state: '&d->lock' may name another object now that 'd' changed (rule: name-reassigned)
check.c:25 reassigned() not reported: 'dev_update()' called without '&d->lock' held (held by 3 of 4 callers) (rule: name-reassigned)
check.c:30 unsure() state: '&d->lock' may or may not be held after 'dev_maybe_drop()' (rule: unknown-after-callee)
check.c:31 unsure() not reported: 'dev_update()' called without '&d->lock' held (held by 3 of 4 callers) (rule: not-known-unlocked)
check.c:6 unlocked() warn: 'dev_update()' called without '&d->lock' held (held by 3 of 4 callers)" \
	"$("$SMATCH" --db-file=smatch_db.sqlite --debug=locking $CFLAGS check.c 2>&1)"
expect "--spammy prints the candidates as warnings" \
"check.c:6 unlocked() warn: 'dev_update()' called without '&d->lock' held (held by 3 of 4 callers)
check.c:12 mixed() warn: 'dev_mixed()' called without '&d->lock' held (held by 4 of 5 callers) (rule: mixed-callers)
check.c:18 unnamed() warn: 'dev_other()' called without '&o->lock' held (held by 3 of 4 callers) (rule: unnamed-at-call)
check.c:25 reassigned() warn: 'dev_update()' called without '&d->lock' held (held by 3 of 4 callers) (rule: name-reassigned)
check.c:31 unsure() warn: 'dev_update()' called without '&d->lock' held (held by 3 of 4 callers) (rule: not-known-unlocked)" \
	"$("$SMATCH" --db-file=smatch_db.sqlite --spammy $CFLAGS check.c 2>/dev/null)"
echo ok
