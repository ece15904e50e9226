#!/bin/bash
# Builds smatch's cross-function database: runs smatch --info over a kernel tree
# (through kbuild) or a list of files, in passes, each reading the previous pass's DB.
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
                     more when a pass would have over 8 waves; 0: one wave,
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
wave_size=64 max_waves=8
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

# The checker kbuild (or xargs) runs for each file: smatch --info, its output
# kept in the wave's info directory, and a line in the pass's "done" list.
# It always exits 0, so that one bad file does not stop the others.
wrapper=$work/check.sh
{
	echo '#!/bin/bash'
	echo '# Generated by build_kernel_data.sh: runs smatch --info on one file for the database build.'
	printf 'smatch=%q\nflags=%q\n' "$smatch" "$smatch_flags"
	cat <<'WRAP'
src=
for a in "$@"; do case $a in *.c) src=$a ;; esac; done
[ -n "$src" ] || exit 0
# a resumed pass skips the files it checked before it was interrupted
if [ -n "${SMDB_RESUMED:-}" ] && cut -f1 "$SMDB_PASS_DIR/done" | grep -Fxq -- "$src"; then exit 0; fi
rel=${src#/}
rel=${rel//..\//__/}
out=$SMDB_WAVE_DIR/info/$rel.info
mkdir -p "$(dirname "$out")"
t0=$(date +%s.%N)
# shellcheck disable=SC2086
"$smatch" -p=kernel --info $flags "$@" > "$out.tmp" 2> "$out.err" < /dev/null
rc=$?
mv -f "$out.tmp" "$out"
[ -s "$out.err" ] || rm -f "$out.err"
printf '%s\t%d\t%s\n' "$src" "$rc" "$(awk -v a="$t0" -v b="$(date +%s.%N)" 'BEGIN{printf "%.2f", b-a}')" \
	>> "$SMDB_PASS_DIR/done"
exit 0
WRAP
} > "$wrapper"
chmod +x "$wrapper"

fmt_secs() { printf '%dm%02ds' $(($1 / 60)) $(($1 % 60)); }

# Files checked so far in the running pass, every $interval seconds.
monitor() {
	local pass=$1 total=$2 t0=$3 n el left nap=
	# sleeping in the background, so that being stopped stops the sleep too
	trap '[ -z "$nap" ] || kill "$nap" 2>/dev/null; exit 0' TERM
	while :; do
		sleep "$interval" &
		nap=$!
		wait "$nap"
		n=$(cat "$SMDB_PASS_DIR/done" 2>/dev/null | wc -l)
		el=$(( $(date +%s) - t0 ))
		# the first pass guesses its total from the objects built: a
		# tree not compiled yet has few, and the guess is soon passed
		if [ "$total" -gt 0 ] && [ "$n" -gt 0 ] && [ "$n" -le "$total" ]; then
			left=$(( el * (total - n) / n ))
			log "pass $pass: $n/$total files, $(fmt_secs $el) elapsed, ~$(fmt_secs $left) left"
		else
			log "pass $pass: $n files, $(fmt_secs $el) elapsed (total not known yet)"
		fi
	done
}

# A guess at the number of files of the first kbuild pass: sources with an object.
first_pass_total() {
	local t
	if [ -n "$generic" ]; then
		echo ${#run_files[@]}
		return
	fi
	[ ${#run_targets[@]} -gt 0 ] && t=("${run_targets[@]}") || t=(.)
	(cd "$tree" && for d in "${t[@]}"; do
		if [ -d "$d" ]; then find "$d" -name '*.o'; elif [ "${d%.o}" != "$d" ]; then echo "$d"; fi
	done) | while read -r o; do if [ -f "$tree/${o%.o}.c" ]; then echo; fi; done | wc -l
}

# Runs smatch over the files (or the make targets) of one pass, in parallel.
run_checker() {
	set -m
	if [ -n "$generic" ]; then
		if [ -n "$files" ]; then read -r -a cf <<< "$cflags"; else cf=(--compile-commands="$cc_json" -j1); fi
		printf '%s\0' "${run_files[@]}" > "$SMDB_WAVE_DIR/files"
		xargs -0 -a "$SMDB_WAVE_DIR/files" -P "$jobs" -n 1 "$wrapper" "${cf[@]}" \
			> "$SMDB_WAVE_DIR/run.log" 2>&1 &
	else
		make -C "$tree" -k -j"$jobs" C=2 CHECK="$wrapper" "${kbuild_vars[@]}" "${run_targets[@]}" \
			> "$SMDB_WAVE_DIR/run.log" 2>&1 &
	fi
	job_pid=$!
	set +m
	local rc=0
	wait "$job_pid" || rc=$?
	job_pid=
	return $rc
}

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

# Is a file the database names one of the files this build checks?
in_build() {
	local t
	if [ -n "$generic" ]; then
		[ -n "${entry_path[$1]+set}" ] && [ -f "${entry_path[$1]}" ]
		return
	fi
	[ -f "$tree/$1" ] || return 1
	[ ${#targets[@]} -gt 0 ] && [ $update = 0 ] || return 0
	for t in "${targets[@]}"; do
		case $1 in "${t%/}"/*|"${t%.o}.c") return 0 ;; esac
	done
	return 1
}

# The next pass checks the files of 'next' (all: every file of the build).
set_next_run() {
	if [ "$1" = all ]; then
		run_all=1
		[ -n "$generic" ] && run_files=("${file_list[@]}") || { run_targets=("${targets[@]}"); run_files=(); }
		return
	fi
	run_all=0 run_files=() run_targets=()
	while read -r f; do
		in_build "$f" || continue
		run_files+=("$f")
		run_targets+=("${f%.c}.o")
	done < "$1"
}

# The files of a pass that reads database $1, callees first, one a line; in
# kbuild mode every file of the build is the database's files of the targets.
ordered_files() {
	if [ -z "$generic" ] && [ "$run_all" = 1 ]; then
		python3 "$file_order" --all "$1" < /dev/null | while read -r f; do
			if in_build "$f"; then echo "$f"; fi
		done
	else
		printf '%s\n' ${run_files[@]+"${run_files[@]}"} | python3 "$file_order" "$1"
	fi
}

# Lines FIRST to LAST (or the end) of FILE.
lines_of() { sed -n "$1,${2:-\$}p" "$3"; }

# How far the build got, for --resume: "PASS running" while the checkers run
# (a wave with a "loaded" file is in work/new.sqlite), "PASS loading" once
# the pass's database is complete (work/new.sqlite).
set_state() { echo "$*" > "$work/state.tmp" && mv -f "$work/state.tmp" "$work/state"; }

pass=0 total=0 status=0 converged=0 run_all=$([ $update = 1 ] && echo 0 || echo 1)
summary=() resumed=''
t_start=$(date +%s)
if [ $resume = 1 ]; then
	read -r pass resumed < "$work/state"
	[ "$pass" != finished ] || die_usage "the build of $db finished: nothing to resume"
	mapfile -t summary < "$work/summary"
	t_start=$(cat "$work/started")
	[ "$pass" = 1 ] || set_next_run "$(cat "$work/pass$pass/run-from")"
	log "resuming pass $pass ($resumed when interrupted)"
	pass=$((pass - 1))
else
	echo "$t_start" > "$work/started"
	: > "$work/summary"
fi
while :; do
	pass=$((pass + 1))
	export SMDB_PASS_DIR=$work/pass$pass
	# what this pass reads: nothing in a fresh build's first pass, then the last pass's DB
	reads=$db
	if { [ $pass = 1 ] && [ $reuse = 0 ]; } || [ ! -f "$db" ]; then reads=; fi
	new=$work/new.sqlite
	if [ "$resumed" != loading ]; then
		mkdir -p "$SMDB_PASS_DIR"
		if [ "$resumed" = running ]; then
			export SMDB_RESUMED=1
			# the time the pass had run until its last file before the interruption
			t0=$(( $(date +%s) - $(stat -c %Y "$SMDB_PASS_DIR/done") + $(cat "$SMDB_PASS_DIR/started") ))
		else
			: > "$SMDB_PASS_DIR/done"
			rm -rf "$SMDB_PASS_DIR"/wave* "$SMDB_PASS_DIR/order"
			t0=$(date +%s)
			echo "$t0" > "$SMDB_PASS_DIR/started"
		fi
		set_state "$pass running"
		if [ $pass = 1 ]; then total=$(first_pass_total)
		elif [ -n "$resumed" ]; then total=$([ -n "$generic" ] && echo ${#run_files[@]} || echo ${#run_targets[@]}); fi
		# the first pass of a fresh build makes a new database; later passes
		# replace the rows of the files they check in a copy, wave by wave:
		# each wave reads what the waves before it loaded (a resumed pass
		# loads the waves it had loaded again)
		rm -f "$new"
		if [ -z "$reads" ]; then
			load_args=(--create)
		else
			cp "$db" "$new"
			load_args=(${drops[@]+"${drops[@]}"})
			drops=()
		fi
		export SMATCH_DB=${reads:+$new}
		order=$SMDB_PASS_DIR/order waves=1
		if [ -n "$reads" ] && [ "$wave_size" -gt 0 ]; then
			[ -f "$order" ] || ordered_files "$new" > "$order"
			# at most $max_waves: each load reads the whole database, and
			# each kbuild run walks the tree's makefiles
			per_wave=$(( ($(wc -l < "$order") + max_waves - 1) / max_waves ))
			[ $per_wave -ge "$wave_size" ] || per_wave=$wave_size
			waves=$(( ($(wc -l < "$order") + per_wave - 1) / per_wave ))
			[ $waves -gt 0 ] || waves=1
		else
			rm -f "$order"
		fi
		monitor "$pass" "$total" "$t0" &
		monitor_pid=$!
		run_rc=0 rejected=0 load_failed=0
		: > "$SMDB_PASS_DIR/next"
		: > "$SMDB_PASS_DIR/changed"
		for wave in $(seq $waves); do
			export SMDB_WAVE_DIR=$SMDB_PASS_DIR/wave$wave
			mkdir -p "$SMDB_WAVE_DIR/info"
			if [ -f "$order" ]; then
				lines_of $(( (wave - 1) * per_wave + 1 )) $(( wave * per_wave )) "$order" > "$SMDB_WAVE_DIR/list"
				set_next_run "$SMDB_WAVE_DIR/list"
			fi
			# (kbuild given no target would build the whole tree)
			if [ ! -f "$SMDB_WAVE_DIR/loaded" ] && { [ ! -f "$order" ] || [ -s "$SMDB_WAVE_DIR/list" ]; }; then
				rc=0
				run_checker || rc=$?
				[ $rc = 0 ] || run_rc=$rc
			fi
			if ! python3 "$loader" ${load_args[@]+"${load_args[@]}"} --pass "$pass" --stats \
				--next "$SMDB_WAVE_DIR/next" --changed "$SMDB_WAVE_DIR/changed" \
				"$new" "$SMDB_WAVE_DIR/info" > "$SMDB_WAVE_DIR/stats" 2> "$SMDB_WAVE_DIR/load.err"; then
				cat "$SMDB_WAVE_DIR/load.err" >&2
				load_failed=1
				break
			fi
			touch "$SMDB_WAVE_DIR/loaded"
			load_args=()
			head -n 20 "$SMDB_WAVE_DIR/load.err" >&2
			cp "$SMDB_WAVE_DIR/stats" "$SMDB_PASS_DIR/stats"
			cat "$SMDB_WAVE_DIR/changed" >> "$SMDB_PASS_DIR/changed"
			rejected=$((rejected + $(awk '$1 == "rejected" {print $2}' "$SMDB_WAVE_DIR/stats")))
			# the files of the waves still to come read what this one changed
			if [ -f "$order" ]; then
				LC_ALL=C sort -u "$SMDB_WAVE_DIR/next" |
					LC_ALL=C comm -23 - <(lines_of $(( wave * per_wave + 1 )) '' "$order" | LC_ALL=C sort -u) \
					>> "$SMDB_PASS_DIR/next"
			else
				cat "$SMDB_WAVE_DIR/next" >> "$SMDB_PASS_DIR/next"
			fi
		done
		kill "$monitor_pid" 2>/dev/null || true
		wait "$monitor_pid" 2>/dev/null || true
		monitor_pid=
		if [ ! -s "$SMDB_PASS_DIR/done" ]; then
			log "pass $pass checked no file (exit $run_rc); last lines of its log:"
			tail -n 20 "$SMDB_WAVE_DIR/run.log" >&2
			status=1
			break
		fi
		[ $run_rc = 0 ] || log "pass $pass: $([ -n "$generic" ] && echo xargs || echo kbuild) exited $run_rc (files it could not build are missing); see --keep-work logs"
		if [ $load_failed = 1 ]; then
			log "pass $pass: loading failed; the database is unchanged"
			status=1
			break
		fi
		LC_ALL=C sort -u -o "$SMDB_PASS_DIR/next" "$SMDB_PASS_DIR/next"
		echo "$rejected" > "$SMDB_PASS_DIR/rejected"
		echo $(( $(date +%s) - t0 )) > "$SMDB_PASS_DIR/seconds"
		set_state "$pass loading"
	fi
	resumed='' SMDB_RESUMED=''
	# a resumed build may have been interrupted after the rename
	[ ! -f "$new" ] || mv -f "$new" "$db"
	nfiles=$(wc -l < "$SMDB_PASS_DIR/done")
	nfail=$(awk -F'\t' '$2 != 0' "$SMDB_PASS_DIR/done" | wc -l)
	secs=$(cat "$SMDB_PASS_DIR/seconds")
	rejected=$(cat "$SMDB_PASS_DIR/rejected")
	read -r _ facts _ < <(grep '^lock_facts ' "$SMDB_PASS_DIR/stats")
	# a pass that read no database: every file may read what it wrote
	if [ -z "$reads" ]; then run_from=all next_what="all files"; else
		run_from=$SMDB_PASS_DIR/next
	fi
	set_next_run "$run_from"
	[ "$run_from" = all ] || next_what="${#run_files[@]} files"
	mkdir -p "$work/pass$((pass + 1))"
	echo "$run_from" > "$work/pass$((pass + 1))/run-from"
	line="pass $pass: $nfiles files ($nfail smatch failures, $rejected rejected outputs) in $(fmt_secs $secs); lock facts: $facts rows; next: $next_what"
	log "$line"
	summary+=("$line")
	echo "$line" >> "$work/summary"
	set_state "$((pass + 1)) running"
	total=$nfiles
	if [ "$next_what" = "0 files" ]; then
		converged=1
		break
	elif [ $passes -gt 0 ]; then
		[ $pass -lt $passes ] || break
	elif [ $pass -ge $max_passes ]; then
		break
	fi
done

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
