/*
 * smatch_caller_values.c: what a static function's integer parameters hold,
 * from the arguments of its calls in the database (or, when it is walked
 * again after its callers, in its file: callers_arg_range()): max_retries is
 * never 0 in qed's _qed_mcp_cmd_and_union(), whose callers pass a constant
 * retry count.
 */
#include "smatch.h"
#include "smatch_internal.h"
#include "smatch_db.h"
#include "smatch_locking.h"

static void match_func_start(void)
{
	struct symbol *fn = cur_fn()->sym, *arg;
	struct range_list *rl;
	int nr = 0;

	/* called through a pointer, its callers are not all in the database */
	if (!fn || !(fn->ctype.modifiers & MOD_STATIC) || !pos_in_main_file(fn->pos) || fn_address_taken(fn))
		return;
	FOR_EACH_PTR(get_real_base_type(fn)->arguments, arg) {
		if (arg->ident && !is_pointer_type(arg) &&
		    (rl = callers_arg_range(nr)) && !rl_is_whole(rl))
			path_assume(cur_fn()->path, symbol_load(arg), SPECIAL_EQUAL, rl);
		nr++;
	} END_FOR_EACH_PTR(arg);
}

void register_caller_values(void)
{
	add_hook(&match_func_start, FUNC_START_HOOK);
}
