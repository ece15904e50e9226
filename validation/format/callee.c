/*
 * The input of the validation/format-callee-*.c tests: a double lock and a
 * double unlock done by callees, and the look-alike of a callee that takes
 * the lock on some returns only.
 */
#include "locks.h"

struct port { spinlock_t lock; int open; };

static void port_hold(struct port *p) { spin_lock(&p->lock); }
static void port_release(struct port *p) { spin_unlock(&p->lock); }
static void port_open(struct port *p) { port_hold(p); p->open = 1; }
static int port_try(struct port *p) { if (p->open) return -1; spin_lock(&p->lock); return 0; }

static void reopen(struct port *p)
{
	spin_lock(&p->lock);
	p->open = 0;
	port_open(p);
	spin_unlock(&p->lock);
}

static void close_twice(struct port *p)
{
	port_hold(p);
	port_release(p);
	port_release(p);
}

static void try_again(struct port *p)
{
	spin_lock(&p->lock);
	port_try(p);
	spin_unlock(&p->lock);
}

/* port_open() is called without the lock too: it starts without it */
static void open_unlocked(struct port *p)
{
	port_open(p);
	spin_unlock(&p->lock);
}
