/*
 * check-name: a local that holds a comparison or an IS_ERR() test tells,
 * on each side of a later test of it, what a branch on the test itself
 * would: "need = (0 == held)" says held is 0 where need holds (the
 * constant on the left too), "full = users >= limit" says users < limit
 * where it does not, "ok = !IS_ERR(peer)" says peer is no error.  So a
 * caller holding the lock that passes held = 1 is silent and one passing
 * 0 is a double lock, and a later test of the same comparison or pointer
 * matches the lock taken under the local.  A later test of something else
 * does not (rule held-on-entry, as before)
 * check-command: smatch -p=kernel --debug=locking -Wno-decl -Ivalidation/include $file 2>&1
 */
#include "locks.h"

struct mutex big_lock;
struct proto { int refs, users, limit; };

static inline int IS_ERR(const void *ptr)
{
	return (unsigned long)ptr >= (unsigned long)-4095;
}

void proto_destroy(struct proto *tp, int big_held)
{
	int need = (0 == big_held);

	if (need)
		mutex_lock(&big_lock);
	tp->refs = 0;
	if (need)
		mutex_unlock(&big_lock);
}

void put_held(struct proto *tp)
{
	mutex_lock(&big_lock);
	proto_destroy(tp, 1);
	mutex_unlock(&big_lock);
}

void put_not_held(struct proto *tp)
{
	mutex_lock(&big_lock);
	proto_destroy(tp, 0);
	mutex_unlock(&big_lock);
}

void proto_admit(struct proto *tp, int users, int limit)
{
	int full = users >= limit;

	if (!full)
		mutex_lock(&big_lock);
	tp->users = users;
	if (limit > users)
		mutex_unlock(&big_lock);
}

void proto_admit_other_limit(struct proto *tp, int users, int limit)
{
	int full = users >= limit;

	if (!full)
		mutex_lock(&big_lock);
	tp->users = users;
	if (users < tp->limit)
		mutex_unlock(&big_lock);
}

void proto_attach(struct proto *tp, struct proto *peer)
{
	int ok = !IS_ERR(peer);

	if (ok)
		mutex_lock(&big_lock);
	tp->refs = 1;
	if (!IS_ERR(peer))
		mutex_unlock(&big_lock);
}

void proto_attach_other_peer(struct proto *tp, struct proto *peer, struct proto *old)
{
	int ok = !IS_ERR(peer);

	if (ok)
		mutex_lock(&big_lock);
	tp->refs = 1;
	if (!IS_ERR(old))
		mutex_unlock(&big_lock);
}

/*
 * check-output-start
validation/locking-local-test-sides.c:67 proto_admit_other_limit() state: '&big_lock' released without being taken: the caller held it (rule: held-on-entry)
validation/locking-local-test-sides.c:68 proto_admit_other_limit() not reported: inconsistent returns '&big_lock': locked (line 68), unlocked (line 68) (rule: held-on-entry)
validation/locking-local-test-sides.c:89 proto_attach_other_peer() state: '&big_lock' released without being taken: the caller held it (rule: held-on-entry)
validation/locking-local-test-sides.c:90 proto_attach_other_peer() not reported: inconsistent returns '&big_lock': locked (line 90), unlocked (line 90) (rule: held-on-entry)
validation/locking-local-test-sides.c:44 put_not_held() warn: double lock '&big_lock': 'proto_destroy()' acquires it (via proto_destroy -> mutex_lock)
 * check-output-end
 */
