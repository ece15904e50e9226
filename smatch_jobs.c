/*
 * smatch_jobs.c: runs smatch in child processes, one per file, a few at a
 * time, and prints what each wrote in the order of the files: text and
 * JSON as they are, SARIF results gathered into the run's one log.
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
	if (j->nr_args + 2 > j->alloc_args) {
		j->alloc_args = 2 * j->alloc_args + 16;
		j->argv = realloc(j->argv, j->alloc_args * sizeof(*j->argv));
	}
	if (!j->argv) {
		fprintf(stderr, "smatch: out of memory\n");
		exit(3);
	}
	j->argv[j->nr_args++] = (char *)arg;
	j->argv[j->nr_args] = NULL;
}

static FILE *temp_file(void)
{
	FILE *f = tmpfile();

	if (!f) {
		fprintf(stderr, "smatch: cannot make a temporary file: %s\n", strerror(errno));
		exit(3);
	}
	return f;
}

static void start_job(struct job *j)
{
	j->out = temp_file();
	j->err = temp_file();
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

static void copy_file(FILE *from, FILE *to)
{
	char buf[65536];
	size_t n;

	rewind(from);
	while ((n = fread(buf, 1, sizeof(buf), from)))
		fwrite(buf, 1, n, to);
	fflush(to);
}

/* A SARIF child's results join the run's log; other formats are printed as they are. */
static void take_output(FILE *out)
{
	json_error_t err;
	json_t *log, *results;

	if (cli.format != FORMAT_SARIF) {
		copy_file(out, stdout);
		return;
	}
	rewind(out);
	log = json_loadf(out, 0, &err);
	results = json_object_get(json_array_get(json_object_get(log, "runs"), 0), "results");
	if (json_is_array(results))
		sarif_add_results(results);
	json_decref(log);	/* no log: the child failed, and its stderr says why */
}

static void print_job(struct job *j)
{
	take_output(j->out);
	copy_file(j->err, stderr);
	if (WIFSIGNALED(j->status))
		fprintf(stderr, "smatch: %s: killed by signal %d (%s)\n", j->file,
			WTERMSIG(j->status), strsignal(WTERMSIG(j->status)));
	fclose(j->out);
	fclose(j->err);
}

/* A child's exit status; one killed by a signal counts as an internal error. */
int job_status(const struct job *j)
{
	return WIFEXITED(j->status) ? WEXITSTATUS(j->status) : EXIT_INTERNAL_ERROR;
}

/*
 * Runs the jobs, at most 'max' at once (0: one per core), printing their
 * output in order; returns the worst exit status of them.  With 'lazy',
 * each job's command line is made just before it starts (lazy->make())
 * and freed once it runs (lazy->release()): a database of thousands of
 * entries never has all of them in memory.
 */
int run_jobs(struct job *jobs, int nr, int max, const struct lazy_jobs *lazy)
{
	int next = 0, printed = 0, running = 0, worst = 0, status, i;
	pid_t pid;

	if (max < 1)
		max = sysconf(_SC_NPROCESSORS_ONLN) > 0 ? sysconf(_SC_NPROCESSORS_ONLN) : 1;
	while (printed < nr) {
		while (running < max && next < nr) {
			if (lazy)
				lazy->make(next, &jobs[next]);
			start_job(&jobs[next]);
			if (lazy)
				lazy->release(&jobs[next]);
			next++;
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
		if (job_status(&jobs[i]) > worst)
			worst = job_status(&jobs[i]);
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
	}
	status = run_jobs(jobs, nr_files, cli.jobs, NULL);
	finish_reports();
	for (k = 0; k < nr_files; k++)
		free(jobs[k].argv);
	free(jobs);
	return status;
}
