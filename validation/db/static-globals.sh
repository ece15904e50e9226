#!/bin/bash
# A static lock is its own file's object: two files, each with a static
# mutex "register_mutex", one calling the other while holding its own, are
# silent through the database, and so are statics of one header included
# by both files; an extern (shared) global still warns
# through the database, and a static still warns in its own file.  Lock
# order: two statics of one name in two files make no AB-BA with an
# extern lock taken in the other order.
. "$(dirname "$0")/common.bash"

mkdir "$tmp/statics" && cd "$tmp/statics"
cat > midi.h <<'H'
#include "locks.h"
extern struct mutex shared_mutex;
static struct mutex header_mutex;	/* one object in each file that includes it */
void raw_select(void);
void raw_shared(void);
void raw_header(void);
void raw_order(void);
H
cat > raw.c <<'C'
#include "midi.h"
static struct mutex register_mutex;
struct mutex shared_mutex;
void raw_select(void)
{
	mutex_lock(&register_mutex);
	mutex_unlock(&register_mutex);
}
void raw_shared(void)
{
	mutex_lock(&shared_mutex);
	mutex_unlock(&shared_mutex);
}
void raw_header(void)
{
	mutex_lock(&header_mutex);
	mutex_unlock(&header_mutex);
}
/* shared_mutex, then this file's register_mutex */
void raw_order(void)
{
	mutex_lock(&shared_mutex);
	mutex_lock(&register_mutex);
	mutex_unlock(&register_mutex);
	mutex_unlock(&shared_mutex);
}
/* a caller that holds nothing: the callees do not start with a lock held */
void raw_ioctl(void)
{
	raw_select();
	raw_shared();
	raw_header();
}
C
cat > midi.c <<'C'
#include "midi.h"
static struct mutex register_mutex;
static void midi_take(void)
{
	mutex_lock(&register_mutex);
	mutex_unlock(&register_mutex);
}
void midi_probe(void)
{
	mutex_lock(&register_mutex);
	raw_select();
	midi_take();
	mutex_unlock(&register_mutex);
	mutex_lock(&shared_mutex);
	raw_shared();
	mutex_unlock(&shared_mutex);
	mutex_lock(&header_mutex);
	raw_header();
	mutex_unlock(&header_mutex);
}
void midi_unlocked(void)
{
	midi_take();
}
/* this file's register_mutex, then shared_mutex */
void midi_order(void)
{
	mutex_lock(&register_mutex);
	mutex_lock(&shared_mutex);
	mutex_unlock(&shared_mutex);
	mutex_unlock(&register_mutex);
}
C
FILES="raw.c midi.c"
build_db > /dev/null 2>&1
own='midi.c:12 midi_probe() warn: double lock '"'&register_mutex'"': '"'midi_take()'"' acquires it (via midi_take -> mutex_lock)'
expect "through the database: the extern and the same file's static" "$own
midi.c:15 midi_probe() warn: double lock '&shared_mutex': 'raw_shared()' acquires it (via raw_shared -> mutex_lock)" \
	"$("$SMATCH" $CFLAGS midi.c 2>/dev/null)"
expect "without the database: the same file's static" "$own" "$(SMATCH_DB= "$SMATCH" $CFLAGS midi.c 2>/dev/null)"
expect "raw.c: silent" "" "$("$SMATCH" $CFLAGS raw.c 2>/dev/null)"
expect "the statics' keys carry their files" "header_mutex@midi.c
header_mutex@raw.c
register_mutex@midi.c
register_mutex@raw.c
shared_mutex" \
	"$(smdb sql "SELECT DISTINCT lock FROM lock_ops ORDER BY lock" | tail -n +2)"
expect "no lock order inversion" "" "$(python3 "$repo/smatch_scripts/lock_order.py")"
echo ok
