/* Sparse overflow (ASan global-buffer-overflow, show_typename(), show-parse.c:454): the type of a parameter
 * whose name is over 100 characters, printed when an argument does not match, outgrows its 200-byte buffer. */
struct dev;
struct other;
int step(struct dev *parameter_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx);
int f(struct other *p) { return step(p); }
