#!/bin/bash
# The SARIF log has the fields SARIF 2.1.0 requires (and that code-scanning
# UIs read), for several files at once, with a code flow per locking warning
# (also those about a callee) and the column where the statement starts (a
# tab counting one); a run without warnings is still a valid log.
. "$(dirname "$0")/common.bash"
cat > "$tmp/check.py" <<'PY'
import json, sys
want = int(sys.argv[1])
log = json.load(sys.stdin)
assert log["version"] == "2.1.0", log["version"]
assert log["$schema"].endswith("sarif-schema-2.1.0.json")
run, = log["runs"]
driver = run["tool"]["driver"]
assert driver["name"] == "smatch"
rules = [r["id"] for r in driver["rules"]]
assert len(rules) == len(set(rules)) and all(r["shortDescription"]["text"] for r in driver["rules"])
results = run["results"]
assert len(results) == want, (len(results), want)
for r in results:
    assert r["ruleId"] in rules and rules[r["ruleIndex"]] == r["ruleId"]
    assert r["level"] in ("warning", "error", "note")
    assert r["message"]["text"]
    loc = r["locations"][0]["physicalLocation"]
    assert loc["artifactLocation"]["uri"].startswith("validation/")
    assert loc["region"]["startLine"] >= 1
    line = open(loc["artifactLocation"]["uri"]).read().split("\n")[loc["region"]["startLine"] - 1]
    assert loc["region"]["startColumn"] == len(line) - len(line.lstrip(" \t")) + 1, (line, loc["region"])
    flow = r["codeFlows"][0]["threadFlows"][0]["locations"]
    assert len(flow) >= 2
    for step in flow:
        assert step["location"]["physicalLocation"]["region"]["startLine"] >= 1
        assert step["location"]["message"]["text"]
print("ok")
PY
check() { python3 "$tmp/check.py" "$1"; }
out=$(./smatch -p=kernel -Ivalidation/include --format=sarif validation/format/locks.c validation/locking-missing-unlock.c validation/format/callee.c | check 6) ||
	{ echo "FAIL: two files"; fail=1; }
out=$(./smatch -Ivalidation/include --format=sarif validation/badinput/empty.c | check 0) ||
	{ echo "FAIL: no results"; fail=1; }
exit $fail
