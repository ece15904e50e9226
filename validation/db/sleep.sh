#!/bin/bash
# A "may sleep" fact travels through the database: a function of one file
# that sleeps (through a helper) is known to sleep by its callers in another.
. "$(dirname "$0")/common.bash"

mkdir "$tmp/sleep" && cd "$tmp/sleep"
cat > sleep.h <<'H'
#include "sleep.h"
struct dev { spinlock_t lock; int n; };
int dev_wait(struct dev *d);
void dev_poke(struct dev *d);
void user(struct dev *d);
void user_of_wrapper(struct dev *d);
H
cat > waiter.c <<'C'
#include "sleep.h"
#include "api.h"
static void settle(struct dev *d) { if (d->n) msleep(d->n); }
int dev_wait(struct dev *d) { settle(d); return d->n; }
void dev_poke(struct dev *d) { d->n++; }
C
cat > user.c <<'C'
#include "sleep.h"
#include "api.h"
void user(struct dev *d)
{
	spin_lock(&d->lock);
	dev_poke(d);
	dev_wait(d);
	spin_unlock(&d->lock);
}
static inline int wait_wrapper(struct dev *d) { return dev_wait(d); }
void user_of_wrapper(struct dev *d)
{
	spin_lock(&d->lock);
	wait_wrapper(d);
	spin_unlock(&d->lock);
}
C
mv sleep.h api.h
"$build" --files "waiter.c user.c" --cflags "$CFLAGS" > /dev/null 2>&1 || fail "the database build failed"

expect "the sleep item of dev_wait (only while d->n is not 0)" "sleep${T:=	}msleep${T}\$0->n=(-2147483648)-(-1),1-2147483647${T}settle -> msleep" \
	"$(smdb sql "SELECT DISTINCT i.type, i.key, i.name, i.value FROM return_items i
		JOIN return_states r ON r.id = i.return_id WHERE r.function = 'dev_wait'" | tail -n +2)"
expect "dev_poke does not sleep" "" \
	"$(smdb sql "SELECT i.type FROM return_items i JOIN return_states r ON r.id = i.return_id
		WHERE r.function = 'dev_poke'" | tail -n +2)"
# the database says dev_wait() may sleep on some path, not on which: --spammy shows it
# with its rule, also through a helper of the caller's file (an inline of a header, say)
expect "the warning in the other file" \
	"user.c:7 user() warn: sleeping in atomic context: 'dev_wait()' may sleep (via dev_wait -> settle -> msleep) with '&d->lock' held (rule: sleep-via-database)
user.c:14 user_of_wrapper() warn: sleeping in atomic context: 'wait_wrapper()' may sleep (via wait_wrapper -> dev_wait -> settle -> msleep) with '&d->lock' held (rule: sleep-via-database)" \
	"$("$SMATCH" --spammy --db-file=smatch_db.sqlite $CFLAGS user.c)"
expect "not by default" "" "$("$SMATCH" --db-file=smatch_db.sqlite $CFLAGS user.c)"
expect "no database, no warning" "" "$("$SMATCH" --no-db $CFLAGS user.c)"
echo ok
