#!/bin/bash
# A call through a struct member function pointer, in a file that stores no
# function there, gets what the database's targets (fn_ptrs rows, static
# functions of other files included) do together: every target releases the
# argument's lock, so the lock is released at the call; every target returns
# 0 or an error, so the call returns nothing else.  Targets that disagree
# leave the lock as it was; without the database nothing is known of the call.
# A pointer with more targets than smatch combines (16) is unknown at once:
# none of their returns is read.
. "$(dirname "$0")/common.bash"

mkdir "$tmp/fnptr" && cd "$tmp/fnptr"
cat > ops.h <<'H'
#include "locks.h"
struct queue;
struct queue_ops {
	void (*wake_and_unlock)(struct queue *q);
	void (*maybe_unlock)(struct queue *q);
	int (*disable)(struct queue *q);
	void (*poll)(struct queue *q);
};
struct queue { spinlock_t lock; struct mutex m; int pending, bad; const struct queue_ops *ops; };
int hw_read(struct queue *q);
H
cat > dev.c <<'C'
#include "ops.h"
static void dev_wake_and_unlock(struct queue *q)
{
	q->pending++;
	spin_unlock(&q->lock);
}
static void dev_maybe_unlock(struct queue *q)
{
	spin_unlock(&q->lock);
}
static int dev_disable(struct queue *q)
{
	return q->bad ? -5 : 0;
}
const struct queue_ops dev_ops = {
	.wake_and_unlock = dev_wake_and_unlock,
	.maybe_unlock = dev_maybe_unlock,
	.disable = dev_disable,
};
C
cat > virt.c <<'C'
#include "ops.h"
static void virt_wake_and_unlock(struct queue *q)
{
	spin_unlock(&q->lock);
	q->pending = 0;
}
static void virt_maybe_unlock(struct queue *q)
{
	q->pending = 0;
}
static int virt_disable(struct queue *q)
{
	if (q->bad)
		return -22;
	q->pending = 0;
	return 0;
}
const struct queue_ops virt_ops = {
	.wake_and_unlock = virt_wake_and_unlock,
	.maybe_unlock = virt_maybe_unlock,
	.disable = virt_disable,
};
C
cat > core.c <<'C'
#include "ops.h"
void queue_all(struct queue *q, int n)
{
	while (n--) {
		spin_lock(&q->lock);
		q->ops->wake_and_unlock(q);
	}
}
void queue_maybe(struct queue *q, int n)
{
	while (n--) {
		spin_lock(&q->lock);
		q->ops->maybe_unlock(q);
	}
}
static int access_get(struct queue *q)
{
	int ret;

	mutex_lock(&q->m);
	ret = q->ops->disable(q);
	if (ret < 0) {
		mutex_unlock(&q->m);
		return ret;
	}
	return ret;
}
int queue_read(struct queue *q)
{
	int err = access_get(q);

	if (!err) {
		err = hw_read(q);
		mutex_unlock(&q->m);
	}
	return err;
}
void queue_poll(struct queue *q)
{
	q->ops->poll(q);
}
C
# 17 targets of (struct queue_ops)->poll
for i in $(seq 17); do
	printf 'static void poll%d(struct queue *q)\n{\n\tq->pending = %d;\n}\n' "$i" "$i"
	printf 'const struct queue_ops poll%d_ops = { .poll = poll%d };\n' "$i" "$i"
done | sed '1i #include "ops.h"' > many.c
FILES="dev.c virt.c many.c core.c"
build_db > /dev/null 2>&1
expect "the targets in the database" "core.c:12 queue_maybe() warn: double lock '&q->lock' (locked on line 12)" \
	"$("$SMATCH" $CFLAGS core.c 2>/dev/null)"
expect "the rule, with --debug=locking" "core.c:6 queue_all() state: the known targets of '(struct queue_ops)->wake_and_unlock' (2) all do to locks: unlock struct queue.lock &\$0->lock spin (rule: pointer-targets-agree)" \
	"$("$SMATCH" --debug=locking $CFLAGS core.c 2>&1 | grep pointer-targets-agree)"
expect "without the database" "core.c:5 queue_all() warn: double lock '&q->lock' (locked on line 5)
core.c:12 queue_maybe() warn: double lock '&q->lock' (locked on line 12)
core.c:36 queue_read() warn: inconsistent returns '&q->m': locked (line 36), unlocked (line 36)" \
	"$(SMATCH_DB= "$SMATCH" $CFLAGS core.c 2>/dev/null)"
expect "what core.c read: the targets, and their returns (a pass that changes them checks it again)" \
"fn_ptrs	(struct queue_ops)->disable
fn_ptrs	(struct queue_ops)->maybe_unlock
fn_ptrs	(struct queue_ops)->poll
fn_ptrs	(struct queue_ops)->wake_and_unlock
static_returns	dev_disable
static_returns	dev_maybe_unlock
static_returns	dev_wake_and_unlock
static_returns	virt_disable
static_returns	virt_maybe_unlock
static_returns	virt_wake_and_unlock" \
	"$("$SMATCH" --info $CFLAGS core.c 2>/dev/null |
	   awk -F'\t' '$2 == "read" && ($3 == "fn_ptrs" || $3 == "static_returns") {print $3 "\t" $4}' | sort)"
echo ok
