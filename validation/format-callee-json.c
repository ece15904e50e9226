/*
 * check-name: the json output of double locks and unlocks done by callees: the lock, the earlier line, the caller's path then the chain of calls
 * check-command: smatch -Ivalidation/include --format=json validation/locking-double-via.c
 *
 * check-output-start
{"file":"validation/locking-double-via.c","line":56,"column":2,"function":"locks_twice","severity":"warning","check":"double_lock","message":"double lock '&d->lock': 'dev_enter()' acquires it (via dev_enter -> dev_grab -> mutex_lock)","lock":"&d->lock","locked_lines":[55],"unlocked_lines":[],"path":[{"line":55,"message":"'&d->lock' locked"},{"line":56,"message":"'dev_enter()' calls 'dev_grab()'"},{"line":56,"message":"'dev_grab()' calls 'mutex_lock()'"},{"line":56,"message":"'&d->lock' locked again"}]}
{"file":"validation/locking-double-via.c","line":64,"column":2,"function":"unlocks_twice","severity":"warning","check":"double_lock","message":"double unlock '&d->lock': 'dev_leave()' releases it (via dev_leave -> dev_drop -> mutex_unlock)","lock":"&d->lock","locked_lines":[],"unlocked_lines":[63],"path":[{"line":63,"message":"'&d->lock' unlocked"},{"line":64,"message":"'dev_leave()' calls 'dev_drop()'"},{"line":64,"message":"'dev_drop()' calls 'mutex_unlock()'"},{"line":64,"message":"'&d->lock' unlocked again"}]}
{"file":"validation/locking-double-via.c","line":71,"column":2,"function":"locks_twice_direct","severity":"warning","check":"double_lock","message":"double lock '&d->lock': 'dev_grab()' acquires it (via dev_grab -> mutex_lock)","lock":"&d->lock","locked_lines":[70],"unlocked_lines":[],"path":[{"line":70,"message":"'&d->lock' locked"},{"line":71,"message":"'dev_grab()' calls 'mutex_lock()'"},{"line":71,"message":"'&d->lock' locked again"}]}
{"file":"validation/locking-double-via.c","line":78,"column":2,"function":"table_twice","severity":"warning","check":"double_lock","message":"double lock '&d->lock' (locked on line 77)","lock":"&d->lock","locked_lines":[77],"unlocked_lines":[],"path":[{"line":77,"message":"'&d->lock' locked"},{"line":78,"message":"'&d->lock' locked again"}]}
 * check-output-end
 */
