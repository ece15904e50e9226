/*
 * check-name: a lock taken under a condition and released under the same
 * condition, tested again later through a copied pointer or a flag
 */
#include "locks.h"

struct of { struct mutex m; char *prealloc; int flags; };
void *kmalloc(unsigned long n);
void kfree(void *p);

static int read_buf(struct of *of)
{
	char *buf = of->prealloc;

	if (buf)
		mutex_lock(&of->m);
	else
		buf = kmalloc(10);
	if (!buf)
		return -ENOMEM;
	if (buf == of->prealloc)
		mutex_unlock(&of->m);
	else
		kfree(buf);
	return 0;
}

static void flagged(struct of *of)
{
	int locked = of->flags & 4;

	if (locked)
		mutex_lock(&of->m);
	of->prealloc = NULL;
	if (locked)
		mutex_unlock(&of->m);
}

static int flag_forgotten(struct of *of, int err)
{
	int locked = 0;

	if (of->flags) {
		mutex_lock(&of->m);
		locked = 1;
	}
	if (err)
		return err;
	if (locked)
		mutex_unlock(&of->m);
	return 0;
}

/*
 * check-output-start
validation/locking-correlated.c:48 flag_forgotten() warn: inconsistent returns '&of->m': locked (line 48), unlocked (lines 48,51)
 * check-output-end
 */
