/* Resource bound (not a crash): 8 functions that each hit the complexity bound need 3.0 GiB RSS and 25 s
 * (1 function: 1.0 GiB, 3 s; 4: 1.9 GiB, 9 s): memory is not given back between functions. */
#include "locks.h"
static struct mutex m;
int c(void);

#define L(x) while (c()) { if (c()) mutex_lock(&m); x if (c()) mutex_unlock(&m); }
#define HUGE(n) static void huge##n(void) \
	{ L(L(L(L(L(L(L(L(L(L(L(L(L(L(L(L(L(L(L(L(L(L(L(L(;)))))))))))))))))))))))) }

HUGE(0) HUGE(1) HUGE(2) HUGE(3) HUGE(4) HUGE(5) HUGE(6) HUGE(7)
