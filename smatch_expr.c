/*
 * smatch_expr.c: helpers on Sparse's evaluated expressions and types:
 * printing an expression as written, callees, arguments and parameters.
 */
#include <stdio.h>
#include <ctype.h>
#include <string.h>
#include "smatch.h"
#include "smatch_internal.h"

/* An identifier's name, interned (Sparse's ident_str() formats each time). */
const char *ident_str(const struct ident *ident)
{
	static struct { const struct ident *ident; const char *str; } cache[8192];
	unsigned h;
	char buf[256];

	if (!ident)
		return NULL;
	h = ((uintptr_t)ident >> 4) % 8192;
	if (cache[h].ident != ident) {
		snprintf(buf, sizeof(buf), "%.*s", ident->len, ident->name);
		cache[h].ident = ident;
		cache[h].str = intern(buf);
	}
	return cache[h].str;
}

struct expression *strip_expr(struct expression *expr)
{
	while (expr) {
		switch (expr->type) {
		case EXPR_CAST:
		case EXPR_FORCE_CAST:
		case EXPR_IMPLIED_CAST:
			expr = expr->cast_expression;
			continue;
		case EXPR_PREOP:
			if (expr->op == '(') {
				expr = expr->unop;
				continue;
			}
			break;
		default:
			break;
		}
		break;
	}
	return expr;
}

/*
 * Sparse evaluates "dev->lock" into "*(dev + offset)" and "&dev->lock" into
 * "dev + offset".  This finds the member path again from the offset: the
 * member of 'type' at 'offset' whose type is 'target' (any if NULL) and, for
 * the last step, whose name is 'ident' (any if NULL).
 */
static bool find_member_path(struct symbol *type, long offset, struct symbol *target,
			     struct ident *ident, char *buf, size_t len, int depth)
{
	struct symbol *m, *mt;

	type = get_real_base_type(type);
	if (!type || (type->type != SYM_STRUCT && type->type != SYM_UNION) || depth > 8)
		return false;
	/* a member that starts here and is the one asked for */
	FOR_EACH_PTR(type->symbol_list, m) {
		mt = get_real_base_type(m);
		if (m->offset != offset || !m->ident)
			continue;
		if (target && mt != get_real_base_type(target))
			continue;
		if (ident && m->ident != ident)
			continue;
		snprintf(buf, len, "%s", ident_str(m->ident));
		return true;
	} END_FOR_EACH_PTR(m);
	/* else a member of an inner struct */
	FOR_EACH_PTR(type->symbol_list, m) {
		char sub[200];
		long size;

		mt = get_real_base_type(m);
		if (!mt || (mt->type != SYM_STRUCT && mt->type != SYM_UNION))
			continue;
		size = mt->bit_size / 8;
		if (offset < m->offset || offset >= m->offset + (size > 0 ? size : 1))
			continue;
		if (!find_member_path(mt, offset - m->offset, target, ident, sub, sizeof(sub), depth + 1))
			continue;
		if (m->ident)
			snprintf(buf, len, "%s.%s", ident_str(m->ident), sub);
		else
			snprintf(buf, len, "%s", sub);
		return true;
	} END_FOR_EACH_PTR(m);
	return false;
}

/*
 * For a member path "a.b.lock" of 'type', the struct that directly holds
 * the last member ("struct b_type") and that member's name.
 */
struct symbol *member_container(struct symbol *type, const char *path, const char **last)
{
	char part[200];
	const char *dot;
	struct symbol *m;

	type = get_real_base_type(type);
	while ((dot = strchr(path, '.'))) {
		struct symbol *next = NULL;

		snprintf(part, sizeof(part), "%.*s", (int)(dot - path), path);
		FOR_EACH_PTR(type->symbol_list, m) {
			if (m->ident && !strcmp(ident_str(m->ident), part))
				next = get_real_base_type(m);
		} END_FOR_EACH_PTR(m);
		if (!next || (next->type != SYM_STRUCT && next->type != SYM_UNION))
			break;
		type = next;
		path = dot + 1;
	}
	*last = path;
	return type;
}

