"""dblib.py: what load_info.py and smdb.py share about smatch's database:
opening it with clear errors, the schema version, and the derived lock facts."""

import hashlib
import os
import re
import sqlite3

HERE = os.path.dirname(os.path.abspath(__file__))
SCHEMA_PATH = os.path.join(HERE, "schema.sql")
DEFAULT_DB = "smatch_db.sqlite"

# Base tables, then the tables derived from them by derive().
TABLES = ("functions", "calls", "call_locks", "call_args", "return_states",
          "return_items", "fn_ptrs", "sets", "lock_ops", "lock_effects", "lock_requirements")


class DbError(Exception):
    """A database that cannot be used; the message says why and what to do."""


def schema_sql():
    with open(SCHEMA_PATH, encoding="utf-8") as f:
        return f.read()


def schema_version():
    """The version number written by schema.sql."""
    m = re.search(r"VALUES \('schema_version', '(\d+)'\)", schema_sql())
    assert m, "schema.sql has no schema_version row"
    return int(m.group(1))


def default_db_path():
    return os.environ.get("SMATCH_DB") or DEFAULT_DB


def open_db(path, write=False):
    """Opens an existing smatch database, checking that it is one of this
    schema version; raises DbError otherwise."""
    if not os.path.exists(path):
        raise DbError("no database at %s (build one with smatch_scripts/build_kernel_data.sh)" % path)
    mode = "rw" if write else "ro"
    try:
        conn = sqlite3.connect("file:%s?mode=%s" % (path, mode), uri=True, timeout=10)
        row = conn.execute("SELECT value FROM meta WHERE key = 'schema_version'").fetchone()
    except sqlite3.OperationalError as e:
        if "locked" in str(e):
            raise DbError("%s is locked by another process" % path)
        raise DbError("%s is not a smatch database, or is corrupt (%s)" % (path, e))
    except sqlite3.DatabaseError as e:
        raise DbError("%s is not a smatch database, or is corrupt (%s)" % (path, e))
    if row is None:
        raise DbError("%s is not a smatch database (no schema version)" % path)
    if str(row[0]) != str(schema_version()):
        raise DbError("%s has schema version %s, this smatch needs %d: it is an old database, "
                      "rebuild it with smatch_scripts/build_kernel_data.sh" % (path, row[0], schema_version()))
    return conn


# lock_effects from the rows; {files} limits them to the functions of the
# files in temp table derive_files.
EFFECTS_SQL = """
DELETE FROM lock_effects {delete};
INSERT INTO lock_effects (function, file, static, action, lock, name, kind, ret, all_returns)
SELECT r.function, r.file, r.static,
       CASE i.type WHEN 'lock' THEN 'acquires' ELSE 'releases' END,
       i.key, min(i.name), i.value, r.ret,
       (SELECT count(DISTINCT r2.id) FROM return_states r2
          JOIN return_items i2 ON i2.return_id = r2.id
         WHERE r2.function = r.function AND r2.file = r.file AND i2.type = i.type
           AND i2.key = i.key AND i2.value = i.value)
       = (SELECT count(*) FROM return_states r3
           WHERE r3.function = r.function AND r3.file = r.file)
FROM return_items i JOIN return_states r ON r.id = i.return_id
WHERE i.type IN ('lock', 'unlock') {files}
GROUP BY r.function, r.file, i.type, i.key, i.value, r.ret;
"""
IN_FILES = "file IN (SELECT path FROM derive_files)"

REQUIREMENTS_SQL = """
DELETE FROM lock_requirements;
WITH c AS (SELECT id, file, caller, callee,
                  CASE WHEN callee_static THEN file ELSE '' END AS cfile FROM calls),
     totals AS (SELECT callee, cfile, count(*) AS calls,
                       count(DISTINCT file || char(9) || caller) AS callers
                FROM c GROUP BY callee, cfile)
INSERT INTO lock_requirements (callee, callee_file, lock, held_calls, calls, held_callers, callers)
SELECT c.callee, c.cfile, l.lock, count(DISTINCT c.id), t.calls,
       count(DISTINCT c.file || char(9) || c.caller), t.callers
FROM c JOIN call_locks l ON l.call_id = c.id
       JOIN totals t ON t.callee = c.callee AND t.cfile = c.cfile
GROUP BY c.callee, c.cfile, l.lock;
"""


def derive(conn, files=None, requirements=True):
    """Recomputes the lock facts from the rows: the lock_effects of every
    function, or of those of 'files' (whose rows were replaced: the others'
    are what they were), and, with 'requirements', lock_requirements, an
    aggregate over every call (10 s or more on a whole kernel's database) that
    only warnings read, which a wave of a build leaves to the pass's last."""
    if files is None:
        effects = EFFECTS_SQL.format(delete="", files="")
    else:
        conn.execute("CREATE TEMP TABLE IF NOT EXISTS derive_files (path TEXT PRIMARY KEY)")
        with conn:
            conn.execute("DELETE FROM derive_files")
            conn.executemany("INSERT INTO derive_files (path) VALUES (?)", [(f,) for f in sorted(files)])
        effects = EFFECTS_SQL.format(delete="WHERE " + IN_FILES, files="AND r." + IN_FILES)
    conn.executescript("BEGIN;" + effects + (REQUIREMENTS_SQL if requirements else "") + "COMMIT;")


def lock_facts(conn):
    """(number of lock fact rows, digest of their content): equal digests
    between two passes mean the lock facts stopped changing."""
    h = hashlib.sha1()
    n = 0
    for table in ("lock_effects", "lock_requirements"):
        for row in sorted(conn.execute("SELECT * FROM %s" % table)):
            h.update(("%s\t%r\n" % (table, row)).encode())
            n += 1
    return n, h.hexdigest()[:16]


def table_counts(conn):
    return [(t, conn.execute("SELECT count(*) FROM %s" % t).fetchone()[0]) for t in TABLES]
