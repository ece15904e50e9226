#!/bin/bash
# Each Sparse 0.6.4 bug kept in fuzz/crashes/sparse-*.c ends with a one-line message naming the file
# and the documented exit status (4: internal error, 2: not checked), never a signal death.
. "$(dirname "$0")/common.bash"
smatch=${SMATCH:-./smatch}
c=fuzz/crashes

# reproducer, exit status, and its last line of stderr (a clean run: any line), a regular expression
expectations=(
	"sparse-file-scope-goto.c 4 ^smatch: $c/sparse-file-scope-goto.c: internal error in the parser \(signal 11\)$"
	"sparse-file-scope-label.c 4 ^smatch: $c/sparse-file-scope-label.c: internal error in the parser \(signal 11\)$"
	"sparse-goto-after-nested-function.c 4 ^smatch: $c/sparse-goto-after-nested-function.c: internal error in the parser \(signal 11\)$"
	"sparse-nested-function-label.c 4 ^smatch: $c/sparse-nested-function-label.c: internal error in the parser \(signal 11\)$"
	"sparse-nested-redefinition.c 4 ^smatch: $c/sparse-nested-redefinition.c: internal error in the parser \(signal 6\)$"
	"sparse-self-containing-struct.c 2 ^smatch: $c/sparse-self-containing-struct.c: nested too deeply to analyse \(stack exhausted\)$"
	"sparse-long-include-name.c 2 ^$c/sparse-long-include-name.c:3: error: #include name longer than 255 characters, which Sparse cannot take: the file is not checked$"
	"sparse-long-type-name.c 0 ^$c/sparse-long-type-name.c:6:38:    expected \(type name too long to show\)$"
)

covered=()
for e in "${expectations[@]}"; do
	read -r file want pattern <<<"$e"
	covered+=("$c/$file")
	"$smatch" -p=kernel -Ivalidation/include "$c/$file" >/dev/null 2>"$tmp/err"
	status=$?
	# an error is the last line; a clean run's message can be anywhere
	if [ "$want" = 0 ]; then lines=$(cat "$tmp/err"); else lines=$(tail -n 1 "$tmp/err"); fi
	if [ "$status" != "$want" ] || ! grep -qE -- "$pattern" <<<"$lines"; then
		echo "FAIL: $file: exit $status (want $want), stderr: $(tail -3 "$tmp/err") (want /$pattern/)"
		fail=1
	fi
done
# the guard of show_typename() leaves an ordinary type name alone
cat > "$tmp/rcu.c" <<'C'
#define __rcu __attribute__((noderef, address_space(__rcu)))
static int __rcu *dist;
int f(int *d) { return dist == d; }
C
"$smatch" -p=kernel "$tmp/rcu.c" 2>&1 >/dev/null | grep -q "^$tmp/rcu.c:3:29:    int \[noderef\] __rcu \*$" ||
	{ echo "FAIL: rcu.c: $("$smatch" -p=kernel "$tmp/rcu.c" 2>&1)"; fail=1; }
# a new reproducer needs an expectation here
for f in $c/sparse-*.c; do
	[[ " ${covered[*]} " == *" $f "* ]] || { echo "FAIL: $f has no expectation in $0"; fail=1; }
done
exit $fail
