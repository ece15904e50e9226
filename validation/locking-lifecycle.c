/*
 * check-name: kernel lock lifecycle: mutex_destroy() of a held mutex, a
 * destroyed mutex taken again, spin_lock_init() of a held spinlock (an
 * assignment without lock debugging), per object
 */
#include "locks.h"

void mutex_destroy(struct mutex *m);
void __mutex_init(struct mutex *m, const char *name, void *key);
#define mutex_init(m) __mutex_init((m), #m, 0)
/* spin_lock_init() without CONFIG_DEBUG_SPINLOCK */
#define spin_lock_init(l) do { spinlock_check(l); *(l) = (spinlock_t){ 0 }; } while (0)

struct sk_buff_head { spinlock_t lock; int qlen; };
struct dev { struct mutex lock; struct sk_buff_head q[2]; };

static void teardown_held(struct dev *d)
{
	mutex_lock(&d->lock);
	mutex_destroy(&d->lock);		/* warn */
}

static void teardown(struct dev *d)
{
	mutex_lock(&d->lock);
	mutex_unlock(&d->lock);
	mutex_destroy(&d->lock);		/* silent */
}

static void restart(struct dev *d)
{
	mutex_destroy(&d->lock);
	mutex_lock(&d->lock);			/* warn */
	mutex_unlock(&d->lock);
}

static void restart_init(struct dev *d)
{
	mutex_destroy(&d->lock);
	mutex_init(&d->lock);
	mutex_lock(&d->lock);			/* silent */
	mutex_unlock(&d->lock);
}

static void queue_reinit(struct sk_buff_head *list)
{
	spin_lock(&list->lock);
	spin_lock_init(&list->lock);		/* warn */
	spin_unlock(&list->lock);
}

static void queue_splice_init(struct sk_buff_head *list, struct sk_buff_head *new)
{
	spin_lock(&list->lock);
	spin_lock_init(&new->lock);		/* silent: another object */
	new->qlen = list->qlen;
	spin_unlock(&list->lock);
}

static void queue_init_other(struct dev *d, int i)
{
	spin_lock(&d->q[0].lock);
	spin_lock_init(&d->q[i].lock);		/* silent: another element */
	spin_unlock(&d->q[0].lock);
}

/*
 * check-output-start
validation/locking-lifecycle.c:20 teardown_held() warn: 'mutex_destroy()' of held lock '&d->lock'
validation/locking-lifecycle.c:33 restart() warn: 'mutex_lock()' of destroyed lock '&d->lock'
validation/locking-lifecycle.c:48 queue_reinit() warn: assignment initialises held lock '&list->lock'
 * check-output-end
 */
