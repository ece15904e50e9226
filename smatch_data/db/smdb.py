#!/usr/bin/env python3
"""smdb.py: questions to smatch's cross-function database from the command line.

usage: smdb.py [--db PATH] COMMAND [ARGS...]

commands:
  callers FUNC             the calls to FUNC: file:line, caller, the locks held
                           there and the arguments (with their values when
                           known); also calls through the function pointers
                           FUNC is stored in ("via (struct ops)->member")
  return_states FUNC       FUNC's distinct return paths: line, return value
                           range, and what each does (acquires a lock, ...,
                           via the calls that do it)
  where STRUCT MEMBER      where a member is set, with the values stored
                           (STRUCT as "foo" or "struct foo")
  where GLOBAL             where a global variable is set
  locks FUNC               the locks FUNC acquires or releases, and on which
                           return values
  lock_requirements FUNC   the locks held at calls to FUNC: at how many of its
                           calls, by how many of its callers
  call_tree FUNC [DEPTH]   the callers of FUNC, their callers, ... down to
                           DEPTH levels (default 4)
  related_files FILE...    the files an incremental build re-analyses when
                           FILEs change: them and the files of their direct
                           callers and callees
  lock_order               the pairs of lock types taken in both orders, as
                           smatch_scripts/lock_order.py reports them
  sql "SELECT ..."         any query (read-only); a header line of column
                           names, then one tab-separated line per row

--db PATH (or --db=PATH) may come anywhere; the default is $SMATCH_DB, else
smatch_db.sqlite in the current directory.  The tables are described in
docs/database.md.

exit status: 0 answered, 1 unknown function or bad query, 2 bad usage or
no usable database (missing, corrupt, or of an old schema)."""

import os
import sqlite3
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import dblib  # noqa: E402
import lockorder  # noqa: E402

WHOLE = "s64min-s64max"


class Unknown(Exception):
    """An unknown function or a failed query: exit status 1."""


def known(db, func):
    """Raises Unknown unless 'func' is defined or called in the database."""
    if db.execute("SELECT 1 FROM functions WHERE name = ?1 UNION ALL "
                  "SELECT 1 FROM calls WHERE callee = ?1 LIMIT 1", (func,)).fetchone() is not None:
        return
    # a macro often wraps the real function: ext4_mark_inode_dirty -> __ext4_mark_inode_dirty
    like = [r[0] for r in db.execute(
        "SELECT DISTINCT name FROM functions WHERE name LIKE '%' || ?1 || '%' ESCAPE '\\' "
        "ORDER BY length(name), name LIMIT 3", (func.replace("_", "\\_"),))]
    raise Unknown("unknown function %s: it is neither defined nor called in the analysed files%s" %
                  (func, " (similar: %s)" % ", ".join(like) if like else ""))


def call_locks(db, call_id):
    locks = [r[0] for r in db.execute("SELECT lock FROM call_locks WHERE call_id = ? ORDER BY lock",
                                      (call_id,))]
    return ", ".join(locks) if locks else "none"


def call_args(db, call_id):
    """'expr' for each argument, 'expr=value' when its value is known."""
    out = []
    for expr, value in db.execute("SELECT expr, value FROM call_args WHERE call_id = ? ORDER BY param",
                                  (call_id,)):
        out.append(expr if value in (WHOLE, expr) else "%s=%s" % (expr, value))
    return ", ".join(out)


def pointers_of(db, func):
    """The function pointers 'func' is stored in."""
    return [r[0] for r in db.execute("SELECT DISTINCT ptr FROM fn_ptrs WHERE function = ? ORDER BY ptr",
                                     (func,))]


def calls_to(db, callee, file=None):
    """(id, file, line, caller) of the calls to 'callee'; only from 'file'
    when given (a static function)."""
    if file is None:
        return db.execute("SELECT id, file, line, caller FROM calls WHERE callee = ? "
                          "ORDER BY file, line, id", (callee,)).fetchall()
    return db.execute("SELECT id, file, line, caller FROM calls WHERE callee = ? AND file = ? "
                      "ORDER BY line, id", (callee, file)).fetchall()


