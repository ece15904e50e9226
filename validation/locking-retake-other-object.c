/*
 * check-name: a callee that drops its caller's lock and takes it again
 * acquires nothing, even with another object's lock of the same type held
 * beside it (a contender taken with a trylock, a loaner handed back through
 * a recursive call); one that releases another object's lock and takes
 * the caller's fresh acquires it, and a caller holding both objects' locks
 * deadlocks on it (not when a callee may have released the first one); a
 * lock named through a parameter assigned since is not the caller's, nor
 * one a callee names by its own variable
 * check-command: smatch -p=kernel --debug=locking -Ivalidation/include $file 2>&1
 */
#include "locks.h"

struct pool;
struct chip { struct mutex mutex; struct pool *pool; struct chip *next; int state; };
struct pool { struct mutex lock; struct chip *writing; };

void wait_a_bit(void);
int chip_write(struct chip *chip, int mode);
int chip_erase(struct chip *chip);
void chip_pair(struct chip *a, struct chip *b);
void chip_unpaired(struct chip *a, struct chip *b);
void chip_pair_maybe(struct chip *a, struct chip *b);
void chip_walk(struct chip *chip);
void chip_flush(struct chip *chip);

/* drops the caller's chip->mutex while it waits */
static int chip_wait(struct chip *chip, int mode)
{
	if (mode == 3) {
		mutex_unlock(&chip->mutex);
		wait_a_bit();
		mutex_lock(&chip->mutex);
		return -11;
	}
	return 0;
}

/*
 * writing or erasing: holds the contender's mutex (tried) while the caller's
 * is dropped and taken again
 */
static int chip_get(struct chip *chip, int mode)
{
	struct pool *pool = chip->pool;
	struct chip *contender;
	int ret;

	if (mode != 2 && mode != 4)
		return chip_wait(chip, mode);
	mutex_lock(&pool->lock);
	contender = pool->writing;
	if (contender && contender != chip) {
		ret = mutex_trylock(&contender->mutex);
		mutex_unlock(&pool->lock);
		if (!ret)
			return -11;
		mutex_unlock(&chip->mutex);
		ret = chip_wait(contender, mode);
		mutex_lock(&chip->mutex);
		mutex_unlock(&contender->mutex);
		if (ret)
			return ret;
		mutex_lock(&pool->lock);
	}
	if (mode == 4 && pool->writing) {
		mutex_unlock(&pool->lock);
		mutex_unlock(&chip->mutex);
		wait_a_bit();
		mutex_lock(&chip->mutex);
		return -11;
	}
	pool->writing = chip;
	mutex_unlock(&pool->lock);
	return chip_wait(chip, mode);
}

/* hands the pool back to the loaner: the loaner's mutex taken, the caller's dropped meanwhile */
static void chip_put(struct chip *chip)
{
	struct pool *pool = chip->pool;
	struct chip *loaner;

	mutex_lock(&pool->lock);
	loaner = pool->writing;
	if (loaner && loaner != chip) {
		mutex_lock(&loaner->mutex);
		mutex_unlock(&pool->lock);
		mutex_unlock(&chip->mutex);
		chip_put(loaner);
		mutex_lock(&chip->mutex);
		mutex_unlock(&loaner->mutex);
		return;
	}
	pool->writing = (void *)0;
	mutex_unlock(&pool->lock);
}

/* releases the peer's mutex, then takes the chip's fresh */
static void chip_swap(struct chip *chip, struct chip *peer)
{
	mutex_unlock(&peer->mutex);
	mutex_lock(&chip->mutex);
	chip->state++;
	mutex_unlock(&chip->mutex);
	mutex_lock(&peer->mutex);
}

int chip_write(struct chip *chip, int mode)
{
	int ret;

	mutex_lock(&chip->mutex);
	ret = chip_get(chip, mode);
	if (!ret)
		chip_put(chip);
	mutex_unlock(&chip->mutex);
	return ret;
}

int chip_erase(struct chip *chip)
{
	int ret;

	mutex_lock(&chip->mutex);
	ret = chip_get(chip, 4);
	chip_put(chip);
	mutex_unlock(&chip->mutex);
	return ret;
}

void chip_pair(struct chip *a, struct chip *b)
{
	mutex_lock(&a->mutex);
	mutex_lock_nested(&b->mutex, 1);
	chip_swap(a, b);			/* warn: takes a's mutex while b's is dropped */
	mutex_unlock(&b->mutex);
	mutex_unlock(&a->mutex);
}

void chip_unpaired(struct chip *a, struct chip *b)
{
	chip_swap(a, b);
}

/* the next chip's mutex, under the parameter's name: not the caller's chip */
static void chip_next_stat(struct chip *chip)
{
	chip = chip->next;
	mutex_lock(&chip->mutex);
	chip->state++;
	mutex_unlock(&chip->mutex);
}

