#!/bin/bash
# A helper of one file that sleeps only where a local holding
# "!in_atomic() && !irqs_disabled()" is true says so in its sleep item
# ("unless=irqs_off,atomic"); a wrapper in a second file passes it on, and a
# caller in a third file holding a spinlock is silent through both, also
# with --spammy. A helper that sleeps whatever the context still warns
# (through the database: with --spammy, rule sleep-via-database).
. "$(dirname "$0")/common.bash"

mkdir "$tmp/sleeplocal" && cd "$tmp/sleeplocal"
cat > api.h <<'H'
#include "sleep.h"
struct hw { spinlock_t lock; struct mutex m; int busy; };
int hw_send_nb(struct hw *h);
int hw_send(struct hw *h, int loop);
int hw_send_wait(struct hw *h);
int hw_set_policy(struct hw *h);
void irq_user(struct hw *h);
void plain_user(struct hw *h);
void mutex_user(struct hw *h);
H
cat > send.c <<'C'
#include "api.h"
int hw_send(struct hw *h, int loop)
{
	int err;
	_Bool not_atomic = !in_atomic() && !irqs_disabled();

	might_sleep_if(loop && not_atomic);
	while ((err = hw_send_nb(h)) == -EBUSY && loop) {
		if (not_atomic)
			msleep(1);
		else
			cpu_relax();
	}
	return err;
}
int hw_send_wait(struct hw *h)
{
	int err;

	while ((err = hw_send_nb(h)) == -EBUSY)
		msleep(1);
	return err;
}
C
cat > policy.c <<'C'
#include "api.h"
int hw_set_policy(struct hw *h)
{
	return hw_send(h, 1);
}
C
cat > user.c <<'C'
#include "api.h"
void irq_user(struct hw *h)
{
	unsigned long flags;

	spin_lock_irqsave(&h->lock, flags);
	hw_send(h, 1);
	hw_set_policy(h);
	hw_send_wait(h);
	spin_unlock_irqrestore(&h->lock, flags);
}
void plain_user(struct hw *h)
{
	spin_lock(&h->lock);
	hw_set_policy(h);
	spin_unlock(&h->lock);
}
void mutex_user(struct hw *h)
{
	mutex_lock(&h->m);
	hw_set_policy(h);
	hw_send_wait(h);
	mutex_unlock(&h->m);
}
C
"$build" --files "send.c policy.c user.c" --cflags "$CFLAGS" > /dev/null 2>&1 || fail "the database build failed"

expect "the sleep items of the helper, its wrapper and the plain one" \
	"hw_send	__might_sleep	\$1=(-2147483648)-(-1),1-2147483647;unless=irqs_off,atomic
hw_send_wait	msleep	
hw_set_policy	__might_sleep	unless=irqs_off,atomic" \
	"$(smdb sql "SELECT DISTINCT r.function, i.key, i.name FROM return_items i
		JOIN return_states r ON r.id = i.return_id WHERE i.type = 'sleep' AND r.function LIKE 'hw%' ORDER BY 1" | tail -n +2)"
expect "only the helper that sleeps in any context, under the spinlock" \
	"user.c:9 irq_user() warn: sleeping in atomic context: 'hw_send_wait()' may sleep (via hw_send_wait -> msleep) with '&h->lock' held (rule: sleep-via-database)" \
	"$("$SMATCH" --spammy --db-file=smatch_db.sqlite $CFLAGS user.c | grep sleeping)"
echo ok
