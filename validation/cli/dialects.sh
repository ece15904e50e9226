#!/bin/bash
# -std= dialects Sparse 0.6.4 lacks (it stopped with "Unsupported C
# dialect", naming no file) are checked as the nearest one it has, with
# the __STDC_VERSION__ of the one asked for and, for C23, its keywords;
# C23 syntax Sparse cannot parse is an error in the file; a -std= that
# is no C dialect is bad usage naming the file.
. "$(dirname "$0")/common.bash"
cat > "$tmp/v.c" <<'C'
#include <pthread.h>
#if !defined(__STDC_VERSION__)
#define NAME version_none
#elif __STDC_VERSION__ == 202311L
#define NAME version_202311
#elif __STDC_VERSION__ == 201710L
#define NAME version_201710
#else
#define NAME version_other
#endif
struct conn { pthread_mutex_t lock; int n; };
int NAME(struct conn *c)
{
	pthread_mutex_lock(&c->lock);
	if (c->n < 0)
		return -1;
	pthread_mutex_unlock(&c->lock);
	return 0;
}
#if defined(__STDC_VERSION__) && __STDC_VERSION__ > 201710L
static_assert(sizeof(int) >= 2, "int");
alignas(8) thread_local static bool seen = false;
int take(void *p) { seen = true; return p == nullptr ? (int)alignof(int) : 0; }
#endif
C
printf '[[nodiscard]] int f(void) { return 1; }\n' > "$tmp/attr.c"
cd "$tmp" || exit 1

for std in c90:none gnu90:none c2x:202311 gnu2x:202311 c23:202311 gnu23:202311 c17:201710; do
	out=$("$root/smatch" -std="${std%:*}" v.c 2>err)
	status=$?
	[ $status = 0 ] && [ ! -s err ] && grep -q "^v.c:16 version_${std#*:}() warn: inconsistent returns" <<<"$out" ||
		{ echo "FAIL: -std=${std%:*}: exit $status: $out $(cat err)"; fail=1; }
done
"$root/smatch" -std=c2x attr.c >/dev/null 2>err
status=$?
[ $status = 1 ] && grep -q "^attr.c:1:2: error: " err || { echo "FAIL: [[nodiscard]]: exit $status: $(cat err)"; fail=1; }
"$root/smatch" -std=c++17 v.c >/dev/null 2>err
status=$?
[ $status = 2 ] && grep -qx "smatch: v.c: '-std=c++17' is not a C dialect smatch knows: not checked" err ||
	{ echo "FAIL: -std=c++17: exit $status: $(cat err)"; fail=1; }
exit $fail
