#!/bin/bash
# One root cause, one warning across files: a function of another file
# that every caller in the database calls holding the lock it takes starts
# with it held and reports the double lock itself; the callers' calls that
# reach it, directly or through a function of a third file, are not
# reported again (reported-in-callee).  A callee that one caller calls
# without the lock does not start with it held: the calls are the report.
# In one file with the database (fs/dlm/dir.c's find_rsb_root()), the
# callee's report is the one too, whether it comes before or after the call.
. "$(dirname "$0")/common.bash"

mkdir "$tmp/one-cause" && cd "$tmp/one-cause"
cat > dev.h <<'H'
#include "locks.h"
struct dev { struct mutex lock; int n; };
void dev_refresh(struct dev *dev);
void dev_poll(struct dev *dev);
void dev_sync(struct dev *dev);
H
cat > dev.c <<'C'
#include "dev.h"
void dev_refresh(struct dev *dev)
{
	mutex_lock(&dev->lock);
	dev->n++;
	mutex_unlock(&dev->lock);
}
void dev_poll(struct dev *dev)
{
	mutex_lock(&dev->lock);
	mutex_unlock(&dev->lock);
}
C
cat > sync.c <<'C'
#include "dev.h"
void dev_sync(struct dev *dev)
{
	dev->n = 0;
	dev_refresh(dev);
}
C
cat > user.c <<'C'
#include "dev.h"
void user_a(struct dev *dev)
{
	mutex_lock(&dev->lock);
	dev_refresh(dev);
	dev_sync(dev);
	mutex_unlock(&dev->lock);
}
void user_b(struct dev *dev)
{
	mutex_lock(&dev->lock);
	dev_refresh(dev);
	dev_poll(dev);
	mutex_unlock(&dev->lock);
}
C
cat > other.c <<'C'
#include "dev.h"
void other(struct dev *dev)
{
	dev_poll(dev);
}
C
FILES="dev.c sync.c user.c other.c"
build_db > /dev/null 2>&1
expect "the callee reports it" \
	"dev.c:4 dev_refresh() warn: double lock '&dev->lock' (held by every caller: dev_sync(), user_a(), user_b())" \
	"$("$SMATCH" $CFLAGS dev.c 2>/dev/null)"
expect "the callers' calls: not again, but where the callee does not start held" \
	"user.c:13 user_b() warn: double lock '&dev->lock': 'dev_poll()' acquires it (via dev_poll -> mutex_lock)" \
	"$("$SMATCH" $CFLAGS user.c 2>/dev/null)"
expect "the rule" \
	"user.c:5 user_a() not reported: double lock '&dev->lock': 'dev_refresh()' acquires it (via dev_refresh -> mutex_lock) (rule: reported-in-callee)
user.c:6 user_a() not reported: double lock '&dev->lock': 'dev_sync()' acquires it (via dev_sync -> dev_refresh -> mutex_lock) (rule: reported-in-callee)
user.c:12 user_b() not reported: double lock '&dev->lock': 'dev_refresh()' acquires it (via dev_refresh -> mutex_lock) (rule: reported-in-callee)" \
	"$("$SMATCH" $CFLAGS --debug=locking user.c 2>&1 >/dev/null | grep 'rule: reported-in-callee')"
expect "the function between: silent, its callers' calls are the callee's" "" "$("$SMATCH" $CFLAGS sync.c 2>/dev/null)"
expect "without the database" "" "$(SMATCH_DB= "$SMATCH" $CFLAGS user.c 2>/dev/null)"

mkdir "$tmp/same-file" && cd "$tmp/same-file"
cp ../one-cause/dev.h .
cat > dev.c <<'C'
#include "dev.h"
void dev_sync(struct dev *dev)
{
	mutex_lock(&dev->lock);
	dev_refresh(dev);
	mutex_unlock(&dev->lock);
}
void dev_refresh(struct dev *dev)
{
	mutex_lock(&dev->lock);
	mutex_unlock(&dev->lock);
}
static void find_root(struct dev *dev)
{
	mutex_lock(&dev->lock);
	mutex_unlock(&dev->lock);
}
void dev_poll(struct dev *dev)
{
	mutex_lock(&dev->lock);
	find_root(dev);
	mutex_unlock(&dev->lock);
}
C
cat > user.c <<'C'
#include "dev.h"
void user_a(struct dev *dev)
{
	mutex_lock(&dev->lock);
	dev_refresh(dev);
	mutex_unlock(&dev->lock);
}
C
FILES="dev.c user.c"
build_db > /dev/null 2>&1
expect "one file with the database: the callees report it" \
	"dev.c:10 dev_refresh() warn: double lock '&dev->lock' (held by every caller: dev_sync(), user_a())
dev.c:15 find_root() warn: double lock '&dev->lock' (held by every caller: dev_poll())" \
	"$("$SMATCH" $CFLAGS dev.c 2>/dev/null)"
expect "one file with the database: the calls, in their records" \
	"dev.c:5 dev_sync() not reported: double lock '&dev->lock': 'dev_refresh()' acquires it (via dev_refresh -> mutex_lock) (rule: reported-in-callee)
dev.c:21 dev_poll() not reported: double lock '&dev->lock': 'find_root()' acquires it (via find_root -> mutex_lock) (rule: reported-in-callee)" \
	"$("$SMATCH" $CFLAGS --debug=locking dev.c 2>&1 >/dev/null | grep 'rule: reported-in-callee')"
echo ok
