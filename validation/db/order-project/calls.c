/* Look-alikes across calls: a callee that drops the held lock, a function pointer. */
#include "order.h"

/* Silent: called with the port held, it drops it before taking the link. */
static void port_wait(struct port *p, struct link *l)
{
	mutex_unlock(&p->lock);
	mutex_lock(&l->lock);
	mutex_unlock(&l->lock);
	mutex_lock(&p->lock);
}

void port_send(struct port *p, struct link *l)
{
	mutex_lock(&p->lock);
	port_wait(p, l);
	mutex_unlock(&p->lock);
}

void link_reset(struct port *p, struct link *l)
{
	mutex_lock(&l->lock);
	mutex_lock(&p->lock);
	mutex_unlock(&p->lock);
	mutex_unlock(&l->lock);
}

/* Silent: calls through function pointers are not followed (port, then link). */
static void link_poke(struct link *l)
{
	mutex_lock(&l->lock);
	mutex_unlock(&l->lock);
}

void port_ping(struct port *p, struct link *l)
{
	p->poke = link_poke;
	mutex_lock(&p->lock);
	p->poke(l);
	mutex_unlock(&p->lock);
}
