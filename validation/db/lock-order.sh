#!/bin/bash
# lock_order.py on validation/db/order-project/: AB-BA inversions through
# helper chains across files and inside functions are warned once each, with
# both chains, also through a callee that takes a lock of the held type after
# the other (it releases its own, not the caller's); a cycle of three locks is
# one warning naming each edge's chain; the look-alikes (two objects of one
# type in address order, a type with lockdep classes (--debug names the
# rule), one order everywhere, the insides of a lock
# function, _nested, also in a header helper or a macro, a lock named by a parameter,
# parent and child of one type, rcu, a trylock, a lock dropped first, a
# callee dropping the held lock, a function pointer) are not; bad databases
# are refused.
DB_TEST_PROJECT=order-project
DB_TEST_FILES="bus.c dev.c intra.c calls.c mutex.c super.c inode.c"
. "$(dirname "$0")/common.bash"

lock_order() {
	python3 "$repo/smatch_scripts/lock_order.py" "$@"
}

build_db > /dev/null 2>&1
expect "inversions" "bus.c:8 bus_sync() warn: possible lock order inversion: struct bus.lock then struct dev.lock (bus.c:8 via bus_sync -> dev_refresh -> dev_take -> mutex_lock) vs struct dev.lock then struct bus.lock (dev.c:23 via dev_flush -> bus_kick -> mutex_lock)
inode.c:16 ring_ab() warn: possible lock order cycle: struct ra.lock then struct rb.lock (inode.c:16 via ring_ab -> rb_take -> mutex_lock), struct rb.lock then struct rc.lock (inode.c:23 via ring_bc -> mutex_lock), struct rc.lock then struct ra.lock (inode.c:31 via ring_ca -> ra_take -> mutex_lock)
inode.c:8 inode_rename() warn: possible lock order inversion: struct inode.lock then struct super.lock (inode.c:8 via inode_rename -> super_sync -> mutex_lock) vs struct super.lock then struct inode.lock (super.c:8 via super_sync -> mutex_lock)
intra.c:8 cfg_update() warn: possible lock order inversion: struct cfg.lock then struct stats.lock (intra.c:8 via cfg_update -> spin_lock) vs struct stats.lock then struct cfg.lock (intra.c:16 via stats_update -> spin_lock)" \
	"$(lock_order)"
# the look-alikes are silent because of their rule, not for want of rows
expect "ordered pairs" "struct bus.lock then struct dev.lock (bus.c:8 via bus_sync -> dev_refresh -> dev_take -> mutex_lock)
struct cfg.lock then struct stats.lock (intra.c:8 via cfg_update -> spin_lock)
struct dev.lock then struct bus.lock (dev.c:23 via dev_flush -> bus_kick -> mutex_lock)
struct fs.lock then struct journal.lock (inode.c:57 via fs_sync -> journal_commit -> spin_lock)
struct inode.lock then struct super.lock (inode.c:8 via inode_rename -> super_sync -> mutex_lock)
struct journal.lock then struct fs.lock (super.c:42 via journal_commit -> spin_lock)
struct link.lock then struct port.lock (calls.c:23 via link_reset -> mutex_lock)
struct pool.lock then struct queue.lock (intra.c:31 via pool_fill -> mutex_lock)
struct ra.lock then struct rb.lock (inode.c:16 via ring_ab -> rb_take -> mutex_lock)
struct rb.lock then struct rc.lock (inode.c:23 via ring_bc -> mutex_lock)
struct rc.lock then struct ra.lock (inode.c:31 via ring_ca -> ra_take -> mutex_lock)
struct spoke.lock then struct wheel.lock (intra.c:106 via spoke_turn -> mutex_lock)
struct stats.lock then struct cfg.lock (intra.c:16 via stats_update -> spin_lock)
struct super.lock then struct inode.lock (super.c:8 via super_sync -> mutex_lock)
struct table.lock then struct cache.lock (intra.c:89 via table_resize -> spin_lock)
struct task.lock then struct rq.lock (inode.c:40 via task_move -> rq_pair_lock -> mutex_lock)
struct tree.lock then struct leaf.lock (intra.c:47 via tree_walk -> mutex_lock)" "$(lock_order --pairs)"
T=$(printf '\t')
expect "a rule keeps the lockdep classes silent" "inode.c:57 fs_sync() not reported: possible lock order inversion: struct fs.lock then struct journal.lock (inode.c:57 via fs_sync -> journal_commit -> spin_lock) vs struct journal.lock then struct fs.lock (super.c:42 via journal_commit -> spin_lock) (rule: lockdep-classes)" \
	"$(lock_order --debug 2>&1 >/dev/null)"
