#!/bin/bash
# --resume continues an interrupted build: the interrupted pass checks only the
# files it had not checked, later passes run as before, and the database is
# the one an uninterrupted build makes. Without an interrupted build, or with
# other options, --resume says why and exits 2.
. "$(dirname "$0")/common.bash"

# the summary's pass lines, times left out
passes() { grep '^  pass [0-9]*:' | sed 's/ in [0-9]*m[0-9]*s;/;/'; }
whole_passes=$(build_db --passes 3 2>/dev/null | passes)
whole=$(dump_db smatch_db.sqlite)
rm -f smatch_db.sqlite

out=$(build_db --passes 3 --resume 2>&1) && fail "--resume without a build: exit 0"
expect "nothing to resume" "build_kernel_data: no interrupted build of $PWD/smatch_db.sqlite to resume" "$(head -n 1 <<< "$out")"

# stopped during pass 2, once it has checked two files
stop_build TERM "checked 2 2" --passes 3
done_before=$(cut -f1 smatch_db.sqlite.build.*/pass2/done | sort)
expect "two files of pass 2 checked" 2 "$(wc -l <<< "$done_before")"

out=$(build_db --passes 2 --smatch "$slow_smatch" -j1 --resume 2>&1) && fail "--resume with other options: exit 0"
grep -q "the interrupted build had other options" <<< "$out" || fail "other options: $out"

: > "$tmp/checked"
out=$(build_db --smatch "$slow_smatch" -j1 --passes 3 --resume 2>&1) || fail "resume failed: $out"
grep -q "resuming pass 2 (running when interrupted)" <<< "$out" || fail "no resume message: $out"
# pass 2 checked the two other files, and then the build went on as before
expect "pass 2 after resuming" "$(printf '%s\n' $FILES | grep -vxF "$done_before" | sort)" \
	"$(head -n 2 "$tmp/checked" | sort)"
expect "the passes of the summary" "$whole_passes" "$(passes <<< "$out")"
expect "files checked in pass 3" "$(grep -o '^  pass 2:.*next: [0-9]*' <<< "$whole_passes" | grep -o '[0-9]*$')" \
	"$(tail -n +3 "$tmp/checked" | wc -l)"
expect "same database as without the interruption" "$whole" "$(dump_db smatch_db.sqlite)"
expect "work directory removed" "" "$(ls -d smatch_db.sqlite.build.* 2>/dev/null || true)"

out=$(build_db --smatch "$slow_smatch" -j1 --passes 3 --resume 2>&1) && fail "second --resume: exit 0"
expect "nothing left to resume" "build_kernel_data: no interrupted build of $PWD/smatch_db.sqlite to resume" "$(head -n 1 <<< "$out")"

# stopped once pass 1 is done and the state says pass 2 runs, before pass 2
# began (its directory has only what pass 1 wrote there): a new pass 2
rm -f smatch_db.sqlite
stop_build TERM "checked 2 1" --passes 3
work=$(ls -d smatch_db.sqlite.build.*)
find "$work/pass2" -mindepth 1 ! -name run-from -exec rm -rf {} +
echo "2 running" > "$work/state"
out=$(build_db --smatch "$slow_smatch" -j1 --passes 3 --resume 2>&1) || fail "resume before pass 2 began: $out"
expect "resumed before pass 2 began: the passes" "$whole_passes" "$(passes <<< "$out")"
expect "resumed before pass 2 began: same database" "$whole" "$(dump_db smatch_db.sqlite)"
echo ok
