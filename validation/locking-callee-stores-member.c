/*
 * check-name: a callee that stores a parameter's pointer member re-points
 * the caller's name: a lock named through it is another object after the
 * call (rule name-reassigned), so the next round of a goto loop releasing
 * "path->nodes[0]" again, or a release after the call, is silent; a callee
 * that does not re-point it, or re-points another member, leaves the second
 * release a double unlock; a lock the callee took through the new value
 * after its store keeps its name (a second lock is a double lock)
 * check-command: smatch -p=kernel --debug=locking -Ivalidation/include $file 2>&1
 */
#include "locks.h"

struct buf { struct mutex lock; int nr; };
struct path { struct buf *nodes[4]; struct buf *spare; int slot; };
int more(struct path *p);
struct buf *alloc_locked(struct path *p);	/* returns a new buffer, locked */

/* hands the path's leaf over to 'right', locked */
static void split_into(struct path *p, struct buf *right)
{
	mutex_unlock(&p->nodes[0]->lock);
	p->nodes[0] = right;
}

/* releases the leaf, keeps it in the path */
static void split_keep(struct path *p, struct buf *right)
{
	mutex_unlock(&p->nodes[0]->lock);
	right->nr = p->slot;
}

/* releases the leaf, stores another member */
static void split_spare(struct path *p, struct buf *right)
{
	mutex_unlock(&p->nodes[0]->lock);
	p->spare = right;
}

/* passes the path on to the one that re-points it */
static void split_outer(struct path *p, struct buf *right)
{
	split_into(p, right);
}

/* each round's leaf is the buffer the last round stored: silent */
static int split_loop(struct path *p)
{
again:
	split_into(p, alloc_locked(p));
	if (more(p))
		goto again;
	mutex_unlock(&p->nodes[0]->lock);
	return 0;
}

/* the same through a callee that passes the path on: silent */
static int split_loop_outer(struct path *p)
{
again:
	split_outer(p, alloc_locked(p));
	if (more(p))
		goto again;
	mutex_unlock(&p->nodes[0]->lock);
	return 0;
}

/* the leaf stays: the second round releases it again */
static int keep_loop(struct path *p)
{
again:
	split_keep(p, alloc_locked(p));
	if (more(p))
		goto again;
	return 0;
}

/* another member re-pointed: the second round releases the same leaf again */
static int spare_loop(struct path *p)
{
again:
	split_spare(p, alloc_locked(p));
	if (more(p))
		goto again;
	return 0;
}

/* no loop: the leaf stays, releasing it after the call is a double unlock */
static void keep_then_release(struct path *p)
{
	split_keep(p, alloc_locked(p));
	mutex_unlock(&p->nodes[0]->lock);
}

/* stores, then locks through the new value: the caller holds that lock */
static void install_locked(struct path *p, struct buf *b)
{
	p->nodes[0] = b;
	mutex_lock(&p->nodes[0]->lock);
}

/* so taking it again after the call is a double lock */
static void install_then_lock(struct path *p, struct buf *b)
{
	install_locked(p, b);
	mutex_lock(&p->nodes[0]->lock);
}

/*
 * check-output-start
validation/locking-callee-stores-member.c:21 split_into() state: '&p->nodes->lock' released without being taken: the caller held it (rule: held-on-entry)
validation/locking-callee-stores-member.c:22 split_into() state: '&p->nodes->lock' may name another object now that 'p->nodes' changed (rule: release-name-unknown)
validation/locking-callee-stores-member.c:22 split_into() state: '&p->nodes->lock' may name another object now that 'p->nodes' changed (rule: name-reassigned)
validation/locking-callee-stores-member.c:28 split_keep() state: '&p->nodes->lock' released without being taken: the caller held it (rule: held-on-entry)
validation/locking-callee-stores-member.c:35 split_spare() state: '&p->nodes->lock' released without being taken: the caller held it (rule: held-on-entry)
validation/locking-callee-stores-member.c:42 split_outer() state: '&p->nodes->lock' released without being taken: the caller held it (rule: held-on-entry)
validation/locking-callee-stores-member.c:42 split_outer() state: '&p->nodes->lock' may name another object now that 'p->nodes' changed (rule: name-reassigned)
validation/locking-callee-stores-member.c:49 split_loop() state: '&p->nodes->lock' released without being taken: the caller held it (rule: held-on-entry)
validation/locking-callee-stores-member.c:49 split_loop() state: '&p->nodes->lock' may name another object now that 'p->nodes' changed (rule: name-reassigned)
validation/locking-callee-stores-member.c:49 split_loop() not reported: double unlock '&p->nodes->lock': 'split_into()' releases it (via split_into -> mutex_unlock) (rule: name-reassigned)
validation/locking-callee-stores-member.c:52 split_loop() not reported: double unlock '&p->nodes->lock' (unlocked on line 49) (rule: name-reassigned)
validation/locking-callee-stores-member.c:60 split_loop_outer() state: '&p->nodes->lock' released without being taken: the caller held it (rule: held-on-entry)
validation/locking-callee-stores-member.c:60 split_loop_outer() state: '&p->nodes->lock' may name another object now that 'p->nodes' changed (rule: name-reassigned)
validation/locking-callee-stores-member.c:60 split_loop_outer() not reported: double unlock '&p->nodes->lock': 'split_outer()' releases it (via split_outer -> split_into -> mutex_unlock) (rule: name-reassigned)
validation/locking-callee-stores-member.c:63 split_loop_outer() not reported: double unlock '&p->nodes->lock' (unlocked on line 60) (rule: name-reassigned)
validation/locking-callee-stores-member.c:71 keep_loop() state: '&p->nodes->lock' released without being taken: the caller held it (rule: held-on-entry)
validation/locking-callee-stores-member.c:81 spare_loop() state: '&p->nodes->lock' released without being taken: the caller held it (rule: held-on-entry)
validation/locking-callee-stores-member.c:90 keep_then_release() state: '&p->nodes->lock' released without being taken: the caller held it (rule: held-on-entry)
validation/locking-callee-stores-member.c:71 keep_loop() warn: double unlock '&p->nodes->lock': 'split_keep()' releases it (via split_keep -> mutex_unlock)
validation/locking-callee-stores-member.c:81 spare_loop() warn: double unlock '&p->nodes->lock': 'split_spare()' releases it (via split_spare -> mutex_unlock)
validation/locking-callee-stores-member.c:91 keep_then_release() warn: double unlock '&p->nodes->lock' (unlocked on line 90)
validation/locking-callee-stores-member.c:105 install_then_lock() warn: double lock '&p->nodes->lock' (locked on line 104)
 * check-output-end
 */
