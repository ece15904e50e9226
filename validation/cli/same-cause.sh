#!/bin/bash
# The sites folded into a warning of the same root cause are in its JSON
# record ("same_cause") and its SARIF result (relatedLocations); a warning
# with a cause of its own has neither: sleep warnings reaching one sleeping
# call through one helper, and the calls reaching a lock that a helper,
# whose every caller holds it, reports itself.
. "$(dirname "$0")/common.bash"

# folds SRC '{"LINE": [[SITE_LINE, "FUNC"], ...], ...}': the warnings' lines, and the sites of each
folds() {
	./smatch -p=kernel -Wno-decl --format=json -Ivalidation/include "$1" > "$tmp/out.json"
	./smatch -p=kernel -Wno-decl --format=sarif -Ivalidation/include "$1" > "$tmp/out.sarif"
	python3 - "$tmp/out.json" "$tmp/out.sarif" "$2" <<'PY'
import json, sys
want = {int(k): v for k, v in json.loads(sys.argv[3]).items()}
rows = [json.loads(l) for l in open(sys.argv[1])]
assert [r["line"] for r in rows] == sorted(want), [r["line"] for r in rows]
for r in rows:
    sites = [{"line": l, "message": "same cause, in %s()" % f} for l, f in want[r["line"]]]
    assert r.get("same_cause", []) == sites, r
for res in json.load(open(sys.argv[2]))["runs"][0]["results"]:
    line = res["locations"][0]["physicalLocation"]["region"]["startLine"]
    related = res.get("relatedLocations", [])
    assert [x["physicalLocation"]["region"]["startLine"] for x in related] == [l for l, f in want[line]], res
    assert [x["id"] for x in related] == list(range(len(related))) and all(x["message"]["text"] for x in related)
PY
}

folds validation/sleep-one-cause.c '{"29": [[36, "second"], [37, "second"]], "45": [], "46": [], "47": []}' || fail=1
folds validation/locking-callee-one-cause.c '{"17": [[25, "refresh_a"], [32, "refresh_b"], [40, "refresh_c"]],
	"47": [[60, "sync_a"], [67, "sync_b"]], "81": [], "105": [], "124": [], "131": [], "147": []}' || fail=1
exit $fail
