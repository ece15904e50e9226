#!/bin/bash
# Expressions and statements nested 10000 levels deep are parsed (on the
# big analysis stack) without a crash; far deeper input exhausts even that
# and gets a clear message instead of a bare segfault.
. "$(dirname "$0")/common.bash"
n=10000

gen() { python3 -c "import sys; n=int(sys.argv[1]); print($1)" "$2" > "$tmp/$3.c"; }
gen "'int f(int x) { return ' + '('*n + 'x' + ')'*n + '; }'" $n parens
gen "'int f(int x) { return ' + 'x ? ('*n + 'x' + ') : 0'*n + '; }'" $n ternary
gen "'int f(int x) { return ' + '- '*n + 'x; }'" $n unary
gen "'int g(int); int f(int x) { return ' + 'g('*n + 'x' + ')'*n + '; }'" $n calls
gen "'int f(int x) { ' + '{ '*n + 'x++; ' + '} '*n + 'return x; }'" $n blocks
gen "'int f(int x) { ' + 'if (x) '*n + 'x++; return x; }'" $n ifs
gen "'int f(int x) { return ' + ' + '.join(['x']*n) + '; }'" $n binops

for t in parens ternary unary calls blocks ifs binops; do
	./smatch "$tmp/$t.c" >"$tmp/$t.out" 2>"$tmp/$t.err"
	status=$?
	if [ $status != 0 ]; then
		echo "FAIL: $t: exit $status: $(tail -3 "$tmp/$t.err")"
		fail=1
	fi
	# what the engine says when it gives up must be its one bound message
	if grep -v "info: function too complex, giving up" "$tmp/$t.out" | grep -q .; then
		echo "FAIL: $t: unexpected output: $(head -3 "$tmp/$t.out")"
		fail=1
	fi
done
grep -q "f() info: function too complex, giving up" "$tmp/unary.out" ||
	{ echo "FAIL: 10000 nested operators should hit the depth bound"; fail=1; }

# 3 million parentheses: beyond the 1 GiB stack, stopped with a message
gen "'int f(int x) { return ' + '('*n + 'x' + ')'*n + '; }'" 3000000 abyss
./smatch "$tmp/abyss.c" >/dev/null 2>"$tmp/abyss.err"
status=$?
if [ $status != 2 ] || ! grep -q "abyss.c: nested too deeply to analyse (stack exhausted)" "$tmp/abyss.err"; then
	echo "FAIL: abyss: exit $status: $(cat "$tmp/abyss.err")"
	fail=1
fi
exit $fail
