/*
 * check-name: sleeping in atomic context: a helper that sleeps only where a
 * member of what its argument points to was found non-NULL ("if
 * (cpa->pgd) return populate_pgd(cpa);", as x86's __cpa_process_fault())
 * says "$0->pgd=..." in its sleep item: a caller whose own structure has
 * that member NULL does not sleep through it (x86's __set_pages_np() under
 * kfree()); one that sets it, or passes a structure it knows nothing of, may
 * check-command: smatch -p=kernel --debug=sleep -Ivalidation/include $file 2>&1
 */
#include "sleep.h"

struct cpa_data { void *pgd; int n; };
static spinlock_t pgd_lock;
struct cpa_data *cpa_of(int n);
void set_pages(void *pgd, int n);

static int populate_pgd(struct cpa_data *cpa)
{
	void *p = kmalloc(16, GFP_KERNEL);

	cpa->n = !!p;
	return 0;
}

static int process_fault(struct cpa_data *cpa)
{
	if (cpa->pgd)
		return populate_pgd(cpa);
	return -1;
}

static int change_attr(struct cpa_data *cpa)
{
	return process_fault(cpa);
}

static void set_pages_np(void)
{
	struct cpa_data cpa = { .pgd = (void *)0, .n = 1 };

	spin_lock(&pgd_lock);
	change_attr(&cpa);
	spin_unlock(&pgd_lock);
}

static void set_pages_pgd(void *pgd)
{
	struct cpa_data cpa = { .pgd = pgd, .n = 1 };

	spin_lock(&pgd_lock);
	change_attr(&cpa);
	spin_unlock(&pgd_lock);
}

static void set_pages_of(int n)
{
	spin_lock(&pgd_lock);
	process_fault(cpa_of(n));
	spin_unlock(&pgd_lock);
}

void set_pages(void *pgd, int n)
{
	set_pages_np();
	set_pages_pgd(pgd);
	set_pages_of(n);
}
/*
 * check-output-start
validation/sleep-member-cond.c:58 set_pages_of() not reported: sleeping in atomic context: 'process_fault()' may sleep (via process_fault -> populate_pgd -> kmalloc) with '&pgd_lock' held (rule: same-root-cause)
validation/sleep-member-cond.c:51 set_pages_pgd() warn: sleeping in atomic context: 'change_attr()' may sleep (via change_attr -> process_fault -> populate_pgd -> kmalloc) with '&pgd_lock' held
 * check-output-end
 */
