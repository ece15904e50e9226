/*
 * check-name: functions returning a pointer with the lock held on success, and
 * NULL or an ERR_PTR() with it released on failure, tested with IS_ERR()
 */
#include "locks.h"

#define MAX_ERRNO 4095
static inline void *ERR_PTR(long error) { return (void *)error; }
static inline long PTR_ERR(const void *ptr) { return (long)ptr; }
static inline int IS_ERR(const void *ptr)
{
	return (unsigned long)ptr >= (unsigned long)-MAX_ERRNO;
}

struct inode { struct rw_semaphore i_rwsem; };
struct dentry { struct inode *d_inode; };
struct dentry *lookup(struct dentry *parent);
int prepare(void);

/* the lookup's error is passed on, after the unlock */
static struct dentry *start_creating(struct dentry *parent)
{
	struct dentry *d;

	down_write(&parent->d_inode->i_rwsem);
	d = lookup(parent);
	if (!IS_ERR(d) && d->d_inode)
		d = ERR_PTR(-17);
	if (IS_ERR(d))
		up_write(&parent->d_inode->i_rwsem);
	return d;
}

/* ERR_PTR() of an error code whose value is not known is still an error */
static struct dentry *create_locked(struct dentry *parent)
{
	struct dentry *d;
	int err = prepare();

	if (err < 0)
		return ERR_PTR(err);
	down_write(&parent->d_inode->i_rwsem);
	d = lookup(parent);
	if (!d) {
		err = prepare();
		up_write(&parent->d_inode->i_rwsem);
		return ERR_PTR(err);
	}
	return d;
}

static void end_creating(struct dentry *parent)
{
	up_write(&parent->d_inode->i_rwsem);
}

/* callers that test the result with IS_ERR() */
static int make_node(struct dentry *parent)
{
	struct dentry *d = create_locked(parent);
	int err = 0;

	if (IS_ERR(d)) {
		err = PTR_ERR(d);
		goto out;
	}
	end_creating(parent);
out:
	return err;
}

static int make_file(struct dentry *parent)
{
	struct dentry *d = start_creating(parent);

	if (IS_ERR(d))
		return PTR_ERR(d);
	end_creating(parent);
	return 0;
}

/* but one that forgets the unlock on a path of its own still leaks */
static int make_dir(struct dentry *parent, int mode)
{
	struct dentry *d = start_creating(parent);

	if (IS_ERR(d))
		return PTR_ERR(d);
	if (mode < 0)
		return -EINVAL;
	end_creating(parent);
	return 0;
}

/* a lookup that locks what it finds; its success value is not known */
struct ipc { struct mutex lock; int attached; };
struct ipc *find_ipc(int id);
void warn_slowpath(void);
#define WARN_ON_ONCE(condition) ({ int __ret_warn_on = !!(condition); \
	if (__ret_warn_on) warn_slowpath(); __ret_warn_on; })

static struct ipc *ipc_lock(int id)
{
	struct ipc *p = find_ipc(id);

	if (!p)
		return ERR_PTR(-22);
	mutex_lock(&p->lock);
	return p;
}

/* IS_ERR() stored in a variable (as WARN_ON_ONCE() does) and tested after */
static void ipc_close(int id)
{
	struct ipc *p = ipc_lock(id);

	if (WARN_ON_ONCE(IS_ERR(p)))
		goto done;
	p->attached--;
	mutex_unlock(&p->lock);
done:
	return;
}

static int ipc_detach(int id)
{
	struct ipc *p = ipc_lock(id);

	if (WARN_ON_ONCE(IS_ERR(p)))
		return PTR_ERR(p);
	if (!p->attached)
		return -EINVAL;
	p->attached--;
	mutex_unlock(&p->lock);
	return 0;
}

/*
 * check-output-start
validation/locking-err-ptr.c:90 make_dir() warn: inconsistent returns '&parent->d_inode->i_rwsem': locked (line 90), unlocked (lines 88,92)
validation/locking-err-ptr.c:132 ipc_detach() warn: inconsistent returns '&p->lock': locked (line 132), unlocked (lines 130,135)
 * check-output-end
 */
