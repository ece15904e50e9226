#!/bin/bash
# "Sleeps only where these bits of the argument are clear" travels through
# the database: a helper that sleeps after "if (flags & SEND_NB) return"
# says "$1!&0x80000000"; a caller in another file passing flags built with
# SEND_NB does not sleep, even through a helper of its own; one passing 0
# may (shown with --spammy, as every callee of the database).
. "$(dirname "$0")/common.bash"

mkdir "$tmp/sleepclear" && cd "$tmp/sleepclear"
cat > api.h <<'H'
#include "sleep.h"
#define SEND_NB			(1u << 31)
#define MAKE_SEND_FLAGS(len)	({ unsigned int len_ = (len); (len_ & 0xff) | SEND_NB; })
struct ct { spinlock_t lock; int credits; };
int ct_send_nb(struct ct *ct);
int ct_send(struct ct *ct, unsigned int flags);
void user(struct ct *ct);
H
cat > ct.c <<'C'
#include "api.h"
int ct_send(struct ct *ct, unsigned int flags)
{
	if (flags & SEND_NB)
		return ct_send_nb(ct);
	msleep(1);
	return 0;
}
C
cat > user.c <<'C'
#include "api.h"
static int send_nb(struct ct *ct, unsigned int g2h)
{
	return ct_send(ct, MAKE_SEND_FLAGS(g2h));
}
void user(struct ct *ct)
{
	spin_lock(&ct->lock);
	send_nb(ct, 2);
	ct_send(ct, SEND_NB | 1);
	ct_send(ct, 0);
	spin_unlock(&ct->lock);
}
C
"$build" --files "ct.c user.c" --cflags "$CFLAGS" > /dev/null 2>&1 || fail "the database build failed"

expect "the condition of ct_send's sleep item" "sleep${T:=	}msleep${T}\$1!&0x80000000" \
	"$(smdb sql "SELECT DISTINCT i.type, i.key, i.name FROM return_items i
		JOIN return_states r ON r.id = i.return_id WHERE r.function = 'ct_send' AND i.type = 'sleep'" | tail -n +2)"
expect "only the call passing 0" \
	"user.c:11 user() warn: sleeping in atomic context: 'ct_send()' may sleep (via ct_send -> msleep) with '&ct->lock' held (rule: sleep-via-database)" \
	"$("$SMATCH" --spammy --db-file=smatch_db.sqlite $CFLAGS user.c | grep sleeping)"
echo ok
