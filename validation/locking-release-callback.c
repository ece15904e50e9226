/*
 * check-name: kref_put(ref, release) calls release(ref) when it returns 1,
 * and a release function that drops the object's lock (z3fold's
 * release_z3fold_page_locked(), through a helper told so by a flag
 * argument) releases it at the kref_put(): silent; a release function
 * that does not drop it leaves the lock held on the path where the count
 * hit zero: warns
 */
#include "locks.h"

struct kref { int refcount; };
int refcount_dec_and_test(int *r);

static inline int kref_put(struct kref *kref, void (*release)(struct kref *kref))
{
	if (refcount_dec_and_test(&kref->refcount)) {
		release(kref);
		return 1;
	}
	return 0;
}

#define container_of(ptr, type, member) ((type *)((char *)(ptr) - __builtin_offsetof(type, member)))

struct hdr { spinlock_t page_lock; struct kref refcount; void *slots; };
struct hdr *first_hdr(int pool);
void *alloc_slots(int pool);
void add_to_unbuddied(struct hdr *zhdr);
void free_hdr(struct hdr *zhdr);

static void release_locked(struct kref *ref);
static void release_plain(struct kref *ref);

static struct hdr *get_hdr(int pool)
{
	struct hdr *zhdr = first_hdr(pool);

	if (!zhdr)
		return NULL;
	spin_lock(&zhdr->page_lock);
	if (zhdr->slots)
		return zhdr;
	zhdr->slots = alloc_slots(pool);
	if (!zhdr->slots)
		goto out_fail;
	return zhdr;
out_fail:
	if (!kref_put(&zhdr->refcount, release_locked)) {
		add_to_unbuddied(zhdr);
		spin_unlock(&zhdr->page_lock);
	}
	return NULL;
}

static struct hdr *get_hdr_leaks(int pool)
{
	struct hdr *zhdr = first_hdr(pool);

	if (!zhdr)
		return NULL;
	spin_lock(&zhdr->page_lock);
	if (zhdr->slots)
		return zhdr;
	zhdr->slots = alloc_slots(pool);
	if (!zhdr->slots)
		goto out_fail;
	return zhdr;
out_fail:
	if (!kref_put(&zhdr->refcount, release_plain)) {
		add_to_unbuddied(zhdr);
		spin_unlock(&zhdr->page_lock);
	}
	return NULL;
}

static void release_hdr(struct hdr *zhdr, int locked)
{
	free_hdr(zhdr);
	if (locked)
		spin_unlock(&zhdr->page_lock);
}

static void release_locked(struct kref *ref)
{
	release_hdr(container_of(ref, struct hdr, refcount), 1);
}

static void release_plain(struct kref *ref)
{
	release_hdr(container_of(ref, struct hdr, refcount), 0);
}

/*
 * check-output-start
validation/locking-release-callback.c:73 get_hdr_leaks() warn: inconsistent returns '&zhdr->page_lock': locked (lines 63,67,73), unlocked (lines 60,73)
 * check-output-end
 */
