#!/usr/bin/env python3
"""Lists the files of a compile_commands.json for build_kernel_data.sh, one
line each: the entry's "file" as written (smatch --compile-commands takes
that name, and the database names the file so), a tab, its absolute path.
Checking the entries (flags, directories) is smatch --compile-commands' job."""
import json
import os
import sys


def main():
    if len(sys.argv) != 2:
        sys.exit("usage: compile_entries.py compile_commands.json")
    path = sys.argv[1]
    try:
        with open(path) as f:
            entries = json.load(f)
    except (OSError, ValueError) as e:
        sys.exit("build_kernel_data: %s: %s" % (path, e))
    if not isinstance(entries, list):
        sys.exit("build_kernel_data: %s: expected an array of compile commands" % path)
    for i, e in enumerate(entries, 1):
        if not isinstance(e, dict) or not isinstance(e.get("file"), str) \
                or not isinstance(e.get("directory"), str):
            sys.exit('build_kernel_data: %s: entry %d needs "directory" and "file"' % (path, i))
        print("%s\t%s" % (e["file"], os.path.normpath(os.path.join(e["directory"], e["file"]))))


if __name__ == "__main__":
    main()
