# Sourced by build_kernel_data.sh and check_kernel.sh: how kbuild runs the
# checker. In "checker-only" mode the C compile step is checker-only-cc, which
# only writes the dependency file and an empty object, so a configured tree
# that was never built needs no kernel compile; "compile" mode compiles as
# usual. The default ("auto") is checker-only when the real compiler built no
# object of the targets.

kbuild_scripts=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)

# kbuild_compiled TREE [TARGET...]: true when the tree has an object of the
# targets (directories or objects; none: the whole tree) that the real
# compiler built. Host tools (scripts/, tools/) do not count.
kbuild_compiled() {
	local tree=$1 t dirs=() obj
	shift
	for t in "$@"; do
		if [ -d "$tree/$t" ]; then dirs+=("$t"); else dirs+=("$(dirname "$t")"); fi
	done
	[ ${#dirs[@]} -gt 0 ] || dirs=(.)
	obj=$(cd "$tree" && find "${dirs[@]}" \( -path ./scripts -o -path ./tools -o -path './arch/*/tools' \) \
		-prune -o -name '*.o' -print -quit 2>/dev/null)
	[ -n "$obj" ] || return 1
	! grep -qs checker-only-cc "$tree/$(dirname "$obj")/.$(basename "$obj").cmd"
}

# kbuild_mode_vars MODE TREE [TARGET...]: resolves MODE (auto, checker-only,
# compile) into kbuild_mode and sets kbuild_vars, the make variables of that
# mode. Checker-only objects are empty: objtool finds nothing to check in
# them, modpost only warns (no license, no symbols), and modules are not
# linked.
kbuild_mode_vars() {
	kbuild_mode=$1
	shift
	if [ "$kbuild_mode" = auto ]; then
		if kbuild_compiled "$@"; then kbuild_mode=compile; else kbuild_mode=checker-only; fi
	fi
	kbuild_vars=()
	if [ "$kbuild_mode" = checker-only ]; then
		export SMATCH_REAL_CC=${SMATCH_REAL_CC:-${CROSS_COMPILE:-}gcc}
		kbuild_vars=(CC="$kbuild_scripts/checker-only-cc" KBUILD_MODPOST_WARN=1 KBUILD_MODPOST_NOFINAL=1)
	fi
}
