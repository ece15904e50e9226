#!/bin/bash
# smatch_scripts/test_patches on a tiny git repository: a commit that adds
# a missing unlock is reported (exit 1), the commit that fixes it and one
# that only moves code around are not (exit 0); a bug in a file that had
# no warnings before, or in a new file, is reported too.
. "$(dirname "$0")/common.bash"
export GIT_AUTHOR_NAME=test GIT_AUTHOR_EMAIL=test@example.invalid
export GIT_COMMITTER_NAME=test GIT_COMMITTER_EMAIL=test@example.invalid

repo=$tmp/repo
mkdir -p "$repo/include" "$repo/src"
cp validation/include/locks.h "$repo/include/"
cat > "$repo/src/dev.c" <<'C'
#include "../include/locks.h"

struct dev { struct mutex lock; int users; };

int dev_open(struct dev *d, int flags)
{
	mutex_lock(&d->lock);
	d->users++;
	mutex_unlock(&d->lock);
	return 0;
}

int old_bug(struct dev *d)
{
	mutex_lock(&d->lock);
	if (!d->users)
		return -EINVAL;
	mutex_unlock(&d->lock);
	return 0;
}
C
git -C "$repo" init -q
git -C "$repo" add . && git -C "$repo" commit -qm "base"
# 2: the bug
sed -i 's/^\td->users++;$/\tif (flags < 0)\n\t\treturn -EINVAL;\n\td->users++;/' "$repo/src/dev.c"
git -C "$repo" commit -qam "dev_open: reject bad flags"
# 3: the fix
sed -i 's/^\t\treturn -EINVAL;$/\t\tgoto out;/; 0,/^\tmutex_unlock(&d->lock);$/s//out:\n\tmutex_unlock(\&d->lock);/' "$repo/src/dev.c"
sed -i '0,/^\t\tgoto out;$/!{0,/^\t\tgoto out;$/s//\t\treturn -EINVAL;/}' "$repo/src/dev.c"
git -C "$repo" commit -qam "dev_open: unlock on error"
# 4: lines added above the old bug: it moves, it is not new
sed -i 's/^struct dev {/\/* a comment\n   of three lines\n *\/\nstruct dev {/' "$repo/src/dev.c"
git -C "$repo" commit -qam "comment"

run() {	# run WANT-STATUS RANGE: test_patches' output
	local out status
	out=$("$root/smatch_scripts/test_patches" --repo "$repo" --cflags "-Iinclude" "$2" -- -p=kernel)
	status=$?
	if [ $status != "$1" ]; then
		echo "FAIL: test_patches $2: exit $status, want $1"
		echo "$out"
		fail=1
	fi
	echo "$out"
}

out=$(run 1 HEAD~3..HEAD~2)
grep -q "^  src/dev.c:9 dev_open() warn: inconsistent returns '&d->lock': locked (line 9), unlocked (line 12)$" <<<"$out" ||
	{ echo "FAIL: the new bug is not reported: $out"; fail=1; }
grep -q "old_bug" <<<"$out" && { echo "FAIL: an old warning is reported as new: $out"; fail=1; }
grep -q "^test_patches: 1 new warning in HEAD~3..HEAD~2$" <<<"$out" || { echo "FAIL: summary: $out"; fail=1; }

out=$(run 0 HEAD~2..HEAD)
grep -q "^test_patches: no new warnings in HEAD~2..HEAD$" <<<"$out" || { echo "FAIL: $out"; fail=1; }

out=$(run 1 HEAD~3..HEAD)
[ "$(grep -c '^  ' <<<"$out")" = 1 ] || { echo "FAIL: the whole series: $out"; fail=1; }

# 5: a bug in a file that had no warnings before; 6: a new file with a bug
cat > "$repo/src/clean.c" <<'C'
#include "../include/locks.h"

struct counter { struct mutex lock; int n; };

int counter_add(struct counter *c, int v)
{
	mutex_lock(&c->lock);
	c->n += v;
	mutex_unlock(&c->lock);
	return 0;
}
C
git -C "$repo" add src/clean.c && git -C "$repo" commit -qm "clean file"
sed -i 's/^\tc->n += v;$/\tif (v < 0)\n\t\treturn -EINVAL;\n\tc->n += v;/' "$repo/src/clean.c"
git -C "$repo" commit -qam "counter_add: reject negative values"
sed 's/counter/gauge/g' "$repo/src/clean.c" > "$repo/src/new.c"
git -C "$repo" add src/new.c && git -C "$repo" commit -qm "new file"

out=$(run 0 HEAD~3..HEAD~2)
grep -q "^test_patches: no new warnings in HEAD~3..HEAD~2$" <<<"$out" || { echo "FAIL: clean file: $out"; fail=1; }
out=$(run 1 HEAD~2..HEAD~1)
grep -q "^  src/clean.c:9 counter_add() warn: inconsistent returns '&c->lock': locked (line 9), unlocked (line 12)$" <<<"$out" ||
	{ echo "FAIL: the bug in a file that had no warnings is not reported: $out"; fail=1; }
out=$(run 1 HEAD~1..HEAD)
grep -q "^  src/new.c:9 gauge_add() warn: inconsistent returns '&c->lock': locked (line 9), unlocked (line 12)$" <<<"$out" ||
	{ echo "FAIL: the bug in a new file is not reported: $out"; fail=1; }
exit $fail
