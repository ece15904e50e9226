#!/bin/bash
# kbuild runs the checker in "checker-only" mode (the C compile step only
# writes the dependency file and an empty object: smatch_scripts/checker-only-cc)
# by default when no object was compiled, in "compile" mode by default when
# the real compiler built the objects; --checker-only and --compile choose.
. "$(dirname "$0")/common.bash"

T=$(printf '\t')
# kbuild's compile rule in small: $(CC) writes the object and its dependency
# file, the command goes to the object's .cmd file, then C=2 runs $(CHECK)
cat > Makefile <<'MK'
OBJS := $(patsubst %.c,%.o,$(wildcard *.c))
.PHONY: all $(OBJS)
all: $(OBJS)
$(OBJS): %.o: %.c
	$(CC) -D__KERNEL__ -I../include -Wp,-MMD,.$@.d -c -o $@ $<
	echo 'cmd_$@ := $(CC) -c -o $@ $<' > .$@.cmd
	$(if $(filter 2,$(C)),$(CHECK) -I../include $<)
MK
mode() { grep 'kbuild mode:' "$1" | sed 's/.*: //'; }
symbols() { nm "$1" | awk '$2 == "T" {print $3}' | sort | tr '\n' ' '; }

"$build" -C . --passes 2 > log 2>&1 || { cat log >&2; fail "checker-only build"; }
expect "a tree with no objects" "checker-only" "$(mode log)"
expect "the objects are empty" "" "$(symbols lock.o)"
expect "their dependency files" "lock.o: lock.c" "$(cat .lock.o.d)"
expect "the checker ran" "lock.c${T}dev_lock()${T}acquires struct dev.lock (&\$0->lock, mutex)${T}on every return" \
	"$(smdb locks dev_lock)"
"$build" -C . --passes 1 > log 2>&1
expect "objects of a checker-only pass do not count" "checker-only" "$(mode log)"

"$build" -C . --compile --passes 1 > log 2>&1
expect "--compile" "compile" "$(mode log)"
expect "compiled objects" "dev_check dev_lock dev_maybe_lock dev_trylock dev_unlock " "$(symbols lock.o)"
"$build" -C . --passes 1 > log 2>&1
expect "a tree the compiler built" "compile" "$(mode log)"
"$build" -C . --checker-only --passes 1 > log 2>&1
expect "--checker-only" "checker-only" "$(mode log)"
expect "the objects are empty again" "" "$(symbols lock.o)"
echo ok
