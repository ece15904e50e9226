/*
 * check-name: a callee's lock named through locals that copy a
 * parameter's member chain ("a = f->area; o = a->priv; unlock(&o->lock)")
 * is the parameter's lock for the callers ("&$0->area->priv->lock"): a
 * retry return on which the callee may have released it is no sure
 * "held"; not once a local of the chain is reassigned, nor when the
 * caller forgets the unlock on a path the callee did not release it on
 */
#include "locks.h"

#define RETRY 0x400
#define NOWAIT 0x2

struct resv { struct mutex lock; };
struct obj { struct resv *resv; };
struct area { struct obj *priv; };
struct fault { struct area *area; unsigned int flags; };

int busy(struct obj *o);
struct obj *next_obj(struct obj *o);

/* may release the object's lock when it returns RETRY */
static int fault_idle(struct obj *o, struct fault *f)
{
	if (!busy(o))
		return 0;
	if (f->flags & NOWAIT)
		return RETRY;
	mutex_unlock(&o->resv->lock);
	return RETRY;
}

static int fault_reserved(struct fault *f)
{
	struct area *a = f->area;
	struct obj *o = a->priv;
	int ret;

	ret = fault_idle(o, f);
	if (ret)
		return ret;
	return 0;
}

/* always releases it, through the same chain */
static void release_reserved(struct fault *f)
{
	struct area *a = f->area;
	struct obj *o = a->priv;

	mutex_unlock(&o->resv->lock);
}

/* silent: on RETRY without NOWAIT the callee may have released it */
int handle_fault(struct fault *f)
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

/* warns: the error return keeps the lock */
int handle_fault_leak(struct fault *f)
{
	struct obj *o = f->area->priv;
	int ret;

	if (!mutex_trylock(&o->resv->lock))
		return RETRY;
	ret = fault_reserved(f);
	if (ret == RETRY && !(f->flags & NOWAIT))
		return ret;
	if (f->flags & 1)
		return -5;
	mutex_unlock(&o->resv->lock);
	return ret;
}

/* warns: release_reserved() released it already */
int release_twice(struct fault *f)
{
	struct obj *o = f->area->priv;

	mutex_lock(&o->resv->lock);
	release_reserved(f);
	mutex_unlock(&o->resv->lock);
	return 0;
}

/*
 * check-output-start
validation/locking-local-copy.c:81 handle_fault_leak() warn: inconsistent returns '&o->resv->lock': locked (line 81), unlocked (lines 76,83)
validation/locking-local-copy.c:93 release_twice() warn: double unlock '&o->resv->lock' (unlocked on line 92)
 * check-output-end
 */
