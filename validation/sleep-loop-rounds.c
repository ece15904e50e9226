/*
 * check-name: sleeping in atomic context: a call in a loop body is decided
 * once, on the first path that reaches it, though the next round of the
 * body holds another lock (--debug=sleep prints one line for it too:
 * validation/sleep-decisions.sh)
 */
#include "sleep.h"

struct node { spinlock_t lock; void *info; int count; struct node *next; };

static void set_info(struct node *n)
{
	if (!n->info)
		n->info = kzalloc(8, GFP_KERNEL);
}

/* hand over hand: the second round holds the next node's lock */
static void walk_locked(struct node *n)
{
	struct node *next;

	spin_lock(&n->lock);
	while (n->next) {
		msleep(1);
		set_info(n);
		next = n->next;
		spin_lock(&next->lock);
		spin_unlock(&n->lock);
		n = next;
	}
	spin_unlock(&n->lock);
}

/* look-alike: each round drops its lock before it sleeps */
static void walk_unlocked(struct node *n)
{
	while (n) {
		spin_lock(&n->lock);
		n->count++;
		spin_unlock(&n->lock);
		msleep(1);
		set_info(n);
		n = n->next;
	}
}

/*
 * check-output-start
validation/sleep-loop-rounds.c:24 walk_locked() warn: sleeping in atomic context: 'msleep()' called with '&n->lock' held
 * check-output-end
 */
