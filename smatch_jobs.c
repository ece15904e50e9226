/*
 * smatch_jobs.c: runs smatch in child processes, one per file, a few at a
 * time, and prints their reports in the order of the files; the children
 * print JSON, which is read back into reports of the format asked for.
 */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#include "smatch.h"
#include "smatch_internal.h"
#include "smatch_cli.h"

/* Adds one argument to the job's command line. */
void job_arg(struct job *j, const char *arg)
{
	j->argv = realloc(j->argv, (j->nr_args + 2) * sizeof(*j->argv));
	if (!j->argv) {
		fprintf(stderr, "smatch: out of memory\n");
		exit(3);
	}
	j->argv[j->nr_args++] = (char *)arg;
	j->argv[j->nr_args] = NULL;
}

static void start_job(struct job *j)
{
	j->out = tmpfile();
	j->err = tmpfile();
	if (!j->out || !j->err) {
		fprintf(stderr, "smatch: cannot make a temporary file: %s\n", strerror(errno));
		exit(3);
	}
	fflush(NULL);
	j->pid = fork();
	if (j->pid < 0) {
		fprintf(stderr, "smatch: fork: %s\n", strerror(errno));
		exit(3);
	}
	if (j->pid == 0) {
		dup2(fileno(j->out), 1);
		dup2(fileno(j->err), 2);
		if (j->dir && chdir(j->dir)) {
			fprintf(stderr, "smatch: %s: %s\n", j->dir, strerror(errno));
			_exit(2);
		}
		execv("/proc/self/exe", j->argv);
		fprintf(stderr, "smatch: cannot run myself: %s\n", strerror(errno));
		_exit(3);
	}
}

static int json_lines(struct json *arr, int *lines)
{
	int i, n = 0;

	for (i = 0; arr && arr->type == JSON_ARRAY && i < arr->nr && n < MAX_LOCK_LINES; i++)
		lines[n++] = arr->items[i]->number;
	return n;
}

static const char *interned(struct json *obj, const char *key)
{
	const char *s = json_string(obj, key);

	return intern(s ? s : "");
}

/* A report as a child printed it in JSON (see print_json()). */
static void report_from_json(struct json *o)
{
	struct report r = { 0 };
	struct json *path = json_get(o, "path"), *n;
	const char *sev = interned(o, "severity");
	int i;

	r.file = interned(o, "file");
	r.line = (n = json_get(o, "line")) ? n->number : 0;
	r.column = (n = json_get(o, "column")) ? n->number : 0;
	r.func = interned(o, "function");
	r.kind = !strcmp(sev, "warning") ? intern("warn") : sev;
	r.check = interned(o, "check");
	r.msg = interned(o, "message");
	if (json_string(o, "lock")) {
		r.lock = xmalloc(sizeof(*r.lock));
		r.lock->lock = interned(o, "lock");
		r.lock->nr_locked = json_lines(json_get(o, "locked_lines"), r.lock->locked);
		r.lock->nr_unlocked = json_lines(json_get(o, "unlocked_lines"), r.lock->unlocked);
	}
	if (path && path->type == JSON_ARRAY && path->nr) {
		r.steps = xmalloc(path->nr * sizeof(*r.steps));
		for (i = 0; i < path->nr; i++) {
			n = json_get(path->items[i], "line");
			r.steps[i].line = n ? n->number : 0;
			r.steps[i].text = interned(path->items[i], "message");
		}
		r.nr_steps = path->nr;
	}
	add_parsed_report(&r);
}

/* Prints what a finished child wrote: reports in our format, other lines as they are. */
static void print_job(struct job *j)
{
	char line[65536], err[128];
	struct json *o;

	rewind(j->out);
	while (fgets(line, sizeof(line), j->out)) {
		if (!strncmp(line, "{\"file\":", 8) && (o = json_parse(line, err, sizeof(err)))) {
			report_from_json(o);
			json_free(o);
		} else {
			fputs(line, stdout);
		}
	}
	fflush(stdout);
	rewind(j->err);
	while (fgets(line, sizeof(line), j->err))
		fputs(line, stderr);
	if (WIFSIGNALED(j->status))
		fprintf(stderr, "smatch: %s: killed by signal %d (%s)\n", j->file,
			WTERMSIG(j->status), strsignal(WTERMSIG(j->status)));
	fclose(j->out);
	fclose(j->err);
}

/* A child's exit status; one killed by a signal counts as an internal error. */
static int job_status(int status)
{
	return WIFEXITED(status) ? WEXITSTATUS(status) : EXIT_INTERNAL_ERROR;
}

/*
 * Runs the jobs, at most 'max' at once (0: one per core), printing their
 * output in order; returns the worst exit status of them.
 */
int run_jobs(struct job *jobs, int nr, int max)
{
	int next = 0, printed = 0, running = 0, worst = 0, status, i;
	pid_t pid;

	if (max < 1)
		max = sysconf(_SC_NPROCESSORS_ONLN) > 0 ? sysconf(_SC_NPROCESSORS_ONLN) : 1;
	while (printed < nr) {
		while (running < max && next < nr) {
			start_job(&jobs[next++]);
			running++;
		}
		pid = wait(&status);
		if (pid < 0) {
			if (errno == EINTR)
				continue;
			fprintf(stderr, "smatch: wait: %s\n", strerror(errno));
			return 3;
		}
		for (i = 0; i < next && jobs[i].pid != pid; i++)
			;
		if (i == next)
			continue;	/* not one of ours */
		jobs[i].status = status;
		jobs[i].done = true;
		running--;
		if (job_status(status) > worst)
			worst = job_status(status);
		while (printed < nr && jobs[printed].done)
			print_job(&jobs[printed++]);
	}
	return worst;
}

/*
 * Several files on the command line: each is checked by a child of its
 * own, with every option and none of the other files, as if it were alone
 * (what one file defines must not change how the next one parses).
 * 'files' are the indexes in argv of the files.
 */
int check_files_apart(int argc, char **argv, const int *files, int nr_files)
{
	struct job *jobs = xmalloc(nr_files * sizeof(*jobs));
	int i, k, f, status;

	memset(jobs, 0, nr_files * sizeof(*jobs));
	for (k = 0; k < nr_files; k++) {
		jobs[k].file = argv[files[k]];
		for (i = 0, f = 0; i < argc; i++) {
			if (f < nr_files && files[f] == i) {
				if (f++ != k)
					continue;
			}
			job_arg(&jobs[k], argv[i]);
		}
		job_arg(&jobs[k], "--format=json");
	}
	status = run_jobs(jobs, nr_files, cli.jobs);
	finish_reports();
	for (k = 0; k < nr_files; k++)
		free(jobs[k].argv);
	free(jobs);
	return status;
}
