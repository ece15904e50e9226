#!/usr/bin/env python3
"""load_info.py: loads the rows that `smatch --info` prints into a smatch
database, one transaction per checked file, then derives the lock facts.

usage: load_info.py [--create] [--pass N] [--drop SRC]... [--stats] [--next FILE]
                    [--changed FILE] [--wave] DB INFO...

  DB          the database; with --create a new file made from schema.sql
              (it must not exist), else an existing one that is updated
  INFO        files holding smatch --info output, or directories searched
              for *.info files
  --pass N    the pass number recorded for the loaded files (default 1)
  --drop SRC  also delete every row of source file SRC (a deleted file)
  --stats     print on stdout: "files N", "rejected N", "table NAME ROWS"
              for each table and "lock_facts ROWS DIGEST"
  --next FILE write to FILE the source files to analyse again: those whose
              "read" rows name rows that this load changed (readers.py)
  --changed FILE  with --next, write to FILE the row groups that changed,
              with how many files read each
  --wave      a wave of a pass, not its last: lock_requirements, which
              only warnings read, stay as they were (the last load derives
              them); lock_effects are derived for the files loaded only

The rows of a source file replace the rows the database had for it.  Output
of a file that does not end with its "end" row (smatch crashed or was
killed) or that has malformed rows is rejected with a message, and the
database keeps what it had for that file."""

import os
import re
import sqlite3
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import dblib  # noqa: E402
import readers  # noqa: E402

# The rows smatch prints: table -> (columns, one type letter per column:
# s text, d integer).  "id" columns number calls and returns within a file.
ROWS = {
    "function": ("name file static line", "ssdd"),
    "call": ("id caller file callee callee_static ptr line cond", "dsssddds"),
    "call_lock": ("id lock name param", "dsss"),
    "call_arg": ("id param value expr passed_on", "ddssd"),
    "return": ("id function file static idx ret line", "dssddsd"),
    "return_item": ("id type key name value via", "dsssss"),
    "fn_ptr": ("ptr function file line how in_function", "sssdss"),
    "set": ("target function file line value expr points_to", "sssdsss"),
    "lock_op": ("function file line op lock name kind recursive nested try callee table_fn held",
                "ssdssssdddsds"),
    "read": ("kind key", "ss"),
    "end": ("file rows", "sd"),
}

ESCAPES = {"t": "\t", "n": "\n", "r": "\r", "\\": "\\"}


def unescape(s):
    return re.sub(r"\\(.)", lambda m: ESCAPES.get(m.group(1), m.group(1)), s)


class BadRow(Exception):
    pass


def parse_row(line):
    """('table', values) for one "SQL" line."""
    fields = line.rstrip("\n").split("\t")[1:]
    if not fields or fields[0] not in ROWS:
        raise BadRow("unknown row %r" % (fields[0] if fields else ""))
    types = ROWS[fields[0]][1]
    values = fields[1:]
    if len(values) != len(types):
        raise BadRow("%s row with %d columns, expected %d" % (fields[0], len(values), len(types)))
    try:
        return fields[0], tuple(int(v) if t == "d" else unescape(v) for t, v in zip(types, values))
    except ValueError:
        raise BadRow("%s row with a non-number where a number goes" % fields[0])


def read_info(path, problems):
    """Yields (source file, {table: [rows]}) for each complete file in the
    output; appends a message to 'problems' for each rejected one."""
    groups, bad, n = {}, None, 0
    with open(path, encoding="utf-8", errors="replace") as f:
        for nr, line in enumerate(f, 1):
            if not line.startswith("SQL\t"):
                continue
            try:
                table, values = parse_row(line)
            except BadRow as e:
                bad = bad or "line %d: %s" % (nr, e)
                n += 1
                continue
            if table != "end":
                groups.setdefault(table, []).append(values)
                n += 1
                continue
            src, count = values
            if bad is None and count != n:
                bad = "%d rows, its end row says %d" % (n, count)
            if bad is None:
                yield src, groups
            else:
                problems.append("%s: %s: %s; not loaded" % (path, src, bad))
            groups, bad, n = {}, None, 0
    if n:
        problems.append("%s: truncated output (no end row after %d rows); not loaded" % (path, n))


def check_ids(groups):
    """The ids that item rows refer to must be those of call/return rows."""
    calls = {r[0] for r in groups.get("call", [])}
    returns = {r[0] for r in groups.get("return", [])}
    for table, ids in (("call_lock", calls), ("call_arg", calls), ("return_item", returns)):
        for r in groups.get(table, []):
            if r[0] not in ids:
                raise BadRow("%s row refers to id %d, which has no row" % (table, r[0]))


