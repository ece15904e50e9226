/*
 * smatch_fuzz.c: the libFuzzer harness (make fuzz, docs/fuzzing.md): each input is checked as
 * "smatch -I validation/include input.c" would check it, in a child forked per input.
 */
#define _GNU_SOURCE
#include <ctype.h>
#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include <sanitizer/common_interface_defs.h>
#include <sanitizer/lsan_interface.h>
#include "smatch.h"
#include "smatch_cli.h"

/*
 * Why a child per input: Sparse keeps state from file to file (error counters that stop
 * its messages, the stream table that positions index in 14 bits, macros, allocator), calls
 * exit() on some errors, and smatch's tables persist too.  Forked from a process that has
 * run sparse_initialize() once, every input starts from the state smatch's main() has when
 * it opens its first file.  The child hands its coverage counters back to the parent.
 */

/* libFuzzer's inline 8-bit coverage counters; the linker provides the bounds. */
extern uint8_t __start___sancov_cntrs[], __stop___sancov_cntrs[];

#define CHILD_STACK	((size_t)1 << 30)	/* as smatch's analysis thread */
#define STATUS_LEAKED	(-1)			/* child status: LeakSanitizer found leaks */

static char input_path[] = "/tmp/smatch-fuzz-XXXXXX.c";
static char log_path[] = "/tmp/smatch-fuzz-XXXXXX.log";
static int input_fd;
static const char *crash_dir;
static bool stop_on_crash, check_leaks;
static long timeout_ms, rss_limit_kb;
static uint8_t *child_counters;

static struct {
	long runs, clean, error_exit, crashes;
} stats;

/* The distinct failures seen, told apart by the sanitizer's first stack frame. */
#define MAX_SIGNATURES 256
static struct signature {
	char text[512];
	uint64_t hash;	/* compared instead of the text, which libFuzzer's strcmp hook would learn */
	long count;
} signatures[MAX_SIGNATURES];
static int nr_signatures;

static int child_fd = -1;	/* in the child: the pipe to the parent */

static long env_long(const char *name, long def)
{
	const char *s = getenv(name);

	return s && *s ? atol(s) : def;
}

static size_t counters_len(void)
{
	return __stop___sancov_cntrs - __start___sancov_cntrs;
}

/* Sanitizer defaults of the harness (the environment's options override them). */
const char *__asan_default_options(void)
{
	/* ASan takes the signals libFuzzer would handle by writing crash files of its own */
	return "handle_abort=1:handle_sigill=1:handle_sigfpe=1:handle_sigbus=1:leak_check_at_exit=0";
}

const char *__ubsan_default_options(void)
{
	return "halt_on_error=1:print_stacktrace=1:suppressions=" FUZZ_ROOT "/fuzz/ubsan.supp";
}

const char *__lsan_default_options(void)
{
	return "suppressions=" FUZZ_ROOT "/fuzz/lsan.supp";
}

static bool write_all(int fd, const void *buf, size_t len)
{
	const char *p = buf;

	while (len) {
		ssize_t n = write(fd, p, len);

		if (n <= 0)
			return false;
		p += n;
		len -= n;
	}
	return true;
}

/* In the child: hands the exit status and the coverage counters to the parent, and exits. */
static void child_finish(int status)
{
	fflush(stdout);
	fflush(stderr);
	if (write_all(child_fd, &status, sizeof(status)))
		write_all(child_fd, __start___sancov_cntrs, counters_len());
	_exit(0);
}

void __real_exit(int status) __attribute__((noreturn));

/* Linked with --wrap=exit: an exit() of Sparse (die()) or smatch in the child ends the child only. */
void __wrap_exit(int status)
{
	if (child_fd >= 0)
		child_finish(status);
	__real_exit(status);
}

/* As smatch's main loop: what check_input_file() refuses (an over-long #include name, ...) is not read. */
static void *analyse_input(void *unused)
{
	if (check_input_file(input_path) != 2)
		analyze_file_symbols(sparse(input_path));
	finish_reports();
	return NULL;
}

static void run_child(int fd)
{
	pthread_attr_t attr;
	pthread_t thread;
	int out = open("/dev/null", O_WRONLY);
	int err = open(log_path, O_WRONLY | O_TRUNC);

	child_fd = fd;
	prctl(PR_SET_PDEATHSIG, SIGKILL);
	/* the parent saves crashing inputs: libFuzzer's callback would write its own file */
	__sanitizer_set_death_callback(NULL);
	if (out >= 0)
		dup2(out, 1);
	if (err >= 0)
		dup2(err, 2);
	if (pthread_attr_init(&attr) || pthread_attr_setstacksize(&attr, CHILD_STACK) ||
	    pthread_create(&thread, &attr, analyse_input, NULL))
		analyse_input(NULL);
	else
		pthread_join(thread, NULL);
	if (check_leaks && __lsan_do_recoverable_leak_check())
		child_finish(STATUS_LEAKED);
	child_finish(has_error ? 1 : 0);
}

static long elapsed_ms(const struct timespec *t0)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (t.tv_sec - t0->tv_sec) * 1000 + (t.tv_nsec - t0->tv_nsec) / 1000000;
}

