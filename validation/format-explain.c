/*
 * check-name: the explain output of locking warnings
 * check-command: smatch -p=kernel -Ivalidation/include --explain validation/format/locks.c
 *
 * check-output-start
validation/format/locks.c:12 open_dev() warn: inconsistent returns '&d->lock': locked (line 12), unlocked (lines 15,18)
  validation/format/locks.c:8: '&d->lock' locked
  validation/format/locks.c:9: 'd->ready' is true
  validation/format/locks.c:11: 'flags < 0' is true
  validation/format/locks.c:12: returns with '&d->lock' held
validation/format/locks.c:25 kick() warn: double lock '&d->slock' (locked on line 23)
  validation/format/locks.c:23: '&d->slock' locked
  validation/format/locks.c:24: 'again' is true
  validation/format/locks.c:25: '&d->slock' locked again
 * check-output-end
 */
