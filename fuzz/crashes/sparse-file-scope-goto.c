/* Sparse crash (SIGSEGV, NULL current_fn in check_label_declaration(), evaluate.c:3318): a goto to an undeclared
 * label in a statement expression at file scope, evaluated outside any function. */
int r = ({ goto out; 0; });
