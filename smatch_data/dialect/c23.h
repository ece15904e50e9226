/*
 * smatch_data/dialect/c23.h: included first when -std= asks for C23, which
 * Sparse 0.6.4 checks as C17: C23's __STDC_VERSION__, and its keywords that
 * C17 spells otherwise ('true' and 'false' as gcc's <stdbool.h> has them).
 */
#undef __STDC_VERSION__
#define __STDC_VERSION__ 202311L
#define bool _Bool
#define true ((_Bool)+1u)
#define false ((_Bool)+0u)
#define alignas _Alignas
#define alignof _Alignof
#define static_assert _Static_assert
#define thread_local _Thread_local
#define nullptr ((void *)0)
