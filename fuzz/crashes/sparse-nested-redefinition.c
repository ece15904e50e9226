/* Sparse abort (assert in delete_ptr_list_entry(), ptrlist.c:346, from rebind_scope(), scope.c:64): nested functions
 * that redefine the function they are in, whose declarations are moved out of a scope they were already dropped from. */
void f(void) { int f(); int f(void) { int f(void) { } } }
