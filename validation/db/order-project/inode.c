/* Lock order through callees that also take a lock of the held type (super.c). */
#include "order.h"

/* an inode, then (in super_sync) the super and another inode: the super then an inode is the other order */
void inode_rename(struct inode *i, struct super *s, struct inode *other)
{
	mutex_lock(&i->lock);
	super_sync(s, other);
	mutex_unlock(&i->lock);
}

/* ra then rb: one edge of a three-lock cycle */
void ring_ab(struct ra *a, struct rb *b)
{
	mutex_lock(&a->lock);
	rb_take(b);
	mutex_unlock(&a->lock);
}

void ring_bc(struct rb *b, struct rc *c)
{
	mutex_lock(&b->lock);
	mutex_lock(&c->lock);
	mutex_unlock(&c->lock);
	mutex_unlock(&b->lock);
}

void ring_ca(struct rc *c, struct ra *a)
{
	mutex_lock(&c->lock);
	ra_take(a);
	mutex_unlock(&c->lock);
}

/* Silent: two rqs taken in address order under the task: the task then an rq is
 * one order, and an rq then another is the parent/child exclusion, not a cycle. */
void task_move(struct task *t, struct rq *a, struct rq *b)
{
	mutex_lock(&t->lock);
	rq_pair_lock(a, b);
	mutex_unlock(&b->lock);
	mutex_unlock(&a->lock);
	mutex_unlock(&t->lock);
}

static struct lock_class_key journalled_fs_key;

void fs_init_journalled(struct fs *f)
{
	lockdep_set_class(&f->lock, &journalled_fs_key);
}

/* an fs (of the other class), then (in journal_commit) the journal, and another fs */
void fs_sync(struct fs *f, struct journal *j, struct fs *journalled)
{
	spin_lock(&f->lock);
	journal_commit(j, journalled);
	spin_unlock(&f->lock);
}
