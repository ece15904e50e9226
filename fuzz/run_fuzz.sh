#!/bin/bash
# Runs the libFuzzer harness for SECONDS (make fuzz FUZZ_SECONDS=N) on the corpus in
# build/fuzz/corpus, seeded by fuzz/seed_corpus.sh; exits 1 if it saved a failing input.
# usage: run_fuzz.sh [SECONDS]   env: FUZZ_FLAGS (more libFuzzer flags), SMATCH_FUZZ_* (docs/fuzzing.md)
set -euo pipefail
repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
secs=${1:-60}
out=$repo/build/fuzz
bin=$out/smatch-fuzz
crashes=${SMATCH_FUZZ_CRASHES:-$out/crashes}
log=$out/last-run.log

[ -x "$bin" ] || { echo "run_fuzz: build $bin first (make fuzz-build)" >&2; exit 1; }
"$repo/fuzz/seed_corpus.sh" "$out/seeds"
mkdir -p "$out/corpus" "$crashes"
before=$(find "$crashes" -name '*.c' | wc -l)
export SMATCH_FUZZ_CRASHES=$crashes
# one process (2 shared cores); the harness watches each child's time and memory itself
# shellcheck disable=SC2086
"$bin" -max_total_time="$secs" -max_len=16384 -dict="$repo/fuzz/c.dict" -rss_limit_mb=0 \
	-timeout=120 -print_final_stats=1 -artifact_prefix="$crashes/" ${FUZZ_FLAGS:-} \
	"$out/corpus" "$out/seeds" 2>&1 | tee "$log" | grep -E '^#[0-9]+.*(INITED|pulse|DONE)|smatch_fuzz:|ERROR|stat::' || true
after=$(find "$crashes" -name '*.c' | wc -l)
echo "run_fuzz: $(grep -Eo 'cov: [0-9]+ ft: [0-9]+' "$log" | tail -1), corpus $(find "$out/corpus" -type f | wc -l) files, $((after - before)) new failing inputs in $crashes"
[ "$after" -eq "$before" ]
