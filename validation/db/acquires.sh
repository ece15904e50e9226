#!/bin/bash
# A callee of another file that takes the lock its caller holds deadlocks,
# even if it releases it before it returns: the database's "acquires" items
# carry the lock, the chain of calls (through a third file too) and the
# condition on a flag; a trylock, a flag passed as "locked" and a callee
# that drops the caller's lock and takes it again while it holds another
# object's lock of the type are silent, and so is everything without the
# database.  (Callees whose every caller
# holds the lock report it themselves: validation/db/one-cause.sh.)
. "$(dirname "$0")/common.bash"

mkdir "$tmp/acquires" && cd "$tmp/acquires"
cat > stats.h <<'H'
#include "locks.h"
struct dev { struct mutex lock; int n; };
extern struct mutex stats_mutex;
void stats_refresh(struct dev *dev);
void stats_try(struct dev *dev);
void stats_flagged(struct dev *dev, int locked);
void stats_global(void);
void stats_update(struct dev *dev);
void stats_wait_peer(struct dev *dev, struct dev *peer);
H
cat > stats.c <<'C'
#include "stats.h"
struct mutex stats_mutex;
void stats_refresh(struct dev *dev)
{
	mutex_lock(&dev->lock);
	dev->n++;
	mutex_unlock(&dev->lock);
}
void stats_try(struct dev *dev)
{
	if (mutex_trylock(&dev->lock))
		mutex_unlock(&dev->lock);
}
void stats_flagged(struct dev *dev, int locked)
{
	if (!locked)
		mutex_lock(&dev->lock);
	dev->n++;
	if (!locked)
		mutex_unlock(&dev->lock);
}
void stats_global(void)
{
	mutex_lock(&stats_mutex);
	mutex_unlock(&stats_mutex);
}
/* holds the peer's lock while the caller's is dropped and taken again */
void stats_wait_peer(struct dev *dev, struct dev *peer)
{
	mutex_lock_nested(&peer->lock, 1);
	mutex_unlock(&dev->lock);
	peer->n++;
	mutex_lock(&dev->lock);
	mutex_unlock(&peer->lock);
}
C
cat > update.c <<'C'
#include "stats.h"
void stats_update(struct dev *dev)
{
	dev->n = 0;
	stats_refresh(dev);
}
C
cat > user.c <<'C'
#include "stats.h"
void user(struct dev *dev)
{
	mutex_lock(&dev->lock);
	stats_refresh(dev);
	stats_update(dev);
	stats_try(dev);
	stats_flagged(dev, 1);
	stats_flagged(dev, 0);
	mutex_unlock(&dev->lock);
	mutex_lock(&stats_mutex);
	stats_global();
	mutex_unlock(&stats_mutex);
}
/* not every caller holds the lock: the callees do not start with it held */
void user_unlocked(struct dev *dev, struct dev *peer)
{
	stats_refresh(dev);
	stats_update(dev);
	stats_flagged(dev, 0);
	stats_global();
	stats_wait_peer(peer, dev);
}
void user_peer(struct dev *dev, struct dev *peer)
{
	mutex_lock(&dev->lock);
	stats_wait_peer(dev, peer);
	mutex_unlock(&dev->lock);
}
C
FILES="stats.c update.c user.c"
T=$(printf '\t')
build_db > /dev/null 2>&1
smdb sql "SELECT i.type, i.value, r.ret FROM return_items i JOIN return_states r ON r.id = i.return_id WHERE r.function = 'stats_flagged'" >&2
expect "double locks through the database" "user.c:5 user() warn: double lock '&dev->lock': 'stats_refresh()' acquires it (via stats_refresh -> mutex_lock)
user.c:6 user() warn: double lock '&dev->lock': 'stats_update()' acquires it (via stats_update -> stats_refresh -> mutex_lock)
user.c:9 user() warn: double lock '&dev->lock': 'stats_flagged()' acquires it (via stats_flagged -> mutex_lock)
user.c:12 user() warn: double lock '&stats_mutex': 'stats_global()' acquires it (via stats_global -> mutex_lock)" \
	"$("$SMATCH" $CFLAGS user.c 2>/dev/null)"
expect "the trylock, by its rule" "user.c:7 user() not reported: double lock '&dev->lock': 'stats_try()' acquires it (via stats_try -> mutex_trylock) (rule: fails-when-held)" \
	"$("$SMATCH" $CFLAGS --debug=locking user.c 2>&1 >/dev/null | grep ' user() not reported: double')"
expect "the items" "acquires${T}struct dev.lock${T}&\$0->lock${T}mutex;\$1=0${T}mutex_lock" \
	"$(smdb sql "SELECT i.type, i.key, i.name, i.value, i.via FROM return_items i JOIN return_states r ON r.id = i.return_id
		WHERE r.function = 'stats_flagged' AND i.type = 'acquires'" | tail -n +2 | sort -u)"
expect "without the database" "" "$(SMATCH_DB= "$SMATCH" $CFLAGS user.c 2>/dev/null)"
echo ok
