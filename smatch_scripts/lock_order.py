#!/usr/bin/env python3
"""lock_order.py: reports the pairs of lock types that smatch's database
shows taken in both orders (a possible AB-BA deadlock), one warning a pair.

usage: lock_order.py [--db PATH] [--pairs] [--debug]

--db PATH (default: $SMATCH_DB, else smatch_db.sqlite in the current
directory) is a database built by build_kernel_data.sh.  Exit status: 0 when
it ran (whether it warned or not), 2 for bad usage or a missing, corrupt or
old database.  --pairs lists instead every ordered pair found ("A then B
(file:line via chain)"), inverted or not.  --debug prints on stderr the
inversions and cycles a rule keeps silent, with the rule (docs/rules.md)."""

import os
import sqlite3
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "smatch_data", "db"))
import dblib  # noqa: E402
import lockorder  # noqa: E402


def main(argv):
    path, pairs, decisions = dblib.default_db_path(), False, None
    it = iter(argv)
    for a in it:
        if a in ("-h", "--help"):
            print(__doc__.strip())
            return 0
        if a == "--pairs":
            pairs = True
            continue
        if a == "--debug":
            decisions = []
            continue
        if a == "--db" or a.startswith("--db="):
            path = a[5:] if a.startswith("--db=") else next(it, None)
            if path:
                continue
        sys.stderr.write("lock_order: %s\n" % ("--db needs a path" if a.startswith("--db") else
                                                 "unknown argument %s (see lock_order.py --help)" % a))
        return 2
    try:
        db = dblib.open_db(path)
        for line in lockorder.pair_lines(db) if pairs else lockorder.inversions(db, decisions):
            print(line)
        for line in decisions or ():
            sys.stderr.write(line + "\n")
    except dblib.DbError as e:
        sys.stderr.write("lock_order: %s\n" % e)
        return 2
    except sqlite3.Error as e:
        sys.stderr.write("lock_order: %s is corrupt (%s)\n" % (path, e))
        return 2
    except BrokenPipeError:
        pass
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
