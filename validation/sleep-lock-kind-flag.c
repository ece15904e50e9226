/*
 * check-name: sleeping in atomic context: a lock kind chosen by a flag
 * stays with its flag; a mutex taken where the flag is set is not taken
 * with a spinlock that was taken where it is clear (the flag is the same
 * member of the same type on any object of the group); the rule is named
 * with --debug=sleep (validation/sleep-decisions.sh)
 */
#include "sleep.h"

struct pcm { int nonatomic; int busy; };
struct group { spinlock_t lock; struct mutex mutex; };
struct sub { struct pcm *pcm; struct group self_group; struct sub *next; };
void spin_lock_nested(spinlock_t *l, int subclass);

static void group_action(struct sub *first)
{
	struct sub *s;
	int depth = 1;

	for (s = first; s; s = s->next) {
		if (s->pcm->nonatomic)
			mutex_lock_nested(&s->self_group.mutex, depth);
		else
			spin_lock_nested(&s->self_group.lock, depth);
		depth++;
	}
	for (s = first; s; s = s->next) {
		if (s->pcm->nonatomic)
			mutex_unlock(&s->self_group.mutex);
		else
			spin_unlock(&s->self_group.lock);
	}
}

/* look-alikes: the mutex on the spinlock's side of the flag, or under another flag */
static void same_side(struct sub *a, struct sub *b)
{
	if (a->pcm->nonatomic)
		return;
	spin_lock(&a->self_group.lock);
	if (!b->pcm->nonatomic) {
		mutex_lock(&b->self_group.mutex);
		mutex_unlock(&b->self_group.mutex);
	}
	spin_unlock(&a->self_group.lock);
}

static void other_flag(struct sub *a, struct sub *b)
{
	if (a->pcm->busy)
		return;
	spin_lock(&a->self_group.lock);
	if (b->pcm->nonatomic) {
		mutex_lock(&b->self_group.mutex);
		mutex_unlock(&b->self_group.mutex);
	}
	spin_unlock(&a->self_group.lock);
}

/*
 * check-output-start
validation/sleep-lock-kind-flag.c:42 same_side() warn: sleeping in atomic context: 'mutex_lock()' called with '&a->self_group.lock' held
validation/sleep-lock-kind-flag.c:54 other_flag() warn: sleeping in atomic context: 'mutex_lock()' called with '&a->self_group.lock' held
 * check-output-end
 */
