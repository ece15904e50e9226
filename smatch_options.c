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
#include "version.h"

struct smatch_options opt = { .project = "kernel" };

static const char usage[] =
"usage: smatch [smatch options] [sparse/gcc options] file.c...\n"
"\n"
"Checks C files for locking bugs; warnings go to stdout, one per line:\n"
"  file.c:LINE func() warn: message\n"
"\n"
"smatch options (any order, mixed with compiler options):\n"
"  -p=NAME, --project=NAME  lock table and conventions: kernel (default), userspace\n"
"  --data=DIR               where smatch_data/ lives (default: beside the binary)\n"
"  --info                   also print what was learnt for the database\n"
"  --spammy                 also print less certain warnings\n"
"  --debug                  print engine decisions on stderr\n"
"  --help                   this text\n"
"  --version                print the version\n"
"\n"
"Every other option is passed to Sparse (-I, -D, -m64, --arch=, -W...).\n";

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

static bool value_opt(const char *arg, const char *name, const char **value)
{
	size_t n = strlen(name);

	if (strncmp(arg, name, n) || arg[n] != '=')
		return false;
	*value = arg + n + 1;
	return true;
}

/*
 * Copies the options Sparse should see into sparse_argv (argv[0] first)
 * and returns their count; exits for --help and --version.
 */
int parse_smatch_options(int argc, char **argv, char **sparse_argv)
{
	int i, n = 0;

	opt.data_dir = default_data_dir();
	sparse_argv[n++] = argv[0];
	for (i = 1; i < argc; i++) {
		const char *arg = argv[i];

		if (value_opt(arg, "-p", &opt.project) || value_opt(arg, "--project", &opt.project) ||
		    value_opt(arg, "--data", &opt.data_dir))
			continue;
		if (!strcmp(arg, "--info")) {
			opt.info = true;
		} else if (!strcmp(arg, "--spammy")) {
			opt.spammy = true;
		} else if (!strcmp(arg, "--debug")) {
			opt.debug = true;
		} else if (!strcmp(arg, "--help") || !strcmp(arg, "-h")) {
			fputs(usage, stdout);
			exit(0);
		} else if (!strcmp(arg, "--version")) {
			printf("smatch 0.1 (sparse %s)\n", SPARSE_VERSION);
			exit(0);
		} else {
			sparse_argv[n++] = argv[i];
		}
	}
	sparse_argv[n] = NULL;
	return n;
}
