/*
 * Callers holding a lock: those whose arguments rule out the callee's
 * locking branch order nothing (silent), the others are inversions with
 * the opposite orders at the end.
 */
#include "cond.h"

/* silent: reclaim false */
void pool_refill(struct pool *p)
{
	mutex_lock(&p->lock);
	obj_alloc(p->shrinker, 0);
	mutex_unlock(&p->lock);
}

/* reported: reclaim true */
void queue_refill(struct queue *q)
{
	mutex_lock(&q->lock);
	obj_alloc(q->shrinker, 1);
	mutex_unlock(&q->lock);
}

/* silent: no GFP_DIRECT_RECLAIM */
void tx_refill(struct tx *t)
{
	mutex_lock(&t->lock);
	buf_alloc(t->shrinker, GFP_ATOMIC);
	mutex_unlock(&t->lock);
}

/* reported: GFP_KERNEL reclaims */
void rx_refill(struct rx *r)
{
	mutex_lock(&r->lock);
	buf_alloc(r->shrinker, GFP_KERNEL);
	mutex_unlock(&r->lock);
}

/* silent: GFP_ATOMIC passed on as it came by cache_get() */
void ring_refill(struct ring *r)
{
	mutex_lock(&r->lock);
	cache_get(r->shrinker, GFP_ATOMIC);
	mutex_unlock(&r->lock);
}

/* reported: GFP_KERNEL passed on */
void port_refill(struct port *p)
{
	mutex_lock(&p->lock);
	cache_get(p->shrinker, GFP_KERNEL);
	mutex_unlock(&p->lock);
}

/* reported: cache_get_nowarn() changes its gfp before passing it on, which the chain cannot follow */
void slot_refill(struct slot *s)
{
	mutex_lock(&s->lock);
	cache_get_nowarn(s->shrinker, GFP_ATOMIC);
	mutex_unlock(&s->lock);
}

/* silent: no owner */
void bank_open(struct bank *b)
{
	mutex_lock(&b->lock);
	vault_open(b->vault, 0);
	mutex_unlock(&b->lock);
}

/* reported: an owner */
void desk_open(struct desk *d)
{
	mutex_lock(&d->lock);
	vault_open(d->vault, &d->owner);
	mutex_unlock(&d->lock);
}

/* silent: NO_FLUSH */
void meta_reserve(struct meta *m)
{
	mutex_lock(&m->lock);
	reserve(m->space, NO_FLUSH);
	mutex_unlock(&m->lock);
}

/* reported: FLUSH_ALL */
void delayed_reserve(struct delayed *d)
{
	mutex_lock(&d->lock);
	reserve(d->space, FLUSH_ALL);
	mutex_unlock(&d->lock);
}

/* the opposite orders, taken unconditionally */
void shrinker_scan(struct shrinker *s, struct pool *p, struct queue *q, struct tx *t, struct rx *r)
{
	mutex_lock(&s->lock);
	mutex_lock(&p->lock);
	mutex_unlock(&p->lock);
	mutex_lock(&q->lock);
	mutex_unlock(&q->lock);
	mutex_lock(&t->lock);
	mutex_unlock(&t->lock);
	mutex_lock(&r->lock);
	mutex_unlock(&r->lock);
	mutex_unlock(&s->lock);
}

void shrinker_scan_rings(struct shrinker *s, struct ring *r, struct port *p, struct slot *sl)
{
	mutex_lock(&s->lock);
	mutex_lock(&r->lock);
	mutex_unlock(&r->lock);
	mutex_lock(&p->lock);
	mutex_unlock(&p->lock);
	mutex_lock(&sl->lock);
	mutex_unlock(&sl->lock);
	mutex_unlock(&s->lock);
}

void owner_close(struct owner *o, struct bank *b, struct desk *d)
{
	mutex_lock(&o->lock);
	mutex_lock(&b->lock);
	mutex_unlock(&b->lock);
	mutex_lock(&d->lock);
	mutex_unlock(&d->lock);
	mutex_unlock(&o->lock);
}

void space_commit(struct space *sp, struct meta *m, struct delayed *d)
{
	mutex_lock(&sp->lock);
	mutex_lock(&m->lock);
	mutex_unlock(&m->lock);
	mutex_lock(&d->lock);
	mutex_unlock(&d->lock);
	mutex_unlock(&sp->lock);
}
