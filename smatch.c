/*
 * smatch.c: the command-line program: reads the options, lets Sparse parse
 * and evaluate each file as the compiler would, then analyses its functions.
 */
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include "smatch.h"
#include "smatch_internal.h"
#include "smatch_locking.h"
#include "smatch_cli.h"
#include "smatch_db.h"

#define CK(name) void name(int id);
#include "check_list.h"
#undef CK

void register_checks(void)
{
#define CK(name) name(register_owner(#name));
#include "check_list.h"
#undef CK
}

void register_engine_modules(void)
{
	register_report();
	register_decisions();
	register_root_causes();
	register_values();
	register_purity();
	register_param_limits();
	register_out_params();
	register_param_stores();
	register_local_defs();
	register_param_cond();
	register_param_calls();
	if (opt.engine_only)
		return;
	register_locking();
	register_checks();
	register_db();
	register_caller_values();
	register_lock_annotations();	/* after the database: what it knows comes first */
	/* after the checks, so that their lock hooks see the path before this one extends it */
	if (cli.explain || cli.format != FORMAT_TEXT)
		register_explain();
}

static int smatch_main(int argc, char **argv)
{
	struct string_list *filelist = NULL;
	struct symbol_list *syms;
	char **sparse_argv = parse_smatch_options(argc, argv);
	char *file;
	int status = 0;

	if (cli.compile_commands || cli.nr_files > 1) {
		free(sparse_argv);
		if (cli.compile_commands)
			return run_compile_commands(argc, argv);
		return check_files_apart(argc, argv, cli.file_args, cli.nr_files);
	}
	if (cli.bad_std && cli.nr_files) {
		fprintf(stderr, "smatch: %s: '%s' is not a C dialect smatch knows: not checked\n",
			argv[cli.file_args[0]], cli.bad_std);
		return 2;
	}
	register_engine_modules();
	sparse_initialize(argc, sparse_argv, &filelist);
	free(sparse_argv);	/* Sparse keeps the strings, which are argv's */
	if (!filelist) {
		fprintf(stderr, "smatch: no input files (try --help)\n");
		return 2;
	}
	/* outside the kernel, Sparse's warnings are mostly about style: its errors stay */
	if (!cli.sparse_warnings && !strcmp(opt.project, "userspace"))
		fmax_warnings = 0;
	FOR_EACH_PTR(filelist, file) {
		int bad = check_input_file(file);

		if (bad > status)
			status = bad;
		if (bad == 2)
			continue;
		crash_context(file, "parser");
		syms = sparse(file);
		crash_context(file, "analysis");
		analyze_file_symbols(syms);
	} END_FOR_EACH_PTR(file);
	finish_reports();
	if (!status && has_error)
		status = 1;
	return status;
}

/*
 * Sparse's parser and evaluator recurse once per nesting level of an
 * expression, so the analysis runs on a thread with a large stack (only
 * the pages used are ever committed); past it a guard region catches the
 * overflow and the file is named, instead of a bare crash.
 */
#define ANALYSIS_STACK	((size_t)1 << 30)
#define STACK_GUARD	((size_t)1 << 20)

struct main_args {
	int argc;
	char **argv;
	char *guard;		/* the guard region below the thread's stack */
	int status;
};

static void *analysis_thread(void *p)
{
	struct main_args *a = p;
	stack_t old_ss;

	install_crash_handler(a->guard, STACK_GUARD, &old_ss);
	a->status = smatch_main(a->argc, a->argv);
	uninstall_crash_handler(&old_ss);
	return NULL;
}

int main(int argc, char **argv)
{
	struct main_args a = { argc, argv, NULL, 0 };
	pthread_attr_t attr;
	pthread_t thread;
	char *stack;

	stack = mmap(NULL, ANALYSIS_STACK + STACK_GUARD, PROT_READ | PROT_WRITE,
		     MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
	a.guard = stack;
	if (stack == MAP_FAILED || mprotect(stack, STACK_GUARD, PROT_NONE) ||
	    pthread_attr_init(&attr) ||
	    pthread_attr_setstack(&attr, stack + STACK_GUARD, ANALYSIS_STACK) ||
	    pthread_create(&thread, &attr, analysis_thread, &a)) {
		/* no big stack to be had: run on the normal one */
		a.guard = NULL;
		analysis_thread(&a);
		return a.status;
	}
	pthread_join(thread, NULL);
	return a.status;
}
