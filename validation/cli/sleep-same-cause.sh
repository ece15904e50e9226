#!/bin/bash
# The sites folded into a sleep warning of the same root cause are in its
# JSON record ("same_cause") and its SARIF result (relatedLocations); a
# warning with a cause of its own has neither.
. "$(dirname "$0")/common.bash"
src=validation/sleep-one-cause.c
./smatch -p=kernel --format=json -Ivalidation/include "$src" > "$tmp/out.json"
python3 - "$tmp/out.json" <<'PY' || fail=1
import json, sys
rows = [json.loads(l) for l in open(sys.argv[1])]
assert [r["line"] for r in rows] == [29, 45, 46, 47], [r["line"] for r in rows]
assert rows[0]["same_cause"] == [{"line": 36, "message": "same cause, in second()"},
                                 {"line": 37, "message": "same cause, in second()"}], rows[0]
assert all("same_cause" not in r for r in rows[1:])
PY
./smatch -p=kernel --format=sarif -Ivalidation/include "$src" > "$tmp/out.sarif"
python3 - "$tmp/out.sarif" <<'PY' || fail=1
import json, sys
results = json.load(open(sys.argv[1]))["runs"][0]["results"]
related = results[0]["relatedLocations"]
assert [r["physicalLocation"]["region"]["startLine"] for r in related] == [36, 37], related
assert [r["id"] for r in related] == [0, 1] and all(r["message"]["text"] for r in related)
assert all("relatedLocations" not in r for r in results[1:])
PY
exit $fail
