/*
 * check-name: usblcd's lcd_write() takes one of its write slots (a counting
 * semaphore) and returns the count written with it held: the URB completion,
 * called through a pointer, up()s it.  Silent, though the count may be any
 * value, and so is a function that returns 0 either way (udlfb).  Still
 * reported: the same without a handler that up()s it, and an error code
 * returned with the slot held.
 * check-command: smatch -p=kernel --debug=locking -Wno-decl -Ivalidation/include $file 2>&1
 */
#include "locks.h"

typedef unsigned long size_t;
typedef long ssize_t;

struct urb { void *context; };
struct lcd { struct semaphore limit_sem; struct semaphore other_sem; int gone; };
int submit_urb(struct urb *urb);
void fill_urb(struct urb *urb, void (*complete)(struct urb *urb), void *context);

static void write_complete(struct urb *urb)
{
	struct lcd *dev = urb->context;

	up(&dev->limit_sem);
}

ssize_t lcd_write(struct lcd *dev, struct urb *urb, size_t count)
{
	int retval;

	if (count == 0)
		return 0;
	if (down_interruptible(&dev->limit_sem))
		return -EINTR;
	if (dev->gone) {
		retval = -EBUSY;
		goto err;
	}
	fill_urb(urb, write_complete, dev);
	retval = submit_urb(urb);
	if (retval)
		goto err;
	return count;
err:
	up(&dev->limit_sem);
	return retval;
}

/* udlfb's dlfb_ops_blank(): 0 whatever happens */
int lcd_blank(struct lcd *dev, struct urb *urb)
{
	if (down_interruptible(&dev->limit_sem))
		return 0;
	fill_urb(urb, write_complete, dev);
	if (submit_urb(urb)) {
		up(&dev->limit_sem);
		return 0;
	}
	return 0;
}

/* an error code returned with the slot held */
ssize_t lcd_write_leaks(struct lcd *dev, struct urb *urb, size_t count)
{
	if (down_interruptible(&dev->limit_sem))
		return -EINTR;
	if (dev->gone)
		return -EBUSY;
	fill_urb(urb, write_complete, dev);
	if (submit_urb(urb)) {
		up(&dev->limit_sem);
		return -EINVAL;
	}
	return count;
}

/* nothing up()s this one but the function itself */
ssize_t other_write(struct lcd *dev, struct urb *urb, size_t count)
{
	if (count == 0)
		return 0;
	if (down_interruptible(&dev->other_sem))
		return -EINTR;
	if (submit_urb(urb)) {
		up(&dev->other_sem);
		return -EINVAL;
	}
	return count;
}

/*
 * check-output-start
validation/locking-sem-write-slot.c:24 write_complete() state: '&dev->limit_sem' released without being taken: the caller held it (rule: held-on-entry)
validation/locking-sem-write-slot.c:59 lcd_blank() not reported: inconsistent returns '&dev->limit_sem': locked (line 59), unlocked (lines 53,57) (rule: semaphore-upped-by-handler)
validation/locking-sem-write-slot.c:43 lcd_write() not reported: inconsistent returns '&dev->limit_sem': locked (line 43), unlocked (lines 32,34,46) (rule: semaphore-upped-by-handler)
validation/locking-sem-write-slot.c:68 lcd_write_leaks() warn: inconsistent returns '&dev->limit_sem': locked (lines 68,74), unlocked (lines 66,72)
validation/locking-sem-write-slot.c:88 other_write() warn: inconsistent returns '&dev->other_sem': locked (line 88), unlocked (lines 81,83,86)
 * check-output-end
 */