static long rss_kb(pid_t pid)
{
	char path[64];
	long size = 0, rss = 0;
	FILE *f;

	snprintf(path, sizeof(path), "/proc/%d/statm", (int)pid);
	f = fopen(path, "r");
	if (!f)
		return 0;
	if (fscanf(f, "%ld %ld", &size, &rss) != 2)
		rss = 0;
	fclose(f);
	return rss * (sysconf(_SC_PAGESIZE) / 1024);
}

/*
 * In the parent: reads the child's message into buf (status, then counters) while watching
 * its time and memory; returns the bytes read, or -1 with *why set if the child was killed.
 */
static ssize_t read_child(int fd, pid_t pid, char *buf, size_t len, const char **why)
{
	struct pollfd pfd = { .fd = fd, .events = POLLIN };
	struct timespec t0;
	size_t got = 0;

	clock_gettime(CLOCK_MONOTONIC, &t0);
	for (;;) {
		int r = poll(&pfd, 1, 100);
		ssize_t n;

		if (r == 0) {
			*why = elapsed_ms(&t0) > timeout_ms ? "timeout" :
			       rss_kb(pid) > rss_limit_kb ? "memory" : NULL;
			if (*why) {
				kill(pid, SIGKILL);
				return -1;
			}
			continue;
		}
		if (r < 0)
			continue;
		n = read(fd, buf + got, len - got);
		if (n <= 0)
			return got;
		got += n;
		if (got == len)
			return got;
	}
}

static bool copy_file(const char *from, const char *to)
{
	char buf[8192];
	size_t n;
	FILE *in = fopen(from, "rb"), *out = in ? fopen(to, "wb") : NULL;

	while (out && (n = fread(buf, 1, sizeof(buf), in)) > 0)
		fwrite(buf, 1, n, out);
	if (in)
		fclose(in);
	return out && fclose(out) == 0;
}

static uint64_t fnv1a(const uint8_t *data, size_t size)
{
	uint64_t h = 0xcbf29ce484222325ULL;

	while (size--)
		h = (h ^ *data++) * 0x100000001b3ULL;
	return h;
}

/* Copies 'from' without its hexadecimal numbers (addresses, pids) and the end of line. */
static void copy_without_hex(char *to, size_t len, const char *from)
{
	size_t n = 0;

	while (*from && *from != '\n' && n + 1 < len) {
		if (from[0] == '0' && from[1] == 'x') {
			for (from += 2; isxdigit((unsigned char)*from); from++)
				;
			continue;
		}
		to[n++] = *from++;
	}
	to[n] = '\0';
}

/* Keeps "ERROR: AddressSanitizer: KIND" of an ASan line, without the addresses and thread after it. */
static void cut_after_kind(char *what)
{
	char *p = NULL;

	if (!strncmp(what, "ERROR: ", 7) && (p = strchr(what + 7, ' ')))
		p = strchr(p + 1, ' ');
	if (p)
		*p = '\0';
}

/*
 * What the child's messages say of the failure: the assertion, sanitizer report or
 * runtime error, and the first stack frame in smatch's or Sparse's code.
 */
static void failure_signature(const char *kind, char *buf, size_t len)
{
	char line[1024], what[256] = "", frame[256] = "";
	FILE *f = fopen(log_path, "r");

	while (f && fgets(line, sizeof(line), f) && !frame[0]) {
		char *in = strstr(line, " in ");
		char *p = strstr(line, ": Assertion `");

		/* only the C library's and the sanitizers' own lines: Sparse quotes the input */
		if (p && !strstr(p, "' failed."))
			p = NULL;
		if (!p && !what[0])
			p = strstr(line, ": runtime error: ") ? line :
			    !strncmp(line, "==", 2) ? strstr(line, "ERROR: ") : NULL;
		if (p) {
			copy_without_hex(what, sizeof(what), p[0] == ':' ? p + 2 : p);
			cut_after_kind(what);
		} else if (what[0] && in && strstr(in, FUZZ_ROOT "/") &&
			   (strstr(in, ".c:") || strstr(in, ".h:"))) {
			copy_without_hex(frame, sizeof(frame), in + 4);
		}
	}
	if (f)
		fclose(f);
	snprintf(buf, len, "%s: %s%s%s", kind, what, frame[0] ? " at " : "", frame);
}

/* Counts a failure; true the first time its signature is seen. */
static bool new_signature(const char *sig)
{
	uint64_t hash = fnv1a((const uint8_t *)sig, strlen(sig));
	int i;

	for (i = 0; i < nr_signatures; i++) {
		if (signatures[i].hash == hash) {
			signatures[i].count++;
			return false;
		}
	}
	if (nr_signatures < MAX_SIGNATURES) {
		snprintf(signatures[nr_signatures].text, sizeof(signatures[0].text), "%s", sig);
		signatures[nr_signatures].hash = hash;
		signatures[nr_signatures++].count = 1;
	}
	return true;
}

/*
 * Keeps a failing input and the child's messages as crash_dir/KIND-HASH.c and .log, the
 * first time its signature is seen (the later ones are counted).
 */
