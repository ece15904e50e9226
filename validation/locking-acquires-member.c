/*
 * check-name: a callee that takes the lock only under a test of a member
 * of what a parameter points to (`if (cpc->reason != CP_RESIZE)
 * mutex_lock()`): a caller holding the lock whose argument's member makes
 * the test false is silent (a local initialised or assigned, directly or
 * through a helper that passes it on); one whose member makes it true is a
 * double lock.  A member the call does not decide leaves the lock taken on
 * some paths, as before (rule callee-some-returns); so does a callee that
 * writes the member before its test, or passes its pointer to a call
 * check-command: smatch -p=kernel --debug=locking -Wno-decl -Ivalidation/include $file 2>&1
 */
#include "locks.h"

#define CP_PAUSE 0x40
#define CP_RESIZE 0x80
struct sbi { struct mutex cp_sem; int dirty; };
struct cp_control { int reason; int trim; };
void prepare_reason(int *reason);

int write_checkpoint(struct sbi *sbi, struct cp_control *cpc)
{
	if (sbi->dirty && cpc->reason != CP_PAUSE)
		return 0;
	if (cpc->reason != CP_RESIZE)
		mutex_lock(&sbi->cp_sem);
	sbi->dirty = 0;
	if (cpc->reason != CP_RESIZE)
		mutex_unlock(&sbi->cp_sem);
	return 0;
}

int checkpoint_via(struct sbi *sbi, struct cp_control *cpc)
{
	return write_checkpoint(sbi, cpc);
}

int free_range(struct sbi *sbi)
{
	struct cp_control cpc = { CP_RESIZE, 0 };

	return checkpoint_via(sbi, &cpc);
}

int resize(struct sbi *sbi)
{
	struct cp_control cpc;
	int err;

	cpc.reason = CP_RESIZE;
	mutex_lock(&sbi->cp_sem);
	err = write_checkpoint(sbi, &cpc);
	err |= free_range(sbi);
	mutex_unlock(&sbi->cp_sem);
	return err;
}

int pause_held(struct sbi *sbi)
{
	struct cp_control cpc = { .reason = CP_PAUSE };
	int err;

	mutex_lock(&sbi->cp_sem);
	err = checkpoint_via(sbi, &cpc);
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

void take_unless_resize_written(struct sbi *sbi, struct cp_control *cpc)
{
	cpc->reason = cpc->trim;
	if (cpc->reason != CP_RESIZE)
		mutex_lock(&sbi->cp_sem);
}

void take_unless_resize_prepared(struct sbi *sbi, struct cp_control *cpc)
{
	prepare_reason(&cpc->reason);
	if (cpc->reason != CP_RESIZE)
		mutex_lock(&sbi->cp_sem);
}

void written_held(struct sbi *sbi)
{
	struct cp_control cpc = { CP_RESIZE, 0 };

	mutex_lock(&sbi->cp_sem);
	take_unless_resize_written(sbi, &cpc);
}

void prepared_held(struct sbi *sbi)
{
	struct cp_control cpc = { CP_RESIZE, 0 };

	mutex_lock(&sbi->cp_sem);
	take_unless_resize_prepared(sbi, &cpc);
}

/*
 * check-output-start
validation/locking-acquires-member.c:73 unknown_held() not reported: double lock '&sbi->cp_sem': 'write_checkpoint()' acquires it (via write_checkpoint -> mutex_lock) (rule: callee-some-returns)
validation/locking-acquires-member.c:83 take_unless_resize_written() not reported: inconsistent returns '&sbi->cp_sem': locked (line 83), unlocked (line 83) (rule: locks-for-caller)
validation/locking-acquires-member.c:90 take_unless_resize_prepared() not reported: inconsistent returns '&sbi->cp_sem': locked (line 90), unlocked (line 90) (rule: locks-for-caller)
validation/locking-acquires-member.c:97 written_held() not reported: double lock '&sbi->cp_sem': 'take_unless_resize_written()' acquires it (via take_unless_resize_written -> mutex_lock) (rule: callee-some-returns)
validation/locking-acquires-member.c:97 written_held() state: '&sbi->cp_sem' may or may not be held after 'take_unless_resize_written()' (rule: unknown-after-callee)
validation/locking-acquires-member.c:105 prepared_held() not reported: double lock '&sbi->cp_sem': 'take_unless_resize_prepared()' acquires it (via take_unless_resize_prepared -> mutex_lock) (rule: callee-some-returns)
validation/locking-acquires-member.c:105 prepared_held() state: '&sbi->cp_sem' may or may not be held after 'take_unless_resize_prepared()' (rule: unknown-after-callee)
validation/locking-acquires-member.c:63 pause_held() warn: double lock '&sbi->cp_sem': 'checkpoint_via()' acquires it (via checkpoint_via -> write_checkpoint -> mutex_lock)
 * check-output-end
 */