def cmd_callers(db, args):
    func, = args
    known(db, func)
    found = False
    for via in [None] + pointers_of(db, func):
        for cid, file, line, caller in calls_to(db, via or func):
            found = True
            where = "%s()" % caller + (" via %s" % via if via else "")
            print("%s:%d\t%s\tlocks: %s\targs: %s" % (file, line, where, call_locks(db, cid),
                                                     call_args(db, cid)))
    if not found:
        print("no calls to %s in the database" % func)


def describe_item(type, key, name, value, via):
    details = ", ".join(x for x in (name, value) if x)
    words = [type, key, "(%s)" % details if details else "", "via " + via if via else ""]
    return " ".join(w for w in words if w)


def describe_items(items):
    if not items:
        return "nothing"
    return "; ".join(describe_item(*item) for item in items)


def cmd_return_states(db, args):
    func, = args
    known(db, func)
    rows = db.execute("SELECT id, file, idx, ret, line FROM return_states WHERE function = ? "
                      "ORDER BY file, idx", (func,)).fetchall()
    for rid, file, idx, ret, line in rows:
        items = db.execute("SELECT type, key, name, value, via FROM return_items WHERE return_id = ? "
                           "ORDER BY id", (rid,)).fetchall()
        print("%s:%d\t%s()\t[%d] returns %s\t%s" % (file, line, func, idx, ret, describe_items(items)))
    if not rows:
        print("no return states of %s in the database (it is called, not defined, in the "
              "analysed files)" % func)


def cmd_where(db, args):
    if len(args) == 3 and args[0] in ("struct", "union"):
        args = ["%s %s" % (args[0], args[1]), args[2]]
    if len(args) == 2:
        struct = args[0] if args[0].startswith(("struct ", "union ")) else "struct " + args[0]
        target = "%s.%s" % (struct, args[1])
    else:
        target, = args
    rows = db.execute("SELECT file, line, function, expr, value FROM sets WHERE target = ? "
                      "ORDER BY file, line", (target,)).fetchall()
    for file, line, function, expr, value in rows:
        print("%s:%d\t%s()\t%s\tvalue %s" % (file, line, function, expr, value))
    if not rows:
        raise Unknown("no assignment to %s in the database" % target)


def cmd_locks(db, args):
    func, = args
    known(db, func)
    rows = db.execute("SELECT file, action, lock, name, kind, all_returns, group_concat(ret, ' | ') "
                      "FROM (SELECT * FROM lock_effects WHERE function = ? ORDER BY file, lock, ret) "
                      "GROUP BY file, action, lock, kind ORDER BY file, action, lock", (func,)).fetchall()
    for file, action, lock, name, kind, all_returns, rets in rows:
        when = "on every return" if all_returns else "when it returns %s" % rets
        print("%s\t%s()\t%s %s (%s, %s)\t%s" % (file, func, action, lock, name, kind, when))
    if not rows:
        print("%s neither acquires nor releases a lock, as far as the database knows" % func)


def cmd_lock_requirements(db, args):
    func, = args
    known(db, func)
    rows = db.execute("SELECT callee_file, lock, held_calls, calls, held_callers, callers "
                      "FROM lock_requirements WHERE callee = ? ORDER BY callee_file, lock",
                      (func,)).fetchall()
    for cfile, lock, held, calls, held_callers, callers in rows:
        print("%s()%s\t%s\theld at %d of %d calls (%d of %d callers)" %
              (func, " [static in %s]" % cfile if cfile else "", lock, held, calls, held_callers, callers))
    if not rows:
        print("no lock is held at any call to %s" % func)


def static_file(db, func, file):
    """'file' if the function 'func' of 'file' is static, else None."""
    row = db.execute("SELECT static FROM functions WHERE name = ? AND file = ?", (func, file)).fetchone()
    return file if row and row[0] else None


