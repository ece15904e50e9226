#!/bin/bash
# --compile-commands chooses its entries: those that are not C are skipped
# (one line says how many), an entry repeating another's file and flags is
# checked once, a file named on the command line matches as the database
# writes it or as a path to the same file; the last line on stderr counts
# the files, and the exit status says whether a file had errors.
. "$(dirname "$0")/common.bash"
mkdir -p "$tmp/proj/src" "$tmp/proj/build" "$tmp/elsewhere"
src=$tmp/proj/src
bug() {	# bug NAME: a file with one missing unlock in NAME()
	printf '#include "%s/validation/include/locks.h"\n' "$root"
	printf 'struct dev { struct mutex lock; int n; };\nint %s(struct dev *d)\n{\n' "$1"
	printf '\tmutex_lock(&d->lock);\n\tif (d->n)\n\t\treturn -1;\n\tmutex_unlock(&d->lock);\n\treturn 0;\n}\n'
}
warning() {	# warning FILE NAME: the warning bug NAME gives in FILE
	echo "$1:7 $2() warn: inconsistent returns '&d->lock': locked (line 7), unlocked (line 9)"
}
entry() {	# entry FILE FLAGS...: an entry built in build/, FILE as written there
	local f=$1; shift
	printf '{"directory": "%s", "file": "%s", "command": "cc %s -c %s -o x.o"},\n' "$tmp/proj/build" "$f" "$*" "$f"
}
db() { { echo '['; cat; echo '{"directory": "/", "file": "/dev/null.c", "command": "cc -DLAST"}]'; } > "$tmp/cc.json"; }
run() { ./smatch -p=kernel --compile-commands "$tmp/cc.json" "$@" >"$tmp/out" 2>"$tmp/err"; status=$?; }
last_line() { tail -n 1 "$tmp/err"; }

bug one > "$src/one.c"
bug two > "$src/two.c"
for f in asm.S asm.s cxx.cpp cxx.cc cxx.cxx objc.m; do echo 'not C at all' > "$src/$f"; done
# not C: skipped, counted in one line; a C file whose name has ".cpp" in it is C
cp "$src/one.c" "$src/one.cpp.c"
{ for f in asm.S asm.s cxx.cpp cxx.cc cxx.cxx objc.m; do entry "../src/$f"; done; entry ../src/one.cpp.c; } | db
run
[ $status = 1 ] && [ "$(cat "$tmp/out")" = "$(warning ../src/one.cpp.c one)" ] &&
	grep -qx "smatch: $tmp/cc.json: 6 entries are not C (assembler, C++, Objective-C): skipped" "$tmp/err" &&
	[ "$(last_line)" = "smatch: 2 files checked, 1 with errors (/dev/null.c), 6 skipped" ] ||
	{ echo "FAIL: not C: exit $status"; cat "$tmp/out" "$tmp/err"; fail=1; }

# the same file and flags twice (another output): checked once; other flags: again
{ entry ../src/one.c -DA; entry ../src/one.c -DA; entry "$src/two.c" -DA; entry ../src/two.c -DB; } | db
run
[ "$(cat "$tmp/out")" = "$(warning ../src/one.c one)
$(warning "$src/two.c" two)
$(warning ../src/two.c two)" ] && grep -qx "smatch: $tmp/cc.json: 1 entry repeats another's file and flags: checked once" "$tmp/err" &&
	[ "$(last_line)" = "smatch: 4 files checked, 1 with errors (/dev/null.c), 1 skipped" ] ||
	{ echo "FAIL: repeated entries: exit $status"; cat "$tmp/out" "$tmp/err"; fail=1; }

# a file named as the database has it, from here, from elsewhere, absolute; a file not in it
{ entry ../src/one.c; entry "$src/two.c"; } | db
for named in ../src/one.c "$src/one.c" "${src#$root/}/one.c" ../src/./one.c; do
	run "$named"
	[ $status = 0 ] && [ "$(cat "$tmp/out")" = "$(warning ../src/one.c one)" ] ||
		{ echo "FAIL: named $named: exit $status"; cat "$tmp/out" "$tmp/err"; fail=1; }
done
(cd "$tmp/elsewhere" && "$root/smatch" -p=kernel --compile-commands ../cc.json ../proj/src/two.c two.c >"$tmp/out" 2>"$tmp/err")
status=$?
[ $status = 2 ] && [ "$(cat "$tmp/out")" = "$(warning "$src/two.c" two)" ] && grep -qx "smatch: two.c: not in ../cc.json" "$tmp/err" ||
	{ echo "FAIL: named from elsewhere: exit $status"; cat "$tmp/out" "$tmp/err"; fail=1; }

# files with frontend errors: exit 1, the first five named; none: exit 0
: > "$tmp/list"
for i in 1 2 3 4 5 6; do echo "int f$i( {" > "$src/bad$i.c"; entry "../src/bad$i.c" >> "$tmp/list"; done
entry ../src/one.c >> "$tmp/list"
db < "$tmp/list"
run
[ $status = 1 ] && [ "$(last_line)" = "smatch: 8 files checked, 7 with errors (../src/bad1.c, ../src/bad2.c, ../src/bad3.c, ../src/bad4.c, ../src/bad5.c, ...), 0 skipped" ] ||
	{ echo "FAIL: errors: exit $status: $(last_line)"; fail=1; }
run ../src/one.c
[ $status = 0 ] && [ "$(last_line)" = "smatch: 1 file checked, 0 with errors, 0 skipped" ] ||
	{ echo "FAIL: no errors: exit $status: $(last_line)"; fail=1; }
exit $fail
