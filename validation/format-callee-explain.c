/*
 * check-name: the explain output of double locks and unlocks done by callees: the caller's path up to the call, then the chain of calls
 * check-command: smatch -Ivalidation/include --explain validation/locking-double-via.c
 *
 * check-output-start
validation/locking-double-via.c:56 locks_twice() warn: double lock '&d->lock': 'dev_enter()' acquires it (via dev_enter -> dev_grab -> mutex_lock)
  validation/locking-double-via.c:55: '&d->lock' locked
  validation/locking-double-via.c:56: 'dev_enter()' calls 'dev_grab()'
  validation/locking-double-via.c:56: 'dev_grab()' calls 'mutex_lock()'
  validation/locking-double-via.c:56: '&d->lock' locked again
validation/locking-double-via.c:64 unlocks_twice() warn: double unlock '&d->lock': 'dev_leave()' releases it (via dev_leave -> dev_drop -> mutex_unlock)
  validation/locking-double-via.c:63: '&d->lock' unlocked
  validation/locking-double-via.c:64: 'dev_leave()' calls 'dev_drop()'
  validation/locking-double-via.c:64: 'dev_drop()' calls 'mutex_unlock()'
  validation/locking-double-via.c:64: '&d->lock' unlocked again
validation/locking-double-via.c:71 locks_twice_direct() warn: double lock '&d->lock': 'dev_grab()' acquires it (via dev_grab -> mutex_lock)
  validation/locking-double-via.c:70: '&d->lock' locked
  validation/locking-double-via.c:71: 'dev_grab()' calls 'mutex_lock()'
  validation/locking-double-via.c:71: '&d->lock' locked again
validation/locking-double-via.c:78 table_twice() warn: double lock '&d->lock' (locked on line 77)
  validation/locking-double-via.c:77: '&d->lock' locked
  validation/locking-double-via.c:78: '&d->lock' locked again
 * check-output-end
 */
