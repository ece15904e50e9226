/*
 * check-name: a helper releasing (or taking) a lock it reaches through a
 * variable of its own, not through its arguments (i915_request_add()
 * unlocking its request's timeline): two calls may be on two objects'
 * locks, so neither double unlock nor double lock is reported; a helper
 * that names the lock through its argument still warns
 * check-command: smatch -p=kernel --debug=locking -Ivalidation/include $file 2>&1
 */
#include "locks.h"

struct timeline { struct mutex mutex; };
struct request { struct timeline *tl; int seqno; };
struct timeline *request_timeline(struct request *rq);
struct request *request_create(int engine);

static void request_add(struct request *rq)
{
	struct timeline *tl = request_timeline(rq);

	rq->seqno++;
	mutex_unlock(&tl->mutex);
}

static void timeline_enter(struct request *rq)
{
	struct timeline *tl = request_timeline(rq);

	mutex_lock(&tl->mutex);
}

static void timeline_leave(struct timeline *tl)
{
	mutex_unlock(&tl->mutex);
}

static void submit_two(void)
{
	struct request *a = request_create(0);
	struct request *b;

	request_add(a);
	b = request_create(1);
	request_add(b);
}

static void enter_two(struct request *a, struct request *b)
{
	timeline_enter(a);
	timeline_enter(b);
}

static void leave_twice(struct timeline *tl)
{
	mutex_lock(&tl->mutex);
	timeline_leave(tl);
	timeline_leave(tl);
}

/*
 * check-output-start
validation/locking-double-via-local.c:21 request_add() state: '&tl->mutex' released without being taken: the caller held it (rule: held-on-entry)
validation/locking-double-via-local.c:33 timeline_leave() state: '&tl->mutex' released without being taken: the caller held it (rule: held-on-entry)
validation/locking-double-via-local.c:41 submit_two() state: '&tl->mutex' released without being taken: the caller held it (rule: held-on-entry)
validation/locking-double-via-local.c:43 submit_two() not reported: double unlock '&tl->mutex': 'request_add()' releases it (via request_add -> mutex_unlock) (rule: callee-local-lock)
validation/locking-double-via-local.c:56 leave_twice() warn: double unlock '&tl->mutex': 'timeline_leave()' releases it (via timeline_leave -> mutex_unlock)
 * check-output-end
 */
