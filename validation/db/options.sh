#!/bin/bash
# --db-file names the database to read whatever $SMATCH_DB says; --no-db reads
# none; an unusable database is named in one line and the check goes on.
. "$(dirname "$0")/common.bash"

printf 'not a database' > bad.sqlite
printf 'static int f(void) { return 0; }\n' > one.c

err=$(SMATCH_DB=/nonexistent "$SMATCH" --db-file=bad.sqlite one.c 2>&1 >/dev/null)
case $err in
*"database bad.sqlite"*"continuing without it"*) ;;
*) echo "FAIL: --db-file did not pick bad.sqlite: $err"; exit 1 ;;
esac
err=$("$SMATCH" --no-db --db-file=bad.sqlite one.c 2>&1 >/dev/null)
[ -z "$err" ] || { echo "FAIL: --no-db still read a database: $err"; exit 1; }
"$SMATCH" --db-file=bad.sqlite one.c >/dev/null 2>&1 || { echo "FAIL: exit status changed by a bad database"; exit 1; }
echo ok
