#!/bin/bash
# Acquisitions under a condition on the parameters, through the database:
# a bit of a flags parameter (ice_reset_vf()'s `flags & ICE_VF_RESET_LOCK`)
# and a member of what a parameter points to (f2fs_write_checkpoint()'s
# `cpc->reason != CP_RESIZE`, reached through a helper of another file
# whose local struct sets it).  The callers holding the lock whose
# arguments make the condition false are silent; those that make it true
# are double locks; a member the call does not decide stays "some paths".
. "$(dirname "$0")/common.bash"

mkdir "$tmp/acq-cond" && cd "$tmp/acq-cond"
cat > dev.h <<'H'
#include "locks.h"
#define RESET_NOTIFY 0x2
#define RESET_LOCK 0x4
#define CP_PAUSE 0x40
#define CP_RESIZE 0x80
struct vf { struct mutex cfg_lock; int state; };
struct sbi { struct mutex cp_sem; int dirty; };
struct cp_control { int reason; int trim; };
void reset_vf(struct vf *vf, unsigned int flags);
int write_checkpoint(struct sbi *sbi, struct cp_control *cpc);
int free_range(struct sbi *sbi);
H
cat > lib.c <<'C'
#include "dev.h"
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
int write_checkpoint(struct sbi *sbi, struct cp_control *cpc)
{
	if (cpc->reason != CP_RESIZE)
		mutex_lock(&sbi->cp_sem);
	sbi->dirty = 0;
	if (cpc->reason != CP_RESIZE)
		mutex_unlock(&sbi->cp_sem);
	return 0;
}
C
cat > gc.c <<'C'
#include "dev.h"
int free_range(struct sbi *sbi)
{
	struct cp_control cpc = { CP_RESIZE, 0 };

	return write_checkpoint(sbi, &cpc);
}
C
cat > user.c <<'C'
#include "dev.h"
void vf_notify(struct vf *vf)
{
	mutex_lock(&vf->cfg_lock);
	reset_vf(vf, RESET_NOTIFY);
	mutex_unlock(&vf->cfg_lock);
}
void vf_relock(struct vf *vf)
{
	mutex_lock(&vf->cfg_lock);
	reset_vf(vf, RESET_NOTIFY | RESET_LOCK);
	mutex_unlock(&vf->cfg_lock);
}
/* callers without the lock: the callees do not start with it held */
void vf_plain(struct vf *vf)
{
	reset_vf(vf, RESET_LOCK);
}
int sync_plain(struct sbi *sbi, struct cp_control *cpc)
{
	return write_checkpoint(sbi, cpc);
}
int resize(struct sbi *sbi)
{
	int err;

	mutex_lock(&sbi->cp_sem);
	err = free_range(sbi);
	mutex_unlock(&sbi->cp_sem);
	return err;
}
int pause_held(struct sbi *sbi)
{
	struct cp_control cpc = { CP_PAUSE, 0 };
	int err;

	mutex_lock(&sbi->cp_sem);
	err = write_checkpoint(sbi, &cpc);
	mutex_unlock(&sbi->cp_sem);
	return err;
}
int unknown_held(struct sbi *sbi, struct cp_control *cpc)
{
	int err;

	mutex_lock(&sbi->cp_sem);
	err = write_checkpoint(sbi, cpc);
	mutex_unlock(&sbi->cp_sem);
	return err;
}
C
FILES="lib.c gc.c user.c"
build_db > /dev/null 2>&1
T=$(printf '\t')
expect "the conditions in the database" "reset_vf${T}mutex;\$1&0x4
write_checkpoint${T}mutex;\$1->reason=(-2147483648)-127,129-2147483647" \
	"$(smdb sql "SELECT r.function, i.value FROM return_items i JOIN return_states r ON r.id = i.return_id
		WHERE i.type = 'acquires' AND r.function IN ('reset_vf', 'write_checkpoint')" | tail -n +2 | sort -u)"
expect "free_range() passes CP_RESIZE: it takes nothing" "" \
	"$(smdb sql "SELECT i.value FROM return_items i JOIN return_states r ON r.id = i.return_id
		WHERE i.type = 'acquires' AND r.function = 'free_range'" | tail -n +2)"
expect "the callers" "user.c:11 vf_relock() warn: double lock '&vf->cfg_lock': 'reset_vf()' acquires it (via reset_vf -> mutex_lock)
user.c:38 pause_held() warn: double lock '&sbi->cp_sem': 'write_checkpoint()' acquires it (via write_checkpoint -> mutex_lock)
user.c:47 unknown_held() not reported: double lock '&sbi->cp_sem': 'write_checkpoint()' acquires it (via write_checkpoint -> mutex_lock) (rule: callee-some-returns)" \
	"$("$SMATCH" $CFLAGS -Wno-decl --debug=locking user.c 2>&1 | grep -v ' state: \|callee-changes-lock' | sort)"
echo ok
