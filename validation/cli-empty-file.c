/*
 * check-name: an empty file is valid C: no output, exit 0
 * check-command: smatch validation/badinput/empty.c
 * check-exit: 0
 *
 * check-output-start
 * check-output-end
 */
