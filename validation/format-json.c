/*
 * check-name: the json output of locking warnings
 * check-command: smatch -p=kernel -Ivalidation/include --format=json validation/format/locks.c
 *
 * check-output-start
{"file":"validation/format/locks.c","line":12,"column":3,"function":"open_dev","severity":"warning","check":"inconsistent_locking","message":"inconsistent returns '&d->lock': locked (line 12), unlocked (lines 15,18)","lock":"&d->lock","locked_lines":[12],"unlocked_lines":[15,18],"path":[{"line":8,"message":"'&d->lock' locked"},{"line":9,"message":"'d->ready' is true"},{"line":11,"message":"'flags < 0' is true"},{"line":12,"message":"returns with '&d->lock' held"}]}
{"file":"validation/format/locks.c","line":25,"column":8,"function":"kick","severity":"warning","check":"double_lock","message":"double lock '&d->slock' (locked on line 23)","lock":"&d->slock","locked_lines":[23],"unlocked_lines":[],"path":[{"line":23,"message":"'&d->slock' locked"},{"line":24,"message":"'again' is true"},{"line":25,"message":"'&d->slock' locked again"}]}
 * check-output-end
 */
