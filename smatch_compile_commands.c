/*
 * smatch_compile_commands.c: --compile-commands: reads the entries of a
 * compile_commands.json, keeps the C files (each (file, flags) once, and
 * only those named on the command line if any are), and turns each into
 * the command line of a child that checks it (smatch_jobs.c).
 */
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "smatch.h"
#include "smatch_internal.h"
#include "smatch_cli.h"

/* A child's command line, built from an entry. */
struct command_line {
	json_t *entry;		/* owns the strings */
	char **words;		/* the entry's arguments (see split_command()) */
	struct job job;		/* its argv */
};

/* What the run of a database needs: the entries to check and the options to pass on. */
struct database {
	struct json_array_reader reader;
	size_t *offsets;	/* where each entry to check is in the file */
	int nr, alloc;
	uint64_t *seen;		/* hash set of the (directory, flags, file) checked */
	size_t seen_size;
	int not_c, repeated;	/* entries skipped */
	char **forward;		/* our options, for each child */
	int nr_forward;
	struct command_line starting;	/* of the job being started */
};
static struct database ccdb;

#define NAMED_FAILURES 5	/* files with errors named in the last line */

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
static int entry_args(json_t *e, char ***args)
{
	json_t *arguments = json_object_get(e, "arguments"), *arg;
	const char *command = json_string_value(json_object_get(e, "command"));
	size_t len = 0, i;
	char *out;

	*args = NULL;
	if (json_is_array(arguments)) {
		json_array_foreach(arguments, i, arg) {
			if (!json_is_string(arg))
				return -1;
			len += json_string_length(arg) + 1;
		}
		if (!json_array_size(arguments))
			return 0;
		*args = xmalloc((json_array_size(arguments) + 1) * sizeof(**args));
		out = xmalloc(len);
		json_array_foreach(arguments, i, arg) {
			(*args)[i] = strcpy(out, json_string_value(arg));
			out += strlen(out) + 1;
		}
		return json_array_size(arguments);
	}
	if (!command)
		return -1;
	return split_command(command, args);
}

static const char *entry_string(json_t *e, const char *key)
{
	return json_string_value(json_object_get(e, key));
}

/*
 * The child's command line for an entry: this program, the entry's flags
 * less the compiler, the outputs and the source, the options given to us,
 * the output format, and the file last.  False if the entry lacks a field.
 */
static bool make_command_line(struct command_line *c, json_t *e)
{
	const char *dir = entry_string(e, "directory"), *file = entry_string(e, "file");
	char **args, *src, *arg;
	int n, i, skip;

	memset(c, 0, sizeof(*c));
	c->entry = e;
	c->job.dir = dir;
	c->job.file = file;
	if (!dir || !file)
		return false;
	n = entry_args(e, &args);
	c->words = args;
	if (n < 1)
		return false;
	src = resolve(dir, file);
	job_arg(&c->job, "smatch");
	for (i = 1; i < n; i++) {
		skip = skip_compile_only(args, i);
		if (skip) {
			i += skip - 1;
			continue;
		}
		if (option_takes_value(args[i]) && i + 1 < n) {
			job_arg(&c->job, args[i++]);
			job_arg(&c->job, args[i]);
			continue;
		}
		if (args[i][0] != '-') {
			/* the source file: it goes last */
			arg = resolve(dir, args[i]);
			skip = !strcmp(arg, src) || !strcmp(args[i], file);
			free(arg);
			if (skip)
				continue;
		}
		job_arg(&c->job, args[i]);
	}
	free(src);
	for (i = 0; i < ccdb.nr_forward; i++)
		job_arg(&c->job, ccdb.forward[i]);
	job_arg(&c->job, cli.format == FORMAT_SARIF ? "--format=sarif" :
		    cli.format == FORMAT_JSON ? "--format=json" : "--format=text");
	job_arg(&c->job, file);
	return true;
}

static void free_command_line(struct command_line *c)
{
	free(c->job.argv);
	free_words(c->words);
	json_decref(c->entry);
}

/* The extensions of assembler, C++, Objective-C and CUDA sources. */
static bool is_c_source(const char *file)
{
	static const char *const not_c[] = {
		".S", ".s", ".sx", ".asm", ".cpp", ".cc", ".cxx", ".c++", ".cp", ".CPP", ".C",
		".m", ".mm", ".M", ".cu",
	};
	const char *dot = strrchr(file, '.');
	size_t i;

	for (i = 0; dot && i < sizeof(not_c) / sizeof(not_c[0]); i++) {
		if (!strcmp(dot, not_c[i]))
			return false;
	}
	return true;
}

