/*
 * check-name: a string never closed: Sparse's error, exit 1
 * check-command: smatch validation/badinput/unterminated-string.c
 * check-exit: 1
 *
 * check-output-start
 * check-output-end
 */
