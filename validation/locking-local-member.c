/*
 * check-name: a callee's lock named through a local struct's member that
 * holds a parameter ("struct fault f = { .area = a }; handle(&f);") is the
 * parameter's lock for the callers; not once the member is written with
 * something else or the struct went to another call before, unless the
 * member is const (the kernel's struct vm_fault)
 */
#include "locks.h"

struct mm { struct rw_semaphore lock; };
struct area { struct mm *mm; int flags; };
struct fault { int flags; struct area *area; };
struct const_fault {
	const struct {
		struct area *area;
		int flags;
	};
	int done;
};

struct area *other_area(struct area *a);
void prepare(struct fault *f);
void prepare_const(struct const_fault *f);

static void finish_const(struct const_fault *f)
{
	up_read(&f->area->mm->lock);
}

/* releases the lock of the area the fault names */
static void finish(struct fault *f)
{
	up_read(&f->area->mm->lock);
}

static void finish_area(struct area *a, int flags)
{
	struct fault f = { .area = a, .flags = flags };

	finish(&f);
}

static void finish_assigned(struct area *a)
{
	struct fault f;

	f.flags = 0;
	f.area = a;
	finish(&f);
}

/* warns: finish_area() released it already */
static void release_twice(struct area *a)
{
	down_read(&a->mm->lock);
	finish_area(a, 0);
	up_read(&a->mm->lock);
}

/* warns: the same through an assigned member */
static void release_twice_assigned(struct area *a)
{
	down_read(&a->mm->lock);
	finish_assigned(a);
	up_read(&a->mm->lock);
}

/* the member holds another area: not the caller's lock */
static void finish_other(struct area *a)
{
	struct fault f = { .area = a };

	f.area = other_area(a);
	finish(&f);
}

/* prepare() may have changed the member before */
static void finish_prepared(struct area *a)
{
	struct fault f = { .area = a };

	prepare(&f);
	finish(&f);
}

static void release_other(struct area *a)
{
	down_read(&a->mm->lock);
	finish_other(a);
	up_read(&a->mm->lock);
}

static void release_prepared(struct area *a)
{
	down_read(&a->mm->lock);
	finish_prepared(a);
	up_read(&a->mm->lock);
}

/* the member is const: prepare_const() cannot have changed it */
static void finish_const_prepared(struct area *a)
{
	struct const_fault f = { .area = a };

	prepare_const(&f);
	finish_const(&f);
}

/* warns */
static void release_const_prepared(struct area *a)
{
	down_read(&a->mm->lock);
	finish_const_prepared(a);
	up_read(&a->mm->lock);
}

/*
 * check-output-start
validation/locking-local-member.c:57 release_twice() warn: double unlock '&a->mm->lock' (unlocked on line 56)
validation/locking-local-member.c:65 release_twice_assigned() warn: double unlock '&a->mm->lock' (unlocked on line 64)
validation/locking-local-member.c:114 release_const_prepared() warn: double unlock '&a->mm->lock' (unlocked on line 113)
 * check-output-end
 */