expect "the class row" "fs_init_journalled${T}50${T}struct fs.lock${T}lockdep_init_map_type" \
	"$(smdb sql "SELECT function, line, lock, callee FROM lock_ops WHERE op = 'class'" | tail -n +2)"
expect "the rows the pairs come from" "leaf_walk${T}55${T}lock${T}struct tree.lock${T}mutex${T}0${T}1${T}0${T}mutex_lock_nested${T}1${T}struct leaf.lock
log_read${T}63${T}lock${T}rcu_read_lock${T}rcu${T}1${T}0${T}0${T}rcu_read_lock${T}1${T}
log_read${T}64${T}lock${T}struct log.lock${T}mutex${T}0${T}0${T}0${T}mutex_lock${T}1${T}rcu_read_lock
cache_evict${T}81${T}lock${T}struct table.lock${T}spin${T}0${T}0${T}1${T}spin_trylock${T}1${T}struct cache.lock" \
	"$(smdb sql "SELECT function, line, op, lock, kind, recursive, nested, try, callee, table_fn, held FROM lock_ops
		WHERE (function = 'leaf_walk' AND line = 55) OR (function = 'cache_evict' AND line = 81)
		OR (function = 'log_read' AND op = 'lock') ORDER BY line" | tail -n +2)"
expect "a header helper's _nested, a _nested macro; no rows for locks named by a parameter" "leaf_walk_helper${T}115${T}struct tree.lock${T}1${T}tree_lock_nested${T}struct leaf.lock
pool_hold${T}124${T}struct pool.lock${T}0${T}mutex_lock${T}
pool_inner${T}131${T}struct pool.lock${T}0${T}mutex_lock${T}
wheel_spin${T}141${T}struct spoke.lock${T}1${T}mutex_lock${T}struct wheel.lock" \
	"$(smdb sql "SELECT function, line, lock, nested, callee, held FROM lock_ops WHERE op = 'lock'
		AND function IN ('leaf_walk_helper', 'pool_hold', 'pool_inner', 'wheel_spin') AND line IN (115, 124, 131, 141)
		UNION ALL SELECT function, line, lock, nested, callee, held FROM lock_ops WHERE lock = 'm'
		ORDER BY line" | tail -n +2)"
expect "smdb lock_order" "$(lock_order)" "$(smdb lock_order)"
expect "--db" "$(lock_order)" "$(cd .. && lock_order --db project/smatch_db.sqlite)"

# the same rows and warnings from a parallel build
build_db -j2 --db parallel.sqlite > /dev/null 2>&1
expect "-j2 rows" "$(dump_db smatch_db.sqlite)" "$(dump_db parallel.sqlite)"
expect "-j2 warnings" "$(lock_order)" "$(lock_order --db parallel.sqlite)"

# no inversion: nothing printed, status 0
"$build" --files "calls.c" --cflags "$CFLAGS" --db calls.sqlite > /dev/null 2>&1
expect "no inversion" "" "$(lock_order --db calls.sqlite)"

# expect_fail WHAT MESSAGE ARGS...: status 2 and the message
expect_fail() {
	local what=$1 msg=$2 out rc=0
	shift 2
	out=$(lock_order "$@" 2>&1) || rc=$?
	expect "$what: status" 2 "$rc"
	expect "$what: message" "$msg" "$out"
}
echo "not a database" > corrupt.sqlite
cp smatch_db.sqlite old.sqlite
python3 -c "import sqlite3; c = sqlite3.connect('old.sqlite'); c.execute(\"UPDATE meta SET value = '1' WHERE key = 'schema_version'\"); c.commit()"
expect_fail "missing" "lock_order: no database at nope.sqlite (build one with smatch_scripts/build_kernel_data.sh)" --db nope.sqlite
expect_fail "corrupt" "lock_order: corrupt.sqlite is not a smatch database, or is corrupt (file is not a database)" --db corrupt.sqlite
expect_fail "old" "lock_order: old.sqlite has schema version 1, this smatch needs 6: it is an old database, rebuild it with smatch_scripts/build_kernel_data.sh" --db old.sqlite
expect_fail "bad usage" "lock_order: unknown argument frob (see lock_order.py --help)" frob
echo ok
