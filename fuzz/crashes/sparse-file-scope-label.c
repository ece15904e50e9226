/* Sparse crash (SIGSEGV, NULL label scope in bind_scope(), scope.c:52): a label in a file-scope statement expression after a function. */
void f(void) { }
int r = ({ out: 0; });