DELETE_FILE_SQL = (
    "DELETE FROM call_locks WHERE call_id IN (SELECT id FROM calls WHERE file = ?1)",
    "DELETE FROM call_args WHERE call_id IN (SELECT id FROM calls WHERE file = ?1)",
    "DELETE FROM calls WHERE file = ?1",
    "DELETE FROM return_items WHERE return_id IN (SELECT id FROM return_states WHERE file = ?1)",
    "DELETE FROM return_states WHERE file = ?1",
    "DELETE FROM functions WHERE file = ?1",
    "DELETE FROM fn_ptrs WHERE file = ?1",
    "DELETE FROM sets WHERE file = ?1",
    "DELETE FROM lock_ops WHERE file = ?1",
    "DELETE FROM reads WHERE file = ?1",
    "DELETE FROM files WHERE path = ?1",
)


def delete_file(conn, src):
    for sql in DELETE_FILE_SQL:
        conn.execute(sql, (src,))


class Loader:
    def __init__(self, conn, pass_nr, track):
        self.conn = conn
        self.pass_nr = pass_nr
        # with 'track': the digests of the row groups of the files replaced, before
        self.before = {} if track else None
        self.replaced = set()
        self.next_call = conn.execute("SELECT coalesce(max(id), 0) + 1 FROM calls").fetchone()[0]
        self.next_return = conn.execute("SELECT coalesce(max(id), 0) + 1 FROM return_states").fetchone()[0]

    def _ids(self, rows, attr):
        """Database ids for the file-local ids of 'rows'."""
        ids = {}
        for r in rows:
            ids[r[0]] = getattr(self, attr)
            setattr(self, attr, ids[r[0]] + 1)
        return ids

    def replacing(self, files):
        """Notes the files whose rows are about to be replaced or deleted."""
        files = set(files) - self.replaced
        if self.before is not None:
            self.before.update(readers.file_digests(self.conn, files))
        self.replaced |= files

    def load(self, src, g):
        """Replaces the rows of source file 'src', in one transaction."""
        check_ids(g)
        c = self.conn
        # rows of .c files that 'src' #includes (kernel/sched/fair.c in build_policy.c) are replaced too
        files = {src} | {r[1] for r in g.get("function", [])} | {r[2] for r in g.get("fn_ptr", [])}
        self.replacing(files)
        calls = self._ids(g.get("call", []), "next_call")
        rets = self._ids(g.get("return", []), "next_return")
        with c:
            for f in files:
                delete_file(c, f)
            c.executemany("INSERT INTO functions (name, file, static, line) VALUES (?, ?, ?, ?)",
                          g.get("function", []))
            c.executemany("INSERT INTO calls (id, caller, file, callee, callee_static, ptr, line, cond) "
                          "VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                          [(calls[r[0]],) + r[1:] for r in g.get("call", [])])
            c.executemany("INSERT INTO call_locks (call_id, lock, name, param) VALUES (?, ?, ?, ?)",
                          [(calls[r[0]],) + r[1:] for r in g.get("call_lock", [])])
            c.executemany("INSERT INTO call_args (call_id, param, value, expr, passed_on) VALUES (?, ?, ?, ?, ?)",
                          [(calls[r[0]],) + r[1:] for r in g.get("call_arg", [])])
            c.executemany("INSERT INTO return_states (id, function, file, static, idx, ret, line) "
                          "VALUES (?, ?, ?, ?, ?, ?, ?)",
                          [(rets[r[0]],) + r[1:] for r in g.get("return", [])])
            c.executemany("INSERT INTO return_items (return_id, type, key, name, value, via) "
                          "VALUES (?, ?, ?, ?, ?, ?)",
                          [(rets[r[0]],) + r[1:] for r in g.get("return_item", [])])
            c.executemany("INSERT INTO fn_ptrs (ptr, function, file, line, how, in_function) "
                          "VALUES (?, ?, ?, ?, ?, ?)", g.get("fn_ptr", []))
            c.executemany("INSERT INTO sets (target, function, file, line, value, expr, points_to) "
                          "VALUES (?, ?, ?, ?, ?, ?, ?)", g.get("set", []))
            c.executemany("INSERT INTO lock_ops (function, file, line, op, lock, name, kind, recursive, "
                          "nested, try, callee, table_fn, held) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                          g.get("lock_op", []))
            c.executemany("INSERT INTO reads (file, kind, key) VALUES (?, ?, ?)",
                          [(src,) + r for r in g.get("read", [])])
            c.execute("INSERT INTO files (path, rows, pass) VALUES (?, ?, ?)",
                      (src, sum(len(v) for v in g.values()), self.pass_nr))


def info_files(paths):
    """The info files named, directories searched for *.info, in a stable order."""
    found = []
    for p in paths:
        if os.path.isdir(p):
            for d, _, names in os.walk(p):
                found += [os.path.join(d, n) for n in names if n.endswith(".info")]
        else:
            found.append(p)
    return sorted(found)


def open_target(path, create):
    if create:
        if os.path.exists(path):
            raise dblib.DbError("%s exists already (--create makes a new database)" % path)
        conn = sqlite3.connect(path)
        conn.executescript(dblib.schema_sql())
    else:
        conn = dblib.open_db(path, write=True)
    # the file is renamed into place when complete: no need for a durable journal
    conn.execute("PRAGMA journal_mode = MEMORY")
    conn.execute("PRAGMA synchronous = OFF")
    return conn


def usage(msg):
    sys.stderr.write("load_info: %s\n%s" % (msg, __doc__.split("\n\n")[1] + "\n"))
    sys.exit(2)


def parse_args(argv):
    opts = {"create": False, "pass": 1, "drop": [], "stats": False, "next": None, "changed": None,
            "wave": False, "paths": []}
    it = iter(argv)
    for a in it:
        if a == "--create":
            opts["create"] = True
        elif a in ("--stats", "--wave"):
            opts[a[2:]] = True
        elif a in ("--pass", "--drop", "--next", "--changed"):
            v = next(it, None)
            if v is None:
                usage("%s needs a value" % a)
            if a == "--drop":
                opts["drop"].append(v)
            elif a in ("--next", "--changed"):
                opts[a[2:]] = v
            elif v.isdigit():
                opts["pass"] = int(v)
            else:
                usage("--pass needs a number")
        elif a in ("-h", "--help"):
            print(__doc__.strip())
            sys.exit(0)
        elif a.startswith("-"):
            usage("unknown option %s" % a)
        else:
            opts["paths"].append(a)
    if not opts["paths"]:
        usage("no database given")
    return opts


def main(argv):
    opts = parse_args(argv)
    db, paths = opts["paths"][0], opts["paths"][1:]
    try:
        conn = open_target(db, opts["create"])
    except (dblib.DbError, sqlite3.Error) as e:
        sys.stderr.write("load_info: %s\n" % e)
        return 1
    loader = Loader(conn, opts["pass"], opts["next"] is not None)
    derived = readers.derived_digests(conn) if opts["next"] else {}
    problems, loaded = [], 0
    for path in info_files(paths):
        for src, groups in read_info(path, problems):
            try:
                loader.load(src, groups)
                loaded += 1
            except BadRow as e:
                problems.append("%s: %s: %s; not loaded" % (path, src, e))
    loader.replacing(opts["drop"])
    with conn:
        for src in opts["drop"]:
            delete_file(conn, src)
        conn.execute("INSERT OR REPLACE INTO meta (key, value) VALUES ('pass', ?)", (str(opts["pass"]),))
    # a new database's rows are all new; else only the replaced files' lock_effects change
    dblib.derive(conn, None if opts["create"] else loader.replaced, requirements=not opts["wave"])
    if opts["next"]:
        after = readers.file_digests(conn, loader.replaced)
        loader.before.update(derived)
        after.update(readers.derived_digests(conn))
        groups = readers.changed_groups(conn, loader.before, after)
        with open(opts["next"], "w") as f:
            for src in readers.changed_readers(groups):
                f.write(src + "\n")
        if opts["changed"]:
            with open(opts["changed"], "w") as f:
                for (kind, key, file), who in sorted(groups.items(), key=lambda g: (-len(g[1]), g[0])):
                    f.write("%d\t%s\t%s\t%s\n" % (len(who), kind, key, file))
    for p in problems:
        sys.stderr.write("load_info: %s\n" % p)
    if opts["stats"]:
        print("files %d" % loaded)
        print("rejected %d" % len(problems))
        for table, n in dblib.table_counts(conn):
            print("table %s %d" % (table, n))
        print("lock_facts %d %s" % dblib.lock_facts(conn))
    conn.close()
    fd = os.open(db, os.O_RDONLY)
    os.fsync(fd)
    os.close(fd)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
