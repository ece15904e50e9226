#!/bin/bash
# smatch --info: the exact rows of a file, after its warnings; names with tabs
# and spaces survive the escaping and loading.
. "$(dirname "$0")/common.bash"

T=$(printf '\t')
rows=$("$SMATCH" --info $CFLAGS wrap.c)
expect "rows of wrap.c" "SQL${T}function${T}dev_lock_all${T}wrap.c${T}0${T}4
SQL${T}call${T}0${T}dev_lock_all${T}wrap.c${T}dev_lock${T}0${T}0${T}6${T}
SQL${T}call_arg${T}0${T}0${T}s64min-s64max${T}d${T}0
SQL${T}set${T}struct dev.mode${T}dev_lock_all${T}wrap.c${T}7${T}1${T}d->mode = 1${T}
SQL${T}return${T}1${T}dev_lock_all${T}wrap.c${T}0${T}0${T}s64min-s64max${T}8
SQL${T}function${T}dev_unlock_all${T}wrap.c${T}0${T}10
SQL${T}call${T}2${T}dev_unlock_all${T}wrap.c${T}dev_unlock${T}0${T}0${T}13${T}\$0=s64min-(-1),1-s64max
SQL${T}call_arg${T}2${T}0${T}s64min-(-1),1-s64max${T}d${T}0
SQL${T}set${T}struct dev.mode${T}dev_unlock_all${T}wrap.c${T}12${T}0${T}d->mode = 0${T}
SQL${T}return${T}3${T}dev_unlock_all${T}wrap.c${T}0${T}0${T}s64min-s64max${T}14
SQL${T}end${T}wrap.c${T}10" "$rows"

# locks held at calls, calls through a global pointer, and function pointers
cat > globals.c <<'G'
#include "locks.h"

void log_msg(int n);
spinlock_t global_lock;
void (*hook)(void);

static void tick(void)
{
}

void run(void)
{
	spin_lock(&global_lock);
	log_msg(3);
	spin_unlock(&global_lock);
	hook = tick;
	hook();
}
G
rows=$("$SMATCH" --info $CFLAGS globals.c 2>/dev/null | grep -v -e "${T}function${T}" -e "${T}return${T}")
expect "rows of globals.c" "SQL${T}return_item${T}0${T}args_only${T}${T}${T}${T}
SQL${T}call${T}1${T}run${T}globals.c${T}spin_lock${T}0${T}0${T}13${T}
SQL${T}call_arg${T}1${T}0${T}s64min-(-1),1-s64max${T}&global_lock${T}-1
SQL${T}call${T}2${T}run${T}globals.c${T}log_msg${T}0${T}0${T}14${T}
SQL${T}call_lock${T}2${T}global_lock${T}&global_lock${T}&global_lock
SQL${T}call_arg${T}2${T}0${T}3${T}3${T}-1
SQL${T}call${T}3${T}run${T}globals.c${T}spin_unlock${T}0${T}0${T}15${T}
SQL${T}call_lock${T}3${T}global_lock${T}&global_lock${T}&global_lock
SQL${T}call_arg${T}3${T}0${T}s64min-(-1),1-s64max${T}&global_lock${T}-1
SQL${T}call${T}4${T}run${T}globals.c${T}hook${T}0${T}1${T}17${T}
SQL${T}set${T}hook${T}run${T}globals.c${T}16${T}s64min-(-1),1-s64max${T}hook = tick${T}
SQL${T}fn_ptr${T}hook${T}tick${T}globals.c${T}16${T}assign${T}run
SQL${T}return_item${T}5${T}acquires${T}global_lock${T}&global_lock${T}spin${T}spin_lock
SQL${T}lock_op${T}run${T}globals.c${T}13${T}lock${T}global_lock${T}&global_lock${T}spin${T}0${T}0${T}0${T}spin_lock${T}1${T}
SQL${T}lock_op${T}run${T}globals.c${T}15${T}unlock${T}global_lock${T}&global_lock${T}spin${T}0${T}0${T}0${T}spin_unlock${T}1${T}
SQL${T}end${T}globals.c${T}19" "$rows"

