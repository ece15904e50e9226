#!/bin/bash
# Measures how smatch's cost grows with the size of its input.  Generates C files
# of one shape at N, 2N, 4N and 8N and prints, per size, smatch's time and peak
# RSS, the ratio to the size before (1.00 = constant, 2.00 = linear), the same
# for sparse on the same file, and the number of warnings and of functions
# given up on.  Where sparse itself grows faster than linearly, smatch is
# judged against it; the target is <= 2.5x per doubling.
# Shapes:
#   functions  N small functions, each locking, testing, unlocking, calling the previous one
#   switch     one switch of N cases "case i: if (f(i)) { mutex_lock(&m); return i; } break;"
#   elseif     a lock, then an else-if chain of N tests each returning an error
#   nesting    N nested ifs, each locking or unlocking on a test
#   gotos      a maze of N labels, each jumping forward to two others on tests
#   retries    N retry loops in one function, each a label and a goto back to it
#   locks      N different locks taken and released in one function
#   joins      N paths, each with its own value, jumping to one label
# usage: bench/growth.sh [--big] [SHAPE...]
#   --big   the issue's sizes (30,000 functions, 8,000 cases, 4,000 else-if arms)
# env:   SMATCH (default repo ./smatch), SPARSE (default the sparse built from the
#        source smatch links, made on first use), LIMIT (seconds per run, default 120)
set -euo pipefail

repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
smatch=${SMATCH:-$repo/smatch}
limit=${LIMIT:-120}
big=0
if [ "${1:-}" = --big ]; then big=1; shift; fi
all=(functions switch elseif nesting gotos retries locks joins)
[ $# -gt 0 ] && shapes=("$@") || shapes=("${all[@]}")

log() { echo "growth: $*" >&2; }
sparse=${SPARSE:-}
if [ -z "$sparse" ]; then
	src=$(ls -d "$repo"/build/sparse-*/ 2>/dev/null | tail -n 1)
	sparse=${src}sparse
	if [ -n "$src" ] && [ ! -x "$sparse" ]; then
		log "building $sparse"
		make -s -C "$src" sparse HAVE_LLVM=no HAVE_GTK=no HAVE_SQLITE=no >/dev/null
	fi
fi
for t in "$smatch" "$sparse" /usr/bin/time; do
	[ -x "$t" ] || { log "$t is not an executable (set SMATCH= / SPARSE=, apt-get install time)"; exit 2; }
done

# base size N of each shape: a default run takes a few minutes
declare -A base=([functions]=500 [switch]=250 [elseif]=250 [nesting]=250 [gotos]=1000 [retries]=250 [locks]=200 [joins]=250)
declare -A bigbase=([functions]=3750 [switch]=1000 [elseif]=500 [nesting]=500 [gotos]=4000 [retries]=1000 [locks]=1000 [joins]=1000)
for s in "${shapes[@]}"; do
	[ -n "${base[$s]:-}" ] || { log "unknown shape '$s' (one of: ${all[*]})"; exit 2; }
done

work=$(mktemp -d "${TMPDIR:-/tmp}/growth.XXXXXX")
trap 'rm -rf "$work"' EXIT

# gen SHAPE N FILE: writes the C file of one shape and size
gen() {
	python3 - "$@" <<'PY'
import sys
shape, n, path = sys.argv[1], int(sys.argv[2]), sys.argv[3]
out = ["struct mutex { int owner; };",
       "void mutex_lock(struct mutex *m);",
       "void mutex_unlock(struct mutex *m);",
       "int f(int x);",
       "static struct mutex m;", ""]
w = out.append
if shape == "functions":
    w("static int fn0(int x) { return x; }")
    for i in range(1, n):
        w("static int fn%d(int x)\n{\n\tmutex_lock(&m);\n\tif (f(x + %d)) {\n"
          "\t\tmutex_unlock(&m);\n\t\treturn -%d;\n\t}\n\tmutex_unlock(&m);\n"
          "\treturn fn%d(x);\n}" % (i, i, i, i - 1))
    w("int leak(int x)\n{\n\tmutex_lock(&m);\n\tif (fn%d(x))\n\t\treturn -1;\n"
      "\tmutex_unlock(&m);\n\treturn 0;\n}" % (n - 1))
elif shape == "switch":
    w("int sw(int x)\n{\n\tswitch (x) {")
    for i in range(n):
        w("\tcase %d: if (f(%d)) { mutex_lock(&m); return %d; } break;" % (i, i, i))
    w("\t}\n\treturn -1;\n}")
elif shape == "elseif":
    w("int chain(int x)\n{\n\tmutex_lock(&m);\n\tif (x == 0)\n\t\treturn -1;")
    for i in range(1, n):
        w("\telse if (x == %d)\n\t\treturn -%d;" % (i, i + 1))
    w("\tmutex_unlock(&m);\n\treturn 0;\n}")
elif shape == "nesting":
    w("static struct mutex m2;")
    w("int nest(int x)\n{\n\tint r = 0;\n\tmutex_lock(&m);")
    for i in range(n):
        w("\tif (f(%d)) {" % i + (" mutex_lock(&m2); r++;" if i % 2 else " mutex_unlock(&m2); r--;"))
    w("\tif (x == 7)\n\t\treturn -1;")
    w("\t}" * n)
    w("\tmutex_unlock(&m);\n\treturn r;\n}")
elif shape == "gotos":
    w("int maze(int x)\n{\n\tint r = 0;\n\tmutex_lock(&m);")
    for i in range(n):
        w("l%d:\n\tr += %d;\n\tif (f(%d))\n\t\tgoto l%d;\n\tif (f(r))\n\t\tgoto l%d;"
          % (i, i, i, min(i + 2, n), min(i + 7, n)))
        if i == n // 2:
            w("\tif (x == 7)\n\t\treturn -1;")
    w("l%d:\n\tmutex_unlock(&m);\n\treturn r;\n}" % n)
elif shape == "retries":
    w("int retries(int x)\n{\n\tint r = 0;")
    for i in range(n):
        w("r%d:\n\tmutex_lock(&m);\n\tif (f(%d)) {\n\t\tmutex_unlock(&m);\n\t\tr++;\n"
          "\t\tgoto r%d;\n\t}\n\tmutex_unlock(&m);" % (i, i, i))
    w("\treturn r;\n}")
elif shape == "locks":
    w("static struct mutex %s;" % ", ".join("ml%d" % i for i in range(n)))
    w("int many(int x)\n{\n\tint r = 0;")
    for i in range(n):
        w("\tmutex_lock(&ml%d);\n\tif (f(%d))\n\t\tr++;\n\tmutex_unlock(&ml%d);" % (i, i, i))
    w("\tif (r > %d) {\n\t\tmutex_lock(&ml0);\n\t\treturn -1;\n\t}\n\treturn r;\n}" % (n // 2))
elif shape == "joins":
    w("int join(int x)\n{\n\tint r = 0;\n\tmutex_lock(&m);")
    for i in range(n):
        w("\tif (f(%d)) {\n\t\tr = %d;\n\t\tgoto out;\n\t}" % (i, i))
    w("\tmutex_unlock(&m);\nout:\n\treturn r;\n}")
open(path, "w").write("\n".join(out) + "\n")
PY
}

# run TOOL FILE: prints "seconds peak_KiB" (or "timeout -") and leaves stdout in $work/out
run() {
	local st=0
	timeout "$limit" /usr/bin/time -f "%e %M" -o "$work/time" "$@" > "$work/out" 2>/dev/null || st=$?
	if [ $st = 124 ] || [ $st -gt 128 ]; then echo "timeout -"; else tail -n 1 "$work/time"; fi
}

mib() { [ "$1" = - ] && echo - || echo $(($1 / 1024)); }

ratio() { # ratio NEW OLD
	awk -v a="$1" -v b="$2" 'BEGIN { if (a == "timeout" || b == "" || b == "timeout") print "-";
		else if (b < 0.005) print "n/a"; else printf "%.2f", a / b }'
}

printf '%-9s %6s | %8s %8s %6s | %8s %8s %6s | %5s %5s\n' shape N \
	smatch_s MiB ratio sparse_s MiB ratio warns gaveup
for s in "${shapes[@]}"; do
	n=$([ $big = 1 ] && echo "${bigbase[$s]}" || echo "${base[$s]}")
	prev_m="" prev_s=""
	for k in 1 2 4 8; do
		f=$work/$s.c
		gen "$s" $((n * k)) "$f"
		read -r st srss < <(run "$smatch" -p=kernel "$f")
		warns=$(grep -c ' warn: ' "$work/out" || true)
		gaveup=$(grep -c 'too complex' "$work/out" || true)
		read -r pt prss < <(run "$sparse" "$f")
		printf '%-9s %6d | %8s %8s %6s | %8s %8s %6s | %5s %5s\n' "$s" $((n * k)) \
			"$st" "$(mib "$srss")" "$(ratio "$st" "$prev_m")" \
			"$pt" "$(mib "$prss")" "$(ratio "$pt" "$prev_s")" "$warns" "$gaveup"
		prev_m=$st prev_s=$pt
		if [ "$st" = timeout ]; then break; fi
	done
done
