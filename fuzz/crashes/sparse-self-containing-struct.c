/* Sparse stack overflow (endless recursion in examine_anonymous_member(), symbol.c:200): a struct with itself as an
 * anonymous member. smatch's stack guard turns it into "nested too deeply to analyse" and exit 2; the fuzzer sees the overflow. */
struct s { struct s; int x; };
int f(struct s *p) { return p->x; }
