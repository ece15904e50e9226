#!/usr/bin/env python3
"""Runs validation/runtests.py with a sanitizer build of smatch (make check-asan) and
fails if any ASan, LSan or UBSan report was written, printing each one."""

import glob
import os
import runpy
import shutil
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FUZZ = os.path.join(ROOT, "fuzz")


def sanitizer_env(binary, logdir):
    """The environment the sanitized smatch runs in: every report goes to a file in logdir;
    options already in the environment are kept and win."""
    log = os.path.join(logdir, "report")
    env = {
        "SMATCH": binary,
        "ASAN_OPTIONS": "detect_leaks=1:handle_abort=1:log_path=%s" % log,
        "LSAN_OPTIONS": "suppressions=%s/lsan.supp:print_suppressions=0" % FUZZ,
        "UBSAN_OPTIONS": "print_stacktrace=1:halt_on_error=0:suppressions=%s/ubsan.supp:log_path=%s"
                         % (FUZZ, log),
    }
    for name in ("ASAN_OPTIONS", "LSAN_OPTIONS", "UBSAN_OPTIONS"):
        if os.environ.get(name):
            env[name] += ":" + os.environ[name]
    if shutil.which("llvm-symbolizer"):
        env["ASAN_SYMBOLIZER_PATH"] = shutil.which("llvm-symbolizer")
    return env


def use_binary(binary):
    """Makes the runner start 'binary' wherever it would start the repository's ./smatch
    (runtests.py has no setting for it; tests run through bash see $SMATCH)."""
    default = os.path.join(ROOT, "smatch")
    real_run = subprocess.run

    def run(argv, *args, **kwargs):
        if argv and argv[0] == default:
            argv = [binary] + list(argv[1:])
        return real_run(argv, *args, **kwargs)
    subprocess.run = run


def print_reports(logdir):
    """Prints every sanitizer report and returns how many there were."""
    reports = sorted(glob.glob(os.path.join(logdir, "report.*")))
    for path in reports:
        print("==== %s" % os.path.relpath(path, ROOT))
        with open(path, errors="replace") as f:
            sys.stdout.write(f.read())
    return len(reports)


def main():
    if len(sys.argv) < 2:
        sys.exit("usage: san_runtests.py SANITIZED_SMATCH [TESTS...]")
    binary = os.path.abspath(sys.argv[1])
    logdir = os.path.join(os.path.dirname(binary), "reports")
    shutil.rmtree(logdir, ignore_errors=True)
    os.makedirs(logdir)
    os.environ.update(sanitizer_env(binary, logdir))
    use_binary(binary)
    sys.argv = [os.path.join(ROOT, "validation", "runtests.py")] + sys.argv[2:]
    try:
        runpy.run_path(sys.argv[0], run_name="__main__")
        status = 0
    except SystemExit as e:
        status = e.code or 0
    n = print_reports(logdir)
    print("sanitizer reports: %d (in %s)" % (n, os.path.relpath(logdir, ROOT)))
    sys.exit(1 if n or status else 0)


if __name__ == "__main__":
    main()
