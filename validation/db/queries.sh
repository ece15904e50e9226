#!/bin/bash
# smdb.py answers on the test project's converged database (exact rows), and
# clear messages for unknown functions and missing, corrupt or old databases,
# from smdb.py and from smatch (which then checks without the database).
. "$(dirname "$0")/common.bash"

T=$(printf '\t')
build_db > /dev/null 2>&1

expect "callers" "ops.c:27${T}dev_set_op()${T}locks: none${T}args: d, v=(-2147483648)-2147483647
user.c:9${T}dev_update()${T}locks: struct dev.lock${T}args: d, v=(-2147483648)-2147483647
user.c:16${T}dev_poke()${T}locks: none${T}args: d, 5" "$(smdb callers dev_set)"
expect "callers through a function pointer" \
	"user.c:31${T}dev_call_op() via (struct dev_ops)->reset${T}locks: none${T}args: d=s64min-(-1),1-s64max" "$(smdb callers dev_reset)"
expect "no callers" "no calls to dev_set_op in the database" "$(smdb callers dev_set_op)"
expect "return states" "user.c:24${T}dev_bad()${T}[0] returns (-22)${T}param_range \$1 ((-2147483648)-(-1)); lock struct dev.lock (&\$0->lock, mutex) via dev_lock_all -> dev_lock -> mutex_lock; acquires struct dev.lock (&\$0->lock, mutex) via dev_lock_all -> dev_lock -> mutex_lock; sleep mutex_lock (dev_lock_all -> dev_lock -> mutex_lock) via db
user.c:26${T}dev_bad()${T}[1] returns 0${T}param_range \$1 (0-2147483647); acquires struct dev.lock (&\$0->lock, mutex) via dev_lock_all -> dev_lock -> mutex_lock; sleep mutex_lock (dev_lock_all -> dev_lock -> mutex_lock) via db" "$(smdb return_states dev_bad)"
expect "return states of two static functions" "lock.c:6${T}check()${T}[0] returns (-22),0${T}args_only
ops.c:8${T}check()${T}[0] returns (-12),0${T}args_only" "$(smdb return_states check)"
expect "where a member is set" "ops.c:15${T}dev_set()${T}d->count = v${T}value (-2147483648)-2147483647
ops.c:21${T}dev_reset()${T}d->count = 0${T}value 0
user.c:38${T}dev_try()${T}d->count++${T}value s64min-s64max" "$(smdb where dev count)"
expect "where, struct spelt out" "$(smdb where dev mode)" "$(smdb where struct dev mode)"
expect "where a global is set" "ops.c:22${T}dev_reset()${T}dev_debug = 1${T}value 1" "$(smdb where dev_debug)"
expect "locks" "wrap.c${T}dev_unlock_all()${T}releases struct dev.lock (&\$0->lock, mutex)${T}on every return" \
	"$(smdb locks dev_unlock_all)"
# (dev_unlock_all() is entered with the lock its callers hold, so its call holds it too)
expect "lock requirements" "dev_unlock()${T}struct dev.lock${T}held at 2 of 2 calls (2 of 2 callers)" \
	"$(smdb lock_requirements dev_unlock)"
expect "call tree" "dev_lock
  dev_lock_all() wrap.c:6
    dev_update() user.c:8
    dev_bad() user.c:22" "$(smdb call_tree dev_lock)"
expect "call tree, depth 1" "dev_unlock
  dev_try() user.c:39
  dev_unlock_all() wrap.c:13 ..." "$(smdb call_tree dev_unlock 1)"
