#!/bin/bash
# Builds smatch's cross-function database: runs smatch --info over a kernel tree
# (through kbuild) or a list of files, in passes, each reading the previous pass's DB.
# This file takes the options, the files and the work directory, and prints the
# summary; the passes are build_passes.bash's.
set -euo pipefail

usage() {
	cat <<'EOF'
usage: build_kernel_data.sh [options] [TARGET...]

Runs `smatch --info` over every file and loads what it learns into a new
database, which replaces the old one (atomically) when the pass completes.
Each pass reads the database of the previous pass, so facts travel one call
level per pass; after the first, a pass checks only the files that read rows
the previous pass changed, and passes go on until there are none. A pass
that reads a database checks its files callees first, in waves, loading each
wave's rows before the next wave starts: facts climb several call levels in
one pass.

kbuild mode (default): run in a kernel tree (or give -C DIR); TARGETs are make
targets (directories such as fs/ext4/, or objects), default the whole tree.
Every file is checked through `make -k -jN C=2 CHECK=...`.

  --checker-only     kbuild compiles nothing: the C compile step only writes
                     the dependency file and an empty object (the default
                     when no object of the targets was compiled)
  --compile          kbuild compiles every file as usual (the default when
                     the tree was built)

  --files "A.c B.c"  generic mode: check these files (from the current
                     directory) instead of using kbuild; with --cflags
  --cflags "FLAGS"   compiler flags for --files mode (-I, -D, ...)
  --compile-commands FILE
                     generic mode: check the files of a compile_commands.json,
                     each in its directory with its own flags (as `smatch
                     --compile-commands` does); the database names them as
                     their entries do
  -C DIR             the kernel tree (kbuild mode; default: .)
  --db PATH          the database (default: smatch_db.sqlite in the kernel
                     tree, or in the current directory in generic mode)
  -j N               parallel jobs (default: number of CPUs)
  --passes N         exactly N passes
  --max-passes N     at most N passes when going until nothing changes (default 10)
  --wave N           files per wave of a pass that reads a database (default 64,
                     more when a pass would have over 32 waves; 0: one wave,
                     every file reading the previous pass's rows)
  --reuse            the first pass reads the existing database (default: the
                     first pass starts without one)
  --update FILE...   incremental: re-analyse only FILEs (sources, as the
                     database names them) and the files of their direct callers
                     and callees, replacing their rows; FILEs that no longer
                     exist have their rows deleted
  --smatch PATH      smatch to run (default: $SMATCH, else the repository's)
  --smatch-flags F   extra smatch options (default: $SMATCH_FLAGS)
  --keep-work        keep the work directory (per-file output and logs)
  --resume           continue the interrupted build of this database (give
                     the options it had): the interrupted pass skips the files
                     it had checked, then the build goes on as before
  -h, --help         this text

Progress (files done / total, pass, elapsed, estimated remaining) goes to
stderr every $PROGRESS_INTERVAL seconds (default 10); a summary ends the run.
An interrupted build (a signal, a reboot) keeps its work directory beside the
database, so that --resume can continue it; a build that is not resumed
ignores it.
Exit status: 0 done, 1 a pass failed (the previous database is kept),
2 bad usage, 130 interrupted.
EOF
}

repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
. "$repo/smatch_scripts/kbuild_mode.bash"
loader=$repo/smatch_data/db/load_info.py
file_order=$repo/smatch_data/db/file_order.py
smdb=$repo/smatch_data/db/smdb.py
smatch=${SMATCH:-$repo/smatch}
smatch_flags=${SMATCH_FLAGS:-}
jobs=${JOBS:-$(nproc 2>/dev/null || echo 2)}
interval=${PROGRESS_INTERVAL:-10}
tree=. db='' files='' cflags='' cc_json='' generic='' mode=auto passes=0 max_passes=10 reuse=0 update=0 keep=0 resume=0
wave_size=64 max_waves=32
targets=() update_files=()
# the options as given, less --resume: a resumed build must be given the same ones
options=()
for a in "$@"; do [ "$a" = --resume ] || options+=("$a"); done

log() { echo "build_kernel_data: $*" >&2; }
die_usage() { log "$*"; echo "try: build_kernel_data.sh --help" >&2; exit 2; }
need_value() { [ "$2" -ge 2 ] || die_usage "$1 needs a value"; }
need_number() { [[ $2 =~ ^[1-9][0-9]*$ ]] || die_usage "$1 needs a positive number"; }

while [ $# -gt 0 ]; do
	case $1 in
	--files) need_value "$1" $#; files=$2; shift ;;
	--cflags) need_value "$1" $#; cflags=$2; shift ;;
	--compile-commands) need_value "$1" $#; cc_json=$2; shift ;;
	-C) need_value "$1" $#; tree=$2; shift ;;
	--checker-only) mode=checker-only ;;
	--compile) mode=compile ;;
	--db) need_value "$1" $#; db=$2; shift ;;
	-j) need_value "$1" $#; need_number "$1" "$2"; jobs=$2; shift ;;
	-j*) need_number -j "${1#-j}"; jobs=${1#-j} ;;
	--passes) need_value "$1" $#; need_number "$1" "$2"; passes=$2; shift ;;
	--max-passes) need_value "$1" $#; need_number "$1" "$2"; max_passes=$2; shift ;;
	--wave) need_value "$1" $#; [[ $2 =~ ^[0-9]+$ ]] || die_usage "--wave needs a number"; wave_size=$2; shift ;;
	--reuse) reuse=1 ;;
	--update) update=1 ;;
	--smatch) need_value "$1" $#; smatch=$2; shift ;;
	--smatch-flags) need_value "$1" $#; smatch_flags=$2; shift ;;
	--keep-work) keep=1 ;;
	--resume) resume=1 ;;
	-h|--help) usage; exit 0 ;;
	-*) die_usage "unknown option $1" ;;
	*) if [ $update = 1 ]; then update_files+=("$1"); else targets+=("$1"); fi ;;
	esac
	shift
