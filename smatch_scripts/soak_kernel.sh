#!/bin/bash
# Soak test: runs smatch with all its checks over every file kbuild compiles in a Linux 6.1
# defconfig tree (or over some directories), measuring each file; exits non-zero on a crash, hang or file over the memory limit.
set -euo pipefail
# usage: soak_kernel.sh [DIRS...]      (no DIRS: the whole kernel, vmlinux and modules)
# env:   SMATCH (default: the repository's ./smatch), SMATCH_FLAGS (default: --info --spammy),
#        SOAK_TIMEOUT (seconds per file, default 900), SOAK_RSS_MB (limit per file, default 2048),
#        KERNEL_DIR (default build/linux-6.1), JOBS (default: number of cores), SOAK_DIR (logs, default build/soak)

repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
self=$repo/smatch_scripts/soak_kernel.sh
kdir=${KERNEL_DIR:-$repo/build/linux-6.1}
smatch=$(realpath -m "${SMATCH:-$repo/smatch}")
flags=${SMATCH_FLAGS:---info --spammy}
tmo=${SOAK_TIMEOUT:-900}
rss_mb=${SOAK_RSS_MB:-2048}
jobs=${JOBS:-$(nproc)}
out=${SOAK_DIR:-$repo/build/soak}
say() { echo "soak_kernel: $*"; }

export SMATCH=$smatch SMATCH_FLAGS=$flags SOAK_TIMEOUT=$tmo SOAK_DIR=$out

# kbuild runs "$(CHECK) $(CHECKFLAGS) $(c_flags) file.c" after compiling each file; CHECK is
# this script in --check-one mode, which measures one smatch run and appends to results.tsv:
#   file  outcome(ok|exitN|signalN|timeout)  seconds  peak-RSS-KiB  functions  too-complex  warnings
# Functions are counted from the "SQL<TAB>function" rows --info prints for each one analysed.
# It always exits 0, so that kbuild goes on with the next file.
check_one() {
	local src=unknown a tmp rc=0 kind secs rss nfn ncx nwarn
	for a in "$@"; do case $a in *.c) src=$a ;; esac; done
	tmp=$(mktemp -d)
	# shellcheck disable=SC2086
	/usr/bin/time -o "$tmp/time" -f '%e %M' timeout -k 10 "$tmo" "$smatch" $flags "$@" \
		>"$tmp/out" 2>"$tmp/err" </dev/null || rc=$?
	case $rc in
	0) kind=ok ;;
	124|137) kind=timeout ;;	# timeout's own status, or its SIGKILL after the grace period
	*) if [ $rc -gt 128 ]; then kind=signal$((rc - 128)); else kind=exit$rc; fi ;;
	esac
	read -r secs rss < <(tail -n 1 "$tmp/time") || true
	nfn=$(grep -c $'^SQL\tfunction\t' "$tmp/out" || true)
	ncx=$(grep -c ' info: function too complex' "$tmp/out" || true)
	nwarn=$(grep -c ' warn: \| error: ' "$tmp/out" || true)
	if [ -s "$tmp/err" ]; then
		cp "$tmp/err" "$out/stderr/$(printf '%s' "$src" | tr / _).txt"
	fi
	{
		flock 9
		grep ' warn: \| error: \| info: function too complex' "$tmp/out" >> "$out/warnings.txt" || true
		printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$src" "$kind" "$secs" "$rss" "$nfn" "$ncx" "$nwarn" \
			>> "$out/results.tsv"
	} 9>>"$out/.lock"
	rm -rf "$tmp"
}
if [ "${1:-}" = --check-one ]; then
	shift
	check_one "$@"
	exit 0
fi

[ -x "$smatch" ] || { say "$smatch is not an executable (make, or set SMATCH=)" >&2; exit 1; }
[ -x /usr/bin/time ] || { say "needs GNU time as /usr/bin/time (apt-get install time)" >&2; exit 1; }
# a binary that cannot start (no smatch_data beside it, say) would fail every file the same way
# shellcheck disable=SC2086
if ! err=$("$smatch" $flags "$repo/validation/badinput/empty.c" 2>&1 >/dev/null); then
	say "$smatch does not run: $err" >&2
	exit 1
fi
"$repo/smatch_scripts/prepare_kernel.sh" "$kdir"

rm -rf "$out"
mkdir -p "$out/stderr"
: > "$out/results.tsv"
: > "$out/warnings.txt"

targets=("$@")
say "checking ${targets[*]:-the whole tree} of $kdir with $smatch $flags, -j$jobs, ${tmo}s per file"
t0=$(date +%s)
set +e
make -C "$kdir" -s -k -j"$jobs" C=2 CHECK="$self --check-one" "${targets[@]}" > "$out/make.log" 2>&1
make_rc=$?
set -e
wall=$(( $(date +%s) - t0 ))

# the summary, from results.tsv
awk -F'\t' -v wall="$wall" -v rss_mb="$rss_mb" -v make_rc="$make_rc" '
{
	files++; fns += $5; cx += $6; warns += $7; cpu += $3
	if ($2 ~ /^signal/) { sig++; bad = bad "  " $2 "\t" $1 "\n" }
	else if ($2 == "timeout") { tmo++; bad = bad "  timeout\t" $1 "\n" }
	else if ($2 != "ok") exits++
	if ($4 + 0 > maxrss) { maxrss = $4; maxrss_file = $1 }
	if ($4 / 1024 > rss_mb) { big++; bad = bad "  " int($4 / 1024) " MiB\t" $1 "\n" }
	if ($3 + 0 > slow) { slow = $3; slow_file = $1 }
}
END {
	printf "=== smatch soak summary ===\n"
	printf "%-34s %d\n", "files checked:", files
	printf "%-34s %d\n", "crashes (signals):", sig
	printf "%-34s %d\n", "timeouts:", tmo
	printf "%-34s %d\n", "other non-zero exits:", exits
	printf "%-34s %d\n", "functions analysed:", fns
	printf "%-34s %d (%.3f%% of functions)\n", "functions too complex:", cx, fns ? 100 * cx / fns : 0
	printf "%-34s %d\n", "warnings and errors:", warns
	printf "%-34s %.1f MiB (%s)\n", "peak RSS, largest file:", maxrss / 1024, maxrss_file
	printf "%-34s %d\n", "files over " rss_mb " MiB:", big
	printf "%-34s %.1f s (%s)\n", "slowest file:", slow, slow_file
	printf "%-34s %.0f s smatch, %d s wall (make exit %d)\n", "total time:", cpu, wall, make_rc
	if (bad != "") printf "failing files:\n%s", bad
	exit (sig || tmo || big) ? 1 : 0
}' "$out/results.tsv" > "$out/summary.txt" && status=0 || status=$?
cat "$out/summary.txt"
say "logs: $out/{results.tsv,warnings.txt,stderr/,make.log}"
[ "$(wc -l < "$out/results.tsv")" -gt 0 ] || { say "no file was checked; see $out/make.log" >&2; exit 2; }
exit "$status"
