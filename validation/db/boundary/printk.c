/* printk's console_sem, in the kernel's shape: taken or handed over, released or handed on. */
#include "ctx.h"

struct semaphore console_sem;
static int handover;

void console_lock(void)
{
	down(&console_sem);
}

/* another CPU may hand console_sem over instead of it being taken here */
static int console_trylock_spinning(void)
{
	if (!down_trylock(&console_sem))
		return 1;
	while (!handover)
		;
	handover = 0;
	return 1;
}

void console_unlock(void)
{
	if (handover)	/* handed over to a waiting CPU, which releases it */
		return;
	up(&console_sem);
}

int vprintk_emit(int level)
{
	if (console_trylock_spinning())
		console_unlock();
	return level;
}

/* a leak of console_sem is still one */
int console_leak(int x)
{
	console_lock();
	if (x)
		return -1;
	console_unlock();
	return 0;
}
