/*
 * smatch_compile_commands.c: --compile-commands: checks each file of a
 * compile_commands.json with its own flags, in parallel child processes
 * (smatch_jobs.c), and prints their warnings in the order of the file.
 */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "smatch.h"
#include "smatch_internal.h"
#include "smatch_cli.h"

/*
 * Splits a "command" string as a POSIX shell would split words: blanks
 * separate, quotes group, a backslash escapes.  Returns the word count;
 * the words are in one buffer, (*words)[0] (see free_words()).
 */
static int split_command(const char *cmd, char ***words)
{
	char *buf = xmalloc(strlen(cmd) + 1), *out = buf;
	const char *p = cmd;
	int n = 0;

	*words = NULL;
	for (;;) {
		bool in_word = false;

		while (*p == ' ' || *p == '\t' || *p == '\n')
			p++;
		if (!*p)
			break;
		*words = realloc(*words, (n + 1) * sizeof(**words));
		(*words)[n++] = out;
		while (*p && (in_word || !(*p == ' ' || *p == '\t' || *p == '\n'))) {
			in_word = false;
			if (*p == '\\' && p[1]) {
				*out++ = p[1];
				p += 2;
			} else if (*p == '\'') {
				for (p++; *p && *p != '\''; p++)
					*out++ = *p;
				p += *p == '\'';
			} else if (*p == '"') {
				for (p++; *p && *p != '"'; p++) {
					if (*p == '\\' && p[1] && strchr("\"\\$`", p[1]))
						p++;
					*out++ = *p;
				}
				p += *p == '"';
			} else {
				*out++ = *p++;
			}
		}
		*out++ = '\0';
	}
	if (!n)
		free(buf);
	return n;
}

/* Frees what split_command() or entry_args() made. */
static void free_words(char **words)
{
	if (words)
		free(words[0]);
	free(words);
}

/* The compiler arguments that do not concern checking: outputs and dependency files. */
static int skip_compile_only(char **args, int i)
{
	const char *a = args[i];

	if (!strcmp(a, "-c") || !strcmp(a, "-MD") || !strcmp(a, "-MMD") || !strcmp(a, "-MP") ||
	    !strcmp(a, "-M") || !strcmp(a, "-MM") || !strncmp(a, "-Wp,-MD,", 8) ||
	    !strncmp(a, "-Wp,-MMD,", 9) || (!strncmp(a, "-o", 2) && a[2]) ||
	    !strncmp(a, "-MF", 3) || !strncmp(a, "-MT", 3) || !strncmp(a, "-MQ", 3))
		return 1 + ((!strcmp(a, "-MF") || !strcmp(a, "-MT") || !strcmp(a, "-MQ")) && args[i + 1]);
	if (!strcmp(a, "-o"))
		return args[i + 1] ? 2 : 1;
	return 0;
}

/* The absolute, resolved path of 'file' seen from 'dir' (malloc'd). */
static char *resolve(const char *dir, const char *file)
{
	char buf[PATH_MAX * 2], *res;

	if (file[0] == '/' || !dir)
		snprintf(buf, sizeof(buf), "%s", file);
	else
		snprintf(buf, sizeof(buf), "%s/%s", dir, file);
	res = realpath(buf, NULL);
	return res ? res : strdup(buf);
}

/*
 * The compiler's arguments of one entry: its "arguments", or its "command"
 * split; either way copied into one buffer as split_command() makes them.
 */
static int entry_args(struct json *e, char ***args)
{
	struct json *arguments = json_get(e, "arguments");
	const char *command = json_string(e, "command");
	size_t len = 0;
	char *out;
	int i;

	*args = NULL;
	if (arguments && arguments->type == JSON_ARRAY) {
		for (i = 0; i < arguments->nr; i++) {
			if (arguments->items[i]->type != JSON_STRING)
				return -1;
			len += strlen(arguments->items[i]->string) + 1;
		}
		if (!arguments->nr)
			return 0;
		*args = xmalloc((arguments->nr + 1) * sizeof(**args));
		out = xmalloc(len);
		for (i = 0; i < arguments->nr; i++) {
			(*args)[i] = strcpy(out, arguments->items[i]->string);
			out += strlen(out) + 1;
		}
		return arguments->nr;
	}
	if (!command)
		return -1;
	return split_command(command, args);
}

/*
 * Builds the child's command line: this program, the entry's flags less
 * the compiler, the outputs and the source, the options given to us, JSON
 * output, and the file last.
 */
