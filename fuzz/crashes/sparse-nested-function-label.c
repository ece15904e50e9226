/* Sparse crash (SIGSEGV, NULL scope in is_in_scope(), scope.c:180): a goto to a label that a nested function defines. */
void f(void) { goto out; int g(void) { out: return 0; } }
