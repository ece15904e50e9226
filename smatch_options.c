/*
 * smatch_options.c: takes smatch's own options out of the command line;
 * everything else is handed to Sparse, which parses it as the compiler would.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <libgen.h>
#include "smatch.h"
#include "smatch_internal.h"
#include "smatch_cli.h"
#include "version.h"

struct smatch_options opt;
struct cli_options cli = { .format = FORMAT_TEXT };

/* Keep in sync with docs/smatch.1 (validation/cli/help-man.sh compares them). */
static const char usage[] =
"usage: smatch [smatch options] [sparse/gcc options] file.c...\n"
"       smatch --compile-commands=compile_commands.json [-j N] [options] [file.c...]\n"
"\n"
"Checks C files for locking bugs; warnings go to stdout, one per line:\n"
"  file.c:LINE func() warn: message\n"
"\n"
"smatch options (any order, mixed with compiler options):\n"
"  -p=NAME, --project=NAME  lock table and conventions: kernel or userspace\n"
"                           (default: kernel if the flags define __KERNEL__,\n"
"                           else userspace)\n"
"  --sparse-warnings        with userspace, also print Sparse's warnings\n"
"                           (its errors are always printed)\n"
"  --data=DIR               where smatch_data/ lives (default: beside the binary)\n"
"  --format=FORMAT          output: text (default), json (one object a line), sarif\n"
"  --explain                show the path (locks, branches, return) behind each warning\n"
"  --compile-commands=FILE  check the files of a compile_commands.json, each with\n"
"                           its own flags (only the files named, if any are)\n"
"  -j N, --jobs=N           files checked at once, each by a process of its own\n"
"                           (default: the number of cores)\n"
"  --info                   also print what was learnt for the database\n"
"  --db-file=PATH           the cross-function database to read (default: $SMATCH_DB,\n"
"                           else smatch_db.sqlite in the current directory)\n"
"  --no-db                  do not read the database\n"
"  --lock-callers=N         warn about a call without a lock that at least N\n"
"                           other callers of the function, and 80%, hold\n"
"                           (default: 3)\n"
"  --spammy                 also print, as warnings ending in (rule: NAME), the\n"
"                           candidates a rule kept silent (docs/rules.md)\n"
"  --debug                  print each function's return summaries on stderr\n"
"  --debug=AREA[,AREA]      print on stderr why candidates were not reported and\n"
"                           which rules changed a state: locking, sleep\n"
"  --engine-only            walk the code without lock tracking or checks\n"
"                           (to measure the engine alone)\n"
"  -h, --help               this text\n"
"  --version                print the version\n"
"\n"
"Every other option is passed to Sparse, which takes what gcc takes\n"
"(-I, -D, -include, -isystem, -std=, -m64, -f..., -W..., --arch=, --param=...).\n"
"Exit status: 0 when every file was checked (warnings or not), 1 when Sparse\n"
"found errors in a file (with --compile-commands: when a file's check failed),\n"
"2 for bad usage or unreadable input.\n";

/* The gcc options beginning with "--" that are accepted (and ignored by smatch). */
static const char *const gcc_long_options[] = {
	"--param", "--sysroot", "--target", "--gcc-toolchain", "--std", "--coverage",
	"--no-warnings", "--pedantic", "--ansi", "--pipe", "--save-temps", "--verbose", NULL
};

/* The gcc options whose value is the next argument, which Sparse reads too. */
static const char *const value_options[] = {
	"-I", "-D", "-U", "-include", "-imacros", "-isystem", "-idirafter", "-o",
	"-MF", "-MT", "-MQ", "-x", "--param", NULL
};

/* Those whose value is the next argument but that Sparse does not know: both are dropped. */
static const char *const ignored_value_options[] = {
	"-iprefix", "-iwithprefix", "-iwithprefixbefore", "-isysroot", "-imultilib",
	"-Xpreprocessor", "-Xassembler", "-Xlinker", "-L", "-T", "-u", "-z", "-aux-info",
	"--sysroot", "--target", "--gcc-toolchain", NULL
};

static bool in_list(const char *const *list, const char *arg)
{
	for (; *list; list++) {
		if (!strcmp(*list, arg))
			return true;
	}
	return false;
}

bool option_takes_value(const char *arg)
{
	return in_list(value_options, arg) || in_list(ignored_value_options, arg) ||
	       !strcmp(arg, "-iquote");
}

