#!/bin/bash
# A function of another file that stores a pointer member of its parameter
# ("p->nodes[0] = right", here through a static helper) says so in the
# database (a "stores_member" item): a caller's lock named through that
# member is another object after the call (rule name-reassigned), so
# releasing "p->nodes[0]" after the callee released the old leaf is
# silent, in a goto loop's second round too.  A callee that stores another
# member leaves the second release a double unlock.  Not recorded: a link
# of a list to its own kind ("p->next = n", what list_add() stores) and a
# member of another object reached from the parameter ("p->spare->nr").
. "$(dirname "$0")/common.bash"

mkdir "$tmp/stores" && cd "$tmp/stores"
cat > tree.h <<'H'
#include "locks.h"
struct buf { struct mutex lock; int nr; };
struct path { struct buf *nodes[4]; struct buf *spare; struct path *next; };
struct buf *alloc_locked(struct path *p);
void split(struct path *p, struct buf *right);
void split_spare(struct path *p, struct buf *right);
void link(struct path *p, struct path *n);
int more(struct path *p);
H
cat > tree.c <<'C'
#include "tree.h"
static void hand_over(struct path *p, struct buf *right)
{
	mutex_unlock(&p->nodes[0]->lock);
	p->nodes[0] = right;
}
void split(struct path *p, struct buf *right)
{
	hand_over(p, right);
}
void split_spare(struct path *p, struct buf *right)
{
	mutex_unlock(&p->nodes[0]->lock);
	p->spare = right;
}
void link(struct path *p, struct path *n)
{
	p->next = n;
	p->next->spare = n->spare;
}
C
cat > user.c <<'C'
#include "tree.h"
int split_loop(struct path *p)
{
again:
	split(p, alloc_locked(p));
	if (more(p))
		goto again;
	mutex_unlock(&p->nodes[0]->lock);
	return 0;
}
int spare_loop(struct path *p)
{
again:
	split_spare(p, alloc_locked(p));
	if (more(p))
		goto again;
	return 0;
}
C
FILES="tree.c user.c"
build_db > /dev/null 2>&1
T=$(printf '\t')
expect "split() stores \$0->nodes, split_spare() \$0->spare, link() none" "split${T}\$0->nodes
split_spare${T}\$0->spare" \
	"$(smdb sql "SELECT DISTINCT r.function, i.key FROM return_items i JOIN return_states r ON r.id = i.return_id
		WHERE r.function IN ('split', 'split_spare', 'link') AND i.type = 'stores_member' ORDER BY 1" | tail -n +2)"
expect "with the database" "user.c:14 spare_loop() warn: double unlock '&p->nodes->lock': 'split_spare()' releases it (via split_spare -> mutex_unlock)" \
	"$("$SMATCH" $CFLAGS user.c 2>/dev/null)"
expect "split_loop()'s releases, by their rule" "user.c:5 split_loop() not reported: double unlock '&p->nodes->lock': 'split()' releases it (via split -> hand_over -> mutex_unlock) (rule: name-reassigned)
user.c:8 split_loop() not reported: double unlock '&p->nodes->lock' (unlocked on line 5) (rule: name-reassigned)" \
	"$("$SMATCH" $CFLAGS --debug=locking user.c 2>&1 | grep 'split_loop() not reported')"
echo ok
