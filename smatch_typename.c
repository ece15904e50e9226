/*
 * smatch_typename.c: Sparse's show_typename(), wrapped at link time (--wrap): a type
 * whose name would outgrow Sparse's 200-byte static buffer is not given to it.
 */
#include <string.h>
#include "smatch.h"

/* Sparse writes the name outwards from the middle of its buffer: 100 bytes each way, NUL included. */
#define SPARSE_TYPENAME_ROOM 99
/* The fixed text of a level: "*", "( ", " )" or a space; "( ... )"; the other kinds' words. */
#define LEVEL_TEXT 4
#define FN_TEXT 8
#define NAME_TEXT 24

const char *__real_show_typename(struct symbol *sym);

/*
 * An upper bound of the length of the name Sparse would print for 'sym':
 * each level of the type (node, pointer, array, ... down to the base type,
 * a struct or a union, where Sparse stops) adds its identifier, fixed text
 * and, for the levels whose modifiers Sparse prints, those and the address space.
 */
static size_t typename_bound(struct symbol *sym)
{
	size_t n = 0;
	int depth;

	for (depth = 0; sym && n <= SPARSE_TYPENAME_ROOM; sym = sym->ctype.base_type, depth++) {
		if (depth > 64)
			return SPARSE_TYPENAME_ROOM + 1;
		n += LEVEL_TEXT;
		if (sym->ident)
			n += sym->ident->len + 1;
		if (sym->type == SYM_PTR || sym->type == SYM_NODE || sym->type == SYM_ARRAY ||
		    sym->type == SYM_BITFIELD) {
			n += strlen(modifier_string(sym->ctype.modifiers));
			if (sym->ctype.as)
				n += sym->ctype.as->len + 1;
		}
		if (sym->type == SYM_FN)
			n += FN_TEXT;
		else if (sym->type != SYM_NODE && sym->type != SYM_PTR)
			n += NAME_TEXT;	/* "struct ", "restricted ", "fouled ", ":%d", "[%lld]", "int", ... */
		if (sym->type == SYM_BASETYPE || sym->type == SYM_STRUCT || sym->type == SYM_UNION ||
		    (sym->type == SYM_RESTRICT && sym->ident))
			break;
	}
	return n;
}

/* Sparse's name of the type, or a placeholder when it would not fit. */
const char *__wrap_show_typename(struct symbol *sym)
{
	if (typename_bound(sym) > SPARSE_TYPENAME_ROOM)
		return "(type name too long to show)";
	return __real_show_typename(sym);
}
