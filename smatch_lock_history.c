/*
 * smatch_lock_history.c: remembers, per path, how a held lock got there:
 * taken inside an if or ?: branch, and whether a goto, break or continue
 * was taken while it was held (the jump that skips an unlock); the
 * name the lock was last released under, and whether under a flag, or by
 * (or maybe by) a callee that says so through an out-parameter; and
 * whether the object whose lock is held was handed to the caller, or
 * its holding recorded in memory the caller sees.
 */
#include <string.h>
#include "smatch.h"
#include "smatch_internal.h"
#include "smatch_locking.h"

static int history_id;	/* lock key -> "branch", "jump" or "branch,jump" */
static int released_id;	/* lock key -> the name it was last released under */
static int flag_released_id;	/* lock key -> "flag": released under a flag in memory */
static int reported_id;		/* lock key -> "reported": released by a callee given a flag's
				   address, "dropped": held, but such a callee may have
				   released it (not a fact: kept through the loop that tests
				   the flag) */
static int handed_id;	/* lock key -> "handed": its object was stored where the caller sees it */
static int recorded_id;	/* lock key -> the caller-visible memory set non-zero while it was held */

/* A lock and the memory that the function clears once it released the lock. */
struct lock_record {
	const char *key;
	const char *memory;
	struct lock_record *next;
};
static struct lock_record *cleared_records;	/* of the function being analysed */

static struct smatch_state *branch_state, *jump_state, *both_state, *flag_state, *handed_state;
static struct smatch_state *reported_state, *dropped_state;	/* released / maybe released */

static struct smatch_state *history(const char *key)
{
	struct smatch_state *s = get_state(history_id, key, NULL);

	return s == &merged ? NULL : s;
}

bool lock_taken_in_branch(const char *key)
{
	struct smatch_state *s = history(key);

	return s == branch_state || s == both_state;
}

bool lock_jumped_while_held(const char *key)
{
	struct smatch_state *s = history(key);

	return s == jump_state || s == both_state;
}

/* The name of the last release of 'key' on this path, if all paths agree on it. */
const char *lock_released_as(const char *key)
{
	struct smatch_state *s = get_state(released_id, key, NULL);

	return s && s != &merged ? s->name : NULL;
}

/*
 * Does the condition test a flag kept in memory: a member, a global, a bit
 * of one, or a local a callee was given the address of?
 */
static bool tests_stored_flag(struct expression *cond)
{
	struct member_info mi;
	struct symbol *sym;
	const char *fn;
	int64_t zero;

	for (;;) {
		cond = strip_expr(cond);
		if (cond && cond->type == EXPR_PREOP && cond->op == '!')
			cond = cond->unop;
		else if (cond && cond->type == EXPR_COMPARE && get_value(cond->right, &zero) && !zero)
			cond = cond->left;
		else
			break;
	}
	if (!cond)
		return false;
	/* test_bit() is "constant ? const_test_bit() : _test_bit()" */
	if (cond->type == EXPR_CONDITIONAL || cond->type == EXPR_SELECT)
		return cond->cond_true && tests_stored_flag(cond->cond_true) &&
		       tests_stored_flag(cond->cond_false);
	if (get_member_load(cond, &mi))
		return !mi.base_is_object || (mi.base->symbol->ctype.modifiers & MOD_TOPLEVEL);
	/* a global, or a local whose address was taken: an out-parameter a callee sets */
	sym = loaded_symbol(cond);
	if (sym)
		return sym->ctype.modifiers & (MOD_TOPLEVEL | MOD_ADDRESSABLE);
	/* test_bit(), test_and_clear_bit() and the arch_ and const_ forms macros make of them */
	fn = cond->type == EXPR_CALL ? get_callee_name(cond) : NULL;
	return fn && (strstr(fn, "test_bit") || strstr(fn, "test_and_"));
}

