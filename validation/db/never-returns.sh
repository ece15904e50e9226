#!/bin/bash
# A function of another file whose every path ends without returning
# (here in panic(), itself or through a static helper) has one marker row
# in the database, a return with a "never_returns" item, and a caller's
# path ends at the call: the unlock after it is no double unlock.  A
# function that returns on some paths, one the engine gave up on and one
# with no rows at all (defined nowhere) have no marker and return as any
# other: the double unlock after them is reported, as it is for all of
# them without the database.
. "$(dirname "$0")/common.bash"

mkdir "$tmp/noreturn" && cd "$tmp/noreturn"
cat > die.h <<'H'
#include "locks.h"
#include "too-complex.h"
void panic(const char *fmt, ...) __attribute__((noreturn));
int c(void);
void fatal(int code);
void maybe_fatal(int code);
void fatal_too_complex(int code);
void fatal_nowhere(int code);
H
cat > die.c <<'C'
#include "die.h"
static void report_and_die(int code)
{
	panic("fatal %d", code);
}
void fatal(int code)
{
	if (c())
		panic("early %d", code);
	report_and_die(code);
}
void maybe_fatal(int code)
{
	if (code > 1)
		panic("fatal %d", code);
}
void fatal_too_complex(int code)
{
	code = TOO_COMPLEX(code);
	panic("fatal %d", code);
}
C
cat > user.c <<'C'
#include "die.h"
static spinlock_t lk;
#define CALL_THEN_UNLOCK(fn)			\
int call_##fn(int a)				\
{						\
	spin_lock(&lk);				\
	if (a == 1) {				\
		fn(a);				\
		spin_unlock(&lk);		\
	}					\
	spin_unlock(&lk);			\
	return 0;				\
}
CALL_THEN_UNLOCK(fatal)
CALL_THEN_UNLOCK(maybe_fatal)
CALL_THEN_UNLOCK(fatal_too_complex)
CALL_THEN_UNLOCK(fatal_nowhere)
C
FILES="die.c user.c"
build_db > /dev/null 2>&1
T=$(printf '\t')
expect "only fatal() and its helper have the marker, their only row" "fatal${T}0${T}never_returns
report_and_die${T}0${T}never_returns" \
	"$(smdb sql "SELECT r.function, r.idx, i.type FROM return_states r JOIN return_items i ON i.return_id = r.id
		WHERE r.function IN (SELECT function FROM return_states r2 JOIN return_items i2 ON i2.return_id = r2.id
				     WHERE i2.type = 'never_returns') ORDER BY 1" | tail -n +2)"
warned="user.c:15 call_maybe_fatal() warn: double unlock '&lk' (unlocked on line 15)
user.c:16 call_fatal_too_complex() warn: double unlock '&lk' (unlocked on line 16)
user.c:17 call_fatal_nowhere() warn: double unlock '&lk' (unlocked on line 17)"
expect "with the database" "$warned" "$("$SMATCH" $CFLAGS user.c 2>/dev/null)"
expect "without it" "user.c:14 call_fatal() warn: double unlock '&lk' (unlocked on line 14)
$warned" "$("$SMATCH" $CFLAGS --no-db user.c 2>/dev/null)"
echo ok
