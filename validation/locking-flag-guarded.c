/*
 * check-name: a lock taken or released under "if (obj->flag)" (a member, a
 * global, a bit), where the flag says who holds it, is a protocol the
 * engine cannot follow: no double lock or unlock, and the return decides
 * nothing.  An error branch under such a test, and a local flag, still warn.
 * check-command: smatch -p=kernel --debug=locking -Ivalidation/include $file 2>&1
 */
#include "locks.h"

struct fs { struct mutex chunk_mutex; struct rw_semaphore flush_lock; struct rw_semaphore in_recovery;
	    unsigned long flags; int bh_rx; };
struct trans { struct fs *fs; int removing_chunk; void *journal; };
int step(struct trans *t);
int test_bit(int nr, unsigned long *addr);
int test_and_clear_bit(int nr, unsigned long *addr);
void set_bit(int nr, unsigned long *addr);

/* btrfs_remove_chunk(): the transaction says whether the chunk mutex is held */
static int remove_chunk(struct trans *trans, struct fs *fs)
{
	int ret;

	mutex_lock(&fs->chunk_mutex);
	trans->removing_chunk = 1;
	ret = step(trans);
	if (ret)
		goto out;
	mutex_unlock(&fs->chunk_mutex);
	trans->removing_chunk = 0;
	ret = step(trans);
out:
	if (trans->removing_chunk) {
		mutex_unlock(&fs->chunk_mutex);
		trans->removing_chunk = 0;
	}
	return ret;
}

/* gfs2: an open transaction holds the flush lock */
static void trans_begin(struct trans *t)
{
	down_read(&t->fs->flush_lock);
	t->journal = t;
}

static void trans_end(struct trans *t)
{
	t->journal = NULL;
	up_read(&t->fs->flush_lock);
}

static int punch(struct trans *t)
{
	int err;

	trans_begin(t);
	err = step(t);
	if (!err)
		trans_end(t);
	if (t->journal)
		trans_end(t);
	return err;
}

/* dlm_recoverd(): bits say whether recovery holds the rwsem */
static int recoverd(struct fs *fs, struct trans *t)
{
	down_write(&fs->in_recovery);
	set_bit(1, &fs->flags);
	while (1) {
		if (step(t))
			break;
		if (test_and_clear_bit(2, &fs->flags)) {
			down_write(&fs->in_recovery);
			set_bit(1, &fs->flags);
		}
	}
	if (test_bit(1, &fs->flags))
		up_write(&fs->in_recovery);
	return 0;
}

/* cw1200_wow_suspend(): the same test on an error path is no protocol */
static int suspend(struct fs *fs, struct trans *t)
{
	mutex_lock(&fs->chunk_mutex);
	step(t);
	mutex_unlock(&fs->chunk_mutex);
	if (fs->bh_rx) {
		mutex_unlock(&fs->chunk_mutex);
		return -11;
	}
	return 0;
}

/* nor is a local flag */
static void local_flag(struct fs *fs, int again)
{
	mutex_lock(&fs->chunk_mutex);
	mutex_unlock(&fs->chunk_mutex);
	if (again)
		mutex_unlock(&fs->chunk_mutex);
}

/*
 * check-output-start
validation/locking-flag-guarded.c:33 remove_chunk() state: '&fs->chunk_mutex' released under a flag in memory (rule: flag-protocol)
validation/locking-flag-guarded.c:43 trans_begin() state: '&t->fs->flush_lock' handed to the caller: stored where the caller sees it (rule: handed-with-object)
validation/locking-flag-guarded.c:49 trans_end() state: '&t->fs->flush_lock' released without being taken: the caller held it (rule: held-on-entry)
validation/locking-flag-guarded.c:56 punch() state: '&t->fs->flush_lock' handed to the caller: a callee said so (rule: handed-with-object)
validation/locking-flag-guarded.c:61 punch() state: '&t->fs->flush_lock' released under a flag in memory (rule: flag-protocol)
validation/locking-flag-guarded.c:61 punch() not reported: double unlock '&t->fs->flush_lock': 'trans_end()' releases it (via trans_end -> up_read) (rule: flag-protocol)
validation/locking-flag-guarded.c:62 punch() not reported: inconsistent returns '&t->fs->flush_lock': locked (line 62), unlocked (line 62) (rule: handed-with-object)
validation/locking-flag-guarded.c:74 recoverd() not reported: double lock '&fs->in_recovery' (locked on line 68) (rule: flag-protocol)
validation/locking-flag-guarded.c:79 recoverd() state: '&fs->in_recovery' released under a flag in memory (rule: flag-protocol)
validation/locking-flag-guarded.c:80 recoverd() not reported: inconsistent returns '&fs->in_recovery': locked (line 80), unlocked (line 80) (rule: flag-protocol)
validation/locking-flag-guarded.c:90 suspend() warn: double unlock '&fs->chunk_mutex' (unlocked on line 88)
validation/locking-flag-guarded.c:102 local_flag() warn: double unlock '&fs->chunk_mutex' (unlocked on line 100)
 * check-output-end
 */