/* The variable a load "*(&var)" reads, or NULL. */
struct symbol *loaded_symbol(struct expression *expr)
{
	expr = strip_expr(expr);
	if (!expr || expr->type != EXPR_PREOP || expr->op != '*')
		return NULL;
	expr = strip_expr(expr->unop);
	if (!expr || expr->type != EXPR_SYMBOL)
		return NULL;
	return expr->symbol;
}

bool is_global_symbol(struct symbol *sym)
{
	return sym && (sym->ctype.modifiers & (MOD_TOPLEVEL | MOD_EXTERN));
}

/*
 * Decomposes the address of a struct member: 'addr' is "base + offset"
 * (possibly nested).  'target' is the member's type if known, 'ident' its
 * name.  Fills mi and returns true if it is a member access.
 */
bool get_member_info(struct expression *addr, struct symbol *target, struct ident *ident,
		     struct member_info *mi)
{
	struct expression *base = strip_expr(addr);
	long offset = 0;
	int adds = 0;
	struct symbol *type;

	if (!base || base->type != EXPR_BINOP || base->op != '+')
		return false;
	while (base && base->type == EXPR_BINOP && base->op == '+') {
		struct expression *right = strip_expr(base->right);

		if (!right)
			return false;
		if (right->type != EXPR_VALUE)
			break;		/* &a[i].m: the element's address is the base */
		offset += right->value;
		base = strip_expr(base->left);
		adds++;
	}
	if (!base || !adds)
		return false;
	if (base->type == EXPR_SYMBOL) {
		mi->base_is_object = true;
		type = get_real_base_type(base->symbol);
	} else {
		mi->base_is_object = false;
		type = get_real_base_type(base->ctype);
		if (!type || type->type != SYM_PTR)
			return false;
		type = get_real_base_type(type->ctype.base_type);
	}
	if (!type || (type->type != SYM_STRUCT && type->type != SYM_UNION))
		return false;
	if (!find_member_path(type, offset, target, ident, mi->path, sizeof(mi->path), 0) &&
	    !find_member_path(type, offset, NULL, ident, mi->path, sizeof(mi->path), 0))
		return false;
	mi->base = base;
	mi->type = type;
	return true;
}

/* The member type an address expression points to, if it says. */
static struct symbol *pointed_type(struct expression *addr)
{
	struct symbol *t = get_real_base_type(addr->ctype);

	if (!t || t->type != SYM_PTR || addr->ctype == &lazy_ptr_ctype)
		return NULL;
	return t->ctype.base_type;
}

bool get_member_address(struct expression *addr, struct member_info *mi)
{
	addr = strip_expr(addr);
	return addr && get_member_info(addr, pointed_type(addr), NULL, mi);
}

bool get_member_load(struct expression *expr, struct member_info *mi)
{
	expr = strip_expr(expr);
	if (!expr || expr->type != EXPR_PREOP || expr->op != '*' || !expr->ctype)
		return false;
	return get_member_info(expr->unop, expr->ctype, expr->ctype->ident, mi);
}

struct printer {
	char buf[512];
	size_t len;
	struct symbol *subst_sym;	/* printed as subst_name */
	const char *subst_name;
};

static void put(struct printer *p, const char *s)
{
	size_t n = strlen(s);

	if (p->len + n >= sizeof(p->buf) - 1)
		n = sizeof(p->buf) - 1 - p->len;
	memcpy(p->buf + p->len, s, n);
	p->len += n;
	p->buf[p->len] = '\0';
}

static void print_expr(struct printer *p, struct expression *expr, int depth);

static bool needs_parens(struct expression *expr)
{
	expr = strip_expr(expr);
	return expr && (expr->type == EXPR_BINOP || expr->type == EXPR_COMPARE ||
			expr->type == EXPR_LOGICAL || expr->type == EXPR_ASSIGNMENT ||
			expr->type == EXPR_CONDITIONAL || expr->type == EXPR_SELECT);
}

static void print_sub(struct printer *p, struct expression *expr, int depth)
{
	if (needs_parens(expr)) {
		put(p, "(");
		print_expr(p, expr, depth);
		put(p, ")");
	} else {
		print_expr(p, expr, depth);
	}
}