static bool is_gcc_long_option(const char *arg)
{
	char name[64];

	snprintf(name, sizeof(name), "%.*s", (int)strcspn(arg, "="), arg);
	return in_list(gcc_long_options, name);
}

static const char *default_data_dir(void)
{
	static char buf[4096];
	ssize_t n;
	const char *env = getenv("SMATCH_DATA");

	if (env)
		return env;
	n = readlink("/proc/self/exe", buf, sizeof(buf) - 32);
	if (n <= 0)
		return "smatch_data";
	buf[n] = '\0';
	strcat(dirname(buf), "/smatch_data");
	return buf;
}

static void usage_error(const char *fmt, const char *arg)
{
	fprintf(stderr, "smatch: ");
	fprintf(stderr, fmt, arg);
	fprintf(stderr, " (see smatch --help)\n");
	exit(2);
}

/*
 * An option with a value: "--name=VALUE" or "--name VALUE" ("-p=NAME"
 * only, as gcc has a -p of its own): true if argv[*i] is 'name'.
 */
static bool value_opt(int argc, char **argv, int *i, const char *name, const char **value)
{
	const char *arg = argv[*i];
	size_t n = strlen(name);

	if (strncmp(arg, name, n))
		return false;
	if (arg[n] == '=') {
		*value = arg + n + 1;
	} else if (arg[n] == '\0' && name[1] == '-') {
		if (*i + 1 >= argc)
			usage_error("option '%s' needs a value", name);
		*value = argv[++*i];
	} else {
		return false;
	}
	return true;
}

/* "-j N" or "-jN". */
static bool jobs_opt(int argc, char **argv, int *i, const char **value)
{
	const char *arg = argv[*i];

	if (strncmp(arg, "-j", 2))
		return false;
	if (arg[2] >= '0' && arg[2] <= '9') {
		*value = arg + 2;
		return true;
	}
	if (arg[2])
		return false;
	if (*i + 1 >= argc)
		usage_error("option '%s' needs a value", arg);
	*value = argv[++*i];
	return true;
}

static void set_format(const char *value)
{
	if (!strcmp(value, "text"))
		cli.format = FORMAT_TEXT;
	else if (!strcmp(value, "json"))
		cli.format = FORMAT_JSON;
	else if (!strcmp(value, "sarif"))
		cli.format = FORMAT_SARIF;
	else
		usage_error("unknown output format '%s': use text, json or sarif", value);
}

/* --debug=locking,sleep: the areas whose decisions are printed. */
static void set_debug_areas(const char *value)
{
	char name[64];
	size_t n;
	int area;

	for (; *value; value += n + (value[n] == ',')) {
		n = strcspn(value, ",");
		snprintf(name, sizeof(name), "%.*s", (int)n, value);
		area = debug_area_named(name);
		if (area < 0)
			usage_error("unknown debug area '%s': use locking or sleep", name);
		opt.debug_areas |= 1u << area;
	}
}

/* A whole number from 1 to 'max', or a usage error about a bad number of 'what'. */
static long count_value(const char *value, long max, const char *what)
{
	char *end;
	long n = strtol(value, &end, 10);

	if (*end || end == value || n < 1 || n > max)
		usage_error(intern_fmt("bad number of %s '%%s'", what), value);
	return n;
}

/* The smatch options without a value: true if 'arg' is one. */
static bool flag_opt(const char *arg)
{
	if (!strcmp(arg, "--info"))
		opt.info = true;
	else if (!strcmp(arg, "--spammy"))
		opt.spammy = true;
	else if (!strcmp(arg, "--debug"))
		opt.debug = true;
	else if (!strcmp(arg, "--engine-only"))
		opt.engine_only = true;
	else if (!strcmp(arg, "--no-db"))
		opt.no_db = true;
	else if (!strcmp(arg, "--explain"))
		cli.explain = true;
	else if (!strcmp(arg, "--sparse-warnings"))
		cli.sparse_warnings = true;
	else
		return false;
	return true;
}

/*
 * The project -p= names, checked; without -p=, the one the flags given to
 * Sparse say: the kernel's build defines __KERNEL__.
 */
