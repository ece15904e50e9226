# Builds smatch against Debian's sparse (fetched and built as a library into build/).

SPARSE_VERSION := 0.6.4
BUILD := build
SPARSE_DIR := $(BUILD)/sparse-$(SPARSE_VERSION)
LIBSPARSE := $(SPARSE_DIR)/libsparse.a

CC ?= gcc
CFLAGS ?= -O2 -g
CFLAGS += -Wall -Wno-unused-parameter -I$(SPARSE_DIR) -I. -MMD -MP
LDLIBS := -lsqlite3 -ljansson -lm
# Sparse functions that overflow fixed buffers go through smatch's guards (smatch_typename.c).
SPARSE_WRAPS := -Wl,--wrap=show_typename

ENGINE_SRCS := smatch.c $(wildcard smatch_*.c)
CHECK_SRCS := $(wildcard check_*.c)
OBJS := $(ENGINE_SRCS:.c=.o) $(CHECK_SRCS:.c=.o)

.PHONY: all deps demo check check-kernel bench clean distclean

all: smatch

smatch: $(OBJS) $(LIBSPARSE)
	$(CC) $(CFLAGS) -o $@ $(OBJS) $(LIBSPARSE) $(SPARSE_WRAPS) $(LDLIBS)

$(OBJS): $(LIBSPARSE)

$(LIBSPARSE):
	@command -v apt-get >/dev/null || { echo "smatch needs apt-get to fetch Debian's sparse source; see README.md"; exit 1; }
	smatch_scripts/fetch_sparse.sh $(BUILD)
	$(MAKE) -C $(SPARSE_DIR) libsparse.a HAVE_LLVM=no HAVE_GTK=no HAVE_SQLITE=no >/dev/null

# Installs the system packages smatch needs to build and test (needs root).
deps:
	smatch_scripts/install_deps.sh

# Runs the checker on a shipped example with real locking bugs.
demo: smatch
	./smatch -p=kernel -Ivalidation/include docs/example/driver.c

# The suite under the sanitizers first (about a minute; skipped without clang), then as it is.
check: smatch
	@if command -v $(SAN_CC) >/dev/null; then $(MAKE) --no-print-directory check-asan; \
	else echo "make check: no $(SAN_CC), so no check-asan (see docs/fuzzing.md)"; fi
	python3 validation/runtests.py

check-kernel: smatch
	smatch_scripts/check_kernel.sh

bench: smatch
	bench/run.sh

clean:
	rm -f smatch *.o *.d

distclean: clean
	rm -rf $(BUILD)

# Extra targets of separate parts (fuzzing, database, ...), one file each.
-include mk/*.mk

-include $(OBJS:.o=.d)
