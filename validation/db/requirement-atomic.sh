#!/bin/bash
# Lock requirements of a callee that touches memory only atomically
# ("atomic_only": atomic_inc() of a member, or a call of such a function):
# it needs no lock for what it touches, so a call without the lock its
# callers hold is not reported (rule atomic-only-callee).  Its look-alikes
# are reported: one that also writes a member plainly, one that calls a
# function of unknown effects, one that reads a global.
. "$(dirname "$0")/common.bash"

mkdir "$tmp/atomic" && cd "$tmp/atomic"
cat > dev.h <<'C'
#include "locks.h"
typedef struct { int counter; } atomic_t;
void atomic_inc(atomic_t *v);
struct dev { struct mutex lock; atomic_t frozen; int n; };
extern int dev_debug;
void dev_freeze(struct dev *d);
void dev_freeze_via(struct dev *d);
void dev_freeze_count(struct dev *d);
void dev_freeze_notify(struct dev *d);
void dev_freeze_debug(struct dev *d);
void notify(struct dev *d);
C
cat > dev.c <<'C'
#include "dev.h"
void dev_freeze(struct dev *d) { atomic_inc(&d->frozen); }
void dev_freeze_via(struct dev *d) { dev_freeze(d); }
void dev_freeze_count(struct dev *d) { atomic_inc(&d->frozen); d->n++; }
void dev_freeze_notify(struct dev *d) { atomic_inc(&d->frozen); notify(d); }
void dev_freeze_debug(struct dev *d) { if (dev_debug) atomic_inc(&d->frozen); }
C
cat > callers.c <<'C'
#include "dev.h"
#define CALLER(name)			\
void name(struct dev *d)		\
{					\
	mutex_lock(&d->lock);		\
	dev_freeze(d);			\
	dev_freeze_via(d);		\
	dev_freeze_count(d);		\
	dev_freeze_notify(d);		\
	dev_freeze_debug(d);		\
	mutex_unlock(&d->lock);		\
}
CALLER(c1)
CALLER(c2)
CALLER(c3)
C
cat > check.c <<'C'
#include "dev.h"
void unlocked(struct dev *d)
{
	mutex_lock(&d->lock);
	mutex_unlock(&d->lock);
	dev_freeze(d);
	dev_freeze_via(d);
	dev_freeze_count(d);
	dev_freeze_notify(d);
	dev_freeze_debug(d);
}
C
"$build" --files "dev.c callers.c" --cflags "$CFLAGS" > /dev/null 2>&1 || fail "the database build failed"

expect "atomic_only items" \
"dev_freeze
dev_freeze_via" \
	"$(smdb sql "SELECT DISTINCT r.function FROM return_states r JOIN return_items i ON i.return_id = r.id WHERE i.type = 'atomic_only' ORDER BY 1" | tail -n +2)"
expect "warnings" \
"check.c:8 unlocked() warn: 'dev_freeze_count()' called without '&d->lock' held (held by 3 of 4 callers)
check.c:9 unlocked() warn: 'dev_freeze_notify()' called without '&d->lock' held (held by 3 of 4 callers)
check.c:10 unlocked() warn: 'dev_freeze_debug()' called without '&d->lock' held (held by 3 of 4 callers)" \
	"$("$SMATCH" --db-file=smatch_db.sqlite $CFLAGS check.c 2>/dev/null)"
expect "the rule of the silent ones" \
"check.c:6 unlocked() not reported: 'dev_freeze()' called without '&d->lock' held (held by 4 of 5 callers) (rule: atomic-only-callee)
check.c:7 unlocked() not reported: 'dev_freeze_via()' called without '&d->lock' held (held by 3 of 4 callers) (rule: atomic-only-callee)" \
	"$("$SMATCH" --db-file=smatch_db.sqlite --debug=locking $CFLAGS check.c 2>&1 >/dev/null | grep 'not reported')"
echo ok
