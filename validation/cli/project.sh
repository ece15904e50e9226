#!/bin/bash
# The project comes from the flags: -D__KERNEL__ means the kernel's lock
# table, anything else the user-space one; -p= overrides, and an unknown
# name is bad usage (exit 2). With userspace, Sparse's warnings are left
# out unless --sparse-warnings asks for them; its errors always show; the
# kernel keeps them. The same holds per entry of a compile_commands.json.
. "$(dirname "$0")/common.bash"
cat > "$tmp/k.c" <<'C'
#include "locks.h"
struct dev { struct mutex lock; int n; };
int kbug(struct dev *d)
{
	mutex_lock(&d->lock);
	if (d->n < 0)
		return -EINVAL;
	mutex_unlock(&d->lock);
	return 0;
}
C
cat > "$tmp/u.c" <<'C'
#include <pthread.h>
struct conn { pthread_mutex_t lock; int n; };
int ubug(struct conn *c)
{
	pthread_mutex_lock(&c->lock);
	if (c->n < 0)
		return -1;
	pthread_mutex_unlock(&c->lock);
	return 0;
}
C
printf 'int broken(int x) { return x +; }\n' > "$tmp/bad.c"
cp validation/include/locks.h "$tmp/"
cd "$tmp" || exit 1
kwarn="k.c:7 kbug() warn: inconsistent returns '&d->lock': locked (line 7), unlocked (line 9)"
uwarn="u.c:7 ubug() warn: inconsistent returns '&c->lock': locked (line 7), unlocked (line 9)"
static="warning: symbol '[ku]bug' was not declared. Should it be static?"

# check WANT-STDOUT ARGS...: smatch's stdout, exit 0
check() {
	local want=$1 out status
	shift
	out=$("$root/smatch" "$@" 2>"$tmp/err")
	status=$?
	[ "$status" = 0 ] && [ "$out" = "$want" ] ||
		{ echo "FAIL: smatch $*: exit $status, got '$out', want '$want'"; cat "$tmp/err"; fail=1; }
}
check "$kwarn" -D__KERNEL__ k.c
grep -q "^k.c:3:5: $static" err || { echo "FAIL: the kernel lost Sparse's warnings"; fail=1; }
check "$kwarn" -D __KERNEL__=1 k.c
check "" k.c				# userspace: mutex_lock() is no lock there
check "" -D__KERNEL_STUFF__ k.c
check "$kwarn" -p=kernel k.c
check "" --project=userspace -D__KERNEL__ k.c
check "$uwarn" u.c
[ -s err ] && { echo "FAIL: Sparse's warnings in userspace: $(cat err)"; fail=1; }
check "$uwarn" --sparse-warnings u.c
grep -q "^u.c:3:5: $static" err || { echo "FAIL: --sparse-warnings: $(cat err)"; fail=1; }

# errors stay, whatever the project
"$root/smatch" bad.c 2>err >/dev/null
status=$?
[ $status = 1 ] && grep -q "^bad.c:1:31: error: " err || { echo "FAIL: userspace error: exit $status: $(cat err)"; fail=1; }

# a bad project name
"$root/smatch" -p=linux k.c 2>err >/dev/null
status=$?
[ $status = 2 ] && grep -qx "smatch: unknown project 'linux': use kernel or userspace (see smatch --help)" err ||
	{ echo "FAIL: -p=linux: exit $status: $(cat err)"; fail=1; }

# per entry of a compile_commands.json
cat > compile_commands.json <<J
[ { "directory": "$tmp", "file": "k.c", "command": "cc -D__KERNEL__ -c k.c" },
  { "directory": "$tmp", "file": "u.c", "command": "cc -c u.c" },
  { "directory": "$tmp", "file": "k.c", "command": "cc -DUSER -c k.c" } ]
J
check "$kwarn
$uwarn" --compile-commands=compile_commands.json -j1
grep -c "Should it be static" err | grep -qx 1 || { echo "FAIL: Sparse's warnings per entry: $(cat err)"; fail=1; }
exit $fail
