/* Helpers that take a lock of another type, then one of their caller's type (inode.c). */
#include "order.h"

/* the super, then (under it) an inode: called by inode_rename() with an inode held */
void super_sync(struct super *s, struct inode *i)
{
	mutex_lock(&s->lock);
	mutex_lock(&i->lock);
	mutex_unlock(&i->lock);
	mutex_unlock(&s->lock);
}

/* the ring: ra then rb (ring_ab), rb then rc (ring_bc), rc then ra (ring_ca) */
void rb_take(struct rb *b)
{
	mutex_lock(&b->lock);
	mutex_unlock(&b->lock);
}

void ra_take(struct ra *a)
{
	mutex_lock(&a->lock);
	mutex_unlock(&a->lock);
}

/* two rqs in address order (as double_rq_lock()): the order of the pair is by design */
void rq_pair_lock(struct rq *a, struct rq *b)
{
	if (a < b) {
		mutex_lock(&a->lock);
		mutex_lock_nested(&b->lock, 1);
	} else {
		mutex_lock(&b->lock);
		mutex_lock_nested(&a->lock, 1);
	}
}

/* Silent: the fs of a journal has a lockdep class of its own (fs_init_journalled()) */
void journal_commit(struct journal *j, struct fs *f)
{
	spin_lock(&j->lock);
	spin_lock(&f->lock);
	spin_unlock(&f->lock);
	spin_unlock(&j->lock);
}