static bool is_function_or_array(struct symbol *sym)
{
	struct symbol *t = get_real_base_type(sym);

	return t && (t->type == SYM_FN || t->type == SYM_ARRAY);
}

static void print_symbol(struct printer *p, struct symbol *sym)
{
	if (p->subst_sym && sym == p->subst_sym)
		put(p, p->subst_name);
	else
		put(p, sym && sym->ident ? ident_str(sym->ident) : "?");
}

/*
 * Sparse evaluates a[i] into *(a + i * sizeof(*a)): the index as written
 * of such a sum, or NULL if the offset is not scaled by the element size.
 */
static struct expression *scaled_index(struct expression *sum)
{
	struct expression *scaled = strip_expr(sum->right), *size;
	struct symbol *elem;

	if (sum->op != '+' || !is_pointer_type(sum->ctype) || !scaled ||
	    scaled->type != EXPR_BINOP || scaled->op != '*')
		return NULL;
	size = strip_expr(scaled->right);
	elem = get_base_type(sum->ctype);
	if (!size || size->type != EXPR_VALUE || !elem || size->value != bits_to_bytes(elem->bit_size))
		return NULL;
	return scaled->left;
}

/* "a[i]" of the sum a + i (scaled or not, as Sparse left it). */
static void print_element(struct printer *p, struct expression *sum, int depth)
{
	struct expression *index = scaled_index(sum);

	print_sub(p, sum->left, depth + 1);
	put(p, "[");
	print_expr(p, index ? index : sum->right, depth + 1);
	put(p, "]");
}

/* "dev->lock", "dev.lock", or "arr[i].lock" where the base is an element's address. */
static void print_member(struct printer *p, struct member_info *mi, int depth)
{
	struct expression *base = strip_expr(mi->base);

	if (mi->base_is_object) {
		print_symbol(p, mi->base->symbol);
		put(p, ".");
	} else if (base->type == EXPR_BINOP && scaled_index(base)) {
		print_element(p, base, depth);
		put(p, ".");
	} else {
		print_sub(p, mi->base, depth + 1);
		put(p, "->");
	}
	put(p, mi->path);
}

/* &a[i], evaluated into a + i * sizeof(*a): print it as written. */
static bool print_element_address(struct printer *p, struct expression *expr, int depth)
{
	if (!scaled_index(expr))
		return false;
	put(p, "&");
	print_element(p, expr, depth);
	return true;
}

static void print_expr(struct printer *p, struct expression *expr, int depth)
{
	char num[32];
	struct expression *arg;
	struct member_info mi;
	bool first = true;

	expr = strip_expr(expr);
	if (!expr || depth > 64) {
		put(p, "?");
		return;
	}
	switch (expr->type) {
	case EXPR_SYMBOL:
		/* a symbol expression is its address; loads are "*(&sym)" */
		if (!is_function_or_array(expr->symbol))
			put(p, "&");
		print_symbol(p, expr->symbol);
		break;
	case EXPR_VALUE:
		snprintf(num, sizeof(num), "%lld", (long long)expr->value);
		put(p, num);
		break;
	case EXPR_STRING:
		put(p, show_string(expr->string));
		break;
	case EXPR_PREOP:
		if (expr->op == '*' && loaded_symbol(expr)) {
			print_symbol(p, loaded_symbol(expr));
			break;
		}
		if (expr->op == '*' && get_member_load(expr, &mi)) {
			print_member(p, &mi, depth);
			break;
		}
		if (expr->op == '*') {
			struct expression *inner = strip_expr(expr->unop);

			if (inner && inner->type == EXPR_BINOP && inner->op == '+') {
				print_element(p, inner, depth);
				break;
			}
		}
		put(p, show_special(expr->op));
		print_sub(p, expr->unop, depth + 1);
		break;
	case EXPR_POSTOP:
		print_sub(p, expr->unop, depth + 1);
		put(p, show_special(expr->op));
		break;
	case EXPR_BINOP:
		if (get_member_address(expr, &mi)) {
			put(p, "&");
			print_member(p, &mi, depth);
			break;
		}
		if (print_element_address(p, expr, depth))
			break;
		/* fall through */
	case EXPR_COMPARE:
	case EXPR_LOGICAL:
	case EXPR_ASSIGNMENT:
		print_sub(p, expr->left, depth + 1);
		put(p, " ");
		put(p, show_special(expr->op));
		put(p, " ");
		print_sub(p, expr->right, depth + 1);
		break;
	case EXPR_COMMA:
		print_expr(p, expr->left, depth + 1);
		put(p, ", ");
		print_expr(p, expr->right, depth + 1);
		break;
	case EXPR_CALL:
		print_sub(p, expr->fn, depth + 1);
		put(p, "(");
		FOR_EACH_PTR(expr->args, arg) {
			if (!first)
				put(p, ", ");
			first = false;
			print_expr(p, arg, depth + 1);
		} END_FOR_EACH_PTR(arg);
		put(p, ")");
		break;
	case EXPR_CONDITIONAL:
	case EXPR_SELECT:
		print_sub(p, expr->conditional, depth + 1);
		put(p, " ? ");
		if (expr->cond_true)
			print_sub(p, expr->cond_true, depth + 1);
		put(p, " : ");
		print_sub(p, expr->cond_false, depth + 1);
		break;
	case EXPR_STATEMENT:
		put(p, "({...})");
		break;
	case EXPR_SIZEOF:
		put(p, "sizeof(...)");
		break;
	default:
		put(p, "?");
	}
}