/* drops the caller's chip and moves on to the next one, under the same name */
static void chip_move(struct chip *chip)
{
	mutex_unlock(&chip->mutex);
	chip = chip->next;
	mutex_lock(&chip->mutex);
	chip->state++;
	mutex_unlock(&chip->mutex);
	mutex_lock(&chip->mutex);
}

void chip_walk(struct chip *chip)
{
	mutex_lock(&chip->mutex);
	chip_next_stat(chip);
	chip_move(chip);
	mutex_unlock(&chip->mutex);
}

/* returns the pool's writer with its mutex held, under the callee's own name "&chip->mutex" */
static struct chip *chip_writer_locked(struct pool *pool)
{
	struct chip *chip = pool->writing;

	mutex_lock(&chip->mutex);
	return chip;
}

/* the writer's lock by the callee's name is not the caller's chip: its retake stays one */
static void chip_requeue(struct chip *chip)
{
	struct chip *writer;

	mutex_unlock(&chip->mutex);
	writer = chip_writer_locked(chip->pool);
	writer->state++;
	mutex_unlock(&writer->mutex);
	mutex_lock(&chip->mutex);
}

void chip_flush(struct chip *chip)
{
	mutex_lock(&chip->mutex);
	chip_requeue(chip);
	mutex_unlock(&chip->mutex);
}

/* releases the chip's mutex when it is busy */
static void chip_maybe_release(struct chip *chip)
{
	if (chip->state)
		mutex_unlock(&chip->mutex);
}

/* a's mutex may be released by then: taking it again is no known double lock */
void chip_pair_maybe(struct chip *a, struct chip *b)
{
	mutex_lock(&a->mutex);
	chip_maybe_release(a);
	mutex_lock(&b->mutex);
	mutex_lock(&a->mutex);
	mutex_unlock(&a->mutex);
	mutex_unlock(&b->mutex);
}

