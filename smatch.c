/*
 * smatch.c: the command-line program: reads the options, lets Sparse parse
 * and evaluate each file as the compiler would, then analyses its functions.
 */
#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <sys/mman.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
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
	register_values();
	if (opt.engine_only)
		return;
	register_locking();
	register_checks();
	register_db();
	/* after the checks, so that their lock hooks see the path before this one extends it */
	if (cli.explain || cli.format != FORMAT_TEXT)
		register_explain();
}

/*
 * The line where a block comment opens that the file never closes, or 0.
 * Sparse only warns about it, and quietly drops the code after it; strings
 * and character constants end at the end of their line here, as Sparse's do.
 */
static int unterminated_comment(const char *p)
{
	int line = 1, opened = 0;
	char quote = 0;

	for (; *p; p++) {
		if (*p == '\n') {
			line++;
			quote = 0;
		} else if (opened) {
			if (p[0] == '*' && p[1] == '/') {
				opened = 0;
				p++;
			}
		} else if (quote) {
			if (*p == '\\' && p[1])
				line += *++p == '\n';
			else if (*p == quote)
				quote = 0;
		} else if (*p == '"' || *p == '\'') {
			quote = *p;
		} else if (p[0] == '/' && p[1] == '/') {
			while (p[1] && p[1] != '\n')
				p++;
		} else if (p[0] == '/' && p[1] == '*') {
			opened = line;
			p++;
		}
	}
	return opened;
}

/*
 * A clear message for input Sparse cannot sensibly read: returns 2 for
 * a file that cannot be checked, 1 for one with a lexical error that is
 * still checked, 0 when it is fine.
 */
static int check_input_file(const char *name)
{
	struct stat st;
	size_t len;
	char *text;
	int line;

	if (!strcmp(name, "-"))
		return 0;
	if (stat(name, &st)) {
		fprintf(stderr, "smatch: %s: %s\n", name, strerror(errno));
		return 2;
	}
	if (S_ISDIR(st.st_mode)) {
		fprintf(stderr, "smatch: %s: is a directory, not a C file\n", name);
		return 2;
	}
	text = read_whole_file(name, &len);
	if (!text) {
		fprintf(stderr, "smatch: %s: %s\n", name, strerror(errno));
		return 2;
	}
	if (memchr(text, '\0', len)) {
		free(text);
		fprintf(stderr, "smatch: %s: binary file, not C source\n", name);
		return 2;
	}
	line = unterminated_comment(text);
	free(text);
	if (line) {
		fprintf(stderr, "%s:%d: error: unterminated comment: the rest of the file is not checked\n",
			name, line);
		return 1;
	}
	return 0;
}

static const char *current_input;	/* the file being analysed, for crash messages */

static int smatch_main(int argc, char **argv)
{
	struct string_list *filelist = NULL;
	char **sparse_argv = calloc(argc + 1, sizeof(char *));
	char *file;
	int status = 0;

	if (!sparse_argv)
		return 3;
	parse_smatch_options(argc, argv, sparse_argv);
	if (cli.compile_commands) {
		free(sparse_argv);
		return run_compile_commands(argc, argv);
	}
	register_engine_modules();
	sparse_initialize(argc, sparse_argv, &filelist);
	free(sparse_argv);	/* Sparse keeps the strings, which are argv's */
	if (!filelist) {
		fprintf(stderr, "smatch: no input files (try --help)\n");
		return 2;
	}
	FOR_EACH_PTR(filelist, file) {
		int bad = check_input_file(file);

		if (bad > status)
			status = bad;
		if (bad == 2)
			continue;
		current_input = file;
		analyze_file_symbols(sparse(file));
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

static char *guard_lo;			/* the inaccessible region below the stack */
static struct sigaction old_segv;

static void say(const char *s)
{
	ssize_t unused = write(2, s, strlen(s));

	(void)unused;
}

static void on_segv(int sig, siginfo_t *si, void *uc)
{
	char *addr = si->si_addr;

	if (guard_lo && addr >= guard_lo && addr < guard_lo + STACK_GUARD) {
		say("smatch: ");
		say(current_input ? current_input : "input");
		say(": nested too deeply to analyse (stack exhausted)\n");
		_exit(2);
	}
	/* not an overflow: crash as before, through the previous handler */
	sigaction(SIGSEGV, &old_segv, NULL);
}

struct main_args {
	int argc;
	char **argv;
	int status;
};

static void *analysis_thread(void *p)
{
	struct main_args *a = p;
	static char alt_stack[1 << 16];
	stack_t ss = { .ss_sp = alt_stack, .ss_size = sizeof(alt_stack) }, old_ss;
	struct sigaction sa = { .sa_sigaction = on_segv, .sa_flags = SA_SIGINFO | SA_ONSTACK };

	sigaltstack(&ss, &old_ss);
	sigemptyset(&sa.sa_mask);
	sigaction(SIGSEGV, &sa, &old_segv);
	a->status = smatch_main(a->argc, a->argv);
	/* give back whatever signal stack the thread had (a sanitizer's) */
	sigaltstack(&old_ss, NULL);
	return NULL;
}

int main(int argc, char **argv)
{
	struct main_args a = { argc, argv, 0 };
	pthread_attr_t attr;
	pthread_t thread;
	char *stack;

	stack = mmap(NULL, ANALYSIS_STACK + STACK_GUARD, PROT_READ | PROT_WRITE,
		     MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
	if (stack == MAP_FAILED || mprotect(stack, STACK_GUARD, PROT_NONE) ||
	    pthread_attr_init(&attr) ||
	    pthread_attr_setstack(&attr, stack + STACK_GUARD, ANALYSIS_STACK) ||
	    pthread_create(&thread, &attr, analysis_thread, &a)) {
		/* no big stack to be had: run with the normal one */
		return smatch_main(argc, argv);
	}
	guard_lo = stack;
	pthread_join(thread, NULL);
	return a.status;
}
