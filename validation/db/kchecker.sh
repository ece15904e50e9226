#!/bin/bash
# kchecker checks one file through kbuild (here the project's kbuild-like
# Makefile), with the tree's database when there is one; --info and
# --spammy reach smatch.
. "$(dirname "$0")/common.bash"

warn="user.c:24 dev_bad() warn: inconsistent returns '&d->lock': locked (line 24), unlocked (line 26)"
expect "without a database" "" "$("$kchecker" user.c 2>&1 | grep ' warn: ' || true)"
"$build" -C . > /dev/null 2>&1
expect "with the tree's database" "$warn" "$("$kchecker" user.c 2>&1 | grep ' warn: ')"
expect "--no-db" "" "$("$kchecker" --no-db user.c 2>&1 | grep ' warn: ' || true)"
mv smatch_db.sqlite other.sqlite
expect "--db" "$warn" "$("$kchecker" --db other.sqlite user.o 2>&1 | grep ' warn: ')"
expect "--info" "SQL	end	user.c	75" "$("$kchecker" --db=other.sqlite --info user.c | grep '^SQL	end')"

# the options smatch is given
args=$tmp/args
printf '#!/bin/bash\nprintf "%%s\\n" "$@" > %q\n' "$args" > "$tmp/fake-smatch"
chmod +x "$tmp/fake-smatch"
"$kchecker" --smatch "$tmp/fake-smatch" --spammy --info wrap.c > /dev/null
expect "options reach smatch" "-p=kernel
--spammy
--info
-D__linux__
-I../include
wrap.c" "$(cat "$args")"

rc=0
"$kchecker" nosuch.c 2> err || rc=$?
expect "missing file: status" 2 "$rc"
expect "missing file: message" "kchecker: nosuch.c: no such file" "$(cat err)"
echo ok
