#!/bin/bash
# The check example of docs/architecture.md is code of check_double_lock.c,
# word for word, so that it cannot drift from the model it shows.
set -euo pipefail
example=$(sed -n '/^## A check, step by step/,/^## /p' docs/architecture.md | sed -n '/^```c$/,/^```$/p' | sed '1d;$d')
[ -n "$example" ] || { echo "FAIL: docs/architecture.md has no check example"; exit 1; }
python3 - "$example" <<'PY'
import sys
example, source = sys.argv[1], open("check_double_lock.c").read()
# each function of the example (blocks separated by a blank line) is in the source as it is
for block in example.split("\n\n"):
    if block.strip() and block not in source:
        print("FAIL: this part of the docs/architecture.md example is not in check_double_lock.c:\n" + block)
        sys.exit(1)
print("ok")
PY
