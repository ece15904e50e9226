/*
 * check-name: a file that does not exist: a clear message, exit 2
 * check-command: smatch validation/badinput/no-such-file.c
 * check-exit: 2
 *
 * check-output-start
 * check-output-end
 */
