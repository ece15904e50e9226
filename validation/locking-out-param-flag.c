/*
 * check-name: a callee that drops the caller's lock to wait says so in an
 * out-parameter (rxrpc_send_data(): "*_dropped_lock = true"), and the
 * caller unlocks only "if (!dropped_lock)": a local whose address a callee
 * was given is a flag in memory, which the engine cannot tie to the lock,
 * so the return reached both ways decides nothing.  An early return that
 * skips the unlock still leaks
 */
#include "locks.h"

struct call { struct mutex user_mutex; int state; };
int copy_data(struct call *call);
int wait_for_window(struct call *call);

static int send_data(struct call *call, _Bool *_dropped_lock)
{
	int ret;
reload:
	ret = copy_data(call);
	if (ret == -EAGAIN)
		goto wait_for_space;
out:
	return ret;
wait_for_space:
	mutex_unlock(&call->user_mutex);
	*_dropped_lock = 1;
	ret = wait_for_window(call);
	if (ret < 0)
		goto out;
	mutex_lock(&call->user_mutex);
	*_dropped_lock = 0;
	goto reload;
}

int kernel_send_data(struct call *call)
{
	_Bool dropped_lock = 0;
	int ret;

	mutex_lock(&call->user_mutex);
	switch (call->state) {
	case 1:
		ret = send_data(call, &dropped_lock);
		break;
	default:
		ret = -EINVAL;
		break;
	}
	if (!dropped_lock)
		mutex_unlock(&call->user_mutex);
	return ret;
}

int get_status(struct call *call, int *err);

int status_leaks(struct call *call)
{
	int err = 0;

	mutex_lock(&call->user_mutex);
	get_status(call, &err);
	if (err)
		return err;
	mutex_unlock(&call->user_mutex);
	return 0;
}
/*
 * check-output-start
validation/locking-out-param-flag.c:63 status_leaks() warn: inconsistent returns '&call->user_mutex': locked (line 63), unlocked (line 65)
 * check-output-end
 */
