/*
 * smatch_back_edges.c: finds, before a function is walked, the backward
 * gotos that the flow engine walks as a loop.  Such a goto jumps back to
 * a label that starts a statement of a compound statement (a block), and
 * is itself inside a later statement of that block, or in the label's own
 * statement: "retry: ... if (err) { unlock(); goto retry; }".  The engine
 * walks the block's statements from the label to the last such goto
 * twice.  Other jumps back (to a label in a block that does not hold the
 * goto, computed and asm gotos) are left to the engine's rule.
 *
 * The scan follows the statements and expressions in the order the engine
 * walks them, so "before" means walked before.
 */
#include <stdint.h>
#include <string.h>
#include "smatch.h"
#include "smatch_internal.h"

#define LABEL_BUCKETS	64
#define MAX_SCAN_DEPTH	2000	/* as deep as the engine walks */

/* A label at the start of a statement of a block. */
struct head_label {
	struct symbol *label;
	struct statement *block;
	int head;		/* index of its statement in the block */
	int end;		/* index of the last statement with a goto back to it, or -1 */
	struct head_label *next;
};

struct back_edges {
	struct head_label *buckets[LABEL_BUCKETS];
};

/* A block being scanned, and the index of its statement being scanned. */
struct open_block {
	struct statement *block;
	int index;
	struct open_block *outer;
};

struct scan {
	struct back_edges *edges;
	struct open_block *blocks;	/* innermost first */
	int depth;
};

static unsigned int bucket_of(struct symbol *label)
{
	return ((uintptr_t)label >> 4) % LABEL_BUCKETS;
}

static struct head_label *find_head(struct back_edges *edges, struct symbol *label)
{
	struct head_label *h;

	if (!edges)
		return NULL;
	for (h = edges->buckets[bucket_of(label)]; h; h = h->next) {
		if (h->label == label)
			return h;
	}
	return NULL;
}

static void add_head(struct scan *sc, struct symbol *label)
{
	struct head_label *h = fn_alloc(sizeof(*h));
	unsigned int b = bucket_of(label);

	h->label = label;
	h->block = sc->blocks->block;
	h->head = sc->blocks->index;
	h->end = -1;
	h->next = sc->edges->buckets[b];
	sc->edges->buckets[b] = h;
}

/* A goto to a label scanned already, from inside the label's block, closes a segment. */
static void scan_goto(struct scan *sc, struct symbol *label)
{
	struct head_label *h = find_head(sc->edges, label);
	struct open_block *b;

	if (!h)
		return;
	for (b = sc->blocks; b; b = b->outer) {
		if (b->block == h->block) {
			if (b->index > h->end)
				h->end = b->index;
			return;
		}
	}
}

static void scan_stmt(struct scan *sc, struct statement *stmt, bool starts_block_stmt);

static void scan_expr(struct scan *sc, struct expression *expr)
{
	struct expression *e;

	if (!expr || sc->depth >= MAX_SCAN_DEPTH)
		return;
	sc->depth++;
	switch (expr->type) {
	case EXPR_ASSIGNMENT:
		scan_expr(sc, expr->right);
		scan_expr(sc, expr->left);
		break;
	case EXPR_CALL:
		scan_expr(sc, expr->fn);
		FOR_EACH_PTR(expr->args, e) {
			scan_expr(sc, e);
		} END_FOR_EACH_PTR(e);
		break;
	case EXPR_LOGICAL:
	case EXPR_BINOP:
	case EXPR_COMMA:
	case EXPR_COMPARE:
		scan_expr(sc, expr->left);
		scan_expr(sc, expr->right);
		break;
	case EXPR_CONDITIONAL:
	case EXPR_SELECT:
		scan_expr(sc, expr->conditional);
		scan_expr(sc, expr->cond_true);
		scan_expr(sc, expr->cond_false);
		break;
	case EXPR_STATEMENT:
		scan_stmt(sc, expr->statement, false);
		break;
	case EXPR_PREOP:
	case EXPR_POSTOP:
		scan_expr(sc, expr->unop);
		break;
	case EXPR_DEREF:
		scan_expr(sc, expr->deref);
		break;
	case EXPR_CAST:
	case EXPR_FORCE_CAST:
	case EXPR_IMPLIED_CAST:
		scan_expr(sc, expr->cast_expression);
		break;
	case EXPR_INITIALIZER:
		FOR_EACH_PTR(expr->expr_list, e) {
			scan_expr(sc, e);
		} END_FOR_EACH_PTR(e);
		break;
	case EXPR_IDENTIFIER:
		scan_expr(sc, expr->ident_expression);
		break;
	case EXPR_INDEX:
		scan_expr(sc, expr->idx_expression);
		break;
	case EXPR_POS:
		scan_expr(sc, expr->init_expr);
		break;
	default:
		break;
	}
	sc->depth--;
}

