#!/bin/bash
# Makes the fuzzer's seed corpus in DIR (default build/fuzz/seeds): the validation tests,
# their headers and generated lock-using programs (fuzz/gen_c.py). Usage: seed_corpus.sh [DIR]
set -euo pipefail
repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
dir=${1:-$repo/build/fuzz/seeds}

rm -rf "$dir"
mkdir -p "$dir"
# validation inputs, named after their path; files with NUL bytes are refused by smatch anyway
find "$repo/validation" -name '*.[ch]' -size -64k -print0 |
while IFS= read -r -d '' f; do
	grep -qP '\x00' "$f" 2>/dev/null && continue
	rel=${f#"$repo"/validation/}
	cp "$f" "$dir/v-${rel//\//_}"
done
python3 "$repo/fuzz/gen_c.py" "$dir" "${FUZZ_GENERATED:-200}"
echo "seed_corpus: $(find "$dir" -type f | wc -l) seeds in $dir"