/* Does the statement end by leaving (return, goto)? */
static bool ends_in_jump(struct statement *stmt)
{
	while (stmt && stmt->type == STMT_COMPOUND)
		stmt = last_ptr_list((struct ptr_list *)stmt->stmts);
	return stmt && (stmt->type == STMT_RETURN || stmt->type == STMT_GOTO);
}

/*
 * "if (trans->removing_chunk) { mutex_unlock(l); trans->removing_chunk = false; }",
 * "if (current->journal_info) gfs2_trans_end(sdp);": a flag in memory says
 * whether the lock is held, which the engine cannot tie to the lock.  A
 * branch that leaves the function is an error path, not such a protocol.
 */
bool lock_op_under_flag(void)
{
	struct statement *s = cur_fn()->if_taken;

	return s && tests_stored_flag(s->if_conditional) && !ends_in_jump(s->if_true);
}

/* Is the argument the address of an integer local, a flag a callee may report through? */
static bool is_flag_address(struct expression *arg)
{
	struct symbol *sym;

	/* a symbol expression is its address ("&flag" evaluates to one) */
	arg = strip_expr(arg);
	sym = arg && arg->type == EXPR_SYMBOL ? arg->symbol : NULL;
	return sym && !(sym->ctype.modifiers & MOD_TOPLEVEL) && is_int_type(get_real_base_type(sym));
}

/*
 * "hpage_collapse_scan_pmd(mm, ..., &mmap_locked)": a callee given the
 * address of an integer local of the caller may say through it that it
 * released the lock, and the caller's test of it decides what comes next.
 */
static bool reports_through_arg(struct expression *call)
{
	struct expression *arg;

	if (is_table_summary(call))
		return false;
	FOR_EACH_PTR(call->args, arg) {
		if (is_flag_address(arg))
			return true;
	} END_FOR_EACH_PTR(arg);
	return false;
}

/* A known callee whose summary says it may clear the flag a local's address is given for. */
static bool clears_flag_arg(struct expression *call)
{
	struct expression *arg;
	int nr = 0;

	FOR_EACH_PTR(call->args, arg) {
		if (is_flag_address(arg) && call_may_clear_arg(call, nr))
			return true;
		nr++;
	} END_FOR_EACH_PTR(arg);
	return false;
}

/* Is one of the call's arguments the lock ("&mm->mmap_lock") or a variable its name goes through? */
static bool given_lock_object(struct expression *call, const char *name)
{
	struct expression *arg;
	struct symbol *sym;
	const char *lock;

	FOR_EACH_PTR(call->args, arg) {
		sym = loaded_symbol(arg);
		lock = expr_to_str(arg);
		if ((sym && sym->ident && name_mentions(name, sym->ident->name)) ||
		    (lock && !strcmp(lock, name)))
			return true;
	} END_FOR_EACH_PTR(arg);
	return false;
}

/*
 * "mmap_read_lock(mm); pin_user_pages_remote(mm, ..., &locked); if (locked)
 * mmap_read_unlock(mm);": a callee nothing describes, or one whose summary
 * says it may clear that integer ("clears_param", smatch_out_params.c: the
 * release happens through function pointers its summary cannot show),
 * given the lock's object and the address of an integer local, may release
 * a held lock and say so there; where the caller's test of it skips the
 * unlock, the lock may be free, and taking it again is no double lock.
 */
static void match_call(struct expression *call)
{
	struct sm_state_list *list;
	struct sm_state *sm;
	const char *name;

	if (lock_call_unknown(call) ? !reports_through_arg(call) : !clears_flag_arg(call))
		return;
	list = held_lock_states();
	FOR_EACH_PTR(list, sm) {
		name = lock_holder_name(sm->name);
		if (lock_depth(sm->state) <= 0 || (name && !given_lock_object(call, name)))
			continue;
		/* check_double_lock.c names the rule where it keeps a retake silent */
		set_state(reported_id, sm->name, NULL, dropped_state);
	} END_FOR_EACH_PTR(sm);
	free_ptr_list(&list);
}

