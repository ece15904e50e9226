/*
 * For validation tests: TOO_COMPLEX(x) is 'x' inside 2048 nested additions
 * of calls, past the expression nesting the engine follows, so a function
 * that uses it is given up on at once, whatever else it does.
 */
#ifndef VALIDATION_TOO_COMPLEX_H
#define VALIDATION_TOO_COMPLEX_H

int too_complex_term(void);
#define TC1(x) (too_complex_term() + (x))
#define TC2(x) TC1(TC1(x))
#define TC4(x) TC2(TC2(x))
#define TC8(x) TC4(TC4(x))
#define TC16(x) TC8(TC8(x))
#define TC32(x) TC16(TC16(x))
#define TC64(x) TC32(TC32(x))
#define TC128(x) TC64(TC64(x))
#define TC256(x) TC128(TC128(x))
#define TC512(x) TC256(TC256(x))
#define TC1024(x) TC512(TC512(x))
#define TOO_COMPLEX(x) TC1024(TC1024(x))

#endif
