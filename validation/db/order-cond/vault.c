/* The owner's lock is taken only for an owner given; a space flushed only when asked. */
#include "cond.h"

void vault_open(struct vault *v, struct owner *o)
{
	if (o)
		mutex_lock(&o->lock);
	v->open = 1;
	if (o)
		mutex_unlock(&o->lock);
}

static void flush_space(struct space *sp)
{
	mutex_lock(&sp->lock);
	mutex_unlock(&sp->lock);
}

int reserve(struct space *sp, enum flush flush)
{
	if (flush == NO_FLUSH)
		return -11;
	flush_space(sp);
	return 0;
}
