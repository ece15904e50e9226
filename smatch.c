/*
 * smatch.c: the command-line program: reads the options, lets Sparse parse
 * and evaluate each file as the compiler would, then analyses its functions.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "smatch.h"
#include "smatch_internal.h"
#include "smatch_locking.h"

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
	register_locking();
	register_checks();
}

/* A clear message for input Sparse cannot sensibly read; 0 when it is fine. */
static int check_input_file(const char *name)
{
	struct stat st;
	char buf[4096];
	ssize_t n;
	int fd;

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
	fd = open(name, O_RDONLY);
	if (fd < 0) {
		fprintf(stderr, "smatch: %s: %s\n", name, strerror(errno));
		return 2;
	}
	n = read(fd, buf, sizeof(buf));
	close(fd);
	if (n > 0 && memchr(buf, '\0', n)) {
		fprintf(stderr, "smatch: %s: binary file, not C source\n", name);
		return 2;
	}
	return 0;
}

int main(int argc, char **argv)
{
	struct string_list *filelist = NULL;
	char **sparse_argv = calloc(argc + 1, sizeof(char *));
	char *file;
	int status = 0;

	if (!sparse_argv)
		return 3;
	parse_smatch_options(argc, argv, sparse_argv);
	register_engine_modules();
	sparse_initialize(argc, sparse_argv, &filelist);
	if (!filelist) {
		fprintf(stderr, "smatch: no input files (try --help)\n");
		return 2;
	}
	FOR_EACH_PTR(filelist, file) {
		int bad = check_input_file(file);

		if (bad) {
			status = bad;
			continue;
		}
		analyze_file_symbols(sparse(file));
	} END_FOR_EACH_PTR(file);
	if (!status && has_error)
		status = 1;
	return status;
}
