/*
 * check-name: a lock pointer copied to another pointer is the same lock
 * under the longer-lived name: a ({ }) macro's local stored through an
 * out-parameter (the kernel's pte_offset_map_lock()), into a local or a
 * member, then locked; a held lock's pointer copied.  Real double locks
 * and unlocks through the copy warn; a retake in a loop, two macro uses
 * at once and a helper that retakes and releases the member are silent
 */
#include "locks.h"

struct mm { int id; };
struct fault { struct mm *mm; int *pmd; int *pte; spinlock_t *ptl; };
spinlock_t *table_lock_of(struct mm *mm, int *pmd);
int *table_entry(int *pmd, unsigned long addr);
int entry_busy(int *pte);
int split_entry(int *pte);

#define map_lock(mm, pmd, addr, ptlp)				\
({								\
	spinlock_t *__ptl = table_lock_of(mm, pmd);		\
	int *__pte = table_entry(pmd, addr);			\
	*(ptlp) = __ptl;					\
	spin_lock(__ptl);					\
	__pte;							\
})
#define unmap_unlock(pte, ptl) do { (void)(pte); spin_unlock(ptl); } while (0)

static int walk_range(struct mm *mm, int *pmd, unsigned long addr, unsigned long end)
{
	spinlock_t *ptl;
	int *pte = map_lock(mm, pmd, addr, &ptl);

	for (; addr < end; addr += 4096) {
		if (!entry_busy(pte))
			continue;
		unmap_unlock(pte, ptl);
		if (split_entry(pte)) {
			pte = map_lock(mm, pmd, addr, &ptl);	/* silent: released above */
			break;
		}
		pte = map_lock(mm, pmd, addr, &ptl);		/* silent */
	}
	unmap_unlock(pte, ptl);
	return 0;
}

static int unlock_twice(struct mm *mm, int *pmd, unsigned long addr)
{
	spinlock_t *ptl;
	int *pte = map_lock(mm, pmd, addr, &ptl);

	if (entry_busy(pte))
		unmap_unlock(pte, ptl);
	unmap_unlock(pte, ptl);					/* warn */
	return 0;
}

static int lock_twice(struct mm *mm, int *pmd, unsigned long addr)
{
	spinlock_t *ptl;
	int *pte = map_lock(mm, pmd, addr, &ptl);

	spin_lock(ptl);						/* warn */
	unmap_unlock(pte, ptl);
	return 0;
}

static int two_tables(struct mm *mm, int *pmd, int *pmd2, unsigned long addr)
{
	spinlock_t *src_ptl, *dst_ptl;
	int *src = map_lock(mm, pmd, addr, &src_ptl);
	int *dst = map_lock(mm, pmd2, addr, &dst_ptl);		/* silent: another lock */

	*dst = *src;
	unmap_unlock(dst, dst_ptl);
	unmap_unlock(src, src_ptl);				/* silent */
	return 0;
}

/* takes the lock again through the member and releases it on every return */
static int finish_fault(struct fault *vmf, unsigned long addr)
{
	vmf->pte = map_lock(vmf->mm, vmf->pmd, addr, &vmf->ptl);
	if (entry_busy(vmf->pte)) {
		unmap_unlock(vmf->pte, vmf->ptl);
		return 1;
	}
	*vmf->pte = 0;
	unmap_unlock(vmf->pte, vmf->ptl);
	return 0;
}

static int shared_fault(struct fault *vmf, unsigned long addr)
{
	unmap_unlock(vmf->pte, vmf->ptl);
	if (entry_busy(vmf->pte))
		return 1;
	return finish_fault(vmf, addr);				/* silent */
}

static int shared_fault_twice(struct fault *vmf)
{
	unmap_unlock(vmf->pte, vmf->ptl);
	if (entry_busy(vmf->pte))
		unmap_unlock(vmf->pte, vmf->ptl);		/* warn */
	return 0;
	return 0;
}

static void held_copy(spinlock_t *a, int busy)
{
	spinlock_t *b;

	spin_lock(a);
	b = a;
	if (busy)
		spin_unlock(b);
	spin_unlock(a);						/* warn: b is a */
}

static void held_copy_once(spinlock_t *a, int busy)
{
	spinlock_t *b;

	spin_lock(a);
	b = a;
	if (busy) {
		spin_unlock(b);					/* silent */
		return;
	}
	spin_unlock(a);
}

/*
 * check-output-start
validation/locking-pointer-copy.c:54 unlock_twice() warn: double unlock 'ptl' (unlocked on line 53)
validation/locking-pointer-copy.c:63 lock_twice() warn: double lock 'ptl' (locked on line 61)
validation/locking-pointer-copy.c:105 shared_fault_twice() warn: double unlock 'vmf->ptl' (unlocked on line 103)
validation/locking-pointer-copy.c:118 held_copy() warn: double unlock 'a' (unlocked on line 117)
 * check-output-end
 */