static void scan_block(struct scan *sc, struct statement *block)
{
	struct open_block b = { block, 0, sc->blocks };
	struct statement *s;

	sc->blocks = &b;
	FOR_EACH_PTR(block->stmts, s) {
		scan_stmt(sc, s, true);
		b.index++;
	} END_FOR_EACH_PTR(s);
	sc->blocks = b.outer;
}

/* 'starts_block_stmt': 'stmt' is a statement of the innermost block, or a label's at its start. */
static void scan_stmt(struct scan *sc, struct statement *stmt, bool starts_block_stmt)
{
	struct symbol *sym;

	if (!stmt || sc->depth >= MAX_SCAN_DEPTH)
		return;
	sc->depth++;
	switch (stmt->type) {
	case STMT_DECLARATION:
		FOR_EACH_PTR(stmt->declaration, sym) {
			if (!(sym->ctype.modifiers & MOD_STATIC))
				scan_expr(sc, sym->initializer);
		} END_FOR_EACH_PTR(sym);
		break;
	case STMT_EXPRESSION:
		scan_expr(sc, stmt->expression);
		break;
	case STMT_COMPOUND:
		scan_block(sc, stmt);
		break;
	case STMT_IF:
		scan_expr(sc, stmt->if_conditional);
		scan_stmt(sc, stmt->if_true, false);
		scan_stmt(sc, stmt->if_false, false);
		break;
	case STMT_ITERATOR:
		scan_stmt(sc, stmt->iterator_pre_statement, false);
		scan_expr(sc, stmt->iterator_pre_condition);
		scan_stmt(sc, stmt->iterator_statement, false);
		scan_stmt(sc, stmt->iterator_post_statement, false);
		scan_expr(sc, stmt->iterator_post_condition);
		break;
	case STMT_SWITCH:
		scan_expr(sc, stmt->switch_expression);
		scan_stmt(sc, stmt->switch_statement, false);
		break;
	case STMT_CASE:
		scan_stmt(sc, stmt->case_statement, false);
		break;
	case STMT_LABEL:
		if (starts_block_stmt && sc->blocks)
			add_head(sc, stmt->label_identifier);
		scan_stmt(sc, stmt->label_statement, starts_block_stmt);
		break;
	case STMT_GOTO:
		if (stmt->goto_label)
			scan_goto(sc, stmt->goto_label);
		else
			scan_expr(sc, stmt->goto_expression);
		break;
	case STMT_RETURN:
		scan_expr(sc, stmt->ret_value);
		break;
	default:
		break;
	}
	sc->depth--;
}

void find_back_edges(struct statement *body)
{
	struct scan sc = { fn_alloc(sizeof(struct back_edges)), NULL, 0 };

	memset(sc.edges, 0, sizeof(*sc.edges));
	scan_stmt(&sc, body, false);
	cur_fn()->back_edges = sc.edges;
}

int back_edge_end(struct statement *s)
{
	struct head_label *h;
	int end = -1;

	for (; s && s->type == STMT_LABEL; s = s->label_statement) {
		h = find_head(cur_fn()->back_edges, s->label_identifier);
		if (h && h->end > end)
			end = h->end;
	}
	return end;
}
