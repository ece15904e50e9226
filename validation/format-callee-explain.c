/*
 * check-name: the explain output of double locks and unlocks done by callees: the caller's path up to the call, then the chain of calls
 * check-command: smatch -p=kernel -Ivalidation/include --explain validation/format/callee.c
 *
 * check-output-start
validation/format/callee.c:13 port_try() warn: double lock '&p->lock' (held by every caller: try_again())
  validation/format/callee.c:13: '&p->lock' held by every caller
  validation/format/callee.c:13: 'p->open' is false
  validation/format/callee.c:13: '&p->lock' locked again
validation/format/callee.c:19 reopen() warn: double lock '&p->lock': 'port_open()' acquires it (via port_open -> port_hold -> spin_lock)
  validation/format/callee.c:17: '&p->lock' locked
  validation/format/callee.c:19: 'port_open()' calls 'port_hold()'
  validation/format/callee.c:19: 'port_hold()' calls 'spin_lock()'
  validation/format/callee.c:19: '&p->lock' locked again
validation/format/callee.c:27 close_twice() warn: double unlock '&p->lock': 'port_release()' releases it (via port_release -> spin_unlock)
  validation/format/callee.c:26: '&p->lock' unlocked
  validation/format/callee.c:27: 'port_release()' calls 'spin_unlock()'
  validation/format/callee.c:27: '&p->lock' unlocked again
 * check-output-end
 */
