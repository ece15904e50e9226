/*
 * check-name: a variable assigned in a loop keeps what the walked rounds
 * left it after the loop: "release(token); token = NULL;" inside the wait
 * loop and "if (token) release(token);" after it is no double unlock
 * (bnxt's __hwrm_send()); without the "token = NULL" it is one
 */
#include "locks.h"

struct token { int state; };
struct bnxt { struct mutex cmd_lock; int len; };
struct token *acquire_token(struct bnxt *bp);
int deferred(struct token *t);

static void release_token(struct bnxt *bp, struct token *t)
{
	mutex_unlock(&bp->cmd_lock);
}

static int send(struct bnxt *bp, int tmo)
{
	struct token *token = acquire_token(bp);
	int i;

	mutex_lock(&bp->cmd_lock);
	for (i = 0; i < tmo; i++) {
		if (token && deferred(token)) {
			release_token(bp, token);
			token = (void *)0;
		}
		if (bp->len)
			break;
	}
	if (token)
		release_token(bp, token);
	return 0;
}

static int send_twice(struct bnxt *bp, int tmo)
{
	struct token *token = acquire_token(bp);
	int i;

	mutex_lock(&bp->cmd_lock);
	for (i = 0; i < tmo; i++) {
		if (token && deferred(token))
			release_token(bp, token);
		if (bp->len)
			break;
	}
	if (token)
		release_token(bp, token);
	return 0;
}
/*
 * check-output-start
validation/flow-loop-assigned.c:46 send_twice() warn: double unlock '&bp->cmd_lock': 'release_token()' releases it (via release_token -> mutex_unlock)
validation/flow-loop-assigned.c:51 send_twice() warn: double unlock '&bp->cmd_lock': 'release_token()' releases it (via release_token -> mutex_unlock)
 * check-output-end
 */
