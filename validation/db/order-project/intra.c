/* Inversions and look-alikes inside single functions. */
#include "order.h"

/* cfg then stats here, stats then cfg below: warned. */
void cfg_update(struct cfg *c, struct stats *s)
{
	spin_lock(&c->lock);
	spin_lock(&s->lock);
	spin_unlock(&s->lock);
	spin_unlock(&c->lock);
}

void stats_update(struct cfg *c, struct stats *s)
{
	spin_lock(&s->lock);
	spin_lock(&c->lock);
	spin_unlock(&c->lock);
	spin_unlock(&s->lock);
}

/* Silent: pool then queue everywhere, here and through a call. */
static void queue_add(struct queue *q)
{
	mutex_lock(&q->lock);
	mutex_unlock(&q->lock);
}

void pool_fill(struct pool *p, struct queue *q)
{
	mutex_lock(&p->lock);
	mutex_lock(&q->lock);
	mutex_unlock(&q->lock);
	mutex_unlock(&p->lock);
}

void pool_refill(struct pool *p, struct queue *q)
{
	mutex_lock(&p->lock);
	queue_add(q);
	mutex_unlock(&p->lock);
}

/* Silent: the tree taken after the leaf only with a _nested annotation. */
void tree_walk(struct tree *t, struct leaf *l)
{
	mutex_lock(&t->lock);
	mutex_lock(&l->lock);
	mutex_unlock(&l->lock);
	mutex_unlock(&t->lock);
}

void leaf_walk(struct tree *t, struct leaf *l)
{
	mutex_lock(&l->lock);
	mutex_lock_nested(&t->lock, 1);
	mutex_unlock(&t->lock);
	mutex_unlock(&l->lock);
}

/* Silent: rcu is a recursive kind: it orders nothing either way. */
void log_read(struct log *g)
{
	rcu_read_lock();
	mutex_lock(&g->lock);
	mutex_unlock(&g->lock);
	rcu_read_unlock();
}

void log_write(struct log *g)
{
	mutex_lock(&g->lock);
	rcu_read_lock();
	rcu_read_unlock();
	mutex_unlock(&g->lock);
}

/* Silent: the table is only tried while the cache is held. */
void cache_evict(struct cache *c, struct table *t)
{
	spin_lock(&c->lock);
	if (spin_trylock(&t->lock))
		spin_unlock(&t->lock);
	spin_unlock(&c->lock);
}

void table_resize(struct cache *c, struct table *t)
{
	spin_lock(&t->lock);
	spin_lock(&c->lock);
	spin_unlock(&c->lock);
	spin_unlock(&t->lock);
}

/* Silent: the wheel is released before the spoke is taken. */
void wheel_turn(struct wheel *w, struct spoke *s)
{
	mutex_lock(&w->lock);
	mutex_unlock(&w->lock);
	mutex_lock(&s->lock);
	mutex_unlock(&s->lock);
}

void spoke_turn(struct wheel *w, struct spoke *s)
{
	mutex_lock(&s->lock);
	mutex_lock(&w->lock);
	mutex_unlock(&w->lock);
	mutex_unlock(&s->lock);
}

/* Silent: the tree taken after the leaf through a helper that says _nested. */
void leaf_walk_helper(struct tree *t, struct leaf *l)
{
	mutex_lock(&l->lock);
	tree_lock_nested(t);
	mutex_unlock(&t->lock);
	mutex_unlock(&l->lock);
}

/* Silent: "m" is a parameter: another mutex in each function. */
void pool_hold(struct mutex *m, struct pool *p)
{
	mutex_lock(m);
	mutex_lock(&p->lock);
	mutex_unlock(&p->lock);
	mutex_unlock(m);
}

void pool_inner(struct mutex *m, struct pool *p)
{
	mutex_lock(&p->lock);
	mutex_lock(m);
	mutex_unlock(m);
	mutex_unlock(&p->lock);
}

/* Silent: the spoke taken after the wheel by a _nested macro (spoke_turn has the other order). */
void wheel_spin(struct wheel *w, struct spoke *s)
{
	mutex_lock(&w->lock);
	spoke_lock_nested(&s->lock, 1);
	mutex_unlock(&s->lock);
	mutex_unlock(&w->lock);
}