/* FNV-1a over the strings of a command line and its directory: an entry's identity. */
static uint64_t command_hash(const char *dir, char **argv)
{
	uint64_t h = 14695981039346656037ULL;
	const char *s;

	for (s = dir; ; s = *argv++) {
		do
			h = (h ^ (unsigned char)*s) * 1099511628211ULL;
		while (*s++);
		if (!*argv)
			break;
	}
	return h;
}

/*
 * True the first time a (directory, flags, file) is seen.  Entries are
 * told apart by a 64-bit hash: two different ones share it with odds
 * around 1e-11 in a database of 30,000 entries.
 */
static bool first_time(uint64_t h)
{
	size_t i, mask;

	h |= 1;		/* 0 marks an empty slot */
	if (2 * (size_t)(ccdb.nr + 1) > ccdb.seen_size) {
		uint64_t *old = ccdb.seen;
		size_t old_size = ccdb.seen_size;

		ccdb.seen_size = ccdb.seen_size ? 2 * ccdb.seen_size : 1024;
		ccdb.seen = xmalloc(ccdb.seen_size * sizeof(*ccdb.seen));
		memset(ccdb.seen, 0, ccdb.seen_size * sizeof(*ccdb.seen));
		for (i = 0; i < old_size; i++) {
			if (old[i])
				first_time(old[i]);
		}
		free(old);
	}
	mask = ccdb.seen_size - 1;
	for (i = h & mask; ccdb.seen[i]; i = (i + 1) & mask) {
		if (ccdb.seen[i] == h)
			return false;
	}
	ccdb.seen[i] = h;
	return true;
}

/*
 * True if the entry is one of the files named on the command line (or
 * none were).  A name matches as the entry writes it, or as a path from
 * here or from the entry's directory to the same file.
 */
static bool wanted(json_t *e, char **files, int nr_files, bool *used)
{
	const char *dir = entry_string(e, "directory"), *file = entry_string(e, "file");
	char *path, *want;
	bool found = !nr_files;
	int i;

	path = resolve(dir, file);
	for (i = 0; i < nr_files; i++) {
		bool same = !strcmp(files[i], file);

		want = resolve(NULL, files[i]);
		same |= !strcmp(want, path);
		free(want);
		want = resolve(dir, files[i]);
		same |= !strcmp(want, path);
		free(want);
		used[i] |= same;
		found |= same;
	}
	free(path);
	return found;
}

static void add_offset(size_t offset)
{
	if (ccdb.nr == ccdb.alloc) {
		ccdb.alloc = ccdb.alloc ? 2 * ccdb.alloc : 256;
		ccdb.offsets = realloc(ccdb.offsets, ccdb.alloc * sizeof(*ccdb.offsets));
		if (!ccdb.offsets) {
			fprintf(stderr, "smatch: out of memory\n");
			exit(3);
		}
	}
	ccdb.offsets[ccdb.nr++] = offset;
}

/*
 * Reads the entries once, keeping where the ones to check are; their
 * command lines are made again as their children start.  Returns false
 * (after saying why) for a database that cannot be used.
 */
static bool choose_entries(char **files, int nr_files, bool *used)
{
	struct command_line c = { 0 };
	bool chosen, complete = true;
	size_t offset;
	json_t *e;

	while (complete && (e = json_array_next(&ccdb.reader, &offset))) {
		/* the command line is made only for the files to check (a few of many, often) */
		complete = entry_string(e, "directory") && entry_string(e, "file");
		chosen = complete && wanted(e, files, nr_files, used);
		if (chosen && !is_c_source(entry_string(e, "file"))) {
			ccdb.not_c++;
			chosen = false;
		}
		if (chosen) {
			complete = make_command_line(&c, e);
			if (complete && first_time(command_hash(entry_string(e, "directory"), c.job.argv)))
				add_offset(offset);
			else if (complete)
				ccdb.repeated++;
			free_command_line(&c);
		} else {
			complete = complete && (entry_string(e, "command") ||
						json_is_array(json_object_get(e, "arguments")));
			json_decref(e);
		}
	}
	if (!complete)
		fprintf(stderr, "smatch: %s: entry %d needs \"directory\", \"file\" and "
			"\"command\" or \"arguments\"\n", ccdb.reader.name, ccdb.reader.nr);
	return complete && !ccdb.reader.failed;
}