/* Held, but a callee given a flag's address may have released it and said so there? */
bool lock_dropped_reported(const char *key)
{
	return get_state(reported_id, key, NULL) == dropped_state;
}

/* Called by smatch_locking.c once the unlock hooks have seen the release by 'call'. */
void lock_history_released(const char *key, const char *name, struct expression *call)
{
	set_state(released_id, key, NULL, alloc_state_name(name));
	if (lock_op_under_flag()) {
		rule_applied(DEBUG_LOCKING, cur_fn()->cur_pos, "flag-protocol",
			     "'%s' released under a flag in memory", name);
		set_state(flag_released_id, key, NULL, flag_state);
	} else {
		delete_state(flag_released_id, key, NULL);
	}
	if (reports_through_arg(call)) {
		rule_applied(DEBUG_LOCKING, cur_fn()->cur_pos, "released-via-out-param",
			     "'%s' released by '%s()', which may say so through an argument",
			     name, call_label(call));
		set_state(reported_id, key, NULL, reported_state);
	} else
		delete_state(reported_id, key, NULL);
}

/* Was the lock last released under a flag in memory, on every path here? */
bool lock_released_under_flag(const char *key)
{
	return get_state(flag_released_id, key, NULL) == flag_state;
}

/* Was it last released by a callee that may have said so through an out-parameter? */
bool lock_released_reported(const char *key)
{
	return get_state(reported_id, key, NULL) == reported_state;
}

/*
 * After "bucket = ..." or find(&bucket), "&bucket->lock" may be another
 * object's lock than the one released under that name.
 */
static void forget_released(const char *var)
{
	struct sm_state_list *list = get_owner_states(released_id);
	struct sm_state *sm;

	FOR_EACH_PTR(list, sm) {
		if (!name_mentions(sm->state->name, var))
			continue;
		rule_applied(DEBUG_LOCKING, cur_fn()->cur_pos, "release-name-unknown",
			     "'%s' may name another object now that '%s' changed", sm->state->name, var);
		delete_state(released_id, sm->name, NULL);
	} END_FOR_EACH_PTR(sm);
	free_ptr_list(&list);
}

static void match_var_change(const char *name, struct symbol *sym, struct symbol *root,
			     enum var_change how)
{
	/* &ptr: the callee may point it elsewhere (&lock itself changes no name) */
	if (how == VAR_ASSIGNED || (how == VAR_ADDRESS_PASSED && is_pointer_type(sym)))
		forget_released(name);
}

/*
 * The variable that 'addr' points into: the pointer it loads, or, with
 * *object set, the variable whose own storage it is.
 */
static struct symbol *address_root(struct expression *addr, bool *object)
{
	struct member_info mi;

	addr = strip_expr(addr);
	/* an element: "param->locks + level" */
	while (addr && addr->type == EXPR_BINOP && (addr->op == '+' || addr->op == '-'))
		addr = strip_expr(addr->left);
	if (get_member_address(addr, &mi)) {
		*object = mi.base_is_object;
		return mi.base_is_object ? mi.base->symbol : loaded_symbol(mi.base);
	}
	*object = addr && addr->type == EXPR_SYMBOL;
	return *object ? addr->symbol : loaded_symbol(addr);
}

/*
 * Memory the caller sees: "*param", "param->member", "param->flags[i]",
 * a global or a member or element of one; not the parameter itself.
 */
static bool caller_visible(struct expression *left)
{
	struct symbol *sym;
	bool object;

	left = strip_expr(left);
	if (!left || left->type != EXPR_PREOP || left->op != '*')
		return false;
	sym = address_root(left->unop, &object);
	return sym && ((sym->ctype.modifiers & MOD_TOPLEVEL) || (!object && sym_param_num(sym) >= 0));
}

/* Does the lock's name, as written, reach it through the variable 'var' ("&var->lock")? */
static bool named_through(const char *name, const char *var)
{
	size_t len = strlen(var);

	if (name && name[0] == '&')
		name++;
	return name && !strncmp(name, var, len) && (!strncmp(name + len, "->", 2) || name[len] == '.');
}

