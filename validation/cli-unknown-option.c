/*
 * check-name: an option neither smatch nor Sparse knows: a clear message, exit 2
 * check-command: smatch --frobnicate $file
 * check-exit: 2
 *
 * check-output-start
 * check-output-end
 */