/* The i-th job's command line, from its entry (read and checked once already). */
static void make_job(int i, struct job *j)
{
	struct command_line *c = &ccdb.starting;

	make_command_line(c, json_array_reread(&ccdb.reader, ccdb.offsets[i]));
	*j = c->job;
	j->file = strdup(j->file);	/* for the last line, after the entry is gone */
}

static void release_job(struct job *j)
{
	j->argv = NULL;
	free_command_line(&ccdb.starting);
}

/* The last line: "smatch: N files checked, M with errors (a.c, b.c), K skipped". */
static void print_counts(const struct job *jobs, int nr)
{
	int i, failed = 0;

	for (i = 0; i < nr; i++)
		failed += job_status(&jobs[i]) != 0;
	fprintf(stderr, "smatch: %d file%s checked, %d with errors", nr, nr == 1 ? "" : "s", failed);
	for (i = 0, failed = 0; i < nr && failed < NAMED_FAILURES; i++) {
		if (job_status(&jobs[i]))
			fprintf(stderr, "%s%s", failed++ ? ", " : " (", jobs[i].file);
	}
	for (; i < nr && !job_status(&jobs[i]); i++)
		;
	if (failed)
		fprintf(stderr, "%s)", i < nr ? ", ..." : "");
	fprintf(stderr, ", %d skipped\n", ccdb.not_c + ccdb.repeated);
}

/*
 * Sorts our command line into the files to check (the arguments that are
 * neither options nor their values) and the options the children get.
 */
static int split_our_args(int argc, char **argv, char **files)
{
	int i, nr_files = 0;

	ccdb.nr_forward = 0;
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
			ccdb.forward[ccdb.nr_forward++] = argv[i];
			if ((option_takes_value(a) || !strcmp(a, "--project") || !strcmp(a, "--data")) &&
			    i + 1 < argc)
				ccdb.forward[ccdb.nr_forward++] = argv[++i];
		}
	}
	return nr_files;
}

/* Checks the files of the compile_commands.json cli.compile_commands names. */
int run_compile_commands(int argc, char **argv)
{
	static const struct lazy_jobs lazy = { make_job, release_job };
	char **files = xmalloc(argc * sizeof(char *));
	int nr_files, i, status = 2;
	struct job *jobs = NULL;
	bool *used;

	ccdb.forward = xmalloc(argc * sizeof(char *));
	nr_files = split_our_args(argc, argv, files);
	used = xmalloc((nr_files + 1) * sizeof(*used));
	memset(used, 0, (nr_files + 1) * sizeof(*used));
	if (!json_array_open(&ccdb.reader, cli.compile_commands))
		goto out;
	if (!choose_entries(files, nr_files, used))
		goto out;
	status = 0;
	for (i = 0; i < nr_files; i++) {
		if (!used[i]) {
			fprintf(stderr, "smatch: %s: not in %s\n", files[i], ccdb.reader.name);
			status = 2;
		}
	}
	if (ccdb.not_c)
		fprintf(stderr, "smatch: %s: %d entr%s not C (assembler, C++, Objective-C): skipped\n",
			ccdb.reader.name, ccdb.not_c, ccdb.not_c == 1 ? "y is" : "ies are");
	if (ccdb.repeated)
		fprintf(stderr, "smatch: %s: %d entr%s another's file and flags: checked once\n",
			ccdb.reader.name, ccdb.repeated, ccdb.repeated == 1 ? "y repeats" : "ies repeat");
	jobs = xmalloc((ccdb.nr + 1) * sizeof(*jobs));
	memset(jobs, 0, (ccdb.nr + 1) * sizeof(*jobs));
	if (run_jobs(jobs, ccdb.nr, cli.jobs, &lazy) && !status)
		status = 1;
	print_counts(jobs, ccdb.nr);
	finish_reports();
	for (i = 0; i < ccdb.nr; i++)
		free((char *)jobs[i].file);
out:
	free(jobs);
	json_array_close(&ccdb.reader);
	free(ccdb.offsets);
	free(ccdb.seen);
	free(used);
	free(files);
	free(ccdb.forward);
	return status;
}
