#!/bin/bash
# A function of another file that releases a lock named through locals
# copying its parameter's member chain ("a = f->area; o = a->priv;
# mutex_unlock(&o->resv->lock)") says so in the database relative to the
# parameter ("&$0->area->priv->resv->lock"), so its callers learn it: one
# that may release it on its RETRY returns (fault_reserved()) makes the
# retry return of a caller that tests RETRY no sure leak; one that always
# releases it (release_reserved()) makes the caller's own unlock a double
# unlock.  Without the chain (the local reassigned first: fault_other())
# the lock is only told by its type and member ("may_unlock_member").
. "$(dirname "$0")/common.bash"

mkdir "$tmp/chain" && cd "$tmp/chain"
cat > fault.h <<'H'
#include "locks.h"
#define RETRY 0x400
#define NOWAIT 0x2
struct resv { struct mutex lock; };
struct obj { struct resv *resv; };
struct area { struct obj *priv; };
struct fault { struct area *area; unsigned int flags; };
int busy(struct obj *o);
struct obj *next_obj(struct obj *o);
int fault_reserved(struct fault *f);
int fault_other(struct fault *f);
void release_reserved(struct fault *f);
H
cat > ttm.c <<'C'
#include "fault.h"
static int fault_idle(struct obj *o, struct fault *f)
{
	if (!busy(o))
		return 0;
	if (f->flags & NOWAIT)
		return RETRY;
	mutex_unlock(&o->resv->lock);
	return RETRY;
}
int fault_reserved(struct fault *f)
{
	struct area *a = f->area;
	struct obj *o = a->priv;

	return fault_idle(o, f);
}
int fault_other(struct fault *f)
{
	struct obj *o = f->area->priv;

	o = next_obj(o);
	return fault_idle(o, f);
}
void release_reserved(struct fault *f)
{
	struct area *a = f->area;
	struct obj *o = a->priv;

	mutex_unlock(&o->resv->lock);
}
C
cat > drv.c <<'C'
#include "fault.h"
int drv_fault(struct fault *f)
{
	struct obj *o = f->area->priv;
	int ret;

	if (!mutex_trylock(&o->resv->lock))
		return RETRY;
	ret = fault_reserved(f);
	if (ret == RETRY && !(f->flags & NOWAIT))
		return ret;
	mutex_unlock(&o->resv->lock);
	return ret;
}
int drv_release_twice(struct fault *f)
{
	struct obj *o = f->area->priv;

	mutex_lock(&o->resv->lock);
	release_reserved(f);
	mutex_unlock(&o->resv->lock);
	return 0;
}
C
FILES="ttm.c drv.c"
build_db > /dev/null 2>&1
T=$(printf '\t')
expect "the chain's lock is named relative to the parameter" "fault_other${T}may_unlock_member${T}&o->resv->lock
fault_reserved${T}unknown_lock${T}&\$0->area->priv->resv->lock
release_reserved${T}unlock${T}&\$0->area->priv->resv->lock" \
	"$(smdb sql "SELECT DISTINCT r.function, i.type, i.name FROM return_items i
		JOIN return_states r ON r.id = i.return_id WHERE i.key = 'struct resv.lock'
		AND r.function IN ('fault_reserved', 'fault_other', 'release_reserved') ORDER BY 1" | tail -n +2)"
expect "with the database" "drv.c:21 drv_release_twice() warn: double unlock '&o->resv->lock' (unlocked on line 20)" \
	"$("$SMATCH" $CFLAGS drv.c 2>/dev/null)"
echo ok
