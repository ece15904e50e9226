#!/bin/bash
# lock_order.py honours the arguments of the calls it follows: an AB-BA
# order only through a callee whose locking branch the held-lock caller's
# constant argument rules out (reclaim false, a gfp without
# GFP_DIRECT_RECLAIM, NO_FLUSH, a NULL owner) is silent, --debug naming the
# rule and the call it cuts; the same with an argument that allows it is an
# inversion, also through an intermediate that passes its parameter on as
# it came; one that changes it first is not followed (its value unknown,
# every condition met).  The conditions and the parameters passed on are in
# the database (calls.cond, call_args.passed_on).
DB_TEST_PROJECT=order-cond
DB_TEST_FILES="alloc.c cache.c vault.c users.c"
. "$(dirname "$0")/common.bash"

lock_order() {
	python3 "$repo/smatch_scripts/lock_order.py" "$@"
}
T=$(printf '\t')

build_db > /dev/null 2>&1
expect "the conditions of the calls" "obj_alloc${T}13${T}shrink_all${T}\$1=1
buf_alloc${T}22${T}shrink_all${T}\$1&0x400
vault_open${T}7${T}mutex_lock${T}\$1=s64min-(-1),1-s64max
reserve${T}23${T}flush_space${T}\$1=1-4294967295" \
	"$(smdb sql "SELECT caller, line, callee, cond FROM calls WHERE cond != '' AND file != 'users.c'
		AND callee NOT IN ('mutex_unlock') AND caller NOT IN ('shrink_all', 'flush_space')
		ORDER BY file, line" | tail -n +2)"
expect "a parameter passed on as it came, and one changed first" "cache_get${T}0${T}s${T}0
cache_get${T}1${T}gfp${T}1
cache_get_nowarn${T}0${T}s${T}0
cache_get_nowarn${T}1${T}gfp${T}-1" \
	"$(smdb sql "SELECT c.caller, a.param, a.expr, a.passed_on FROM calls c JOIN call_args a ON a.call_id = c.id
		WHERE c.file = 'cache.c' ORDER BY c.line, a.param" | tail -n +2)"
expect "inversions" "users.c:20 queue_refill() warn: possible lock order inversion: struct queue.lock then struct shrinker.lock (users.c:20 via queue_refill -> obj_alloc -> shrink_all -> mutex_lock) vs struct shrinker.lock then struct queue.lock (users.c:102 via shrinker_scan -> mutex_lock)
users.c:36 rx_refill() warn: possible lock order inversion: struct rx.lock then struct shrinker.lock (users.c:36 via rx_refill -> buf_alloc -> shrink_all -> mutex_lock) vs struct shrinker.lock then struct rx.lock (users.c:106 via shrinker_scan -> mutex_lock)
users.c:52 port_refill() warn: possible lock order inversion: struct port.lock then struct shrinker.lock (users.c:52 via port_refill -> cache_get -> buf_alloc -> shrink_all -> mutex_lock) vs struct shrinker.lock then struct port.lock (users.c:116 via shrinker_scan_rings -> mutex_lock)
users.c:60 slot_refill() warn: possible lock order inversion: struct slot.lock then struct shrinker.lock (users.c:60 via slot_refill -> cache_get_nowarn -> buf_alloc -> shrink_all -> mutex_lock) vs struct shrinker.lock then struct slot.lock (users.c:118 via shrinker_scan_rings -> mutex_lock)
users.c:76 desk_open() warn: possible lock order inversion: struct desk.lock then struct owner.lock (users.c:76 via desk_open -> vault_open -> mutex_lock) vs struct owner.lock then struct desk.lock (users.c:128 via owner_close -> mutex_lock)
users.c:92 delayed_reserve() warn: possible lock order inversion: struct delayed.lock then struct space.lock (users.c:92 via delayed_reserve -> reserve -> flush_space -> mutex_lock) vs struct space.lock then struct delayed.lock (users.c:138 via space_commit -> mutex_lock)" \
	"$(lock_order)"
expect "the rule keeps the others silent, naming the call it cuts" "users.c:12 pool_refill() not reported: possible lock order inversion: struct pool.lock then struct shrinker.lock (users.c:12 via pool_refill -> obj_alloc -> shrink_all -> mutex_lock) vs struct shrinker.lock then struct pool.lock (users.c:100 via shrinker_scan -> mutex_lock); not taken: obj_alloc() calls shrink_all() (alloc.c:13) only when \$1=1, given 0 (rule: argument-blocks-call)
users.c:28 tx_refill() not reported: possible lock order inversion: struct tx.lock then struct shrinker.lock (users.c:28 via tx_refill -> buf_alloc -> shrink_all -> mutex_lock) vs struct shrinker.lock then struct tx.lock (users.c:104 via shrinker_scan -> mutex_lock); not taken: buf_alloc() calls shrink_all() (alloc.c:22) only when \$1&0x400, given 32 (rule: argument-blocks-call)
users.c:44 ring_refill() not reported: possible lock order inversion: struct ring.lock then struct shrinker.lock (users.c:44 via ring_refill -> cache_get -> buf_alloc -> shrink_all -> mutex_lock) vs struct shrinker.lock then struct ring.lock (users.c:114 via shrinker_scan_rings -> mutex_lock); not taken: buf_alloc() calls shrink_all() (alloc.c:22) only when \$1&0x400, given 32 (rule: argument-blocks-call)
users.c:68 bank_open() not reported: possible lock order inversion: struct bank.lock then struct owner.lock (users.c:68 via bank_open -> vault_open -> mutex_lock) vs struct owner.lock then struct bank.lock (users.c:126 via owner_close -> mutex_lock); not taken: vault_open() takes it by mutex_lock() at line 7 only when \$1=s64min-(-1),1-s64max, given 0 (rule: argument-blocks-call)
users.c:84 meta_reserve() not reported: possible lock order inversion: struct meta.lock then struct space.lock (users.c:84 via meta_reserve -> reserve -> flush_space -> mutex_lock) vs struct space.lock then struct meta.lock (users.c:136 via space_commit -> mutex_lock); not taken: reserve() calls flush_space() (vault.c:23) only when \$1=1-4294967295, given 0 (rule: argument-blocks-call)" \
	"$(lock_order --debug 2>&1 >/dev/null)"
expect "no pairs through the calls ruled out" "struct delayed.lock then struct space.lock (users.c:92 via delayed_reserve -> reserve -> flush_space -> mutex_lock)
struct desk.lock then struct owner.lock (users.c:76 via desk_open -> vault_open -> mutex_lock)
struct port.lock then struct shrinker.lock (users.c:52 via port_refill -> cache_get -> buf_alloc -> shrink_all -> mutex_lock)
struct queue.lock then struct shrinker.lock (users.c:20 via queue_refill -> obj_alloc -> shrink_all -> mutex_lock)
struct rx.lock then struct shrinker.lock (users.c:36 via rx_refill -> buf_alloc -> shrink_all -> mutex_lock)
struct slot.lock then struct shrinker.lock (users.c:60 via slot_refill -> cache_get_nowarn -> buf_alloc -> shrink_all -> mutex_lock)" \
	"$(lock_order --pairs | grep ' then struct \(shrinker\|owner\|space\)\.lock')"
echo ok
