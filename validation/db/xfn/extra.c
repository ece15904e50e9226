/* Checked with the database, not part of it: its calls are not counted. */
#include "xfn.h"

void extra_bad(struct dev *q)
{
	mutex_lock(&q->lock);
	mutex_unlock(&q->lock);
	dev_poll_locked(q);
}

/* another object's lock was released: nothing is known of q's */
void extra_other(struct dev *q)
{
	mutex_lock(&q->parent->lock);
	mutex_unlock(&q->parent->lock);
	dev_poll_locked(q);
}

/* the caller's own callers hold it: it was held on entry */
void extra_drops(struct dev *q)
{
	mutex_unlock(&q->lock);
	dev_poll_locked(q);
	mutex_lock(&q->lock);
}

/* it never touches the lock, and nothing calls it: reported */
void extra_unknown(struct dev *q)
{
	dev_poll_locked(q);
}

void extra_held(struct dev *q)
{
	mutex_lock(&q->lock);
	dev_poll_locked(q);
	mutex_unlock(&q->lock);
}
