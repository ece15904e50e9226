#!/bin/bash
# A static function's integer parameter holds what its calls pass, as the
# database saw them: qed's _qed_mcp_cmd_and_union() is only called with a
# retry count of 500, so a break out of its first round never meets
# "cnt >= max" (no false leak).  A function that is also called through a
# pointer, or called with 0, still warns: its callers say nothing then.
. "$(dirname "$0")/common.bash"

mkdir "$tmp/callers" && cd "$tmp/callers"
cat > mbox.c <<'C'
#include "locks.h"
struct mbox { spinlock_t lock; int busy; };
int pending(struct mbox *m);

static int send_retries(struct mbox *m, unsigned int max)
{
	unsigned int cnt = 0;

	do {
		spin_lock(&m->lock);
		if (!pending(m))
			break;
		spin_unlock(&m->lock);
	} while (++cnt < max);
	if (cnt >= max)
		return -EAGAIN;
	spin_unlock(&m->lock);
	return 0;
}

static int send_callback(struct mbox *m, unsigned int max)
{
	unsigned int cnt = 0;

	do {
		spin_lock(&m->lock);
		if (!pending(m))
			break;
		spin_unlock(&m->lock);
	} while (++cnt < max);
	if (cnt >= max)
		return -EAGAIN;
	spin_unlock(&m->lock);
	return 0;
}

static int send_zero(struct mbox *m, unsigned int max)
{
	unsigned int cnt = 0;

	do {
		spin_lock(&m->lock);
		if (!pending(m))
			break;
		spin_unlock(&m->lock);
	} while (++cnt < max);
	if (cnt >= max)
		return -EAGAIN;
	spin_unlock(&m->lock);
	return 0;
}

int (*send_hook)(struct mbox *, unsigned int) = send_callback;

int send(struct mbox *m)
{
	return send_retries(m, 500) + send_callback(m, 500) + send_zero(m, 0) + send_zero(m, 8);
}
C
"$build" --files "mbox.c" --cflags "$CFLAGS" > /dev/null 2>&1 || fail "the database build failed"

leaks="mbox.c:16 send_retries() warn: inconsistent returns '&m->lock': locked (line 16), unlocked (lines 16,18)
mbox.c:32 send_callback() warn: inconsistent returns '&m->lock': locked (line 32), unlocked (lines 32,34)
mbox.c:48 send_zero() warn: inconsistent returns '&m->lock': locked (line 48), unlocked (lines 48,50)"
expect "without the database, max may be 0" "$leaks" "$("$SMATCH" --no-db $CFLAGS mbox.c 2>/dev/null)"
expect "with it, only the callback and the call with 0 warn" "$(echo "$leaks" | tail -n 2)" \
	"$("$SMATCH" --db-file=smatch_db.sqlite $CFLAGS mbox.c 2>/dev/null)"
echo ok
