/*
 * smatch_cli.h: what the command-line program's parts share: output
 * format and options, reports, path explanations, JSON and compile_commands.
 */
#ifndef SMATCH_CLI_H
#define SMATCH_CLI_H

#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <sys/types.h>
#include <jansson.h>
#include "smatch.h"

#define SMATCH_VERSION "0.1"

enum output_format { FORMAT_TEXT, FORMAT_JSON, FORMAT_SARIF };

/* The command-line options that only the program (not the engine) uses. */
struct cli_options {
	enum output_format format;
	bool explain;			/* print the path that leads to each warning */
	const char *compile_commands;	/* check the files of this compile_commands.json */
	int jobs;			/* files checked at once (0: one per core) */
	int *file_args, nr_files;	/* the indexes in argv of the files to check */
	const char *self;		/* argv[0] */
	bool sparse_warnings;		/* --sparse-warnings: keep Sparse's warnings in userspace */
	bool c23;			/* -std= asked for C23: include smatch_data/dialect/c23.h */
	const char *bad_std;		/* a -std= option naming no C dialect smatch knows */
};
extern struct cli_options cli;

/* One line of the path that leads to a warning. */
struct step {
	int line;
	const char *text;
};

/* The lock of a locking warning, the lines it names and the calls it went through. */
#define MAX_LOCK_LINES 64
enum lock_warning { LOCK_LEAK, DOUBLE_LOCK, DOUBLE_UNLOCK, UNHELD_CALL };
struct lock_info {
	enum lock_warning what;
	const char *lock;
	const char *via;	/* a callee's chain of calls to the lock function, or NULL */
	int locked[MAX_LOCK_LINES], nr_locked;
	int unlocked[MAX_LOCK_LINES], nr_unlocked;
};

/* One warning, as printed in every format. */
struct report {
	const char *file;
	int line, column;
	int seq;		/* order of emission, for a stable sort */
	const char *func;
	const char *kind;	/* "warn", "error" or "info" */
	const char *check;	/* the check module that emitted it */
	const char *msg;
	struct lock_info *lock;	/* NULL unless a locking warning */
	struct step *steps;	/* the path that leads to it, or NULL */
	int nr_steps;
	struct step *same_cause;	/* other sites of the same root cause, folded into it */
	int nr_same_cause;
	bool withdrawn;		/* taken back before the file's warnings were printed */
	bool forgotten;		/* ... because its function was walked again */
	struct symbol *fn;	/* the function being analysed when it was made, or NULL */
};

/* smatch_options.c: true for the gcc options whose value is the next argument. */
bool option_takes_value(const char *arg);

/* smatch_report.c */
struct report *report_withdraw(int index);
void finish_reports(void);

/* smatch_sarif.c */
void sarif_add(const struct report *r);
void sarif_add_results(json_t *more);
void sarif_print(void);

/* smatch_explain.c: collects the paths of locking warnings. */
void register_explain(void);
int explain_report(struct report *r, struct step **steps);

/* smatch_json.c: JSON through jansson. */
json_t *json_text(const char *s);
void json_print_line(json_t *j);
struct json_array_reader {
	const char *name;	/* the file, for messages */
	const char *text;	/* its text, in UTF-8 */
	size_t len, pos;
	bool latin1;		/* the file was not UTF-8: its strings are given back as bytes */
	int nr;			/* elements read */
	bool failed;		/* a syntax error was reported */
};
bool json_array_open(struct json_array_reader *r, const char *path);
json_t *json_array_next(struct json_array_reader *r, size_t *offset);
json_t *json_array_reread(struct json_array_reader *r, size_t offset);
void json_array_close(struct json_array_reader *r);
char *read_whole_file(const char *path, size_t *len);

/* smatch_compile_commands.c */
int run_compile_commands(int argc, char **argv);

/* smatch_jobs.c: one child process of smatch per file. */
struct job {
	const char *dir;	/* where the child runs, or NULL: here */
	const char *file;	/* the file it checks */
	char **argv;		/* its command line (see job_arg()) */
	int nr_args, alloc_args;
	pid_t pid;
	FILE *out, *err;	/* the child's stdout and stderr */
	int status;
	bool done;
};
/* Jobs whose command lines are made as they start (see run_jobs()). */
struct lazy_jobs {
	void (*make)(int i, struct job *j);
	void (*release)(struct job *j);
};
void job_arg(struct job *j, const char *arg);
int job_status(const struct job *j);
int run_jobs(struct job *jobs, int nr, int max, const struct lazy_jobs *lazy);
int check_files_apart(int argc, char **argv, const int *files, int nr_files);

/* smatch_dialect.c: -std= values Sparse lacks, as the nearest it has. */
const char *sparse_std_option(const char *name);

/* smatch_input.c: 0 (fine), 1 (a lexical error; checked still) or 2 (not checked). */
int check_input_file(const char *name);

/* smatch_crash.c: a fatal signal ends the run with a message and this status. */
#define EXIT_INTERNAL_ERROR 4
void crash_context(const char *file, const char *phase);
void install_crash_handler(char *guard, size_t guard_size, stack_t *old);
void uninstall_crash_handler(const stack_t *old);

#endif
