/*
 * check-name: a function whose every path ends without returning (a
 * noreturn call, __builtin_unreachable(), an endless loop, another such
 * function) never returns, and a call to it ends the path; one that
 * returns on some path, one given up on, a recursion, a loop left by no
 * walked path (the engine lost it: a counted loop), one whose every path
 * ends only because of tests values decided (an endless loop's untaken
 * break) and a compile-time assertion's call (the build would fail
 * there) return as any other function
 */
#include "locks.h"
#include "too-complex.h"

static spinlock_t lk;
static struct mutex m;
void panic(const char *fmt, ...) __attribute__((noreturn));
int c(void);

static void die_now(int x)
{
	panic("bad %d", x);
}

static void die_unless_zero(int x)
{
	if (x)
		panic("bad %d", x);
	else
		__builtin_unreachable();
}

static void die_later(int x)
{
	if (c())
		die_now(x);
	die_unless_zero(x);
}

static void hang(void)
{
	for (;;)
		c();
}

static void hang_while(void)
{
	while (1) {
		if (c())
			die_now(0);
	}
}

/* the unlock after the call is a double unlock unless 'fn' never returns */
#define CALL_THEN_UNLOCK(fn)				\
int call_##fn(int a)					\
{							\
	spin_lock(&lk);					\
	if (a == 1) {					\
		fn(a);					\
		spin_unlock(&lk);			\
	}						\
	spin_unlock(&lk);				\
	return 0;					\
}

/* silent */
CALL_THEN_UNLOCK(die_now)

/* silent: no path returns with the lock held */
int no_leak(int a)
{
	mutex_lock(&m);
	if (a < 0) {
		die_later(a);
		return a;
	}
	if (a > 100) {
		hang();
		return -1;
	}
	if (a == 50) {
		hang_while();
		return -2;
	}
	mutex_unlock(&m);
	return 0;
}

/* some paths return */
static void maybe_die(int x)
{
	if (x > 1)
		panic("bad %d", x);
}

/* each path ends in panic(), but the engine gives up on the function */
static void die_too_complex(int x)
{
	x = TOO_COMPLEX(x);
	panic("bad %d", x);
}

/* never returns, but its call to itself is walked before it is known */
static void die_recursive(int x)
{
	if (x)
		die_recursive(x - 1);
	die_recursive(x + 1);
}

/* the rounds not walked of a counted loop leave it, but no walked path did */
static void count_up(int unused)
{
	int i = 0;

	do {
		i++;
	} while (i < 10);
}

/* the break is not taken in the rounds walked, but would be in a later one */
static void find_slot(int unused)
{
	int j = 0;

	while (1) {
		if (j == 5)
			break;
		j++;
	}
}

/*
 * Every path panics, but only because of what the values decide, here a
 * local's (in the kernel, the range callers pass to a parameter): they
 * may be wrong, so it is not trusted
 */
static void assert_small(int unused)
{
	int limit = 7;

	if (limit > 5)
		panic("too big");
}

/*
 * The kernel's BUILD_BUG_ON() calls such a function when its constant
 * test fails: the build fails, so the engine's values were wrong
 */
static void size_checked(int unused)
{
	__attribute__((noreturn)) extern void __compiletime_assert_7(void);

	__compiletime_assert_7();
}

/* warn */
CALL_THEN_UNLOCK(maybe_die)
CALL_THEN_UNLOCK(find_slot)
CALL_THEN_UNLOCK(assert_small)
CALL_THEN_UNLOCK(size_checked)
CALL_THEN_UNLOCK(count_up)
CALL_THEN_UNLOCK(die_too_complex)
CALL_THEN_UNLOCK(die_recursive)

/*
 * check-output-start
validation/flow-never-returns.c:97 die_too_complex() info: function too complex, giving up
validation/flow-never-returns.c:158 call_maybe_die() warn: double unlock '&lk' (unlocked on line 158)
validation/flow-never-returns.c:159 call_find_slot() warn: double unlock '&lk' (unlocked on line 159)
validation/flow-never-returns.c:160 call_assert_small() warn: double unlock '&lk' (unlocked on line 160)
validation/flow-never-returns.c:161 call_size_checked() warn: double unlock '&lk' (unlocked on line 161)
validation/flow-never-returns.c:162 call_count_up() warn: double unlock '&lk' (unlocked on line 162)
validation/flow-never-returns.c:163 call_die_too_complex() warn: double unlock '&lk' (unlocked on line 163)
validation/flow-never-returns.c:164 call_die_recursive() warn: double unlock '&lk' (unlocked on line 164)
 * check-output-end
 */
