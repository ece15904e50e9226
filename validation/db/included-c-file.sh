#!/bin/bash
# The rows of the functions of a .c file that the checked file #includes name that file, and
# updating the checked file replaces them (no duplicates).
. "$(dirname "$0")/common.bash"

T=$(printf '\t')
mkdir included
cd included
cat > part.c <<'C'
int part_fn(int x)
{
	return x + 1;
}
C
cat > main.c <<'C'
int part_fn(int x);
#include "part.c"
int main_fn(int x)
{
	return part_fn(x);
}
C
FILES="main.c"
rows() { smdb sql "SELECT name, file FROM functions ORDER BY name"; }
build_db --passes 1 > /dev/null 2>&1 || fail "build_db"
expect "functions and their files" "name${T}file
main_fn${T}main.c
part_fn${T}part.c" "$(rows)"
build_db --update main.c > /dev/null 2>&1 || fail "build_db --update"
expect "updated: replaced, not added" "name${T}file
main_fn${T}main.c
part_fn${T}part.c" "$(rows)"
expect "its return states" "1" "$(smdb sql "SELECT count(*) FROM return_states WHERE function = 'part_fn' AND file = 'part.c'" | tail -n 1)"
echo ok
