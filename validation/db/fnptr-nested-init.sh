#!/bin/bash
# The functions a global initializer stores in a struct nested in it
# (".ops = { .lock = ..., .unlock = ... }", the kernel's snd_akm4xxx) are
# fn_ptrs rows under each member's names, the members after the first one
# too: their names were once built in a buffer of Sparse's that the next
# names overwrote ("(struct chip)->unlock.unlock"), so the database lost
# them.  A board whose lock and unlock do nothing is then a target of both
# pointers, the targets of each disagree, and writing twice through the
# pair is no double unlock (with the board's unlock lost, every remaining
# target of ops.unlock released the mutex: ak4xxx-adda.c's eight false
# double unlocks).  A later member whose every target releases the lock
# does release it: the look-alike's double unlock.
. "$(dirname "$0")/common.bash"

mkdir "$tmp/nested" && cd "$tmp/nested"
cat > ops.h <<'H'
#include "locks.h"
struct chip;
struct chip_ops {
	void (*lock)(struct chip *c);
	void (*unlock)(struct chip *c);
	void (*release)(struct chip *c);
};
struct chip { int n; struct chip_ops ops; struct mutex m; };
H
cat > board.c <<'C'
#include "ops.h"
static void board_lock(struct chip *c)
{
}
static void board_unlock(struct chip *c)
{
}
static void board_release(struct chip *c)
{
	c->n = 0;
	mutex_unlock(&c->m);
}
const struct chip board_chip = {
	.n = 2,
	.ops = {
		.lock = board_lock,
		.unlock = board_unlock,
		.release = board_release,
	},
};
C
cat > defaults.c <<'C'
#include "ops.h"
static void default_lock(struct chip *c)
{
	mutex_lock(&c->m);
}
static void default_unlock(struct chip *c)
{
	mutex_unlock(&c->m);
}
void chip_init(struct chip *c)
{
	if (!c->ops.lock)
		c->ops.lock = default_lock;
	if (!c->ops.unlock)
		c->ops.unlock = default_unlock;
}
C
cat > core.c <<'C'
#include "ops.h"
void chip_write(struct chip *c, int v)
{
	c->ops.lock(c);
	c->n = v;
	c->ops.unlock(c);
}
void chip_reset(struct chip *c)
{
	chip_write(c, 0);
	chip_write(c, 1);
}
void chip_close(struct chip *c)
{
	mutex_lock(&c->m);
	c->ops.release(c);
	mutex_unlock(&c->m);
}
C
FILES="board.c defaults.c core.c"
build_db > /dev/null 2>&1
expect "the nested initializer's members, each under its names" \
"(struct chip)->ops.lock	board_lock
(struct chip)->ops.lock	default_lock
(struct chip)->ops.release	board_release
(struct chip)->ops.unlock	board_unlock
(struct chip)->ops.unlock	default_unlock
(struct chip_ops)->lock	board_lock
(struct chip_ops)->lock	default_lock
(struct chip_ops)->release	board_release
(struct chip_ops)->unlock	board_unlock
(struct chip_ops)->unlock	default_unlock" \
	"$(sqlite3 -separator $'\t' smatch_db.sqlite "SELECT ptr, function FROM fn_ptrs WHERE ptr LIKE '(struct chip%'" | sort)"
expect "no double unlock through the pair, a double unlock through the later member" \
	"core.c:17 chip_close() warn: double unlock '&c->m' (unlocked on line 16)" \
	"$("$SMATCH" $CFLAGS core.c 2>/dev/null)"
echo ok