/* The caller gets the lock 'key' with its object ('how': why it does). */
static void hand_over(const char *key, const char *how)
{
	rule_applied(DEBUG_LOCKING, cur_fn()->cur_pos, "handed-with-object",
		     "'%s' handed to the caller: %s", lock_holder_name(key), how);
	set_state(handed_id, key, NULL, handed_state);
}

/*
 * "ac->ac_inode = inode;" or "*lsp = ls;" with &inode->i_rwsem or
 * &ls->ls_mutex held: the caller gets the object and its lock, and
 * releases it with it (ocfs2_free_ac_resource()), success or failure.
 */
static void match_assign(struct expression *expr)
{
	struct expression *right = strip_expr(expr->right);
	struct sm_state_list *list;
	struct sm_state *sm;
	const char *var;

	if (expr->op != '=' || !right || !is_pointer_type(right->ctype) || !loaded_symbol(right) ||
	    !caller_visible(expr->left))
		return;
	var = expr_to_str(right);
	list = held_lock_states();
	FOR_EACH_PTR(list, sm) {
		if (lock_depth(sm->state) > 0 && named_through(lock_holder_name(sm->name), var))
			hand_over(sm->name, "stored where the caller sees it");
	} END_FOR_EACH_PTR(sm);
	free_ptr_list(&list);
}

/*
 * "down_write(&eb->lock); path->locks[level] = WRITE_LOCK;" and, where it
 * gives the lock up, "up_write(&eb->lock); path->locks[level] = 0;": the
 * function keeps in the caller's memory whether it holds the lock, and
 * the caller releases it by that record (btrfs walk_up_proc()).  Setting
 * a member while holding a lock is common; clearing it again after the
 * release is what makes it a record.
 */
static void match_record(struct expression *expr)
{
	struct sm_state_list *list;
	struct sm_state *sm;
	const char *memory;
	int64_t val;

	if (expr->op != '=' || !get_value(expr->right, &val) || !caller_visible(expr->left))
		return;
	memory = intern(expr_to_str(strip_expr(expr->left)));
	if (val) {
		list = held_lock_states();
		FOR_EACH_PTR(list, sm) {
			if (lock_depth(sm->state) > 0)
				set_state(recorded_id, sm->name, NULL, alloc_state_name(memory));
		} END_FOR_EACH_PTR(sm);
		free_ptr_list(&list);
		return;
	}
	/* cleared: a record of a lock released since */
	list = get_owner_states(recorded_id);
	FOR_EACH_PTR(list, sm) {
		struct lock_record *r;

		if (sm->state->name != memory || lock_depth(get_state(lock_owner(), sm->name, NULL)) != 0)
			continue;
		r = fn_alloc(sizeof(*r));
		r->key = sm->name;
		r->memory = memory;
		r->next = cleared_records;
		cleared_records = r;
	} END_FOR_EACH_PTR(sm);
	free_ptr_list(&list);
}

/* The caller-visible memory set non-zero while 'key' was held on this path, or NULL. */
const char *lock_record(const char *key)
{
	struct smatch_state *rec = get_state(recorded_id, key, NULL);

	return rec && rec != &merged ? rec->name : NULL;
}

/*
 * Does some path of the function clear 'memory' after releasing 'key'?
 * Asked once the whole function is walked: that path may come after.
 */
bool lock_record_cleared(const char *key, const char *memory)
{
	struct lock_record *r;

	for (r = cleared_records; r; r = r->next) {
		if (r->key == key && r->memory == memory)
			return true;
	}
	return false;
}

static void match_start(void)
{
	cleared_records = NULL;
}

/* Was the object of the lock handed to the caller, on every path here? */
bool lock_handed_over(const char *key)
{
	return get_state(handed_id, key, NULL) == handed_state;
}

/* A callee took the lock and handed it to this function's caller (a ",handed" summary item). */
void lock_history_handed(const char *key)
{
	hand_over(key, "a callee said so");
}