done

abspath() { case $1 in /*) echo "$1" ;; *) echo "$PWD/$1" ;; esac; }

smatch=$(abspath "$smatch")
[ -x "$smatch" ] || die_usage "$smatch is not an executable (build smatch, or use --smatch)"
# generic mode: the project's files (file_list) and where each is (entry_path)
file_list=()
declare -A entry_path=()
if [ -n "$files" ] && [ -n "$cc_json" ]; then
	die_usage "--files and --compile-commands do not go together"
elif [ -n "$files" ]; then
	generic=files
	read -r -a file_list <<< "$files"
	for f in "${file_list[@]}"; do
		[ -f "$f" ] || [ $update = 1 ] || die_usage "$f: no such file"
		entry_path[$f]=$f
	done
elif [ -n "$cc_json" ]; then
	generic=compile-commands
	cc_json=$(abspath "$cc_json")
	listing=$(python3 "$repo/smatch_scripts/compile_entries.py" "$cc_json") || exit 2
	while IFS=$'\t' read -r name path; do
		[ -n "${entry_path[$name]+set}" ] || file_list+=("$name")
		entry_path[$name]=$path
	done <<< "$listing"
else
	[ -f "$tree/Makefile" ] || die_usage "$tree has no Makefile: give -C KERNEL_TREE, --files or --compile-commands"
	tree=$(cd "$tree" && pwd)
fi
[ -z "$generic" ] || [ ${#targets[@]} = 0 ] || die_usage "make targets and --$generic do not go together"
db=$(abspath "${db:-$([ -n "$generic" ] && echo smatch_db.sqlite || echo "$tree/smatch_db.sqlite")}")
if [ $update = 1 ]; then
	[ ${#update_files[@]} -gt 0 ] || die_usage "--update needs the changed files"
	[ -f "$db" ] || die_usage "--update needs an existing database ($db)"
fi

[ $resume = 0 ] || [ $update = 0 ] || die_usage "--resume does not go with --update (run the update again)"

# The work directory sits beside the database so that the rename is atomic.
# It records the options and how far the build got, for --resume.
if [ $resume = 1 ]; then
	work=
	# the newest work directory that recorded its state
	while read -r d; do
		if [ -f "${d%/}/state" ]; then work=${d%/}; break; fi
	done < <(ls -dt "$db".build.*/ 2>/dev/null)
	[ -n "$work" ] || die_usage "no interrupted build of $db to resume"
	[ "$(cat "$work/options")" = "$(printf '%q\n' ${options[@]+"${options[@]}"})" ] ||
		die_usage "the interrupted build had other options: $(tr '\n' ' ' < "$work/options")"
