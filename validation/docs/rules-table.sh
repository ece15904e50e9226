#!/bin/bash
# Every rule name in the sources has its row in docs/rules.md, and every
# row's tests exist and name the rule in their expected output.  A rule name
# is a string literal passed to not_reported(), rule_applied() or
# withdraw_warning(), or a lower-case hyphenated literal ("flag-protocol")
# in a file that calls one of them (checks return the rule that applies); the
# Python scripts of the database (lock_order.py) name theirs the same way.
set -euo pipefail
python3 - <<'PY'
import glob, re, sys

calls = re.compile(r"\b(not_reported|rule_applied|withdraw_warning)\s*\(")
passed = re.compile(r"\b(?:not_reported|rule_applied)\s*\([^,;]*,[^,;]*,\s*\"([^\"%]+)\"", re.S)
hyphenated = re.compile(r"\"([a-z][a-z0-9]*(?:-[a-z0-9]+)+)\"")
used = {}
for path in sorted(glob.glob("*.c") + glob.glob("smatch_data/db/*.py")):
    if path == "smatch_decisions.c":
        continue
    text = open(path).read()
    if not calls.search(text):
        continue
    for name in passed.findall(text) + hyphenated.findall(text):
        used.setdefault(name, set()).add(path)

rows = {}
for line in open("docs/rules.md"):
    m = re.match(r"^\|\s*`([^`]+)`\s*\|", line)
    if m:
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        rows[m.group(1)] = re.findall(r"`(validation/[^`]+)`", cells[-1])

bad = []
for name, files in sorted(used.items()):
    if name not in rows:
        bad.append("rule '%s' (%s) has no row in docs/rules.md" % (name, ", ".join(sorted(files))))
for name, tests in sorted(rows.items()):
    if not tests:
        bad.append("row '%s' names no validation test" % name)
    for t in tests:
        try:
            text = open(t).read()
        except OSError:
            bad.append("row '%s': test %s does not exist" % (name, t))
            continue
        if "(rule: %s)" % name not in text:
            bad.append("row '%s': %s does not expect a line naming the rule" % (name, t))
for b in bad:
    print("FAIL:", b)
if bad:
    sys.exit(1)
print("ok: %d rules" % len(rows))
PY
