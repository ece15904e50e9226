/*
 * check-name: a lock taken or released under "if (obj->flag)" (a member, a
 * global, a bit), where the flag says who holds it, is a protocol the
 * engine cannot follow: no double lock or unlock, and the return decides
 * nothing.  An error branch under such a test, and a local flag, still warn.
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
validation/locking-flag-guarded.c:89 suspend() warn: double unlock '&fs->chunk_mutex' (unlocked on line 87)
validation/locking-flag-guarded.c:101 local_flag() warn: double unlock '&fs->chunk_mutex' (unlocked on line 99)
 * check-output-end
 */