/* The expression as the programmer wrote it (casts and parentheses aside). */
const char *expr_to_str(struct expression *expr)
{
	struct printer p = { .len = 0 };

	if (!expr)
		return NULL;
	p.buf[0] = '\0';
	print_expr(&p, expr, 0);
	return intern(p.buf);
}

/* The variable an lvalue-ish expression is rooted in: 'dev' for dev->lock. */
struct symbol *expr_to_sym(struct expression *expr)
{
	expr = strip_expr(expr);
	while (expr) {
		switch (expr->type) {
		case EXPR_SYMBOL:
			return expr->symbol;
		case EXPR_DEREF:
			expr = strip_expr(expr->deref);
			continue;
		case EXPR_PREOP:
			if (expr->op == '*' || expr->op == '&') {
				expr = strip_expr(expr->unop);
				continue;
			}
			return NULL;
		case EXPR_BINOP:
			if (expr->op == '+' || expr->op == '-') {
				expr = strip_expr(expr->left);
				continue;
			}
			return NULL;
		default:
			return NULL;
		}
	}
	return NULL;
}

struct symbol *get_callee(struct expression *call)
{
	struct expression *fn;

	if (!call || call->type != EXPR_CALL)
		return NULL;
	fn = strip_expr(call->fn);
	if (fn && fn->type == EXPR_PREOP && fn->op == '*')
		fn = strip_expr(fn->unop);
	if (!fn || fn->type != EXPR_SYMBOL || !fn->symbol)
		return NULL;
	if (get_real_base_type(fn->symbol) && get_real_base_type(fn->symbol)->type != SYM_FN)
		return NULL;	/* a function pointer variable */
	return fn->symbol;
}

const char *get_callee_name(struct expression *call)
{
	struct symbol *sym = get_callee(call);

	if (!sym || !sym->ident)
		return NULL;
	return ident_str(sym->ident);
}

bool is_ident_char(char c)
{
	return isalnum((unsigned char)c) || c == '_';
}

size_t ident_len(const char *s)
{
	size_t n = 0;

	while (is_ident_char(s[n]))
		n++;
	return n;
}

/* Is 'p', inside 'str', a member name ("x" in "d->x" or "d.x") rather than a variable? */
static bool follows_member_access(const char *str, const char *p)
{
	return (p - str >= 1 && p[-1] == '.') || (p - str >= 2 && p[-2] == '-' && p[-1] == '>');
}

/*
 * Does the printed expression 'fact' mention the variable 'var', or an
 * expression rooted in a variable ("d->x")?  A member of the same name is
 * not the variable: "need" does not mention "path->need".  A static
 * lock's key ends in "@" and its file ("m@mm/khugepaged.c",
 * global_lock_key()), which mentions no variable ("mm").
 */
