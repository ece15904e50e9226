#!/bin/bash
# What smatch takes from the database: return states of non-static functions
# of other files (the first file when several define one), never the rows
# of the file being checked.
. "$(dirname "$0")/common.bash"

T=$(printf '\t')
mkdir reading
cd reading
cat > rec.c <<'C'
#include "locks.h"
struct dev { struct mutex lock; };

int rec(struct dev *d, int n)
{
	if (n > 0)
		return rec(d, n - 1);
	return 0;
}
C
cat > a_dup.c <<'C'
int dup(void)
{
	return 1;
}
C
cp a_dup.c b_dup.c
sed -i 's/return 1;/return 2;/' b_dup.c
cat > user.c <<'C'
#include "locks.h"
struct dev { struct mutex lock; };
int rec(struct dev *d, int n);
int dup(void);

int use_rec(struct dev *d)
{
	return rec(d, 3);
}

int use_dup(void)
{
	return dup();
}
C
"$build" --files "rec.c a_dup.c b_dup.c user.c" --cflags "-I../../include" > /dev/null 2>&1
# the database now says that rec() takes the lock on every return
python3 - <<'PY'
import sqlite3
c = sqlite3.connect("smatch_db.sqlite")
c.execute("INSERT INTO return_items (return_id, type, key, name, value, via) SELECT id, 'lock', "
          "'struct dev.lock', '&$0->lock', 'mutex', 'mutex_lock' FROM return_states WHERE function = 'rec'")
c.commit()
PY
returns() { "$SMATCH" --info -I../../include "$1" 2> /dev/null | grep -P "^SQL\treturn(_item)?\t" | cut -f2,4-; }
expect "the file's own rows are not used (recursion)" "$(SMATCH_DB= returns rec.c)" "$(SMATCH_DB=smatch_db.sqlite returns rec.c)"
expect "another file's caller uses them" "return${T}use_rec${T}user.c${T}0${T}0${T}s64min-s64max${T}8
return_item${T}lock${T}struct dev.lock${T}&\$0->lock${T}mutex${T}rec -> mutex_lock" "$(SMATCH_DB=smatch_db.sqlite returns user.c | head -n 2)"
expect "a function defined twice: the first file's rows" "return${T}use_dup${T}user.c${T}0${T}0${T}1${T}13" \
	"$(SMATCH_DB=smatch_db.sqlite returns user.c | tail -n 1)"
echo ok
