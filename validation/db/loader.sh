#!/bin/bash
# load_info.py loads complete outputs (several files per output too) and
# rejects truncated or malformed ones, keeping what the database had.
. "$(dirname "$0")/common.bash"

load() { python3 "$repo/smatch_data/db/load_info.py" "$@"; }
count() { smdb --db "$1" sql "SELECT count(*) FROM functions WHERE file = '$2'" | tail -n 1; }

"$SMATCH" --info $CFLAGS lock.c wrap.c > two.info
load --create --stats two.sqlite two.info > stats
expect "two files in one output" "files 2
rejected 0" "$(head -n 2 stats)"
expect "functions of lock.c" 6 "$(count two.sqlite lock.c)"

# truncated: the end row is missing
"$SMATCH" --info $CFLAGS ops.c | grep -v "^SQL	end" > cut.info
# wrong count, malformed row, and a reference to a call that has no row
"$SMATCH" --info $CFLAGS user.c | sed 's/^\(SQL	end	user.c	\)[0-9]*/\11/' > count.info
"$SMATCH" --info $CFLAGS user.c | sed '3s/$/	extra/' > columns.info
"$SMATCH" --info $CFLAGS user.c | sed 's/^SQL	call	0	/SQL	call	99	/' > ids.info
rc=0
load --stats two.sqlite cut.info count.info columns.info ids.info > stats 2> err || rc=$?
expect "rejects: status" 0 "$rc"
expect "rejects: counts" "files 0
rejected 4" "$(head -n 2 stats)"
expect "rejects: messages" "load_info: columns.info: user.c: line 3: call_arg row with 6 columns, expected 5; not loaded
load_info: count.info: user.c: 40 rows, its end row says 1; not loaded
load_info: cut.info: truncated output (no end row after 30 rows); not loaded
load_info: ids.info: user.c: call_arg row refers to id 0, which has no row; not loaded" "$(cat err)"
expect "rejects: nothing loaded" "0 0" "$(count two.sqlite ops.c) $(count two.sqlite user.c)"

# a rejected new output keeps the file's old rows
"$SMATCH" --info $CFLAGS wrap.c | grep -v "^SQL	end" > wrap-cut.info
load two.sqlite wrap-cut.info 2> /dev/null
expect "old rows kept" 2 "$(count two.sqlite wrap.c)"
# --drop removes a file's rows
load --drop wrap.c two.sqlite
expect "dropped" 0 "$(count two.sqlite wrap.c)"

# --next: the files reading rows that a load changed; --changed: those rows
"$SMATCH" --info $CFLAGS lock.c > lock.info
SMATCH_DB=two.sqlite "$SMATCH" --info $CFLAGS wrap.c > wrap.info
load two.sqlite lock.info wrap.info
load --next next --changed changed two.sqlite lock.info
expect "same rows: no reader" "" "$(cat next changed)"
sed "s/^\(SQL	return_item	[0-9]*	\)lock	/\1unknown_lock	/" lock.info > lock-maybe.info
load --next next --changed changed two.sqlite lock-maybe.info
expect "changed returns: their reader" "wrap.c" "$(cat next)"
expect "changed returns: which rows" "1	returns	dev_lock	lock.c" "$(grep dev_lock changed)"

# --wave: lock_effects of the files loaded only, lock_requirements left as they were
facts() { sqlite3 "$1" "SELECT * FROM $2 ORDER BY 1, 2, 3, 4, 5, 6, 7"; }
derive_all() { python3 -c "import sys; sys.path.insert(0, '$repo/smatch_data/db'); import dblib, sqlite3; dblib.derive(sqlite3.connect('$1'))"; }
load --create all.sqlite two.info
SMATCH_DB=all.sqlite "$SMATCH" --info $CFLAGS ops.c user.c > more.info
requirements=$(facts all.sqlite lock_requirements)
load --wave all.sqlite more.info
expect "--wave: lock_requirements as they were" "$requirements" "$(facts all.sqlite lock_requirements)"
cp all.sqlite whole.sqlite && derive_all whole.sqlite
expect "--wave: the lock_effects of a whole derivation" "$(facts whole.sqlite lock_effects)" \
	"$(facts all.sqlite lock_effects)"
[ -n "$(facts all.sqlite lock_effects)" ] || fail "no lock_effects to compare"
load all.sqlite more.info
expect "the last load: the lock_requirements of a whole derivation" "$(facts whole.sqlite lock_requirements)" \
	"$(facts all.sqlite lock_requirements)"
[ "$requirements" != "$(facts all.sqlite lock_requirements)" ] || fail "ops.c and user.c add no lock_requirements"

rc=0
load --create two.sqlite two.info 2> err || rc=$?
expect "--create on an existing file" "1: load_info: two.sqlite exists already (--create makes a new database)" "$rc: $(cat err)"
echo ok
