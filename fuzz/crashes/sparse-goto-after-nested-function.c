/* Sparse crash (SIGSEGV, NULL current_fn in warn_label_usage(), parse.c:2373): after a nested function, a goto into a statement expression. */
void f(void) { ({ out: 0; }); void g(void) { } goto out; }
