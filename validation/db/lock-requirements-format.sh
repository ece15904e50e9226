#!/bin/bash
# A call without a lock the other callers hold, in JSON and SARIF: its check
# is lock_requirements (the check that reported it), with the lock, the line
# it was released on and the path to the call; a double lock through a
# helper of another file (dl.c), in the same run, stays double_lock with the
# chain of calls in its path.
. "$(dirname "$0")/common.bash"

cp -r "$repo/validation/db/xfn" "$tmp/xfn"
cd "$tmp/xfn"
FILES="lock.c core.c users.c bad.c dl.c queue.c waiters.c fault.c fault_user.c"
build_db > /dev/null 2>&1

expect "JSON" "bad.c:9 lock_requirements lock=&p->lock unlocked=[8] path=8:'&p->lock' unlocked|9:called without '&p->lock' held
dl.c:7 double_lock lock=&d->lock locked=[6] path=6:'&d->lock' locked|7:'dev_grab2()' calls 'dev_grab()'|7:'dev_grab()' calls 'mutex_lock()'|7:'&d->lock' locked again" \
	"$("$SMATCH" $CFLAGS --format=json bad.c dl.c 2>/dev/null | python3 -c '
import json, sys
for line in sys.stdin:
    w = json.loads(line)
    if w["line"] not in (7, 9):
        continue
    lines = "locked=%s" % w["locked_lines"] if w["locked_lines"] else "unlocked=%s" % w["unlocked_lines"]
    path = "|".join("%d:%s" % (s["line"], s["message"]) for s in w["path"])
    print("%s:%d %s lock=%s %s path=%s" % (w["file"], w["line"], w["check"], w["lock"], lines.replace(" ", ""), path))
')"

expect "SARIF" "lock_requirements 2 True
double_lock 1 True" \
	"$("$SMATCH" $CFLAGS --format=sarif bad.c dl.c 2>/dev/null | python3 -c '
import json, sys
run = json.load(sys.stdin)["runs"][0]
rules = [r["id"] for r in run["tool"]["driver"]["rules"]]
for r in run["results"]:
    if r["locations"][0]["physicalLocation"]["region"]["startLine"] in (7, 9):
        print(r["ruleId"], r["ruleIndex"], rules[r["ruleIndex"]] == r["ruleId"] and len(r["codeFlows"][0]["threadFlows"][0]["locations"]) >= 2)
')"