else
	work=$(mktemp -d "$db.build.XXXXXX")
	printf '%q\n' ${options[@]+"${options[@]}"} > "$work/options"
fi
job_pid='' monitor_pid='' finished=0
cleanup() {
	[ -z "$monitor_pid" ] || kill "$monitor_pid" 2>/dev/null || true
	if [ $keep = 1 ] || [ $finished = 0 ]; then log "work directory kept: $work"; else rm -rf "$work"; fi
}
interrupted() {
	trap - INT TERM
	[ -z "$job_pid" ] || kill -TERM -- "-$job_pid" 2>/dev/null || true
	log "interrupted: the database was not changed by the unfinished pass; continue with the same options and --resume"
	exit 130
}
trap cleanup EXIT
trap interrupted INT TERM
trap 'log "internal error: line $LINENO failed (exit $?)"' ERR

fmt_secs() { printf '%dm%02ds' $(($1 / 60)) $(($1 % 60)); }

# Where a source file named as in the database is.
source_path() { if [ -n "$generic" ]; then echo "${entry_path[$1]:-$1}"; else echo "$tree/$1"; fi; }

# The files an incremental update re-analyses, from the database.
if [ $update = 1 ]; then
	mapfile -t run_files < <(python3 "$smdb" --db "$db" related_files "${update_files[@]}")
	drops=()
	for f in "${update_files[@]}"; do
		[ -f "$(source_path "$f")" ] || drops+=(--drop "$f")
	done
	kept=()
	for f in "${run_files[@]}"; do
		# in generic mode only the files of the list are part of the project
		if [ -f "$(source_path "$f")" ] && { [ -z "$generic" ] || [ -n "${entry_path[$f]+set}" ]; }; then
			kept+=("$f")
		fi
	done
	run_files=(${kept[@]+"${kept[@]}"})
	if [ ${#run_files[@]} = 0 ]; then
		cp "$db" "$work/new.sqlite"
		finished=1
		python3 "$loader" "${drops[@]}" "$work/new.sqlite" || exit 1
		mv -f "$work/new.sqlite" "$db"
		log "update: nothing to re-analyse; rows of deleted files removed"
		exit 0
	fi
	log "update: re-analysing ${#run_files[@]} file(s): ${run_files[*]}"
	run_targets=()
	for f in "${run_files[@]}"; do run_targets+=("${f%.c}.o"); done
	reuse=1
elif [ -n "$generic" ]; then
	run_files=("${file_list[@]}")
	drops=()
else
	run_targets=("${targets[@]}")
	drops=()
fi
if [ -z "$generic" ]; then
	kbuild_mode_vars "$mode" "$tree" "${run_targets[@]}"
	log "kbuild mode: $kbuild_mode"
fi

# The passes: each checks its files and loads their rows, until nothing changes.
. "$repo/smatch_scripts/build_passes.bash"

finished=1
set_state finished
echo "=== smatch database build summary ==="
for l in ${summary[@]+"${summary[@]}"}; do echo "  $l"; done
if [ $status = 0 ]; then
	if [ $converged = 1 ]; then
		echo "  passes: $pass (converged: no file read a row the last one changed)"
	elif [ $passes -gt 0 ]; then
		echo "  passes: $pass (as asked)"
	else
		echo "  passes: $pass (the cap, --max-passes $max_passes; $next_what read rows the last pass changed: run again with --reuse to go on)"
	fi
	echo "  total time: $(fmt_secs $(( $(date +%s) - t_start )))"
	echo "  database: $db ($(du -k "$db" | cut -f1) KiB)"
	sed -n 's/^table \(.*\) \(.*\)/    \1: \2 rows/p' "$SMDB_PASS_DIR/stats"
	awk -F'\t' '$2 != 0 {printf "  smatch failed (exit %s): %s\n", $2, $1}' "$SMDB_PASS_DIR/done" | head -n 20
fi
exit $status