static const char *choose_project(const char *named, char **sparse_argv, int n)
{
	int i;

	if (named) {
		if (strcmp(named, "kernel") && strcmp(named, "userspace"))
			usage_error("unknown project '%s': use kernel or userspace", named);
		return named;
	}
	for (i = 1; i < n; i++) {
		const char *def = sparse_argv[i];

		if (!strcmp(def, "-D") && i + 1 < n)
			def = sparse_argv[++i];
		else if (!strncmp(def, "-D", 2))
			def += 2;
		else
			continue;
		if (!strncmp(def, "__KERNEL__", 10) && (!def[10] || def[10] == '='))
			return "kernel";
	}
	return "userspace";
}

/*
 * A -std= option (or gcc's --std=): as Sparse takes it, or NULL (and the
 * dialect kept for the message) when it knows no dialect near it.
 */
static const char *std_option(const char *arg)
{
	const char *name = arg + strlen(arg[1] == '-' ? "--std=" : "-std=");
	const char *sparse = sparse_std_option(name);

	if (!sparse)
		cli.bad_std = arg;
	return sparse;
}

/*
 * The options Sparse should see (argv[0] first, NULL last, malloc'd);
 * exits for --help, --version and bad usage.
 */
char **parse_smatch_options(int argc, char **argv)
{
	char **sparse_argv = xmalloc((argc + 3) * sizeof(*sparse_argv));	/* + c23.h's -include */
	const char *value, *project = NULL;
	int i, n = 0;

	opt.data_dir = default_data_dir();
	opt.lock_callers = 3;
	cli.self = argv[0];
	cli.file_args = xmalloc(argc * sizeof(*cli.file_args));
	sparse_argv[n++] = argv[0];
	for (i = 1; i < argc; i++) {
		const char *arg = argv[i];

		if (value_opt(argc, argv, &i, "-p", &project) ||
		    value_opt(argc, argv, &i, "--project", &project) ||
		    value_opt(argc, argv, &i, "--data", &opt.data_dir) ||
		    value_opt(argc, argv, &i, "--db-file", &opt.db_file) ||
		    value_opt(argc, argv, &i, "--compile-commands", &cli.compile_commands) ||
		    flag_opt(arg))
			continue;
		if (value_opt(argc, argv, &i, "--format", &value)) {
			set_format(value);
		} else if (value_opt(argc, argv, &i, "--debug", &value)) {
			set_debug_areas(value);
		} else if (value_opt(argc, argv, &i, "--lock-callers", &value)) {
			opt.lock_callers = count_value(value, 1000000, "callers");
		} else if (value_opt(argc, argv, &i, "--jobs", &value) ||
			   jobs_opt(argc, argv, &i, &value)) {
			cli.jobs = count_value(value, 4096, "jobs");
		} else if (!strcmp(arg, "--help") || !strcmp(arg, "-h")) {
			fputs(usage, stdout);
			exit(0);
		} else if (!strcmp(arg, "--version")) {
			printf("smatch %s (sparse %s)\n", SMATCH_VERSION, SPARSE_VERSION);
			exit(0);
		} else if (!strncmp(arg, "-std=", 5) || !strncmp(arg, "--std=", 6)) {
			if ((value = std_option(arg)))
				sparse_argv[n++] = (char *)value;
		} else if (arg[0] == '-' && arg[1] == '-' && arg[2] && !is_gcc_long_option(arg) &&
			   strncmp(arg, "--arch=", 7) && strncmp(arg, "--os=", 5)) {
			usage_error("unknown option '%s'", arg);
		} else if (!strncmp(arg, "-iquote", 7)) {
			/* Sparse lacks -iquote: -I is the same search, for every include */
			sparse_argv[n++] = arg[7] ? (char *)intern_fmt("-I%s", arg + 7) : "-I";
			if (!arg[7] && i + 1 < argc)
				sparse_argv[n++] = argv[++i];
		} else if (in_list(ignored_value_options, arg)) {
			i++;
		} else {
			if (arg[0] != '-' || !arg[1])
				cli.file_args[cli.nr_files++] = i;
			sparse_argv[n++] = argv[i];
			if (option_takes_value(arg) && i + 1 < argc)
				sparse_argv[n++] = argv[++i];
		}
	}
	if (cli.c23) {
		sparse_argv[n++] = "-include";
		sparse_argv[n++] = (char *)intern_fmt("%s/dialect/c23.h", opt.data_dir);
	}
	sparse_argv[n] = NULL;
	opt.project = choose_project(project, sparse_argv, n);
	return sparse_argv;
}
