#!/bin/bash
# A function of another file that may release a lock of a member on an
# object it reaches itself (xmit() hands netdev_port(nd) to a helper that
# releases its tx_lock on some paths) says so in the database by type and
# member (a "may_unlock_member" item), passed on by a caller that holds
# none (xmit_outer()): a loop that takes that lock each round and calls
# either is no sure double lock (rule callee-may-release-member).  A callee
# that releases nothing still makes the retake a double lock.  A caller in
# a file that does not define struct port (far.c) does not pass the item
# on, unless some function returns holding such a lock (rule
# unseen-lock-boundary).
. "$(dirname "$0")/common.bash"

mkdir "$tmp/member" && cd "$tmp/member"
cat > tx.h <<'H'
#include "locks.h"
struct port { struct mutex tx_lock; int busy; };
struct netdev { int id; };
struct frame { int len; int stamp; };
struct port *netdev_port(struct netdev *nd);
struct netdev *port_dev(struct port *p);
struct frame *dequeue(struct port *p);
int xmit(struct frame *f, struct netdev *nd);
int xmit_outer(struct frame *f, struct netdev *nd);
int xmit_plain(struct frame *f, struct netdev *nd);
H
cat > tx.c <<'C'
#include "tx.h"
static void free_frame(struct port *p, struct frame *f)
{
	if (f->stamp)
		mutex_unlock(&p->tx_lock);
}
int xmit(struct frame *f, struct netdev *nd)
{
	struct port *p = netdev_port(nd);

	if (f->len > 100) {
		free_frame(p, f);
		return -1;
	}
	return 0;
}
int xmit_outer(struct frame *f, struct netdev *nd)
{
	return xmit(f, nd) + 1;
}
int xmit_plain(struct frame *f, struct netdev *nd)
{
	struct port *p = netdev_port(nd);

	p->busy++;
	return 0;
}
C
cat > work.c <<'C'
#include "tx.h"
void tx_work(struct port *p)
{
	struct frame *f;

	while ((f = dequeue(p))) {
		mutex_lock(&p->tx_lock);
		xmit_outer(f, port_dev(p));
	}
}
void tx_work_plain(struct port *p)
{
	struct frame *f;

	while ((f = dequeue(p))) {
		mutex_lock(&p->tx_lock);
		xmit_plain(f, port_dev(p));
	}
}
C
FILES="tx.c work.c"
build_db > /dev/null 2>&1
T=$(printf '\t')
expect "xmit() and xmit_outer() may release a port's tx_lock" "xmit${T}struct port.tx_lock${T}xmit -> free_frame -> mutex_unlock
xmit_outer${T}struct port.tx_lock${T}xmit_outer -> xmit -> free_frame -> mutex_unlock" \
	"$(smdb sql "SELECT DISTINCT r.function, i.key, r.function || ' -> ' || i.via FROM return_items i
		JOIN return_states r ON r.id = i.return_id WHERE i.type = 'may_unlock_member' ORDER BY 1" | tail -n +2)"
expect "with the database" "work.c:16 tx_work_plain() warn: double lock '&p->tx_lock' (locked on line 16)" \
	"$("$SMATCH" $CFLAGS work.c 2>/dev/null)"
expect "tx_work()'s retake, by its rule" "work.c:8 tx_work() state: '&p->tx_lock' may be released by 'xmit_outer()': it may release '&p->tx_lock' of an object it reaches itself (via xmit_outer -> xmit -> free_frame -> mutex_unlock) (rule: callee-may-release-member)" \
	"$("$SMATCH" $CFLAGS --debug=locking work.c 2>&1 | grep 'callee-may-release-member')"

cat > far.c <<'C'
struct frame;
struct netdev;
int xmit(struct frame *f, struct netdev *nd);
int far_xmit(struct frame *f, struct netdev *nd)
{
	return xmit(f, nd);
}
C
# (without work.c, whose tx_work() returns holding the lock)
FILES="tx.c far.c"
build_db > /dev/null 2>&1
far_items() {
	smdb sql "SELECT DISTINCT i.key FROM return_items i JOIN return_states r ON r.id = i.return_id
		  WHERE i.type = 'may_unlock_member' AND r.function = 'far_xmit'" | tail -n +2
}
expect "far.c defines no struct port: far_xmit() does not pass the release on" "" "$(far_items)"
expect "by its rule" "far.c:4 far_xmit() state: 'struct port.tx_lock' of a type this file does not define, held by no return: its release by 'xmit -> free_frame -> mutex_unlock' not told to the callers (rule: unseen-lock-boundary)" \
	"$("$SMATCH" $CFLAGS --debug=locking far.c 2>&1 | grep 'unseen-lock-boundary')"
# a lock function that returns holding a port's tx_lock: callers anywhere may hold one
cat >> tx.c <<'C'
void port_lock(struct port *p)
{
	mutex_lock(&p->tx_lock);
}
C
build_db > /dev/null 2>&1
expect "with a lock function of the type, far_xmit() passes it on" "struct port.tx_lock" "$(far_items)"
echo ok
