/*
 * check-name: a directory given as a file: a clear message, exit 2
 * check-command: smatch validation/badinput
 * check-exit: 2
 *
 * check-output-start
 * check-output-end
 */
