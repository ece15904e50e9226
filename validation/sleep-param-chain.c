/*
 * check-name: sleeping in atomic context: a parameter that decides
 * sleeping is followed through chains of helpers, static or not
 */
#include "sleep.h"

typedef _Bool bool;
#define false 0
#define true 1
void usleep_range_state(unsigned long min, unsigned long max, unsigned int state);

struct stream { spinlock_t lock; int pos; };

int get_pos(struct stream *s, int dir, bool can_sleep)
{
	if (can_sleep)
		usleep_range_state(20, 21, 2);
	return s->pos + dir;
}

/* tested on the way: the direction is non-zero where it sleeps, can_sleep is 1, which decides */
int get_pos_dir(struct stream *s, int dir, bool can_sleep)
{
	if (dir != 0) {
		if (can_sleep)
			usleep_range_state(20, 21, 2);
	}
	return s->pos;
}

int get_pos_relay(struct stream *s, bool can_sleep)
{
	return get_pos(s, 0, can_sleep);
}

static int get_pos_atomic(struct stream *s)
{
	return get_pos_relay(s, false);
}

int pointer(struct stream *s)
{
	int p;

	spin_lock(&s->lock);
	p = get_pos_atomic(s);
	p += get_pos_relay(s, false);
	p += get_pos(s, 1, false);
	p += get_pos_dir(s, 1, false);
	spin_unlock(&s->lock);
	return p;
}

/* look-alikes: true passed on, at any level (one cause: get_pos -> usleep_range_state) */
int pointer_sleeping(struct stream *s)
{
	int p;

	spin_lock(&s->lock);
	p = get_pos_relay(s, true);
	p += get_pos(s, 1, true);
	p += get_pos_dir(s, 1, true);
	spin_unlock(&s->lock);
	return p;
}

/*
 * check-output-start
validation/sleep-param-chain.c:60 pointer_sleeping() warn: sleeping in atomic context: 'get_pos_relay()' may sleep (via get_pos_relay -> get_pos -> usleep_range_state) with '&s->lock' held
validation/sleep-param-chain.c:62 pointer_sleeping() warn: sleeping in atomic context: 'get_pos_dir()' may sleep (via get_pos_dir -> usleep_range_state) with '&s->lock' held
 * check-output-end
 */
