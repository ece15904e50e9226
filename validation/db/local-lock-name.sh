#!/bin/bash
# A lock the callers hold under a local name (their parameter "m") is not
# written to the database as held at the call: the callee's own "m" is
# another variable, and starting it as held made a helper that releases its
# argument's lock look as if it released nothing (chtls_pt_recvmsg()).
. "$(dirname "$0")/common.bash"

mkdir "$tmp/local" && cd "$tmp/local"
cat > take.c <<'C'
#include "locks.h"
int cond(void);
static int drop(struct mutex *m)
{
	mutex_unlock(m);
	return -1;
}
int take(struct mutex *m)
{
	mutex_lock(m);
	if (cond())
		return drop(m);
	mutex_unlock(m);
	return 0;
}
C
"$build" --files "take.c" --cflags "$CFLAGS" > /dev/null 2>&1 || fail "the database build failed"

expect "drop() still releases it" "" "$("$SMATCH" --db-file=smatch_db.sqlite $CFLAGS take.c)"
expect "as without the database" "" "$("$SMATCH" --no-db $CFLAGS take.c)"
expect "no call lock of a local name" "" "$(smdb sql "SELECT lock FROM call_locks" | tail -n +2)"
echo ok
