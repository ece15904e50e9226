# Sanitizer and fuzzing builds (see docs/fuzzing.md): `make check-asan` runs the validation
# suite with an ASan+UBSan+LSan smatch, `make fuzz FUZZ_SECONDS=N` runs the libFuzzer harness.

SAN_CC := clang
SAN_FLAGS := -g -O1 -fno-omit-frame-pointer -fsanitize=address,undefined
ASAN_DIR := $(BUILD)/asan
FUZZ_DIR := $(BUILD)/fuzz
# UBSan checks stay recoverable so that fuzz/ubsan.supp applies; the fuzzer halts on them.
ASAN_CFLAGS := $(SAN_FLAGS)
FUZZ_CFLAGS := $(SAN_FLAGS) -fsanitize=fuzzer-no-link
FUZZ_SECONDS ?= 60
# Sparse takes its system include directories (these variables) and the __GNUC__ it
# predefines (options.c, edited in the copy) from the compiler that built it: the copies
# keep gcc's, as the normal build has.
SAN_SPARSE_VARS = GCC_BASE=$(shell gcc --print-file-name=) MULTIARCH_TRIPLET=$(shell gcc -print-multiarch)

.PHONY: check-asan fuzz fuzz-build

# Sparse's list macros type-check with (void)(&(ptr) == &(head)->list[0]), which UBSan's null
# check flags on every add to an empty list; in the copy the comparison goes under sizeof,
# the same type check, unevaluated.
SAN_CHECK_TYPE := s/^\(\#define CHECK_TYPE(head,ptr)[[:space:]]*\)(void)(/\1(void)sizeof(/

# $(call san_variant,DIR,CFLAGS): libsparse and smatch's objects, built with CFLAGS into DIR
# from a copy of the fetched Sparse tree (the normal build is not touched), whose allocator
# takes its memory from the heap (fuzz/sparse_compat_heap.c, as compat "OS" smatchsan).
define san_variant
$(1)/sparse/libsparse.a: $(LIBSPARSE) fuzz/sparse_compat_heap.c
	rm -rf $(1)/sparse
	mkdir -p $(1)/sparse
	cp -a $(SPARSE_DIR)/. $(1)/sparse/
	find $(1)/sparse \( -name '*.o' -o -name '*.a' -o -name '.*.d' \) -delete
	sed -i '$$(SAN_CHECK_TYPE)' $(1)/sparse/ptrlist.h
	grep -q 'CHECK_TYPE(head,ptr).*(void)sizeof(' $(1)/sparse/ptrlist.h
	cp fuzz/sparse_compat_heap.c $(1)/sparse/compat-smatchsan.c
	set -- $$$$(gcc -dumpfullversion | tr . ' ') && sed -i -e "s/= __GNUC__;/= $$$$1;/" \
		-e "s/= __GNUC_MINOR__;/= $$$${2:-0};/" -e "s/= __GNUC_PATCHLEVEL__;/= $$$${3:-0};/" $(1)/sparse/options.c
	grep -q '^int gcc_major = [0-9]' $(1)/sparse/options.c
	$$(MAKE) -C $(1)/sparse libsparse.a OS=smatchsan CC=$(SAN_CC) CFLAGS="$(2)" $$(SAN_SPARSE_VARS) \
		HAVE_LLVM=no HAVE_GTK=no HAVE_SQLITE=no >/dev/null

$(1)/%.o: %.c $(1)/sparse/libsparse.a
	@mkdir -p $(1)
	$(SAN_CC) $(2) $$(SAN_EXTRA) -Wall -Wno-unused-parameter -I$(1)/sparse -I. -MMD -MP -c -o $$@ $$<

-include $(addprefix $(1)/,$(OBJS:.o=.d))
endef

$(eval $(call san_variant,$(ASAN_DIR),$(ASAN_CFLAGS)))
$(eval $(call san_variant,$(FUZZ_DIR),$(FUZZ_CFLAGS)))

ASAN_OBJS := $(addprefix $(ASAN_DIR)/,$(OBJS))
FUZZ_OBJS := $(addprefix $(FUZZ_DIR)/,$(OBJS))

# smatch finds smatch_data/ beside its binary: the link makes it the repository's.
$(ASAN_DIR)/smatch: $(ASAN_OBJS) $(ASAN_DIR)/sparse/libsparse.a
	$(SAN_CC) $(ASAN_CFLAGS) -o $@ $^ $(SPARSE_WRAPS) $(LDLIBS)
	ln -sfn $(CURDIR)/smatch_data $(ASAN_DIR)/smatch_data

# The harness has libFuzzer's main(): smatch's own is renamed away.
$(FUZZ_DIR)/smatch.o: SAN_EXTRA := -Dmain=smatch_cli_main

# The harness itself is not instrumented: it reads the coverage counters' section bounds,
# which an instrumented file cannot declare without the coverage pass renaming them.
$(FUZZ_DIR)/harness.o: fuzz/smatch_fuzz.c $(FUZZ_DIR)/sparse/libsparse.a
	$(SAN_CC) $(SAN_FLAGS) -Wall -I$(FUZZ_DIR)/sparse -I. -MMD -MP -DFUZZ_ROOT='"$(CURDIR)"' -c -o $@ $<

-include $(FUZZ_DIR)/harness.d

$(FUZZ_DIR)/smatch-fuzz: $(FUZZ_DIR)/harness.o $(FUZZ_OBJS) $(FUZZ_DIR)/sparse/libsparse.a
	$(SAN_CC) $(SAN_FLAGS) -fsanitize=fuzzer -o $@ $^ -Wl,--wrap=exit $(SPARSE_WRAPS) $(LDLIBS)

check-asan: $(ASAN_DIR)/smatch
	python3 fuzz/san_runtests.py $(ASAN_DIR)/smatch

fuzz-build: $(FUZZ_DIR)/smatch-fuzz

fuzz: $(FUZZ_DIR)/smatch-fuzz
	fuzz/run_fuzz.sh $(FUZZ_SECONDS)