static void match_lock(struct lock_event *ev)
{
	delete_state(handed_id, ev->key, NULL);
	/* taken afresh: no callee dropped it since (a retake is judged by check_double_lock.c) */
	if (!ev->before || lock_depth(ev->before->state) == 0)
		delete_state(reported_id, ev->key, NULL);
	if (cur_fn()->branch_depth > 0)
		set_state(history_id, ev->key, NULL, branch_state);
	else
		delete_state(history_id, ev->key, NULL);
}

/*
 * A goto, break or continue taken while a lock is held may skip its
 * unlock; a goto back to a label walked already ("goto retry") skips
 * nothing: it walks the code again.
 */
/*
 * A goto back walked as a loop ("goto acquirelock"): a lock that this
 * round took (after the label, before the goto) and released again is, in
 * the next round, as the first round found it, untouched.  The next round
 * is then judged as the first is: kgdb_cpu_enter()'s release of the
 * dbg_master_lock another CPU handed over (it took none itself on that
 * path) is held-on-entry in either round, not a second release of the
 * round's own.  A lock held at the label, or released without being taken,
 * stays released: the next round releasing it again is a double unlock.
 */
static void forget_round_locks(struct statement *stmt)
{
	struct sm_state_list *list = get_owner_states(lock_owner());
	struct symbol *label = stmt->goto_label;
	struct sm_state *sm;
	int taken;

	FOR_EACH_PTR(list, sm) {
		if (lock_depth(sm->state) != 0 || lock_held_on_entry(sm->name))
			continue;
		taken = lock_holder_line(sm->name);
		if (taken < label->pos.line || taken > stmt->pos.line)
			continue;
		rule_applied(DEBUG_LOCKING, stmt->pos, "balanced-in-round",
			     "'%s' taken (line %d) and released since '%s': untouched in the next round",
			     lock_holder_name(sm->name), taken, ident_str(label->ident));
		lock_set_untouched(sm->name);
	} END_FOR_EACH_PTR(sm);
	free_ptr_list(&list);
}

static void match_jump(struct statement *stmt)
{
	struct sm_state_list *list;
	struct sm_state *sm;

	if (stmt->type != STMT_GOTO)
		return;
	if (goto_jumps_back(stmt)) {
		forget_round_locks(stmt);
		return;
	}
	list = held_lock_states();
	FOR_EACH_PTR(list, sm) {
		if (lock_depth(sm->state) > 0)
			set_state(history_id, sm->name, NULL,
				  lock_taken_in_branch(sm->name) ? both_state : jump_state);
	} END_FOR_EACH_PTR(sm);
	free_ptr_list(&list);
}

void register_lock_history(void)
{
	history_id = register_owner("lock_history");
	/* how a lock was reached is no reason to keep two paths apart */
	set_owner_facts(history_id);
	branch_state = alloc_state_name("branch");
	jump_state = alloc_state_name("jump");
	both_state = alloc_state_name("branch,jump");
	released_id = register_owner("lock_released");
	set_owner_facts(released_id);
	flag_released_id = register_owner("lock_flag_released");
	set_owner_facts(flag_released_id);
	reported_id = register_owner("lock_reported");
	flag_state = alloc_state_name("flag");
	reported_state = alloc_state_name("reported");
	dropped_state = alloc_state_name("dropped");
	handed_id = register_owner("lock_handed");
	set_owner_facts(handed_id);
	handed_state = alloc_state_name("handed");
	recorded_id = register_owner("lock_recorded");
	set_owner_facts(recorded_id);
	add_hook(&match_start, FUNC_START_HOOK);
	add_hook(&match_assign, ASSIGNMENT_HOOK);
	add_hook(&match_record, ASSIGNMENT_HOOK);
	add_lock_hook(&match_lock);
	add_hook(&match_call, FUNCTION_CALL_HOOK);
	add_var_change_hook(&match_var_change);

	add_hook((void *)&match_jump, STMT_HOOK);
}
