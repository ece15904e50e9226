/*
 * check-name: a callee that releases the lock and says so with a flag in
 * its return value ("up_read(); ret |= RETRY; return ret;") releases it on
 * those returns only, also through a helper that returns its value: the
 * caller's test of the flag knows the lock state on each side (a second
 * release on the RETRY side warns; taking it again there and going round
 * is correct)
 */
#include "locks.h"

#define F_ERROR 0x1
#define F_RETRY 0x400

struct mm { struct rw_semaphore lock; };
struct area { struct mm *mm; int flags; };
struct fault { int flags; struct area *area; };

int page_busy(struct area *a);
int page_bad(struct area *a);

/* drops the area's mm lock when the page is busy, and returns F_RETRY */
static int fault_page(struct fault *f)
{
	int ret = 0;

	if (page_busy(f->area)) {
		up_read(&f->area->mm->lock);
		ret |= F_RETRY;
	}
	if (page_bad(f->area))
		ret |= F_ERROR;
	return ret;
}

static int handle_fault(struct area *a, int flags)
{
	struct fault f = { .flags = flags, .area = a };

	return fault_page(&f);
}

/* warns: on F_RETRY the lock is gone already */
static int unlock_after_retry(struct area *a)
{
	int ret;

	down_read(&a->mm->lock);
	ret = handle_fault(a, 0);
	if (ret & F_RETRY) {
		up_read(&a->mm->lock);
		return -EAGAIN;
	}
	up_read(&a->mm->lock);
	return 0;
}

/* correct: takes it again on F_RETRY and goes round */
static int retry_fault(struct area *a)
{
	int ret;

	down_read(&a->mm->lock);
retry:
	ret = handle_fault(a, 0);
	if (ret & F_RETRY) {
		down_read(&a->mm->lock);
		goto retry;
	}
	up_read(&a->mm->lock);
	return ret & F_ERROR ? -EINVAL : 0;
}

/* correct: on F_RETRY only the error is left to report */
static int report_retry(struct area *a)
{
	int ret;

	down_read(&a->mm->lock);
	ret = handle_fault(a, 0);
	if (ret & F_RETRY)
		return -EAGAIN;
	up_read(&a->mm->lock);
	return 0;
}

/*
 * check-output-start
validation/locking-return-flag-release.c:50 unlock_after_retry() warn: double unlock '&a->mm->lock' (unlocked on line 48)
 * check-output-end
 */
