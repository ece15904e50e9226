/*
 * check-name: a comment never closed: an error naming its line, exit 1
 * check-command: smatch validation/badinput/unterminated-comment.c
 * check-exit: 1
 *
 * check-output-start
 * check-output-end
 */