expect "function pointers from initializers and assignments" \
"fn_ptrs${T}(struct dev_driver)->ops.set${T}dev_set_op${T}ops.c${T}36${T}init${T}
fn_ptrs${T}(struct dev_ops)->reset${T}dev_reset${T}ops.c${T}32${T}init${T}
fn_ptrs${T}(struct dev_ops)->reset${T}dev_reset${T}ops.c${T}41${T}assign${T}dev_init
fn_ptrs${T}(struct dev_ops)->set${T}dev_set_op${T}ops.c${T}31${T}init${T}
fn_ptrs${T}(struct dev_ops)->set${T}dev_set_op${T}ops.c${T}36${T}init${T}" "$(dump_db smatch_db.sqlite | grep '^fn_ptrs')"
expect "sql" "name${T}file${T}static
dev_lock${T}lock.c${T}0
dev_lock_all${T}wrap.c${T}0" "$(smdb sql "SELECT name, file, static FROM functions WHERE name LIKE 'dev_lock%' ORDER BY name")"
expect "--db anywhere" "$(smdb locks dev_lock)" "$(smdb locks --db smatch_db.sqlite dev_lock)"
expect "related files" "ops.c
user.c" "$(smdb related_files ops.c)"
smdb --help | grep -q "^  call_tree FUNC \[DEPTH\]" || fail "--help does not document call_tree"

# expect_fail WHAT STATUS MESSAGE COMMAND...
expect_fail() {
	local what=$1 status=$2 msg=$3 out rc=0
	shift 3
	out=$("$@" 2>&1) || rc=$?
	expect "$what: status" "$status" "$rc"
	expect "$what: message" "$msg" "$out"
}
expect_fail "unknown function" 1 \
	"smdb: unknown function nosuch: it is neither defined nor called in the analysed files" smdb callers nosuch
expect_fail "unknown command" 2 "smdb: unknown command frob (see smdb.py --help)" smdb frob
expect_fail "missing argument" 2 "smdb: usage: smdb.py callers FUNC (see smdb.py --help)" smdb callers
expect_fail "writing" 1 "smdb: query failed: attempt to write a readonly database" smdb sql "DELETE FROM calls"
expect_fail "missing database" 2 \
	"smdb: no database at nope.sqlite (build one with smatch_scripts/build_kernel_data.sh)" \
	smdb --db nope.sqlite callers dev_set

echo "not a database" > corrupt.sqlite
cp smatch_db.sqlite old.sqlite
python3 -c "import sqlite3; c = sqlite3.connect('old.sqlite'); c.execute(\"UPDATE meta SET value = '0' WHERE key = 'schema_version'\"); c.commit()"
expect_fail "corrupt database" 2 \
	"smdb: corrupt.sqlite is not a smatch database, or is corrupt (file is not a database)" \
	smdb --db corrupt.sqlite callers dev_set
expect_fail "old database" 2 \
	"smdb: old.sqlite has schema version 0, this smatch needs 6: it is an old database, rebuild it with smatch_scripts/build_kernel_data.sh" \
	smdb --db old.sqlite callers dev_set

# smatch: one line on stderr, then the same output and status as without a database
plain=$(SMATCH_DB= "$SMATCH" $CFLAGS user.c)
for db in corrupt old; do
	rc=0
	out=$(SMATCH_DB=$db.sqlite "$SMATCH" $CFLAGS user.c 2> err) || rc=$?
	expect "smatch with the $db database: status" 0 "$rc"
	expect "smatch with the $db database: output" "$plain" "$out"
	expect "smatch with the $db database: lines on stderr" 1 "$(wc -l < err)"
done
expect "smatch: corrupt" "smatch: database corrupt.sqlite: not a smatch database, or corrupt (file is not a database); continuing without it" \
	"$(SMATCH_DB=corrupt.sqlite "$SMATCH" $CFLAGS user.c 2>&1 >/dev/null)"
expect "smatch: old" "smatch: database old.sqlite: schema version 0, this smatch needs 6 (an old database: rebuild it with build_kernel_data.sh); continuing without it" \
	"$(SMATCH_DB=old.sqlite "$SMATCH" $CFLAGS user.c 2>&1 >/dev/null)"
expect "smatch: no database file is no message" "" "$(SMATCH_DB=nope.sqlite "$SMATCH" $CFLAGS user.c 2>&1 >/dev/null)"

# the schema version in schema.sql is the one smatch checks
expect "schema versions agree" "$(sed -n 's/^#define DB_SCHEMA_VERSION \([0-9]*\)$/\1/p' "$repo/smatch_db.h")" \
	"$(smdb sql "SELECT value FROM meta WHERE key = 'schema_version'" | tail -n 1)"
echo ok