static bool make_job(struct job *j, struct json *e, char **forward, int nr_forward)
{
	char **args;
	char *src;
	int n, i, skip;

	j->dir = json_string(e, "directory");
	j->file = json_string(e, "file");
	if (!j->dir || !j->file)
		return false;
	n = entry_args(e, &args);
	j->args = args;
	if (n < 1)
		return false;
	src = resolve(j->dir, j->file);
	job_arg(j, "smatch");
	for (i = 1; i < n; i++) {
		char *arg;

		skip = skip_compile_only(args, i);
		if (skip) {
			i += skip - 1;
			continue;
		}
		if (option_takes_value(args[i]) && i + 1 < n) {
			job_arg(j, args[i++]);
			job_arg(j, args[i]);
			continue;
		}
		if (args[i][0] != '-') {
			/* the source file: it goes last */
			arg = resolve(j->dir, args[i]);
			skip = !strcmp(arg, src) || !strcmp(args[i], j->file);
			free(arg);
			if (skip)
				continue;
		}
		job_arg(j, args[i]);
	}
	free(src);
	for (i = 0; i < nr_forward; i++)
		job_arg(j, forward[i]);
	job_arg(j, "--format=json");
	job_arg(j, j->file);
	return true;
}

static void free_job(struct job *j)
{
	free(j->argv);
	free_words(j->args);
}

/* True if the entry is one of the files named on the command line (or none were). */
static bool wanted(struct json *e, char **files, int nr_files, bool *used)
{
	const char *dir = json_string(e, "directory"), *file = json_string(e, "file");
	char *path, *want;
	bool found = !nr_files;
	int i;

	if (!file)
		return true;	/* make_job() reports it */
	path = resolve(dir, file);
	for (i = 0; i < nr_files; i++) {
		want = resolve(NULL, files[i]);
		if (!strcmp(want, path) || !strcmp(files[i], file)) {
			used[i] = true;
			found = true;
		}
		free(want);
	}
	free(path);
	return found;
}

/*
 * Sorts our command line into the files to check (the arguments that are
 * neither options nor their values) and the options the children get.
 */
static int split_our_args(int argc, char **argv, char **forward, int *nr_forward, char **files)
{
	int i, nr_files = 0;

	*nr_forward = 0;
	for (i = 1; i < argc; i++) {
		const char *a = argv[i];

		if (!strcmp(a, "--compile-commands") || !strcmp(a, "--format") ||
		    !strcmp(a, "--jobs") || !strcmp(a, "-j")) {
			i++;
		} else if (!strncmp(a, "--compile-commands=", 19) || !strncmp(a, "--format=", 9) ||
			   !strncmp(a, "--jobs=", 7) || !strncmp(a, "-j", 2)) {
			continue;
		} else if (a[0] != '-') {
			files[nr_files++] = argv[i];
		} else {
			forward[(*nr_forward)++] = argv[i];
			if ((option_takes_value(a) || !strcmp(a, "--project") || !strcmp(a, "--data")) &&
			    i + 1 < argc)
				forward[(*nr_forward)++] = argv[++i];
		}
	}
	return nr_files;
}

/* Checks the files of the compile_commands.json cli.compile_commands names. */
int run_compile_commands(int argc, char **argv)
{
	char **forward = xmalloc(argc * sizeof(char *)), **files = xmalloc(argc * sizeof(char *));
	const char *db = cli.compile_commands;
	int nr_forward, nr_files, nr_jobs = 0, i, status = 2;
	char err[256], *text;
	struct json *root = NULL;
	struct job *jobs = NULL;
	bool *used;

	nr_files = split_our_args(argc, argv, forward, &nr_forward, files);
	used = xmalloc((nr_files + 1) * sizeof(*used));
	text = read_whole_file(db, NULL);
	if (!text) {
		fprintf(stderr, "smatch: %s: %s\n", db, strerror(errno));
		goto out;
	}
	root = json_parse(text, err, sizeof(err));
	free(text);
	if (!root) {
		fprintf(stderr, "smatch: %s: not valid JSON: %s\n", db, err);
		goto out;
	}
	if (root->type != JSON_ARRAY) {
		fprintf(stderr, "smatch: %s: expected an array of compile commands\n", db);
		goto out;
	}
	jobs = xmalloc((root->nr + 1) * sizeof(*jobs));
	for (i = 0; i < root->nr; i++) {
		if (!wanted(root->items[i], files, nr_files, used))
			continue;
		if (!make_job(&jobs[nr_jobs++], root->items[i], forward, nr_forward)) {
			fprintf(stderr, "smatch: %s: entry %d needs \"directory\", \"file\" and "
				"\"command\" or \"arguments\"\n", db, i + 1);
			goto out;
		}
	}
	status = 0;
	for (i = 0; i < nr_files; i++) {
		if (!used[i]) {
			fprintf(stderr, "smatch: %s: not in %s\n", files[i], db);
			status = 2;
		}
	}
	if (run_jobs(jobs, nr_jobs, cli.jobs) && !status)
		status = 1;
	finish_reports();
out:
	for (i = 0; i < nr_jobs; i++)
		free_job(&jobs[i]);
	free(jobs);
	json_free(root);
	free(used);
	free(files);
	free(forward);
	return status;
}
