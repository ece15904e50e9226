/*
 * check-name: a callee's condition on a member of what a parameter points
 * to, carried to the callers only while the member is what they passed.
 * The lock call itself does not count as changing its object's members
 * (`if (d->mode != 1) mutex_lock(&d->lock)`: a caller with mode 1 is
 * silent, one with mode 0 a double lock).  A function that writes the
 * member before passing the pointer on does not carry it (the callee then
 * takes the lock on some paths: rule callee-some-returns, whatever the
 * caller's member).  A struct passed by value and handed on by address
 * carries its member (".reason") through the summary as "->" members do
 * check-command: smatch -p=kernel --debug=locking -Wno-decl -Ivalidation/include $file 2>&1
 */
#include "locks.h"

#define CP_PAUSE 0x40
#define CP_RESIZE 0x80
struct dev { struct mutex lock; int mode; };
struct sbi { struct mutex cp_sem; int dirty; };
struct cp_control { int reason; int trim; };

void take_unless_mode_one(struct dev *d)
{
	if (d->mode != 1)
		mutex_lock(&d->lock);
}

void mode_one_held(struct dev *d)
{
	d->mode = 1;
	mutex_lock(&d->lock);
	take_unless_mode_one(d);
}

void mode_zero_held(struct dev *d)
{
	d->mode = 0;
	mutex_lock(&d->lock);
	take_unless_mode_one(d);
}

void write_checkpoint(struct sbi *sbi, struct cp_control *cpc)
{
	if (cpc->reason != CP_RESIZE)
		mutex_lock(&sbi->cp_sem);
}

void checkpoint_as(struct sbi *sbi, struct cp_control *cpc, int reason)
{
	cpc->reason = reason;
	write_checkpoint(sbi, cpc);
}

void resize_as_pause_held(struct sbi *sbi)
{
	struct cp_control cpc = { CP_RESIZE, 0 };

	mutex_lock(&sbi->cp_sem);
	checkpoint_as(sbi, &cpc, CP_PAUSE);
}

void pause_as_resize_held(struct sbi *sbi)
{
	struct cp_control cpc = { CP_PAUSE, 0 };

	mutex_lock(&sbi->cp_sem);
	checkpoint_as(sbi, &cpc, CP_RESIZE);
}

void checkpoint_copy(struct sbi *sbi, struct cp_control cpc)
{
	write_checkpoint(sbi, &cpc);
}

void resize_copy_held(struct sbi *sbi)
{
	struct cp_control cpc = { CP_RESIZE, 0 };

	mutex_lock(&sbi->cp_sem);
	checkpoint_copy(sbi, cpc);
}

void pause_copy_held(struct sbi *sbi)
{
	struct cp_control cpc = { CP_PAUSE, 0 };

	mutex_lock(&sbi->cp_sem);
	checkpoint_copy(sbi, cpc);
}

/*
 * check-output-start
validation/locking-acquires-member-passed.c:25 take_unless_mode_one() not reported: inconsistent returns '&d->lock': locked (line 25), unlocked (line 25) (rule: locks-for-caller)
validation/locking-acquires-member-passed.c:31 mode_one_held() state: '&d->lock' may or may not be held after 'take_unless_mode_one()' (rule: unknown-after-callee)
validation/locking-acquires-member-passed.c:38 mode_zero_held() state: '&d->lock' may or may not be held after 'take_unless_mode_one()' (rule: unknown-after-callee)
validation/locking-acquires-member-passed.c:45 write_checkpoint() not reported: inconsistent returns '&sbi->cp_sem': locked (line 45), unlocked (line 45) (rule: locks-for-caller)
validation/locking-acquires-member-passed.c:50 checkpoint_as() state: '&sbi->cp_sem' may or may not be held after 'write_checkpoint()' (rule: unknown-after-callee)
validation/locking-acquires-member-passed.c:58 resize_as_pause_held() not reported: double lock '&sbi->cp_sem': 'checkpoint_as()' acquires it (via checkpoint_as -> write_checkpoint -> mutex_lock) (rule: callee-some-returns)
validation/locking-acquires-member-passed.c:58 resize_as_pause_held() state: '&sbi->cp_sem' may or may not be held after 'checkpoint_as()' (rule: unknown-after-callee)
validation/locking-acquires-member-passed.c:66 pause_as_resize_held() not reported: double lock '&sbi->cp_sem': 'checkpoint_as()' acquires it (via checkpoint_as -> write_checkpoint -> mutex_lock) (rule: callee-some-returns)
validation/locking-acquires-member-passed.c:66 pause_as_resize_held() state: '&sbi->cp_sem' may or may not be held after 'checkpoint_as()' (rule: unknown-after-callee)
validation/locking-acquires-member-passed.c:71 checkpoint_copy() state: '&sbi->cp_sem' may or may not be held after 'write_checkpoint()' (rule: unknown-after-callee)
validation/locking-acquires-member-passed.c:79 resize_copy_held() state: '&sbi->cp_sem' may or may not be held after 'checkpoint_copy()' (rule: unknown-after-callee)
validation/locking-acquires-member-passed.c:87 pause_copy_held() state: '&sbi->cp_sem' may or may not be held after 'checkpoint_copy()' (rule: unknown-after-callee)
validation/locking-acquires-member-passed.c:38 mode_zero_held() warn: double lock '&d->lock': 'take_unless_mode_one()' acquires it (via take_unless_mode_one -> mutex_lock)
validation/locking-acquires-member-passed.c:87 pause_copy_held() warn: double lock '&sbi->cp_sem': 'checkpoint_copy()' acquires it (via checkpoint_copy -> write_checkpoint -> mutex_lock)
 * check-output-end
 */
