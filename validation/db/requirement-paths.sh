#!/bin/bash
# Lock requirements and what the calling path did to the lock's object: a
# lock destroyed on the path (teardown) or initialised on it (setup) is
# required by nobody; a call in a window the function opened on purpose
# (released before the call, taken again after it) is not reported, nor a
# call on the entries of a list of the function's own (moved there under
# the lock).  Each with its look-alike: another object's lock destroyed or
# initialised, a lock released and never taken again, or taken again
# under another name, the entries of the shared list, a private list
# handed to an unknown function.
. "$(dirname "$0")/common.bash"

mkdir "$tmp/req" && cd "$tmp/req"
cat > dev.h <<'C'
#include "locks.h"
#include "list.h"
void mutex_destroy(struct mutex *m);
void __mutex_init(struct mutex *m, const char *name, void *key);
#define mutex_init(m) __mutex_init((m), #m, 0)
struct dev { struct mutex lock; int n; };
void dev_update(struct dev *d);
void wait_idle(struct dev *d);
extern struct mutex mod_lock;
struct mod { struct list_head node; struct mutex lock; int n; };
void mod_free(struct mod *m);
void mod_update(struct mod *m);
void hand_over(struct list_head *list);
C
cat > dev.c <<'C'
#include "dev.h"
void dev_update(struct dev *d) { d->n++; }
void mod_free(struct mod *m) { list_del(&m->node); }
void mod_update(struct mod *m) { m->n++; }
C
cat > callers.c <<'C'
#include "dev.h"
#define CALLER(name)			\
void name(struct dev *d)		\
{					\
	mutex_lock(&d->lock);		\
	dev_update(d);			\
	mutex_unlock(&d->lock);		\
}
CALLER(c1)
CALLER(c2)
CALLER(c3)
#define MOD_CALLER(name)		\
void name(struct mod *m)		\
{					\
	mutex_lock(&mod_lock);		\
	mod_free(m);			\
	mutex_unlock(&mod_lock);	\
	mutex_lock(&m->lock);		\
	mod_update(m);			\
	mutex_unlock(&m->lock);		\
}
MOD_CALLER(m1)
MOD_CALLER(m2)
MOD_CALLER(m3)
C
cat > check.c <<'C'
#include "dev.h"
void torn_down(struct dev *d)
{
	mutex_lock(&d->lock);
	mutex_unlock(&d->lock);
	mutex_destroy(&d->lock);
	dev_update(d);
}
void other_torn_down(struct dev *d, struct dev *o)
{
	mutex_lock(&d->lock);
	mutex_unlock(&d->lock);
	mutex_destroy(&o->lock);
	dev_update(d);
}
void set_up(struct dev *d)
{
	mutex_init(&d->lock);
	dev_update(d);
}
void other_set_up(struct dev *d, struct dev *o)
{
	mutex_init(&o->lock);
	dev_update(d);
}
void window(struct dev *d, int x)
{
	mutex_lock(&d->lock);
	mutex_unlock(&d->lock);
	wait_idle(d);
	if (x)
		dev_update(d);
	mutex_lock(&d->lock);
	mutex_unlock(&d->lock);
}
void released_for_good(struct dev *d)
{
	mutex_lock(&d->lock);
	mutex_unlock(&d->lock);
	dev_update(d);
}
void other_relocked(struct dev *d, struct dev *o)
{
	mutex_lock(&d->lock);
	mutex_unlock(&d->lock);
	dev_update(d);
	mutex_lock(&o->lock);
	mutex_unlock(&o->lock);
}
void next_relocked(struct dev *d, struct dev *next)
{
	mutex_lock(&d->lock);
	mutex_unlock(&d->lock);
	dev_update(d);
	d = next;
	mutex_lock(&d->lock);
	mutex_unlock(&d->lock);
}
void private_walk(struct list_head *mods)
{
	struct mod *m, *n;
	LIST_HEAD(todo);

	mutex_lock(&mod_lock);
	list_for_each_entry_safe(m, n, mods, node)
		if (m->n)
			list_move(&m->node, &todo);
	mutex_unlock(&mod_lock);
	list_for_each_entry_safe(m, n, &todo, node) {
		mod_update(m);
		mod_free(m);
	}
}
void shared_walk(struct list_head *mods)
{
	struct mod *m, *n;

	mutex_lock(&mod_lock);
	mutex_unlock(&mod_lock);
	list_for_each_entry_safe(m, n, mods, node)
		mod_free(m);
}
void handed_walk(struct list_head *mods)
{
	struct mod *m, *n;
	LIST_HEAD(todo);

	mutex_lock(&mod_lock);
	list_for_each_entry_safe(m, n, mods, node)
		list_move(&m->node, &todo);
	mutex_unlock(&mod_lock);
	hand_over(&todo);
	list_for_each_entry_safe(m, n, &todo, node)
		mod_free(m);
}
C
"$build" --files "dev.c callers.c" --cflags "$CFLAGS" > /dev/null 2>&1 || fail "the database build failed"

expect "warnings" \
"check.c:14 other_torn_down() warn: 'dev_update()' called without '&d->lock' held (held by 3 of 4 callers)
check.c:24 other_set_up() warn: 'dev_update()' called without '&d->lock' held (held by 3 of 4 callers)
check.c:40 released_for_good() warn: 'dev_update()' called without '&d->lock' held (held by 3 of 4 callers)
check.c:46 other_relocked() warn: 'dev_update()' called without '&d->lock' held (held by 3 of 4 callers)
check.c:54 next_relocked() warn: 'dev_update()' called without '&d->lock' held (held by 3 of 4 callers)
check.c:81 shared_walk() warn: 'mod_free()' called without '&mod_lock' held (held by 3 of 4 callers)
check.c:94 handed_walk() warn: 'mod_free()' called without '&mod_lock' held (held by 3 of 4 callers)" \
	"$("$SMATCH" --db-file=smatch_db.sqlite $CFLAGS check.c 2>/dev/null)"
expect "the rules of the silent ones" \
"check.c:7 torn_down() not reported: 'dev_update()' called without '&d->lock' held (held by 3 of 4 callers) (rule: destroyed-on-path)
check.c:19 set_up() not reported: 'dev_update()' called without '&d->lock' held (held by 3 of 4 callers) (rule: initialised-on-path)
check.c:32 window() not reported: 'dev_update()' called without '&d->lock' held (held by 3 of 4 callers) (rule: dropped-around-call)
check.c:70 private_walk() not reported: 'mod_update()' called without '&m->lock' held (held by 3 of 4 callers) (rule: private-list-entry)
check.c:71 private_walk() not reported: 'mod_free()' called without '&mod_lock' held (held by 3 of 4 callers) (rule: private-list-entry)" \
	"$("$SMATCH" --db-file=smatch_db.sqlite --debug=locking $CFLAGS check.c 2>&1 >/dev/null | grep 'not reported')"
echo ok
