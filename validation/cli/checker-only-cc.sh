#!/bin/bash
# smatch_scripts/checker-only-cc, the C compiler of a checker-only kbuild
# pass: a kernel compilation (-D__KERNEL__ -c x.c -o x.o) writes only the
# dependency file and an empty object; probes, other compilations and the
# objects of scripts/ go to the real compiler.
. "$(dirname "$0")/common.bash"
cc_only=$root/smatch_scripts/checker-only-cc
export SMATCH_REAL_CC=cc
mkdir -p "$tmp/scripts"
echo 'int answer(void) { return 42; }' > "$tmp/x.c"
cp "$tmp/x.c" "$tmp/scripts/y.c"
cd "$tmp" || exit 1
symbols() { nm "$1" 2>&1 | awk '{print $NF}'; }
elf_class() { od -An -tx1 -N5 "$1" | tr -d ' '; }	# the ELF magic and 01 (32-bit) or 02 (64-bit)

# kbuild's form: -Wp,-MMD,depfile
"$cc_only" -Wp,-MMD,./.x.o.d -D__KERNEL__ -O2 -m64 -c -o x.o x.c || { echo "FAIL: exit $?"; fail=1; }
[ "$(cat .x.o.d)" = "x.o: x.c" ] || { echo "FAIL: dependency file: $(cat .x.o.d)"; fail=1; }
[ "$(elf_class x.o)" = 7f454c4602 ] || { echo "FAIL: not a 64-bit object: $(elf_class x.o)"; fail=1; }
[ -z "$(symbols x.o)" ] || { echo "FAIL: the object has symbols: $(symbols x.o)"; fail=1; }
# -MD -MF depfile, 32-bit
"$cc_only" -D__KERNEL__ -m32 -MD -MF x32.d -c x.c -o x32.o || { echo "FAIL: -m32: exit $?"; fail=1; }
[ "$(cat x32.d)" = "x32.o: x.c" ] || { echo "FAIL: -MF dependency file: $(cat x32.d)"; fail=1; }
[ "$(elf_class x32.o)" = 7f454c4601 ] || { echo "FAIL: not a 32-bit object: $(elf_class x32.o)"; fail=1; }

# look-alikes the real compiler builds: no -D__KERNEL__, an object of scripts/
"$cc_only" -O2 -c -o real.o x.c
[ "$(symbols real.o)" = answer ] || { echo "FAIL: a user-space object is empty: $(symbols real.o)"; fail=1; }
"$cc_only" -D__KERNEL__ -c -o scripts/y.o scripts/y.c
[ "$(symbols scripts/y.o)" = answer ] || { echo "FAIL: scripts/y.o is empty: $(symbols scripts/y.o)"; fail=1; }
# probes
[ "$("$cc_only" --version)" = "$(cc --version)" ] || { echo "FAIL: --version is not the real compiler's"; fail=1; }
"$cc_only" -D__KERNEL__ -Werror -mno-such-option -c -x c /dev/null -o probe.o 2>/dev/null &&
	{ echo "FAIL: a failing probe succeeded"; fail=1; }
"$cc_only" -D__KERNEL__ -E x.c | grep -q 'return 42' || { echo "FAIL: -E did not preprocess"; fail=1; }
exit $fail
