/*
 * smatch_ranges.c: sorted lists of disjoint [min, max] ranges of 64-bit
 * values, used for what is known of a variable or a return value.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "smatch.h"
#include "smatch_internal.h"

#define MAX_RANGES 8

struct range_list *rl_alloc(int nr)
{
	struct range_list *rl = fn_alloc(sizeof(*rl) + nr * sizeof(struct range));

	count_state_work(1);
	rl->nr = 0;
	return rl;
}

struct range_list *rl_range(int64_t min, int64_t max)
{
	struct range_list *rl = rl_alloc(1);

	if (min <= max) {
		rl->r[0].min = min;
		rl->r[0].max = max;
		rl->nr = 1;
	}
	return rl;
}

#define MAX_ERRNO 4095

struct range_list *rl_err_ptr(void)
{
	return rl_range(-MAX_ERRNO, -1);
}

struct range_list *rl_err_ptr_or_null(void)
{
	return rl_range(-MAX_ERRNO, 0);
}

struct range_list *rl_whole(void)
{
	return rl_range(RL_MIN, RL_MAX);
}

struct range_list *rl_nonzero(void)
{
	return rl_complement(rl_range(0, 0));
}

bool rl_is_whole(struct range_list *rl)
{
	return rl && rl->nr == 1 && rl->r[0].min == RL_MIN && rl->r[0].max == RL_MAX;
}

bool rl_is_empty(struct range_list *rl)
{
	return !rl || rl->nr == 0;
}

bool rl_get_single(struct range_list *rl, int64_t *val)
{
	if (!rl || rl->nr != 1 || rl->r[0].min != rl->r[0].max)
		return false;
	*val = rl->r[0].min;
	return true;
}

bool rl_equal(struct range_list *a, struct range_list *b)
{
	if (a->nr != b->nr)
		return false;
	return memcmp(a->r, b->r, a->nr * sizeof(struct range)) == 0;
}

/* Adds [min, max] to a sorted list with room for it, joining neighbours. */
static void add_range(struct range_list *rl, int64_t min, int64_t max)
{
	int i, j;

	for (i = 0; i < rl->nr && rl->r[i].max < min && rl->r[i].max + 1 < min; i++)
		;
	memmove(rl->r + i + 1, rl->r + i, (rl->nr - i) * sizeof(struct range));
	rl->r[i].min = min;
	rl->r[i].max = max;
	rl->nr++;
	/* join what now touches or overlaps */
	for (j = 0; j + 1 < rl->nr;) {
		struct range *a = &rl->r[j], *b = &rl->r[j + 1];

		if (a->max == RL_MAX || a->max + 1 >= b->min) {
			if (b->min < a->min)
				a->min = b->min;
			if (b->max > a->max)
				a->max = b->max;
			memmove(b, b + 1, (rl->nr - j - 2) * sizeof(struct range));
			rl->nr--;
		} else {
			j++;
		}
	}
}

/* Keeps the list short: past MAX_RANGES, the closest neighbours are joined. */
static struct range_list *rl_bound(struct range_list *rl)
{
	while (rl->nr > MAX_RANGES) {
		int i, best = 0;
		uint64_t gap, best_gap = UINT64_MAX;

		for (i = 0; i + 1 < rl->nr; i++) {
			gap = (uint64_t)rl->r[i + 1].min - (uint64_t)rl->r[i].max;
			if (gap < best_gap) {
				best_gap = gap;
				best = i;
			}
		}
		rl->r[best].max = rl->r[best + 1].max;
		memmove(rl->r + best + 1, rl->r + best + 2, (rl->nr - best - 2) * sizeof(struct range));
		rl->nr--;
	}
	return rl;
}

/* 'v' converted to an integer of 'bits' bits (1 to 63), as C converts: modulo 2^bits. */
static int64_t wrap_value(int64_t v, int bits, bool is_unsigned)
{
	uint64_t mask = ((uint64_t)1 << bits) - 1, u = (uint64_t)v & mask;

	if (!is_unsigned && (u >> (bits - 1)))
		u |= ~mask;
	return (int64_t)u;
}

/*
 * The values of 'rl' converted to an integer type of 'bits' bits: "return
 * -1;" in a function returning u32 returns 4294967295.  A range that wraps
 * round more than once is the whole type.
 */
struct range_list *rl_convert(struct range_list *rl, int bits, bool is_unsigned)
{
	int64_t lo = is_unsigned ? 0 : -((int64_t)1 << (bits - 1));
	int64_t hi = is_unsigned ? ((int64_t)1 << bits) - 1 : ((int64_t)1 << (bits - 1)) - 1;
	struct range_list *res = rl_alloc(2 * MAX_RANGES), *all = rl_range(lo, hi);
	int i;

