/*
 * sparse_compat_heap.c: Sparse's compat layer for the sanitizer builds (mk/fuzz.mk): the
 * allocator's blobs come from the heap instead of mmap, so that LeakSanitizer scans them
 * (pointers kept in Sparse's lists are seen) and AddressSanitizer catches use of freed blobs.
 */
#include <assert.h>
#include <stdlib.h>
#include <string.h>
#include "compat.h"

void *blob_alloc(unsigned long size)
{
	void *p;

	assert(size && size % CHUNK == 0);
	p = aligned_alloc(4096, size);
	if (p)
		memset(p, 0, size);	/* as mmap's pages were */
	return p;
}

void blob_free(void *addr, unsigned long size)
{
	free(addr);
}

long double string_to_ld(const char *nptr, char **endptr)
{
	return strtold(nptr, endptr);
}