# the condition on the parameters under which each call is made, and the
# arguments that are parameters passed on as they came: a flag tested, a
# bit of a mask, a pointer known non-NULL (the nearest test of two), none
# (a call made whatever the arguments); a parameter changed first, or
# changed on one path only, is not passed on
cat > conds.c <<'C'
struct dev { int n; };
void take(struct dev *d);
void pass(struct dev *d, unsigned int gfp);

void grab(struct dev *d, int reclaim, unsigned int gfp, struct dev *o)
{
	take(d);
	if (reclaim)
		take(d);
	if (gfp & 0x400)
		take(d);
	d->n = 0;
	if (o)
		take(o);
	pass(d, gfp);
	if (reclaim)
		gfp |= 1;
	pass(d, gfp);
}
C
rows=$("$SMATCH" --info $CFLAGS conds.c 2>/dev/null | grep "${T}call\(_arg\)\?${T}")
expect "conditions of calls" "SQL${T}call${T}0${T}grab${T}conds.c${T}take${T}0${T}0${T}7${T}
SQL${T}call_arg${T}0${T}0${T}s64min-s64max${T}d${T}0
SQL${T}call${T}1${T}grab${T}conds.c${T}take${T}0${T}0${T}9${T}\$1=(-2147483648)-(-1),1-2147483647
SQL${T}call_arg${T}1${T}0${T}s64min-s64max${T}d${T}0
SQL${T}call${T}2${T}grab${T}conds.c${T}take${T}0${T}0${T}11${T}\$2&0x400
SQL${T}call_arg${T}2${T}0${T}s64min-s64max${T}d${T}0
SQL${T}call${T}3${T}grab${T}conds.c${T}take${T}0${T}0${T}14${T}\$3=s64min-(-1),1-s64max
SQL${T}call_arg${T}3${T}0${T}s64min-(-1),1-s64max${T}o${T}3
SQL${T}call${T}4${T}grab${T}conds.c${T}pass${T}0${T}0${T}15${T}\$0=s64min-(-1),1-s64max
SQL${T}call_arg${T}4${T}0${T}s64min-(-1),1-s64max${T}d${T}0
SQL${T}call_arg${T}4${T}1${T}0-4294967295${T}gfp${T}2
SQL${T}call${T}5${T}grab${T}conds.c${T}pass${T}0${T}0${T}18${T}\$0=s64min-(-1),1-s64max
SQL${T}call_arg${T}5${T}0${T}s64min-(-1),1-s64max${T}d${T}0
SQL${T}call_arg${T}5${T}1${T}0-4294967295${T}gfp${T}-1" "$rows"

# a file name with a tab and a space is escaped in the rows and loaded as it was
name="odd${T}name x.c"
cp wrap.c "$name"
"$SMATCH" --info $CFLAGS "$name" > odd.info
grep -q "^SQL${T}end${T}odd\\\\tname x.c${T}10\$" odd.info || fail "the tab in the file name is not escaped"
python3 "$repo/smatch_data/db/load_info.py" --create odd.sqlite odd.info
expect "loaded file name" "$name" "$(smdb --db odd.sqlite sql "SELECT DISTINCT file FROM functions" | tail -n 1)"
# the rows come after the warnings (user.c warns once the database knows dev_lock_all)
build_db --passes 2 > /dev/null 2>&1
out=$(SMATCH_DB=smatch_db.sqlite "$SMATCH" --info $CFLAGS user.c)
expect "first line is the warning" \
	"user.c:24 dev_bad() warn: inconsistent returns '&d->lock': locked (line 24), unlocked (line 26)" \
	"$(echo "$out" | head -n 1)"
expect "then only rows" 0 "$(echo "$out" | tail -n +2 | grep -vc '^SQL' || true)"

echo ok
