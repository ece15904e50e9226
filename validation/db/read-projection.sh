#!/bin/bash
# A file is checked again only when what it read changed, as it reads it: an
# argument's value at a call of a non-static function is read by nobody, at
# a call of a static one by its file (the caller values); the locks held at
# a call by the callee's file (its start state), unless another call holds
# none, which says there is no start state. What decides a warning only
# (a callee's callers, for the lock requirement check) and a header static's
# callers (this file's own calls, echoing the last pass) are not read.
. "$(dirname "$0")/common.bash"

mkdir projection
cd projection
cat > dev.h <<'C'
#include "locks.h"
struct dev { struct mutex lock; int n; };
void dev_set(struct dev *d, int n);
static inline int dev_ready(struct dev *d)
{
	return d->n;
}
C
cat > core.c <<'C'
#include "dev.h"
void dev_set(struct dev *d, int n)
{
	d->n = n;
}
C
# user.c in versions: N the value passed, then "" (the lock held around dev_set()) or "// " (not),
# then "" (another call of dev_set(), holding no lock) or "// " (none)
user() {
	cat <<C
#include "dev.h"
static int scale(int n)
{
	return n > 4 ? 2 : 1;
}

void use(struct dev *d)
{
	int n = $1;

	$2mutex_lock(&d->lock);
	if (dev_ready(d))
		dev_set(d, n);
	$2mutex_unlock(&d->lock);
	d->n = scale(n);
}

void reset(struct dev *d)
{
	${3-// }dev_set(d, 0);
}
C
}
user 1 "" > user.c
"$build" --files "core.c user.c" --cflags "-I../../include" > /dev/null 2>&1
expect "no requirement read is noted" "0" \
	"$(smdb sql "SELECT count(*) FROM reads WHERE kind = 'requirements'" | tail -n 1)"
expect "user.c reads neither dev_set()'s callers nor dev_ready()'s" "" \
	"$(smdb sql "SELECT kind, key FROM reads WHERE file = 'user.c' AND kind LIKE '%callers'
		     AND key IN ('dev_set', 'dev_ready')" | tail -n +2)"

# next VALUE LOCK [CALL]: the files the next pass checks after user.c changes so
next() {
	user "$@" > user.c
	"$SMATCH" --info -p=kernel -I../../include user.c > new.info 2> /dev/null
	cp smatch_db.sqlite copy.sqlite
	python3 "$repo/smatch_data/db/load_info.py" --next next.txt copy.sqlite new.info
	tr '\n' ' ' < next.txt
}
expect "another value passed to dev_set() and scale(): user.c only, for scale()" "user.c " "$(next 7 "")"
expect "the lock no longer held around dev_set(): core.c, for its start state" "core.c " "$(next 1 "// ")"
user 1 "" "" > user.c
"$build" --files "core.c user.c" --cflags "-I../../include" > /dev/null 2>&1
expect "the same while another call holds no lock: no file" "" "$(next 1 "// " "")"
echo ok
