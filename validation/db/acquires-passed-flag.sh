#!/bin/bash
# A "locked" flag passed on through static helpers keeps its condition in the
# database: a caller holding the lock that passes true is silent, one that
# passes false is a double lock, in the defining file and in another file.
# rebuild() also calls a function of another file that takes the lock on
# some of its paths only (register_dev(), as register_netdev()): with the
# database, that one must not join the flag's and lose its condition.
. "$(dirname "$0")/common.bash"

mkdir "$tmp/passed-flag" && cd "$tmp/passed-flag"
cat > reset.h <<'H'
#include "locks.h"
typedef _Bool bool;
enum { false = 0, true = 1 };
struct dev { int n, first; };
extern struct mutex big;
void do_reset(struct dev *d, bool locked);
int register_dev(struct dev *d);
H
cat > reset.c <<'C'
#include "reset.h"
struct mutex big;
static void rebuild(struct dev *d, bool locked)
{
	if (!locked)
		mutex_lock(&big);
	d->n++;
	if (d->first)
		register_dev(d);
	if (!locked)
		mutex_unlock(&big);
}
static void reset_and_rebuild(struct dev *d, bool locked)
{
	rebuild(d, locked);
}
void do_reset(struct dev *d, bool locked)
{
	reset_and_rebuild(d, locked);
}
void resume(struct dev *d)
{
	mutex_lock(&big);
	reset_and_rebuild(d, true);
	do_reset(d, true);
	mutex_unlock(&big);
}
/* not every caller holds the lock: the callees do not start with it held */
void probe(struct dev *d)
{
	reset_and_rebuild(d, false);
}
void resume_wrong(struct dev *d)
{
	mutex_lock(&big);
	reset_and_rebuild(d, false);
	mutex_unlock(&big);
}
C
cat > netdev.c <<'C'
#include "reset.h"
int register_dev(struct dev *d)
{
	if (mutex_lock_interruptible(&big))
		return -4;
	d->first = 0;
	mutex_unlock(&big);
	return 0;
}
C
cat > user.c <<'C'
#include "reset.h"
void user(struct dev *d)
{
	mutex_lock(&big);
	do_reset(d, true);
	mutex_unlock(&big);
}
void user_wrong(struct dev *d)
{
	mutex_lock(&big);
	do_reset(d, false);
	mutex_unlock(&big);
}
C
FILES="netdev.c reset.c user.c"
build_db > /dev/null 2>&1
expect "the defining file" "reset.c:36 resume_wrong() warn: double lock '&big': 'reset_and_rebuild()' acquires it (via reset_and_rebuild -> rebuild -> mutex_lock)" \
	"$("$SMATCH" $CFLAGS reset.c 2>/dev/null)"
T=$(printf '\t')
expect "rebuild()'s items: the flag's, and the callee's on some paths" "mutex;\$1=0${T}mutex_lock
mutex;\$1=0-1;some${T}register_dev -> mutex_lock_interruptible" \
	"$(smdb sql "SELECT i.value, i.via FROM return_items i JOIN return_states r ON r.id = i.return_id
		WHERE r.function = 'rebuild' AND i.type = 'acquires'" | tail -n +2 | sort -u)"
expect "another file" "user.c:11 user_wrong() warn: double lock '&big': 'do_reset()' acquires it (via do_reset -> reset_and_rebuild -> rebuild -> mutex_lock)" \
	"$("$SMATCH" $CFLAGS user.c 2>/dev/null)"
expect "without the database" "reset.c:36 resume_wrong() warn: double lock '&big': 'reset_and_rebuild()' acquires it (via reset_and_rebuild -> rebuild -> mutex_lock)" \
	"$(SMATCH_DB= "$SMATCH" $CFLAGS reset.c 2>/dev/null)"
echo ok
