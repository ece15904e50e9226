#!/bin/bash
# A parameter that decides sleeping travels through the database: a caller
# in another file that passes false does not sleep, even through a helper
# of its own; one that passes true may (shown with --spammy, as every
# callee of the database).
. "$(dirname "$0")/common.bash"

mkdir "$tmp/sleepparam" && cd "$tmp/sleepparam"
cat > api.h <<'H'
#include "sleep.h"
void usleep_range_state(unsigned long min, unsigned long max, unsigned int state);
struct stream { spinlock_t lock; int pos; };
int get_pos(struct stream *s, int dir, int can_sleep);
int user(struct stream *s);
H
cat > pos.c <<'C'
#include "api.h"
int get_pos(struct stream *s, int dir, int can_sleep)
{
	if (can_sleep)
		usleep_range_state(20, 21, 2);
	return s->pos + dir;
}
C
cat > user.c <<'C'
#include "api.h"
static int get_pos_atomic(struct stream *s)
{
	return get_pos(s, 0, 0);
}
int user(struct stream *s)
{
	int p;

	spin_lock(&s->lock);
	p = get_pos_atomic(s);
	p += get_pos(s, 1, 0);
	p += get_pos(s, 1, 1);
	spin_unlock(&s->lock);
	return p;
}
C
"$build" --files "pos.c user.c" --cflags "$CFLAGS" > /dev/null 2>&1 || fail "the database build failed"

expect "the condition of get_pos's sleep item" "sleep${T:=	}usleep_range_state${T}\$2=(-2147483648)-(-1),1-2147483647" \
	"$(smdb sql "SELECT DISTINCT i.type, i.key, i.name FROM return_items i
		JOIN return_states r ON r.id = i.return_id WHERE r.function = 'get_pos'" | tail -n +2)"
expect "only the call passing true" \
	"user.c:13 user() warn: sleeping in atomic context: 'get_pos()' may sleep (via get_pos -> usleep_range_state) with '&s->lock' held (rule: sleep-via-database)" \
	"$("$SMATCH" --spammy --db-file=smatch_db.sqlite $CFLAGS user.c)"
echo ok
