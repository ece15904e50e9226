#!/usr/bin/env python3
"""Writes random, syntactically valid C files that take and release locks along branches,
loops, switches, gotos and calls between their own functions: seeds for the fuzzer.
usage: gen_c.py OUTDIR COUNT [SEED]"""

import os
import random
import sys

LOCKS = [("mutex_lock", "mutex_unlock", "&d->lock"),
         ("spin_lock", "spin_unlock", "&d->slock"),
         ("spin_lock_irq", "spin_unlock_irq", "&g_slock"),
         ("down", "up", "&d->sem"),
         ("down_read", "up_read", "&d->rw"),
         ("down_write", "up_write", "&d->rw"),
         ("rcu_read_lock", "rcu_read_unlock", ""),
         ("rtnl_lock", "rtnl_unlock", "")]
TRYLOCKS = [("mutex_trylock", "mutex_unlock", "&d->lock"),
            ("spin_trylock", "spin_unlock", "&d->slock"),
            ("mutex_lock_interruptible", "mutex_unlock", "&d->lock")]
HEADER = """#include "locks.h"

struct dev { struct mutex lock; spinlock_t slock; struct semaphore sem;
	     struct rw_semaphore rw; int state, count; struct dev *next; };
static spinlock_t g_slock;
int step(struct dev *d);
"""


class Gen:
    def __init__(self, rnd, nfuncs):
        self.r = rnd
        self.funcs = ["f%d" % i for i in range(nfuncs)]
        self.static = {f: "static " if rnd.random() < 0.7 else "" for f in self.funcs}
        self.labels = []

    def cond(self, depth=0):
        r = self.r
        atoms = ["d->state", "step(d)", "d->count > %d" % r.randint(-2, 9), "!d->next",
                 "ret", "ret < 0", "i == %d" % r.randint(0, 5), "(d->state & %d)" % r.randint(1, 8)]
        c = r.choice(atoms)
        if depth < 3 and r.random() < 0.3:
            c = "(%s %s %s)" % (c, r.choice(["&&", "||"]), self.cond(depth + 1))
        if r.random() < 0.1:
            c = "!(%s)" % c
        return c

    def expr(self):
        r = self.r
        return r.choice(["d->count++", "ret = step(d)", "d->state = %d" % r.randint(0, 3),
                         "i += %d" % r.randint(1, 3), "ret = -EINVAL",
                         "ret = d->state ? %d : -ENOMEM" % r.randint(0, 2),
                         "ret = ({ int t = step(d); t > 0 ? t : 0; })"])

    def stmt(self, depth, ind):
        r = self.r
        pad = "\t" * ind
        k = r.random() if depth < 4 else 0.9 + r.random() * 0.1
        if k < 0.15:
            body = self.block(depth + 1, ind + 1)
            out = "%sif (%s) {\n%s%s}" % (pad, self.cond(), body, pad)
            if r.random() < 0.5:
                out += " else {\n%s%s}" % (self.block(depth + 1, ind + 1), pad)
            return out + "\n"
        if k < 0.22:
            return "%sfor (i = 0; i < %d; i++) {\n%s%s}\n" % (pad, r.randint(1, 4),
                                                          self.block(depth + 1, ind + 1), pad)
        if k < 0.27:
            return "%swhile (%s) {\n%s%s\tbreak;\n%s}\n" % (pad, self.cond(), self.block(depth + 1, ind + 1),
                                                      pad, pad)
        if k < 0.32:
            cases = "".join("%scase %d:\n%s%s\tbreak;\n" % (pad, n, self.block(depth + 1, ind + 1), pad)
                            for n in range(r.randint(1, 3)))
            return "%sswitch (d->state) {\n%s%sdefault:\n%s\tbreak;\n%s}\n" % (pad, cases, pad, pad, pad)
        if k < 0.45:
            lock, unlock, arg = r.choice(LOCKS)
            body = self.block(depth + 1, ind)
            tail = "" if r.random() < 0.15 else "%s%s(%s);\n" % (pad, unlock, arg)
            return "%s%s(%s);\n%s%s" % (pad, lock, arg, body, tail)
        if k < 0.52:
            lock, unlock, arg = r.choice(TRYLOCKS)
            test = "!%s(%s)" % (lock, arg) if lock.endswith("trylock") else "%s(%s)" % (lock, arg)
            return "%sif (%s)\n%s\treturn -EINTR;\n%s%s%s(%s);\n" % (
                pad, test, pad, self.block(depth + 1, ind), pad, unlock, arg)
        if k < 0.58 and self.labels:
            return "%sif (%s)\n%s\tgoto %s;\n" % (pad, self.cond(), pad, r.choice(self.labels))
        if k < 0.64:
            return "%sif (%s)\n%s\treturn %s;\n" % (pad, self.cond(), pad, r.choice(["ret", "0", "-ENOMEM"]))
        if k < 0.72:
            return "%sret = %s(d);\n" % (pad, r.choice(self.funcs))
        if k < 0.76:
            return "%s__smatch_states();\n" % pad
        return "%s%s;\n" % (pad, self.expr())

    def block(self, depth, ind):
        return "".join(self.stmt(depth, ind) for _ in range(self.r.randint(1, 4)))

    def function(self, name):
        r = self.r
        self.labels = ["out%d" % n for n in range(r.randint(0, 2))]
        body = self.block(0, 1)
        for label in self.labels:
            lock, unlock, arg = r.choice(LOCKS)
            body += "%s:\n\t%s;\n" % (label, r.choice(["%s(%s)" % (unlock, arg), "step(d)"]))
        return "%sint %s(struct dev *d)\n{\n\tint ret = 0, i = 0;\n\n%s\treturn ret;\n}\n" % (
            self.static[name], name, body)

    def program(self):
        protos = "".join("%sint %s(struct dev *d);\n" % (self.static[f], f) for f in self.funcs)
        return HEADER + protos + "\n" + "\n".join(self.function(f) for f in self.funcs)


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    outdir, count = sys.argv[1], int(sys.argv[2])
    rnd = random.Random(int(sys.argv[3]) if len(sys.argv) > 3 else 1)
    os.makedirs(outdir, exist_ok=True)
    for n in range(count):
        with open(os.path.join(outdir, "gen-%04d.c" % n), "w") as f:
            f.write(Gen(rnd, rnd.randint(1, 4)).program())


if __name__ == "__main__":
    main()
