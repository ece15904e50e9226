/*
 * check-name: a helper that returns a block it locked (a name only the
 * helper knows) stored in the caller's path, with its holding recorded
 * there (btrfs insert_new_root(): "path->locks[level] = WRITE_LOCK"), hands
 * the lock to the path's owner: its callers do not leak it by returning;
 * a helper that locks its argument's lock and sets a member of it hands
 * nothing over, and a caller returning an error with it held warns
 */
#include "locks.h"

struct block { struct rw_semaphore lock; int nr; };
struct path { struct block *nodes[8]; int locks[8]; };
struct block *new_block(int level);

static struct block *alloc_block(int level)
{
	struct block *buf = new_block(level);

	if (!buf)
		return NULL;
	down_write(&buf->lock);
	return buf;
}

static int insert_new_root(struct path *path, int level)
{
	struct block *c = alloc_block(level);

	if (!c)
		return -ENOMEM;
	path->nodes[level] = c;
	path->locks[level] = 1;
	return 0;
}

static int split_node(struct path *path, int level, int flags)
{
	struct block *split;
	int ret;

	if (flags & 1) {
		ret = insert_new_root(path, level + 1);
		if (ret)
			return ret;
	}
	split = alloc_block(level);
	if (!split)
		return -ENOMEM;
	split->nr = path->nodes[level]->nr / 2;
	up_write(&split->lock);
	return 0;
}

static void block_claim(struct block *b)
{
	down_write(&b->lock);
	b->nr = 1;
}

static int block_update(struct block *b, int flags)
{
	block_claim(b);
	if (flags & 2)
		return -EBUSY;
	b->nr++;
	up_write(&b->lock);
	return 0;
}

/*
 * check-output-start
validation/locking-handed-record.c:64 block_update() warn: inconsistent returns '&b->lock': locked (line 64), unlocked (line 67)
 * check-output-end
 */
