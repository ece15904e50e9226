"""readers.py: which files must be analysed again after a load: those whose
"read" rows name database rows that the load changed.

A file's analysis depends only on its source and on the rows it read (smatch
prints them as "read" rows: kind and key).  The rows are grouped by what the
readers ask for, (kind, key, file): "returns" (a non-static function's return
states and items, per defining file), "static_returns" (the same of a static
function, read as the target of a function pointer), "fn_ptrs" (the functions
stored in a pointer, per storing file), "callers" and "static_callers" (the
calls to a non-static or static function, with their locks and arguments,
per calling file), "sets" (the stores to a target, per file) and
"held_locks" (whether some function returns holding a lock, from
lock_effects), each as its readers read it.  Digests of the groups of the
files a load replaces, taken before and after, say which groups changed.
What only decides a warning (the lock requirement check's reading of the
callers) is not noted: the database's rows do not depend on it."""

import hashlib

# The calls to a callee: their locks, and their arguments as written; the
# values of the arguments only for a static callee, the one kind whose
# readers read them (db_static_arg_range()): an argument's range at some
# call of kfree() changes with what the caller knows, and would send
# kfree()'s file into the next pass for nothing.
CALLS = """SELECT c.callee, c.file, c.caller, c.line, c.ptr,
                  (SELECT group_concat(x, char(10)) FROM
                     (SELECT l.lock || char(9) || l.name || char(9) || l.param AS x FROM call_locks l
                      WHERE l.call_id = c.id ORDER BY 1)),
                  (SELECT group_concat(x, char(10)) FROM
                     (SELECT a.param || char(9) || a.expr || {value} AS x
                      FROM call_args a WHERE a.call_id = c.id ORDER BY 1))
           FROM calls c WHERE c.file = ?1 AND c.callee_static = {static}"""
# A function's return states as their readers read them (db_read_returns()):
# the line of a return is not read.
RETURNS = """SELECT r.function, r.file, r.idx, r.ret,
                     coalesce(i.type || char(9) || i.key || char(9) || i.name || char(9) ||
                              i.value || char(9) || i.via, '')
              FROM return_states r LEFT JOIN return_items i ON i.return_id = r.id
              WHERE r.file = ?1 AND r.static = """
# The stores to a target as db_target_lock() reads them: of the stores of
# something else than NULL, what they point to.
SETS = "SELECT DISTINCT target, file, points_to FROM sets WHERE file = ?1 AND value != '0'"
GROUPS = {
    "returns": RETURNS + "0",
    "static_returns": RETURNS + "1",
    "fn_ptrs": "SELECT ptr, file, function, how FROM fn_ptrs WHERE file = ?1",
    "callers": CALLS.format(value="''", static=0),
    "static_callers": CALLS.format(value="char(9) || a.value", static=1),
    "sets": SETS,
}
# What a reader of a lock's lock_effects sees (db_lock_held_on_return() in
# smatch_db_reach.c): whether some function returns holding it.
HELD_LOCKS = """SELECT lock, '', 1 FROM lock_effects WHERE action = 'acquires' GROUP BY lock"""


def _start_state_calls(rows):
    """The calls of a file to a non-static function as its start state reads
    them (db_caller_locks()): one call holding no lock says there is none,
    whatever the others hold."""
    if any(row[3] is None for row in rows):
        return [("a call holding no lock",)]
    return rows


# Groups whose readers see less than their rows.
PROJECTIONS = {"callers": _start_state_calls}


def _digests(rows, kind, out):
    """Adds to 'out' a digest per (kind, key, file) of rows (key, file, ...)."""
    groups = {}
    for row in rows:
        groups.setdefault((kind, row[0], row[1]), []).append(row[2:])
    project = PROJECTIONS.get(kind, lambda rows: rows)
    for group, rows in groups.items():
        out[group] = hashlib.sha1("\n".join(sorted(map(repr, project(rows)))).encode()).hexdigest()


def file_digests(conn, files):
    """The digests of the row groups of 'files'."""
    out = {}
    for f in files:
        for kind, sql in GROUPS.items():
            _digests(conn.execute(sql, (f,)), kind, out)
    return out


def derived_digests(conn):
    """The digests of what files read of the tables derived from every file."""
    out = {}
    _digests(conn.execute(HELD_LOCKS), "held_locks", out)
    return out


def _reads(kind, file, reader):
    """Does a file reading (kind, key) read the group of 'file'?  smatch reads
    the return states of other files only, and a static function's calls
    of its own file only."""
    if kind in ("returns", "static_returns"):
        return reader != file
    if kind == "static_callers":
        return reader == file
    return True


def changed_groups(conn, before, after):
    """{(kind, key, file): the files reading it} for each group whose digest
    differs between 'before' and 'after'."""
    groups = {}
    for group in set(before) | set(after):
        if before.get(group) == after.get(group):
            continue
        kind, key, file = group
        groups[group] = {reader for (reader,) in
                         conn.execute("SELECT file FROM reads WHERE kind = ? AND key = ?", (kind, key))
                         if _reads(kind, file, reader)}
    return groups


def changed_readers(groups):
    """The files reading any of the changed 'groups'."""
    return sorted(set().union(*groups.values()))
