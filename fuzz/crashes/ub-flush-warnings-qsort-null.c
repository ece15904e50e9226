/* smatch UBSan report (smatch_report.c flush_warnings(): qsort(NULL, 0, ...)): any file without warnings. */
int f(void) { return 0; }