bool name_mentions(const char *fact, const char *var)
{
	size_t len = strlen(var);
	const char *p = fact, *file = strchr(fact, '@');

	while ((p = strstr(p, var)) && (!file || p < file)) {
		bool start_ok = p == fact || (!is_ident_char(p[-1]) && !follows_member_access(fact, p));
		bool end_ok = !is_ident_char(p[len]);

		if (start_ok && end_ok)
			return true;
		p++;
	}
	return false;
}

/*
 * 'name' with the variable 'var' written as 'as' ("&rq->lock" with rq as
 * "$ret": "&$ret->lock", "rq_lockp(rq)": "rq_lockp($ret)"), or NULL when
 * it does not mention var or mentions another variable ("&rq->cpu[i]"):
 * identifiers that are members, or functions called, are no variables.
 */
const char *name_var_as(const char *name, const char *var, const char *as)
{
	char buf[1024];
	size_t n = 0, len = strlen(var);
	const char *p = name;
	bool found = false;

	while (*p) {
		const char *start = p;

		if (!is_ident_char(*p)) {
			if (n < sizeof(buf) - 1)
				buf[n++] = *p;
			p++;
			continue;
		}
		p += ident_len(p);
		if (!isdigit((unsigned char)*start) && !follows_member_access(name, start) && *p != '(') {
			if ((size_t)(p - start) != len || strncmp(start, var, len))
				return NULL;
			found = true;
			n += snprintf(buf + n, sizeof(buf) - n, "%s", as);
		} else {
			n += snprintf(buf + n, sizeof(buf) - n, "%.*s", (int)(p - start), start);
		}
		if (n >= sizeof(buf))
			return NULL;
	}
	buf[n] = '\0';
	return found ? intern(buf) : NULL;
}

/* A call to __builtin_expect(), which has the value of its first argument. */
bool is_expect_call(struct expression *expr)
{
	const char *fn;

	if (!expr || expr->type != EXPR_CALL || !(fn = get_callee_name(expr)))
		return false;
	return !strcmp(fn, "__builtin_expect") || !strcmp(fn, "__builtin_expect_with_probability");
}

struct expression *get_argument(struct expression *call, int nr)
{
	if (!call || call->type != EXPR_CALL || nr < 0)
		return NULL;
	if (nr >= ptr_list_size((struct ptr_list *)call->args))
		return NULL;
	return ptr_list_nth_entry((struct ptr_list *)call->args, nr);
}

/* The parameter number of the current function that 'sym' is, or -1. */
int sym_param_num(struct symbol *sym)
{
	struct fn_ctx *ctx = cur_fn();
	struct symbol *fn, *arg;
	int i = 0;

	if (!ctx || !ctx->sym || !sym)
		return -1;
	fn = get_real_base_type(ctx->sym);
	if (!fn || fn->type != SYM_FN)
		return -1;
	FOR_EACH_PTR(fn->arguments, arg) {
		if (arg == sym)
			return i;
		i++;
	} END_FOR_EACH_PTR(arg);
	return -1;
}

/*
 * 'expr' with the parameter it is rooted in written as "$N" ("&$0->lock"),
 * so a caller can put its own argument in; *param is N, or -1 (then the
 * plain name is returned).
 */
const char *param_name(struct expression *expr, int *param)
{
	struct symbol *sym = expr_to_sym(expr);
	char sub[16];
	int n = sym_param_num(sym);

	*param = n;
	if (n < 0)
		return expr_to_str(expr);
	snprintf(sub, sizeof(sub), "$%d", n);
	return expr_str_rooted(expr, sub);
}

/* 'expr' printed with the variable it is rooted in written as 'root' (interned). */
const char *expr_str_rooted(struct expression *expr, const char *root)
{
	struct printer p = { .len = 0 };

	p.subst_sym = expr_to_sym(expr);
	p.subst_name = root;
	p.buf[0] = '\0';
	print_expr(&p, expr, 0);
	return intern(p.buf);
}