def cmd_call_tree(db, args):
    if len(args) not in (1, 2) or (len(args) == 2 and not args[1].isdigit()):
        raise UsageError("call_tree FUNC [DEPTH]")
    func = args[0]
    depth = int(args[1]) if len(args) == 2 else 4
    known(db, func)
    print(func)

    def calls(name, file):
        """(via, file, line, caller) of the direct and the pointer calls."""
        return [(via,) + c[1:] for via in [None] + pointers_of(db, name)
                for c in calls_to(db, via or name, file if via is None else None)]

    def walk(name, file, level, chain):
        for via, cfile, line, caller in calls(name, file):
            label = "%s%s() %s:%d%s" % ("  " * level, caller, cfile, line,
                                        " via %s" % via if via else "")
            caller_file = static_file(db, caller, cfile)
            if (caller, cfile) in chain:
                print(label + " (recursive)")
            elif level < depth:
                print(label)
                walk(caller, caller_file, level + 1, chain | {(caller, cfile)})
            else:
                print(label + (" ..." if calls(caller, caller_file) else ""))

    if not calls(func, None):
        print("  (no callers)")
    walk(func, None, 1, set())


def cmd_related_files(db, args):
    if not args:
        raise UsageError("related_files FILE...")
    db.execute("CREATE TEMP TABLE changed (path TEXT PRIMARY KEY)")
    db.executemany("INSERT OR IGNORE INTO changed VALUES (?)", [(a,) for a in args])
    rows = db.execute("""
        SELECT path FROM changed
        UNION SELECT c.file FROM calls c JOIN functions f ON f.name = c.callee
              WHERE f.file IN (SELECT path FROM changed) AND (f.static = 0 OR c.file = f.file)
        UNION SELECT f.file FROM calls c JOIN functions f ON f.name = c.callee
              WHERE c.file IN (SELECT path FROM changed) AND f.static = 0
        ORDER BY 1""").fetchall()
    for r in rows:
        print(r[0])


def cmd_lock_order(db, args):
    for line in lockorder.inversions(db):
        print(line)


def cmd_sql(db, args):
    query, = args
    try:
        cur = db.execute(query)
        rows = cur.fetchall()
    except sqlite3.Error as e:
        raise Unknown("query failed: %s" % e)
    print("\t".join(d[0] for d in cur.description or []))
    for row in rows:
        print("\t".join("NULL" if v is None else str(v) for v in row))


# name -> (handler, argument synopsis, number(s) of arguments, None: the handler checks)
COMMANDS = {
    "callers": (cmd_callers, "FUNC", 1),
    "return_states": (cmd_return_states, "FUNC", 1),
    "where": (cmd_where, "STRUCT MEMBER | GLOBAL", (1, 2, 3)),
    "locks": (cmd_locks, "FUNC", 1),
    "lock_requirements": (cmd_lock_requirements, "FUNC", 1),
    "call_tree": (cmd_call_tree, "FUNC [DEPTH]", None),
    "related_files": (cmd_related_files, "FILE...", None),
    "lock_order": (cmd_lock_order, "", 0),
    "sql": (cmd_sql, '"SELECT ..."', 1),
}


class UsageError(Exception):
    pass


def parse_args(argv):
    """(database path, command words), taking --db wherever it is."""
    path, words, it = dblib.default_db_path(), [], iter(argv)
    for a in it:
        if a == "--db":
            path = next(it, None)
            if path is None:
                raise UsageError("--db needs a path")
        elif a.startswith("--db="):
            path = a[5:]
        elif a in ("-h", "--help", "help"):
            print(__doc__.strip())
            sys.exit(0)
        else:
            words.append(a)
    return path, words


def main(argv):
    try:
        path, words = parse_args(argv)
        if not words:
            raise UsageError("no command")
        if words[0] not in COMMANDS:
            raise UsageError("unknown command %s" % words[0])
        handler, synopsis, nargs = COMMANDS[words[0]]
        args = words[1:]
        if nargs is not None and len(args) not in (nargs if isinstance(nargs, tuple) else (nargs,)):
            raise UsageError("usage: smdb.py %s %s" % (words[0], synopsis))
        db = dblib.open_db(path)
        handler(db, args)
    except UsageError as e:
        sys.stderr.write("smdb: %s (see smdb.py --help)\n" % e)
        return 2
    except dblib.DbError as e:
        sys.stderr.write("smdb: %s\n" % e)
        return 2
    except Unknown as e:
        sys.stderr.write("smdb: %s\n" % e)
        return 1
    except BrokenPipeError:
        return 0
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
