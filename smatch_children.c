/*
 * smatch_children.c: runs the checks of --compile-commands as child
 * processes, at most -j at once; prints what each wrote in the order of
 * the entries, and ends with one line that counts the files.
 */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#include "smatch_internal.h"
#include "smatch_cli.h"

#define NAMED_FAILURES 5	/* files with errors named in the last line */

/* One child: the file it checks and, once it is done, what it printed. */
struct child {
	char *file;		/* as the entry names it */
	pid_t pid;
	FILE *out, *err;	/* its stdout and stderr */
	int status;
	bool done;
};

/* What the children's run came to: the counts and names of the last line. */
struct tally {
	int checked, failed;
	char *named[NAMED_FAILURES];
};

static FILE *temp_file(void)
{
	FILE *f = tmpfile();

	if (!f) {
		fprintf(stderr, "smatch: cannot make a temporary file: %s\n", strerror(errno));
		exit(3);
	}
	return f;
}

static void start_child(struct child *c, const struct child_command *cmd)
{
	c->file = strdup(cmd->file);
	c->out = temp_file();
	c->err = temp_file();
	fflush(NULL);
	c->pid = fork();
	if (c->pid < 0) {
		fprintf(stderr, "smatch: fork: %s\n", strerror(errno));
		exit(3);
	}
	if (c->pid == 0) {
		dup2(fileno(c->out), 1);
		dup2(fileno(c->err), 2);
		if (chdir(cmd->dir)) {
			fprintf(stderr, "smatch: %s: %s\n", cmd->dir, strerror(errno));
			_exit(2);
		}
		execv("/proc/self/exe", cmd->argv);
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

static void finish_child(struct child *c, struct tally *t)
{
	take_output(c->out);
	copy_file(c->err, stderr);
	if (WIFSIGNALED(c->status))
		fprintf(stderr, "smatch: %s: killed by signal %d (%s)\n", c->file,
			WTERMSIG(c->status), strsignal(WTERMSIG(c->status)));
	fclose(c->out);
	fclose(c->err);
	t->checked++;
	if (WIFEXITED(c->status) && !WEXITSTATUS(c->status)) {
		free(c->file);
	} else if (t->failed++ < NAMED_FAILURES) {
		t->named[t->failed - 1] = c->file;
	} else {
		free(c->file);
	}
}

/* "smatch: N files checked, M with errors (a.c, b.c), K skipped" */
static void print_tally(struct tally *t, int skipped)
{
	int i;

	fprintf(stderr, "smatch: %d file%s checked, %d with errors", t->checked,
		t->checked == 1 ? "" : "s", t->failed);
	for (i = 0; i < t->failed && i < NAMED_FAILURES; i++) {
		fprintf(stderr, "%s%s", i ? ", " : " (", t->named[i]);
		free(t->named[i]);
	}
	if (t->failed)
		fprintf(stderr, "%s)", t->failed > NAMED_FAILURES ? ", ..." : "");
	fprintf(stderr, ", %d skipped\n", skipped);
}

/*
 * Checks 'nr' files, at most 'max' at once: ops->make(i) says how to check
 * the i-th, ops->release() frees that once the child runs.  Returns 1 if
 * some file's check failed, else 0 (3: no wait).
 */
int run_children(int nr, int max, int skipped, const struct child_ops *ops)
{
	struct child *children = xmalloc((nr + 1) * sizeof(*children));
	int next = 0, printed = 0, running = 0, status, i, res = 0;
	struct tally t = { 0 };
	pid_t pid;

	memset(children, 0, (nr + 1) * sizeof(*children));
	while (printed < nr) {
		while (running < max && next < nr) {
			struct child_command cmd;

			ops->make(next, &cmd);
			start_child(&children[next++], &cmd);
			ops->release(&cmd);
			running++;
		}
		pid = wait(&status);
		if (pid < 0) {
			if (errno == EINTR)
				continue;
			fprintf(stderr, "smatch: wait: %s\n", strerror(errno));
			res = 3;
			break;
		}
		for (i = 0; i < next && children[i].pid != pid; i++)
			;
		if (i == next)
			continue;	/* not one of ours */
		children[i].status = status;
		children[i].done = true;
		running--;
		while (printed < nr && children[printed].done)
			finish_child(&children[printed++], &t);
	}
	print_tally(&t, skipped);
	free(children);
	return res ? res : t.failed > 0;
}