/*
 * 'expr' named relative to the parameters: rooted in one ("&$0->lock"),
 * or in a local that holds a copy of a parameter's member chain ("bo" of
 * "bo = vmf->vma->vm_private_data": "&$0->vma->vm_private_data->lock");
 * NULL otherwise.
 */
const char *param_relative_name(struct expression *expr)
{
	const char *name, *copy;
	int nr;

	name = param_name(expr, &nr);
	if (nr >= 0)
		return name;
	copy = local_copy_param(expr_to_sym(expr));
	return copy ? expr_str_rooted(expr, copy) : NULL;
}

/*
 * An argument "&vmf" for "$N->vma->rest" where the local struct's member
 * vmf.vma holds a parameter: that parameter's name ("$0"), '*end' moved
 * past "->vma"; NULL otherwise.
 */
static const char *through_local_member(struct expression *arg, struct expression *call, char **end)
{
	const char *member = *end, *relative;
	size_t len;

	arg = strip_expr(arg);
	if (arg->type != EXPR_SYMBOL || !arg->symbol || !arg->symbol->ident || strncmp(member, "->", 2))
		return NULL;
	member += 2;
	len = strspn(member, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_");
	if (!len)
		return NULL;
	relative = local_member_param(intern_fmt("%s.%.*s", ident_str(arg->symbol->ident), (int)len, member), call);
	if (relative)
		*end = (char *)member + len;
	return relative;
}

/* Does 's' start with RET_NAME, the return value of a summary's names ("&$ret->lock")? */
bool at_ret_name(const char *s)
{
	return !strncmp(s, RET_NAME, strlen(RET_NAME)) && !is_ident_char(s[strlen(RET_NAME)]);
}

/*
 * 'name' with "$N" replaced by the call's argument N (as written, or
 * relative to this function's parameters when 'as_param') and RET_NAME by
 * 'ret', else by the call as written; when neither (or 'as_param') the
 * name is NULL.
 */
static const char *subst_names(const char *name, struct expression *call, bool as_param, const char *ret)
{
	char buf[1024];
	size_t n = 0;
	const char *s = name;

	if (!name)
		return NULL;
	while (*s && n < sizeof(buf) - 1) {
		if (at_ret_name(s)) {
			const char *value = ret ? ret : call && !as_param ? expr_to_str(call) : NULL;

			if (!value)
				return NULL;
			n += snprintf(buf + n, sizeof(buf) - n, "%s", value);
			s += strlen(RET_NAME);
			if (n >= sizeof(buf))
				n = sizeof(buf) - 1;
			continue;
		}
		if (s[0] == '$' && s[1] >= '0' && s[1] <= '9') {
			char *end;
			int nr = strtol(s + 1, &end, 10);
			struct expression *arg = strip_expr(get_argument(call, nr));
			const char *a = arg ? expr_to_str(arg) : "?";

			if (as_param) {
				a = arg ? param_relative_name(arg) : NULL;
				/* "&vmf" with "$0->vma->..." where vmf.vma holds a parameter */
				if (!a && arg)
					a = through_local_member(arg, call, &end);
				if (!a)
					return NULL;
			}
			if (a[0] == '&' && n > 0 && buf[n - 1] == '*') {
				/* "&*$0->lock" with "&dev" for $0 is "&dev->lock" */
				n--;
				n += snprintf(buf + n, sizeof(buf) - n, "%s", a + 1);
				s = end;
			} else if (a[0] == '&' && strncmp(end, "->", 2) == 0) {
				/* "$0->lock" with "&dev->sub" for $0 is "dev->sub.lock" */
				n += snprintf(buf + n, sizeof(buf) - n, "%s.", a + 1);
				s = end + 2;
			} else {
				bool paren = needs_parens(arg) && *end;

				n += snprintf(buf + n, sizeof(buf) - n, paren ? "(%s)" : "%s", a);
				s = end;
			}
			if (n >= sizeof(buf))
				n = sizeof(buf) - 1;
			continue;
		}
		buf[n++] = *s++;
	}
	buf[n] = '\0';
	return intern(buf);
}

/*
 * Puts the call's arguments in place of "$N" in a parameter-relative
 * name, and the call itself in place of RET_NAME ("&$ret->lock" of
 * "get_locked(b)" is "&get_locked(b)->lock").
 */
const char *subst_param_name(const char *name, struct expression *call)
{
	return subst_names(name, call, false, NULL);
}

/*
 * The same name relative to the parameters of the current function, or
 * NULL when an argument it uses is not rooted in one, or it names the
 * call's value (RET_NAME).
 */
const char *subst_param_relative(const char *name, struct expression *call)
{
	return subst_names(name, call, true, NULL);
}

/* A name relative to a function's return value ("&$ret->lock") with 'value' for it, or NULL. */
const char *subst_ret_name(const char *name, const char *value)
{
	return value ? subst_names(name, NULL, false, value) : NULL;
}

struct symbol *get_real_base_type(struct symbol *sym)
{
	while (sym && (sym->type == SYM_NODE || sym->type == SYM_TYPEOF))
		sym = sym->ctype.base_type;
	return sym;
}

struct symbol *get_real_type(struct expression *expr)
{
	return expr ? get_real_base_type(expr->ctype) : NULL;
}

bool is_pointer_type(struct symbol *type)
{
	type = get_real_base_type(type);
	return type && (type->type == SYM_PTR || type->type == SYM_ARRAY);
}

struct symbol *get_fn_return_type(struct symbol *fn)
{
	fn = get_real_base_type(fn);
	if (!fn || fn->type != SYM_FN)
		return NULL;
	return get_real_base_type(fn->ctype.base_type);
}

/* "struct foo", "union bar", or the base type's name. */
const char *type_to_str(struct symbol *type)
{
	type = get_real_base_type(type);
	if (!type)
		return "?";
	switch (type->type) {
	case SYM_STRUCT:
		return intern_fmt("struct %s", type->ident ? ident_str(type->ident) : "(anon)");
	case SYM_UNION:
		return intern_fmt("union %s", type->ident ? ident_str(type->ident) : "(anon)");
	case SYM_PTR:
		return intern_fmt("%s *", type_to_str(type->ctype.base_type));
	default:
		return intern(show_typename(type));
	}
}

/* Is the function 'fn' called through a pointer somewhere (its address taken)? */
bool fn_address_taken(struct symbol *fn)
{
	struct symbol *s;

	for (s = fn; s; s = s->same_symbol) {
		if (s->ctype.modifiers & MOD_ADDRESSABLE)
			return true;
	}
	return false;
}

const char *pos_file(struct position pos)
{
	return stream_name(pos.stream);
}

/*
 * Is 'pos' in the file being checked, or in a .c file that it #includes
 * (kernel/sched/build_policy.c includes fair.c, rt.c, ...), rather than in a header?
 */
bool pos_in_main_file(struct position pos)
{
	static int cached_stream = -1;
	static bool cached;

	if (pos.stream != cached_stream) {
		const char *name = stream_name(pos.stream);
		size_t len = strlen(name);

		cached_stream = pos.stream;
		cached = (base_filename && strcmp(name, base_filename) == 0) ||
			 (len > 2 && strcmp(name + len - 2, ".c") == 0);
	}
	return cached;
}

/* A read of the variable 'sym', as Sparse writes one: *(&sym). */
struct expression *symbol_load(struct symbol *sym)
{
	struct expression *left, *addr;

	addr = alloc_expression(sym->pos, EXPR_SYMBOL);
	addr->symbol = sym;
	addr->symbol_name = sym->ident;
	addr->ctype = &lazy_ptr_ctype;
	left = alloc_expression(sym->pos, EXPR_PREOP);
	left->op = '*';
	left->unop = addr;
	left->ctype = sym;
	return left;
}

/* An assignment "sym = initializer" standing for an initialised declaration. */
struct expression *fake_assignment(struct symbol *sym)
{
	struct expression *assign, *left = symbol_load(sym);

	assign = alloc_expression(sym->initializer->pos, EXPR_ASSIGNMENT);
	assign->op = '=';
	assign->left = left;
	assign->right = sym->initializer;
	assign->ctype = sym;
	return assign;
}
