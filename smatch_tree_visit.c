/*
 * smatch_tree_visit.c: visits a function body's statements and expressions
 * in the order the flow engine walks them, calling a visitor's hooks on
 * each before its parts.  The scans that must run before a function is
 * walked use it: the callees to analyse first (smatch_order.c) and the
 * gotos walked as loops (smatch_back_edges.c).  Initializers of static
 * locals are not visited (the engine does not walk them), nor anything
 * nested deeper than the engine walks.
 */
#include "smatch.h"
#include "smatch_internal.h"

#define MAX_VISIT_DEPTH	2000	/* as deep as the engine walks */

static void visit_part(struct tree_visit *v, struct statement *stmt, bool block_level);

static void visit_expr(struct tree_visit *v, struct expression *expr)
{
	struct expression *e;

	if (!expr || v->depth >= MAX_VISIT_DEPTH)
		return;
	v->depth++;
	if (v->expr)
		v->expr(v, expr);
	switch (expr->type) {
	case EXPR_ASSIGNMENT:
		visit_expr(v, expr->right);
		visit_expr(v, expr->left);
		break;
	case EXPR_CALL:
		visit_expr(v, expr->fn);
		FOR_EACH_PTR(expr->args, e) {
			visit_expr(v, e);
		} END_FOR_EACH_PTR(e);
		break;
	case EXPR_LOGICAL:
	case EXPR_BINOP:
	case EXPR_COMMA:
	case EXPR_COMPARE:
		visit_expr(v, expr->left);
		visit_expr(v, expr->right);
		break;
	case EXPR_CONDITIONAL:
	case EXPR_SELECT:
		visit_expr(v, expr->conditional);
		visit_expr(v, expr->cond_true);
		visit_expr(v, expr->cond_false);
		break;
	case EXPR_STATEMENT:
		visit_part(v, expr->statement, false);
		break;
	case EXPR_PREOP:
	case EXPR_POSTOP:
		visit_expr(v, expr->unop);
		break;
	case EXPR_DEREF:
		visit_expr(v, expr->deref);
		break;
	case EXPR_CAST:
	case EXPR_FORCE_CAST:
	case EXPR_IMPLIED_CAST:
		visit_expr(v, expr->cast_expression);
		break;
	case EXPR_INITIALIZER:
		FOR_EACH_PTR(expr->expr_list, e) {
			visit_expr(v, e);
		} END_FOR_EACH_PTR(e);
		break;
	case EXPR_IDENTIFIER:
		visit_expr(v, expr->ident_expression);
		break;
	case EXPR_INDEX:
		visit_expr(v, expr->idx_expression);
		break;
	case EXPR_POS:
		visit_expr(v, expr->init_expr);
		break;
	default:
		break;
	}
	v->depth--;
}

static void visit_block(struct tree_visit *v, struct statement *block)
{
	struct open_block b = { block, 0, v->blocks };
	struct statement *s;

	v->blocks = &b;
	FOR_EACH_PTR(block->stmts, s) {
		visit_part(v, s, true);
		b.index++;
	} END_FOR_EACH_PTR(s);
	v->blocks = b.outer;
}

/* 'block_level': 'stmt' is a statement of the innermost block, or a label's at its start. */
static void visit_part(struct tree_visit *v, struct statement *stmt, bool block_level)
{
	struct symbol *sym;

	if (!stmt || v->depth >= MAX_VISIT_DEPTH)
		return;
	v->depth++;
	v->block_level = block_level;
	if (v->stmt)
		v->stmt(v, stmt);
	switch (stmt->type) {
	case STMT_DECLARATION:
		FOR_EACH_PTR(stmt->declaration, sym) {
			if (!(sym->ctype.modifiers & MOD_STATIC))
				visit_expr(v, sym->initializer);
		} END_FOR_EACH_PTR(sym);
		break;
	case STMT_EXPRESSION:
		visit_expr(v, stmt->expression);
		break;
	case STMT_COMPOUND:
		visit_block(v, stmt);
		break;
	case STMT_IF:
		visit_expr(v, stmt->if_conditional);
		visit_part(v, stmt->if_true, false);
		visit_part(v, stmt->if_false, false);
		break;
	case STMT_ITERATOR:
		visit_part(v, stmt->iterator_pre_statement, false);
		visit_expr(v, stmt->iterator_pre_condition);
		visit_part(v, stmt->iterator_statement, false);
		visit_part(v, stmt->iterator_post_statement, false);
		visit_expr(v, stmt->iterator_post_condition);
		break;
	case STMT_SWITCH:
		visit_expr(v, stmt->switch_expression);
		visit_part(v, stmt->switch_statement, false);
		break;
	case STMT_CASE:
		visit_part(v, stmt->case_statement, false);
		break;
	case STMT_LABEL:
		visit_part(v, stmt->label_statement, block_level);
		break;
	case STMT_GOTO:
		visit_expr(v, stmt->goto_expression);
		break;
	case STMT_RETURN:
		visit_expr(v, stmt->ret_value);
		break;
	default:
		break;
	}
	v->depth--;
}

void visit_tree(struct tree_visit *v, struct statement *body)
{
	v->blocks = NULL;
	v->depth = 0;
	visit_part(v, body, false);
}
