/*
 * check-name: a binary file: a clear message, exit 2
 * check-command: smatch validation/badinput/binary.c
 * check-exit: 2
 *
 * check-output-start
 * check-output-end
 */
