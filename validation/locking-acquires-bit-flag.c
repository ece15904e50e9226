/*
 * check-name: a callee that takes the lock only under a bit of a flags
 * parameter (`if (flags & RESET_LOCK) mutex_lock()`): a caller holding the
 * lock that passes flags without that bit is silent, even when an earlier
 * test of another bit was on the way; one that passes the bit, or flags it
 * does not know, or passes it through a helper, is a double lock
 */
#include "locks.h"

struct vf { struct mutex cfg_lock; int state; };
#define RESET_NOTIFY 0x2
#define RESET_LOCK 0x4

void reset_vf(struct vf *vf, unsigned int flags)
{
	if (flags & RESET_NOTIFY)
		vf->state = 1;
	if (flags & RESET_LOCK)
		mutex_lock(&vf->cfg_lock);
	vf->state = 0;
	if (flags & RESET_LOCK)
		mutex_unlock(&vf->cfg_lock);
}

void reset_via(struct vf *vf, unsigned int how)
{
	reset_vf(vf, how);
}

void held_without_bit(struct vf *vf)
{
	mutex_lock(&vf->cfg_lock);
	reset_vf(vf, RESET_NOTIFY);
	reset_via(vf, RESET_NOTIFY);
	mutex_unlock(&vf->cfg_lock);
}

void held_with_bit(struct vf *vf)
{
	mutex_lock(&vf->cfg_lock);
	reset_vf(vf, RESET_NOTIFY | RESET_LOCK);
	mutex_unlock(&vf->cfg_lock);
}

void held_through_helper(struct vf *vf)
{
	mutex_lock(&vf->cfg_lock);
	reset_via(vf, RESET_LOCK);
	mutex_unlock(&vf->cfg_lock);
}

void held_flags_unknown(struct vf *vf, unsigned int flags)
{
	mutex_lock(&vf->cfg_lock);
	reset_vf(vf, flags);
	mutex_unlock(&vf->cfg_lock);
}

/*
 * check-output-start
validation/locking-acquires-bit-flag.c:41 held_with_bit() warn: double lock '&vf->cfg_lock': 'reset_vf()' acquires it (via reset_vf -> mutex_lock)
validation/locking-acquires-bit-flag.c:48 held_through_helper() warn: double lock '&vf->cfg_lock': 'reset_via()' acquires it (via reset_via -> reset_vf -> mutex_lock)
validation/locking-acquires-bit-flag.c:55 held_flags_unknown() warn: double lock '&vf->cfg_lock': 'reset_vf()' acquires it (via reset_vf -> mutex_lock)
 * check-output-end
 */
