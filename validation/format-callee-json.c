/*
 * check-name: the json output of double locks and unlocks done by callees: the lock, the earlier line, the caller's path then the chain of calls
 * check-command: smatch -p=kernel -Ivalidation/include --format=json validation/format/callee.c
 *
 * check-output-start
{"file":"validation/format/callee.c","line":13,"column":1,"function":"port_try","severity":"warning","check":"double_lock","message":"double lock '&p->lock' (held by every caller: try_again())","lock":"&p->lock","locked_lines":[13],"unlocked_lines":[],"path":[{"line":13,"message":"'&p->lock' held by every caller"},{"line":13,"message":"'p->open' is false"},{"line":13,"message":"'&p->lock' locked again"}]}
{"file":"validation/format/callee.c","line":19,"column":2,"function":"reopen","severity":"warning","check":"double_lock","message":"double lock '&p->lock': 'port_open()' acquires it (via port_open -> port_hold -> spin_lock)","lock":"&p->lock","locked_lines":[17],"unlocked_lines":[],"path":[{"line":17,"message":"'&p->lock' locked"},{"line":19,"message":"'port_open()' calls 'port_hold()'"},{"line":19,"message":"'port_hold()' calls 'spin_lock()'"},{"line":19,"message":"'&p->lock' locked again"}]}
{"file":"validation/format/callee.c","line":27,"column":2,"function":"close_twice","severity":"warning","check":"double_lock","message":"double unlock '&p->lock': 'port_release()' releases it (via port_release -> spin_unlock)","lock":"&p->lock","locked_lines":[],"unlocked_lines":[26],"path":[{"line":26,"message":"'&p->lock' unlocked"},{"line":27,"message":"'port_release()' calls 'spin_unlock()'"},{"line":27,"message":"'&p->lock' unlocked again"}]}
 * check-output-end
 */