	assert(bits > 0 && bits < 64);
	if (!rl || rl_subset(rl, all))
		return rl;
	for (i = 0; i < rl->nr; i++) {
		int64_t a = rl->r[i].min, b = rl->r[i].max, wa, wb;

		if ((uint64_t)b - (uint64_t)a > (uint64_t)hi - (uint64_t)lo)
			return all;
		wa = wrap_value(a, bits, is_unsigned);
		wb = wrap_value(b, bits, is_unsigned);
		if (wa <= wb) {
			add_range(res, wa, wb);
		} else {
			add_range(res, wa, hi);
			add_range(res, lo, wb);
		}
	}
	return rl_bound(res);
}

static int64_t saturated_add(int64_t v, int64_t delta)
{
	if (delta > 0 && v > RL_MAX - delta)
		return RL_MAX;
	if (delta < 0 && v < RL_MIN - delta)
		return RL_MIN;
	return v + delta;
}

/*
 * The values of 'rl' plus 'delta' (x + 1 after "++x"), saturating at the
 * ends of the 64-bit range: a conversion to the variable's type wraps them.
 */
struct range_list *rl_shift(struct range_list *rl, int64_t delta)
{
	struct range_list *res;
	int i;

	if (!rl || rl_is_whole(rl))
		return rl;
	res = rl_alloc(rl->nr);
	for (i = 0; i < rl->nr; i++)
		add_range(res, saturated_add(rl->r[i].min, delta), saturated_add(rl->r[i].max, delta));
	return res;
}

/* Either may be NULL, the empty list (as for rl_is_empty()): the other is the union. */
struct range_list *rl_union(struct range_list *a, struct range_list *b)
{
	struct range_list *rl;
	int i;

	if (!a || !b)
		return a ? a : b;
	rl = rl_alloc(a->nr + b->nr);

	for (i = 0; i < a->nr; i++)
		add_range(rl, a->r[i].min, a->r[i].max);
	for (i = 0; i < b->nr; i++)
		add_range(rl, b->r[i].min, b->r[i].max);
	return rl_bound(rl);
}

struct range_list *rl_intersect(struct range_list *a, struct range_list *b)
{
	struct range_list *rl = rl_alloc(a->nr + b->nr);
	int i, j;

	for (i = 0; i < a->nr; i++) {
		for (j = 0; j < b->nr; j++) {
			int64_t min = a->r[i].min > b->r[j].min ? a->r[i].min : b->r[j].min;
			int64_t max = a->r[i].max < b->r[j].max ? a->r[i].max : b->r[j].max;

			if (min <= max)
				add_range(rl, min, max);
		}
	}
	return rl_bound(rl);
}

struct range_list *rl_complement(struct range_list *a)
{
	struct range_list *rl = rl_alloc(a->nr + 1);
	int64_t next = RL_MIN;
	bool open = true;
	int i;

	for (i = 0; i < a->nr; i++) {
		if (open && a->r[i].min > next)
			add_range(rl, next, a->r[i].min - 1);
		if (a->r[i].max == RL_MAX) {
			open = false;
			break;
		}
		next = a->r[i].max + 1;
	}
	if (open)
		add_range(rl, next, RL_MAX);
	return rl;
}

bool rl_overlaps(struct range_list *a, struct range_list *b)
{
	return !rl_is_empty(rl_intersect(a, b));
}

bool rl_subset(struct range_list *a, struct range_list *b)
{
	return rl_equal(rl_intersect(a, b), a);
}

bool rl_contains_zero(struct range_list *rl)
{
	return rl_overlaps(rl, rl_range(0, 0));
}

/*
 * "x & mask" for every x in 'rl': 0 if no value has a bit of the mask, not
 * 0 if every value has one, NULL if the range does not say.  A range of
 * one sign keeps the bits above the highest bit its ends differ in.
 */
struct range_list *rl_mask_test(struct range_list *rl, uint64_t mask)
{
	bool all_set = true, all_clear = true;
	int i;

	for (i = 0; i < rl->nr; i++) {
		uint64_t lo = rl->r[i].min, hi = rl->r[i].max, diff = lo ^ hi;
		uint64_t fixed = diff ? ~(~0ULL >> __builtin_clzll(diff)) : ~0ULL;

		if ((rl->r[i].min < 0) != (rl->r[i].max < 0))
			return NULL;
		all_set &= (lo & fixed & mask) != 0;
		all_clear &= !(mask & ~fixed) && !(lo & mask);
	}
	if (all_clear)
		return rl_range(0, 0);
	return all_set ? rl_nonzero() : NULL;
}

