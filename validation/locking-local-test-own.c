/*
 * check-name: a local that holds a test ("small = n <= 200") tells what
 * its own test says: two functions that assign the same text to such a
 * local each keep their own expression, whose types differ here.  n is an
 * unsigned char in small_byte(), so "n < 0" never holds there (silent);
 * second() has an int n, so it can, and the lock is taken twice.  Branches
 * that both assign the same test keep it after they join (the caller
 * passing 0 takes the lock twice, the one passing 1 does not); branches
 * that assign different tests do not: the caller cannot tell whether the
 * lock is taken (not a sure double lock)
 * check-command: smatch -p=kernel --debug=locking -Wno-decl -Ivalidation/include $file 2>&1
 */
#include "locks.h"

typedef _Bool bool;
struct mutex big_lock;
struct proto { int refs; };

void small_byte(unsigned char n)
{
	bool small = n <= 200;

	mutex_lock(&big_lock);
	if (small) {
		if (n < 0)
			mutex_lock(&big_lock);
	}
	mutex_unlock(&big_lock);
}

void small_int(int n)
{
	bool small = n <= 200;

	mutex_lock(&big_lock);
	if (small) {
		if (n < 0)
			mutex_lock(&big_lock);
	}
	mutex_unlock(&big_lock);
}

void drop_same_test(struct proto *tp, bool big_held, int fast)
{
	bool need;

	if (fast)
		need = !big_held;
	else
		need = !big_held;
	if (need)
		mutex_lock(&big_lock);
	tp->refs = 0;
	if (need)
		mutex_unlock(&big_lock);
}

void drop_other_test(struct proto *tp, bool big_held, int fast)
{
	bool need;

	if (fast)
		need = !big_held;
	else
		need = tp->refs > 1;
	if (need)
		mutex_lock(&big_lock);
	tp->refs = 0;
	if (need)
		mutex_unlock(&big_lock);
}

void put_held(struct proto *tp)
{
	mutex_lock(&big_lock);
	drop_same_test(tp, 1, 0);
	mutex_unlock(&big_lock);
}

void put_not_held(struct proto *tp)
{
	mutex_lock(&big_lock);
	drop_same_test(tp, 0, 0);
	drop_other_test(tp, 1, 0);
	mutex_unlock(&big_lock);
}

/*
 * check-output-start
validation/locking-local-test-own.c:84 put_not_held() not reported: double lock '&big_lock': 'drop_other_test()' acquires it (via drop_other_test -> mutex_lock) (rule: callee-some-returns)
validation/locking-local-test-own.c:38 small_int() warn: double lock '&big_lock' (locked on line 35)
validation/locking-local-test-own.c:83 put_not_held() warn: double lock '&big_lock': 'drop_same_test()' acquires it (via drop_same_test -> mutex_lock)
 * check-output-end
 */
