/*
 * check-name: a function the sleep table says never sleeps (the kernel's
 * __kernel_map_pages(): debug_pagealloc's direct map has no large page to
 * split) does not sleep whatever its callees seem to do, so the page
 * allocator calling it under a spinlock does not sleep through it; its
 * look-alike with the same body, not in the table, does
 * check-command: smatch -p=kernel --debug=sleep -Ivalidation/include $file 2>&1
 */
#include "sleep.h"

struct page { int flags; };
static spinlock_t zone_lock;
void __kernel_map_pages(struct page *page, int numpages, int enable);
void set_direct_map(struct page *page);
void take_page(struct page *page);
void take_page_mapped(struct page *page);

static void split_large_page(void)
{
	void *p = kmalloc(16, GFP_KERNEL);

	kfree(p);
}

void __kernel_map_pages(struct page *page, int numpages, int enable)
{
	if (page->flags)
		split_large_page();
}

void set_direct_map(struct page *page)
{
	if (page->flags)
		split_large_page();
}

static void prep_new_page(struct page *page)
{
	__kernel_map_pages(page, 1, 1);
}

void take_page(struct page *page)
{
	spin_lock(&zone_lock);
	prep_new_page(page);
	spin_unlock(&zone_lock);
}

void take_page_mapped(struct page *page)
{
	spin_lock(&zone_lock);
	set_direct_map(page);
	spin_unlock(&zone_lock);
}

/*
 * check-output-start
validation/sleep-table-never.c:39 prep_new_page() state: '__kernel_map_pages' never sleeps (the sleep table): its callees' sleeps are not told (rule: table-never-sleeps)
validation/sleep-table-never.c:52 take_page_mapped() warn: sleeping in atomic context: 'set_direct_map()' may sleep (via set_direct_map -> split_large_page -> kmalloc) with '&zone_lock' held
 * check-output-end
 */