static int64_t rl_min(struct range_list *rl)
{
	return rl->r[0].min;
}

static int64_t rl_max(struct range_list *rl)
{
	return rl->r[rl->nr - 1].max;
}

/* The values of 'a' for which "a OP b" holds for some value of 'b'. */
struct range_list *rl_filter_compare(struct range_list *a, int op, struct range_list *b)
{
	int64_t v;

	if (rl_is_empty(a) || rl_is_empty(b))
		return rl_alloc(0);
	switch (op) {
	case SPECIAL_EQUAL:
		return rl_intersect(a, b);
	case SPECIAL_NOTEQUAL:
		if (rl_get_single(b, &v))
			return rl_intersect(a, rl_complement(rl_range(v, v)));
		return a;
	case '<':
	case SPECIAL_UNSIGNED_LT:
		if (rl_max(b) == RL_MIN)
			return rl_alloc(0);
		return rl_intersect(a, rl_range(RL_MIN, rl_max(b) - 1));
	case SPECIAL_LTE:
	case SPECIAL_UNSIGNED_LTE:
		return rl_intersect(a, rl_range(RL_MIN, rl_max(b)));
	case '>':
	case SPECIAL_UNSIGNED_GT:
		if (rl_min(b) == RL_MAX)
			return rl_alloc(0);
		return rl_intersect(a, rl_range(rl_min(b) + 1, RL_MAX));
	case SPECIAL_GTE:
	case SPECIAL_UNSIGNED_GTE:
		return rl_intersect(a, rl_range(rl_min(b), RL_MAX));
	}
	return a;
}

static int print_value(char *buf, size_t len, int64_t v)
{
	if (v == RL_MIN)
		return snprintf(buf, len, "s64min");
	if (v == RL_MAX)
		return snprintf(buf, len, "s64max");
	if (v < 0)
		return snprintf(buf, len, "(%lld)", (long long)v);
	return snprintf(buf, len, "%lld", (long long)v);
}

/* "0", "(-4095)-(-1)", "1-s64max", ranges joined by commas; "" is empty. */
const char *rl_to_str(struct range_list *rl)
{
	char buf[512];
	size_t n = 0;
	int i;

	buf[0] = '\0';
	for (i = 0; rl && i < rl->nr && n < sizeof(buf) - 64; i++) {
		if (i)
			buf[n++] = ',';
		n += print_value(buf + n, sizeof(buf) - n, rl->r[i].min);
		if (rl->r[i].max != rl->r[i].min) {
			buf[n++] = '-';
			n += print_value(buf + n, sizeof(buf) - n, rl->r[i].max);
		}
	}
	return intern(buf);
}

static bool parse_value(const char **s, int64_t *v)
{
	char *end;

	if (strncmp(*s, "s64min", 6) == 0) {
		*v = RL_MIN;
		*s += 6;
		return true;
	}
	if (strncmp(*s, "s64max", 6) == 0) {
		*v = RL_MAX;
		*s += 6;
		return true;
	}
	if (**s == '(') {
		*v = strtoll(*s + 1, &end, 10);
		if (*end != ')')
			return false;
		*s = end + 1;
		return true;
	}
	*v = strtoll(*s, &end, 10);
	if (end == *s)
		return false;
	*s = end;
	return true;
}

/* The inverse of rl_to_str(); NULL on a malformed string. */
struct range_list *rl_from_str(const char *s)
{
	struct range_list *rl = rl_alloc(MAX_RANGES * 2);

	while (*s) {
		int64_t min, max;

		if (!parse_value(&s, &min))
			return NULL;
		max = min;
		if (*s == '-') {
			s++;
			if (!parse_value(&s, &max))
				return NULL;
		}
		if (min > max || rl->nr >= MAX_RANGES * 2)
			return NULL;
		add_range(rl, min, max);
		if (*s == ',')
			s++;
		else if (*s)
			return NULL;
	}
	return rl_bound(rl);
}

/* A copy that outlives the function being analysed. */
struct range_list *rl_permanent(struct range_list *rl)
{
	struct range_list *res = xmalloc(sizeof(*res) + rl->nr * sizeof(struct range));

	res->nr = rl->nr;
	memcpy(res->r, rl->r, rl->nr * sizeof(struct range));
	return res;
}
