#!/bin/bash
# "Sleeps only when interrupts are enabled" travels through the database: a
# helper of one file that tests irqs_disabled() before sleeping does not sleep
# for a caller in another file that holds a spin_lock_irq(); under a plain
# spin_lock() it may.
. "$(dirname "$0")/common.bash"

mkdir "$tmp/sleepctx" && cd "$tmp/sleepctx"
cat > api.h <<'H'
#include "sleep.h"
struct hw { spinlock_t lock; int ready; };
int hw_wait(struct hw *h);
void irq_user(struct hw *h);
void plain_user(struct hw *h);
H
cat > wait.c <<'C'
#include "api.h"
int hw_wait(struct hw *h)
{
	if (irqs_disabled())
		return -1;
	schedule_timeout_uninterruptible(1);
	return h->ready;
}
C
cat > user.c <<'C'
#include "api.h"
void irq_user(struct hw *h)
{
	spin_lock_irq(&h->lock);
	hw_wait(h);
	spin_unlock_irq(&h->lock);
}
void plain_user(struct hw *h)
{
	spin_lock(&h->lock);
	hw_wait(h);
	spin_unlock(&h->lock);
}
C
"$build" --files "wait.c user.c" --cflags "$CFLAGS" > /dev/null 2>&1 || fail "the database build failed"

expect "the condition of hw_wait's sleep item" "sleep${T:=	}schedule_timeout_uninterruptible${T}unless=irqs_off" \
	"$(smdb sql "SELECT DISTINCT i.type, i.key, i.name FROM return_items i
		JOIN return_states r ON r.id = i.return_id WHERE r.function = 'hw_wait'" | tail -n +2)"
# a callee of the database is shown with --spammy only; under spin_lock_irq() not even then
expect "only the plain spinlock's caller" \
	"user.c:11 plain_user() warn: sleeping in atomic context: 'hw_wait()' may sleep (via hw_wait -> schedule_timeout_uninterruptible) with '&h->lock' held (rule: sleep-via-database)" \
	"$("$SMATCH" --spammy --db-file=smatch_db.sqlite $CFLAGS user.c)"
echo ok