/*
 * check-output-start
validation/locking-retake-other-object.c:31 chip_wait() state: '&chip->mutex' released without being taken: the caller held it (rule: held-on-entry)
validation/locking-retake-other-object.c:33 chip_wait() state: '&chip->mutex' taken while the caller's is released here: no acquisition (rule: retaken-callers-lock)
validation/locking-retake-other-object.c:34 chip_wait() not reported: inconsistent returns '&chip->mutex': locked (line 34), unlocked (line 36) (rule: held-on-entry)
validation/locking-retake-other-object.c:60 chip_get() state: '&chip->mutex' taken while the caller's is released here: no acquisition (rule: retaken-callers-lock)
validation/locking-retake-other-object.c:68 chip_get() state: '&chip->mutex' released without being taken: the caller held it (rule: held-on-entry)
validation/locking-retake-other-object.c:68 chip_get() not reported: double unlock '&chip->mutex' (unlocked on line 61) (rule: released-under-other-name)
validation/locking-retake-other-object.c:70 chip_get() state: '&chip->mutex' taken while the caller's is released here: no acquisition (rule: retaken-callers-lock)
validation/locking-retake-other-object.c:71 chip_get() not reported: inconsistent returns '&chip->mutex': locked (line 71), unlocked (lines 50,57,75) (rule: held-on-entry)
validation/locking-retake-other-object.c:91 chip_put() state: '&chip->mutex' taken while the caller's is released here: no acquisition (rule: retaken-callers-lock)
validation/locking-retake-other-object.c:102 chip_swap() state: '&peer->mutex' released without being taken: the caller held it (rule: held-on-entry)
validation/locking-retake-other-object.c:106 chip_swap() state: '&peer->mutex' taken while the caller's is released here: no acquisition (rule: retaken-callers-lock)
validation/locking-retake-other-object.c:114 chip_write() state: '&chip->pool->writing->mutex' tried by a callee: not told to the callers (rule: trylock-boundary)
validation/locking-retake-other-object.c:114 chip_write() not reported: double lock '&chip->pool->writing->mutex': 'chip_get()' acquires it (via chip_get -> mutex_trylock) (rule: fails-when-held)
validation/locking-retake-other-object.c:114 chip_write() state: '&chip->mutex' may or may not be held after 'chip_get()' (rule: unknown-after-callee)
validation/locking-retake-other-object.c:116 chip_write() not reported: double lock '&chip->pool->writing->mutex': 'chip_put()' acquires it (via chip_put -> mutex_lock) (rule: callee-some-returns)
validation/locking-retake-other-object.c:126 chip_erase() state: '&chip->pool->writing->mutex' tried by a callee: not told to the callers (rule: trylock-boundary)
validation/locking-retake-other-object.c:126 chip_erase() not reported: double lock '&chip->pool->writing->mutex': 'chip_get()' acquires it (via chip_get -> mutex_trylock) (rule: fails-when-held)
validation/locking-retake-other-object.c:126 chip_erase() state: '&chip->mutex' may or may not be held after 'chip_get()' (rule: unknown-after-callee)
validation/locking-retake-other-object.c:127 chip_erase() not reported: double lock '&chip->pool->writing->mutex': 'chip_put()' acquires it (via chip_put -> mutex_lock) (rule: callee-some-returns)
validation/locking-retake-other-object.c:135 chip_pair() not reported: double lock '&b->mutex' (locked on line 134) (rule: nested-variant)
validation/locking-retake-other-object.c:150 chip_next_stat() state: '&chip->mutex' is not the caller's '&$0->mutex' now: no acquisition told (rule: name-reassigned)
validation/locking-retake-other-object.c:158 chip_move() state: '&chip->mutex' released without being taken: the caller held it (rule: held-on-entry)
validation/locking-retake-other-object.c:159 chip_move() state: '&chip->mutex' may name another object now that 'chip' changed (rule: release-name-unknown)
validation/locking-retake-other-object.c:159 chip_move() state: '&chip->mutex' may name another object now that 'chip' changed (rule: name-reassigned)
validation/locking-retake-other-object.c:160 chip_move() state: '&chip->mutex' is not the caller's '&$0->mutex' now: no acquisition told (rule: name-reassigned)
validation/locking-retake-other-object.c:163 chip_move() state: '&chip->mutex' is not the caller's '&$0->mutex' now: no acquisition told (rule: name-reassigned)
validation/locking-retake-other-object.c:188 chip_requeue() state: '&chip->mutex' released without being taken: the caller held it (rule: held-on-entry)
validation/locking-retake-other-object.c:192 chip_requeue() state: '&chip->mutex' taken while the caller's is released here: no acquisition (rule: retaken-callers-lock)
validation/locking-retake-other-object.c:198 chip_flush() not reported: double lock '&chip->pool->writing->mutex': 'chip_requeue()' acquires it (via chip_requeue -> chip_writer_locked -> mutex_lock) (rule: other-object-same-type)
validation/locking-retake-other-object.c:206 chip_maybe_release() state: '&chip->mutex' released under a flag in memory (rule: flag-protocol)
validation/locking-retake-other-object.c:206 chip_maybe_release() state: '&chip->mutex' released without being taken: the caller held it (rule: held-on-entry)
validation/locking-retake-other-object.c:213 chip_pair_maybe() state: '&a->mutex' may or may not be held after 'chip_maybe_release()' (rule: unknown-after-callee)
validation/locking-retake-other-object.c:215 chip_pair_maybe() not reported: double lock '&a->mutex' (locked on line 214) (rule: other-object-same-type)
validation/locking-retake-other-object.c:203 chip_maybe_release() state: '&chip->mutex' held on entry: every caller holds it (1) (rule: held-by-callers)
validation/locking-retake-other-object.c:207 chip_maybe_release() not reported: inconsistent returns '&chip->mutex': locked (line 207), unlocked (line 207) (rule: held-on-entry)
validation/locking-retake-other-object.c:184 chip_requeue() state: '&chip->mutex' held on entry: every caller holds it (1) (rule: held-by-callers)
validation/locking-retake-other-object.c:156 chip_move() state: '&chip->mutex' held on entry: every caller holds it (1) (rule: held-by-callers)
validation/locking-retake-other-object.c:147 chip_next_stat() state: '&chip->mutex' held on entry: every caller holds it (1) (rule: held-by-callers)
validation/locking-retake-other-object.c:149 chip_next_stat() state: '&chip->mutex' may name another object now that 'chip' changed (rule: name-reassigned)
validation/locking-retake-other-object.c:150 chip_next_stat() not reported: double lock '&chip->mutex' (held by every caller: chip_walk()) (rule: callers-hold-other-object)
validation/locking-retake-other-object.c:43 chip_get() state: '&chip->mutex' held on entry: every caller holds it (2) (rule: held-by-callers)
validation/locking-retake-other-object.c:54 chip_get() not reported: double lock '&contender->mutex' (held by every caller: chip_erase(), chip_write()) (rule: fails-when-held)
validation/locking-retake-other-object.c:60 chip_get() not reported: double lock '&chip->mutex' (locked on line 58) (rule: other-object-same-type)
validation/locking-retake-other-object.c:28 chip_wait() state: '&chip->mutex' held on entry: every caller holds it (1) (rule: held-by-callers)
validation/locking-retake-other-object.c:136 chip_pair() warn: double lock '&a->mutex': 'chip_swap()' acquires it (via chip_swap -> mutex_lock)
 * check-output-end
 */
