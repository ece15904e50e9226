#!/usr/bin/env python3
"""Runs the validation tests: each validation/*.c file states the command to
run and the exact output expected (stdout, or stdout and stderr together when
the command ends in "2>&1"); each validation/**/*.sh script passes when
it exits 0. Ends with 'N passed, N failed' and exits non-zero on a failure."""

import os
import re
import shlex
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DEFAULT_COMMAND = "smatch -p=kernel -Ivalidation/include $file"
TIMEOUT = 120


def parse_test(path):
    """The test's fields: name, command, expected output and exit status."""
    with open(path, encoding="utf-8", errors="replace") as f:
        text = f.read()
    fields = {"name": os.path.basename(path), "command": DEFAULT_COMMAND,
              "exit": "0", "output": None}
    for key in ("name", "command", "exit"):
        m = re.search(r"^\s*\*?\s*check-%s:\s*(.*)$" % key, text, re.M)
        if m:
            fields[key] = m.group(1).strip()
    m = re.search(r"check-output-start\n(.*?)^\s*\*?\s*check-output-end", text, re.M | re.S)
    if m:
        fields["output"] = m.group(1)
    return fields


def run_c_test(rel):
    t = parse_test(os.path.join(ROOT, rel))
    if t["output"] is None:
        return False, "no check-output-start/check-output-end block"
    cmd = t["command"].replace("$file", rel)
    argv = shlex.split(cmd)
    # a command ending in "2>&1" is compared on stdout and stderr together
    merge_stderr = argv[-1] == "2>&1"
    if merge_stderr:
        argv.pop()
    if argv[0] == "smatch":
        argv[0] = os.path.join(ROOT, "smatch")
    try:
        p = subprocess.run(argv, cwd=ROOT, stdout=subprocess.PIPE, text=True, errors="replace",
                           timeout=TIMEOUT,
                           stderr=subprocess.STDOUT if merge_stderr else subprocess.PIPE)
    except subprocess.TimeoutExpired:
        return False, "timed out after %ds" % TIMEOUT
    want = [l.rstrip() for l in t["output"].splitlines() if l.strip()]
    got = [l.rstrip() for l in p.stdout.splitlines() if l.strip()]
    problems = []
    if got != want:
        problems.append("output differs:\n  expected:\n    " + "\n    ".join(want or ["(nothing)"]) +
                        "\n  got:\n    " + "\n    ".join(got or ["(nothing)"]))
    if str(p.returncode) != t["exit"]:
        problems.append("exit status %d, expected %s\n  stderr: %s" %
                        (p.returncode, t["exit"], (p.stderr or "").strip()[-2000:]))
    return not problems, "\n".join(problems)


def run_sh_test(rel):
    try:
        p = subprocess.run(["bash", rel], cwd=ROOT, capture_output=True, text=True, errors="replace",
                           timeout=TIMEOUT * 5)
    except subprocess.TimeoutExpired:
        return False, "timed out"
    if p.returncode:
        return False, (p.stdout + p.stderr).strip()[-3000:]
    return True, ""


def find_tests(args):
    if args:
        return args
    tests = []
    for dirpath, dirnames, files in os.walk(os.path.join(ROOT, "validation")):
        dirnames[:] = sorted(d for d in dirnames if d not in ("include", "data"))
        for name in sorted(files):
            rel = os.path.relpath(os.path.join(dirpath, name), ROOT)
            if name.endswith(".c") and os.path.dirname(rel) == "validation":
                tests.append(rel)
            elif name.endswith(".sh"):
                tests.append(rel)
    return tests


def main():
    passed = failed = 0
    for rel in find_tests(sys.argv[1:]):
        ok, why = run_sh_test(rel) if rel.endswith(".sh") else run_c_test(rel)
        if ok:
            passed += 1
            print("PASS %s" % rel)
        else:
            failed += 1
            print("FAIL %s\n  %s" % (rel, why.replace("\n", "\n  ")))
    print("%d passed, %d failed" % (passed, failed))
    return 1 if failed or not passed else 0


if __name__ == "__main__":
    sys.exit(main())
