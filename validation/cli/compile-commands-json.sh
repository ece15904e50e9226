#!/bin/bash
# compile_commands.json as jansson reads it: a syntax error is named by file,
# line and column (in characters); a database that is not UTF-8 is read as
# Latin-1, so that a file whose name is Latin-1 is checked under that name;
# output stays UTF-8 JSON. Look-alikes: the same names in UTF-8, a valid database.
. "$(dirname "$0")/common.bash"
bug() {	# a file with one missing unlock
	printf '#include "%s/validation/include/locks.h"\n' "$root"
	printf 'struct dev { struct mutex lock; int n; };\nint f(struct dev *d)\n{\n'
	printf '\tmutex_lock(&d->lock);\n\tif (d->n)\n\t\treturn -1;\n\tmutex_unlock(&d->lock);\n\treturn 0;\n}\n'
}
entry() {	# entry FILE: one entry of the database (one line), in the bytes given
	printf '{ "directory": "%s", "file": "%s", "command": "cc -c %s" }\n' "$tmp" "$1" "$1"
}
expect_error() {	# expect_error WHAT MESSAGE: the last run failed with MESSAGE
	[ "$status" = 2 ] && grep -qF -- "$2" "$tmp/err" ||
		{ echo "FAIL: $1: exit $status: $(cat "$tmp/err")"; fail=1; }
}
run() { ./smatch -p=kernel --compile-commands "$tmp/cc.json" "$@" >"$tmp/out" 2>"$tmp/err"; status=$?; }

# syntax errors: the line and the column (characters, not bytes) of the error
# (jansson names the last character of the token it stopped at)
{ echo '['; entry a.c; printf ', {"directory": "/é", "file": "b.c" "command": "cc"}\n]\n'; } > "$tmp/cc.json"
run
expect_error "missing colon" "cc.json:3:45: not valid JSON: '}' expected near '\"command\"'"
{ echo '['; entry a.c; entry b.c; echo ']'; } > "$tmp/cc.json"
run
expect_error "missing comma" "cc.json:3:1: not valid JSON: expected ',' or ']' after an entry"
{ echo '['; entry a.c; echo ' ] x'; } > "$tmp/cc.json"
run
expect_error "trailing text" "cc.json:3:4: not valid JSON: text after the array"
{ echo '['; entry a.c; } > "$tmp/cc.json"
run
expect_error "cut short" "cc.json:2:$(($(entry a.c | wc -c) - 1)): not valid JSON: ']' expected"
echo ' {"directory": "/"}' > "$tmp/cc.json"
run
expect_error "not an array" "cc.json:1:2: not valid JSON: expected an array ('[') of entries"
: > "$tmp/cc.json"
run
expect_error "empty" "cc.json:1:1: not valid JSON: expected an array"
# a file name cannot hold a NUL: \u0000 is refused, not cut short
printf '[{"directory": "/", "file": "a\\u0000.c", "command": "cc -c a.c"}]' > "$tmp/cc.json"
run
expect_error "NUL" "cc.json:1:39: not valid JSON: a string holds \\u0000, which no name can"
# the look-alike: the same entries, valid
{ echo '['; entry a.c; echo ','; entry b.c; echo ']'; } > "$tmp/cc.json"
touch "$tmp/a.c" "$tmp/b.c"
run
[ $status = 0 ] && grep -qx "smatch: 2 files checked, 0 with errors, 0 skipped" "$tmp/err" ||
	{ echo "FAIL: valid database: exit $status: $(cat "$tmp/err")"; fail=1; }

# a Latin-1 name (caf\xe9.c) in a Latin-1 database; then the same name in UTF-8
for name in $'caf\xe9.c' 'café.c'; do
	bug > "$tmp/$name"
	shown=$(printf %q "$name")	# failure messages stay ASCII
	{ echo '['; entry "$name"; echo ']'; } > "$tmp/cc.json"
	run
	[ $status = 0 ] && [ "$(cat "$tmp/out")" = "$name:7 f() warn: inconsistent returns '&d->lock': locked (line 7), unlocked (line 9)" ] ||
		{ echo "FAIL: text of $shown: exit $status"; fail=1; }
	# JSON: valid UTF-8, the Latin-1 byte as its character
	run --format=json
	file=$(python3 -c 'import json, sys; print(json.loads(open(sys.argv[1], "rb").read().decode())["file"])' "$tmp/out")
	[ "$file" = café.c ] || { echo "FAIL: JSON file of $shown: $file"; fail=1; }
	# SARIF: the URI has the file's own bytes
	run --format=sarif
	uri=$(python3 -c 'import json, sys; print(json.load(open(sys.argv[1]))["runs"][0]["results"][0]["locations"][0]["physicalLocation"]["artifactLocation"]["uri"])' "$tmp/out")
	want=caf%E9.c; [ "$name" = café.c ] && want=caf%C3%A9.c
	[ "$uri" = "$want" ] || { echo "FAIL: SARIF URI of $shown: $uri"; fail=1; }
	rm -f "$tmp/$name"
done
exit $fail