static void save_failure(const char *kind, const uint8_t *data, size_t size)
{
	char name[4096], logname[4096], sig[512];
	FILE *f;

	stats.crashes++;
	failure_signature(kind, sig, sizeof(sig));
	if (!new_signature(sig) && !stop_on_crash)
		return;
	snprintf(name, sizeof(name), "%s/%s-%016llx.c", crash_dir, kind,
		 (unsigned long long)fnv1a(data, size));
	snprintf(logname, sizeof(logname), "%s/%s-%016llx.log", crash_dir, kind,
		 (unsigned long long)fnv1a(data, size));
	f = fopen(name, "wb");
	if (f) {
		fwrite(data, 1, size, f);
		fclose(f);
	}
	copy_file(log_path, logname);
	fprintf(stderr, "smatch_fuzz: new failure %s\n  input saved as %s, messages in %s\n", sig, name, logname);
	if (stop_on_crash)
		abort();	/* libFuzzer's turn: it saves and can minimize the input */
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	size_t len = sizeof(int) + counters_len();
	const char *why = NULL;
	int fds[2], ws, status;
	ssize_t got;
	pid_t pid;

	/* smatch refuses a file with a NUL byte in its first 4 KiB as binary */
	if (memchr(data, 0, size < 4096 ? size : 4096))
		return -1;
	if (ftruncate(input_fd, 0) || pwrite(input_fd, data, size, 0) != (ssize_t)size || pipe(fds)) {
		perror("smatch_fuzz");
		abort();
	}
	stats.runs++;
	pid = fork();
	if (pid < 0) {
		perror("smatch_fuzz: fork");
		abort();
	}
	if (pid == 0) {
		close(fds[0]);
		run_child(fds[1]);
	}
	close(fds[1]);
	got = read_child(fds[0], pid, (char *)child_counters, len, &why);
	close(fds[0]);
	waitpid(pid, &ws, 0);
	if (got != (ssize_t)len) {
		save_failure(why ? why : "crash", data, size);
		return 0;
	}
	memcpy(&status, child_counters, sizeof(status));
	if (status == STATUS_LEAKED) {
		save_failure("leak", data, size);
		return 0;
	}
	memcpy(__start___sancov_cntrs, child_counters + sizeof(int), counters_len());
	if (status)
		stats.error_exit++;
	else
		stats.clean++;
	return 0;
}

static void finish(void)
{
	int i;

	unlink(input_path);
	unlink(log_path);
	fprintf(stderr, "smatch_fuzz: %ld inputs: %ld clean, %ld with a Sparse error or non-zero exit, "
		"%ld crashes/timeouts/leaks of %d kinds\n", stats.runs, stats.clean, stats.error_exit,
		stats.crashes, nr_signatures);
	for (i = 0; i < nr_signatures; i++)
		fprintf(stderr, "smatch_fuzz: %6ld x %s\n", signatures[i].count, signatures[i].text);
}

/* smatch's command line, with extra words from $SMATCH_FUZZ_ARGS (e.g. "--format=sarif"). */
static char **fuzz_argv(int *argc)
{
	static char *argv[64];
	char *extra = getenv("SMATCH_FUZZ_ARGS");
	int n = 0;

	argv[n++] = "smatch";
	argv[n++] = "-p=kernel";	/* the corpus uses the kernel lock API of validation/include */
	argv[n++] = "-I" FUZZ_ROOT "/validation/include";
	for (extra = extra ? strtok(strdup(extra), " ") : NULL; extra && n < 62; extra = strtok(NULL, " "))
		argv[n++] = extra;
	argv[n] = NULL;
	*argc = n;
	return argv;
}

int LLVMFuzzerInitialize(int *unused_argc, char ***unused_argv)
{
	struct string_list *filelist = NULL;
	int argc, log_fd;
	char **argv = fuzz_argv(&argc);
	char **sparse_argv;

	crash_dir = getenv("SMATCH_FUZZ_CRASHES") ? getenv("SMATCH_FUZZ_CRASHES") : ".";
	stop_on_crash = env_long("SMATCH_FUZZ_STOP", 0);
	check_leaks = env_long("SMATCH_FUZZ_LEAKS", 0);
	timeout_ms = env_long("SMATCH_FUZZ_TIMEOUT", 60) * 1000;
	rss_limit_kb = env_long("SMATCH_FUZZ_RSS_MB", 2048) * 1024;
	child_counters = malloc(sizeof(int) + counters_len());
	input_fd = mkstemps(input_path, 2);
	log_fd = mkstemps(log_path, 4);
	assert(child_counters && counters_len() > 0);
	if (input_fd < 0 || log_fd < 0) {
		perror("smatch_fuzz: temporary file");
		exit(1);
	}
	close(log_fd);
	setenv("SMATCH_DATA", FUZZ_ROOT "/smatch_data", 0);
	sparse_argv = parse_smatch_options(argc, argv);
	register_engine_modules();
	sparse_initialize(argc, sparse_argv, &filelist);
	atexit(finish);
	return 0;
}
