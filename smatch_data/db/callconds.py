"""callconds.py: the condition under which a function makes a call
(calls.cond, written by smatch_param_cond.c: "$1=0", "$2&0x400",
"$2!&0x400", "$0->member=RANGE"), judged against a known value of the
argument (a constant of call_args.value), for lockorder.py.

Only a constant restricts: false, NULL, GFP_ATOMIC, BTRFS_RESERVE_NO_FLUSH
passed at a call; a range (a pointer known non-NULL, a size) is unknown,
and an unknown value meets every condition, as a condition on a member
does (call_args has no values of members)."""

import re

COND = re.compile(r"^\$(\d+)(&|!&|=)(.+)$")
VALUE = r"(s64min|s64max|\(-?\d+\)|\d+)"
RANGE = re.compile(r"^%s(?:-%s)?$" % (VALUE, VALUE))
S64MIN, S64MAX = -(1 << 63), (1 << 63) - 1


def _value(s):
    if s == "s64min":
        return S64MIN
    if s == "s64max":
        return S64MAX
    return int(s.strip("()"))


def parse_ranges(s):
    """((min, max), ...) of a range list as smatch prints it ("0",
    "(-4095)-(-1)", "1-s64max", joined by commas), or None when malformed."""
    out = []
    for part in s.split(","):
        m = RANGE.match(part)
        if not m:
            return None
        lo = _value(m.group(1))
        out.append((lo, _value(m.group(2)) if m.group(2) else lo))
    return tuple(out)


def _value_text(v):
    return "s64min" if v == S64MIN else "s64max" if v == S64MAX else "(%d)" % v if v < 0 else "%d" % v


def ranges_text(ranges):
    """A range list as smatch prints it."""
    return ",".join(_value_text(lo) if lo == hi else "%s-%s" % (_value_text(lo), _value_text(hi))
                    for lo, hi in ranges)


_parsed = {}


def parse(s):
    """(param, op, operand, text) of a condition, or None for one that any
    value of the arguments meets (none, on a member, or malformed): op "&"
    (a bit of the mask set), "!&" (none of them), "=" (one of the ranges)."""
    if s in _parsed:
        return _parsed[s]
    m = COND.match(s)
    cond = None
    if m:
        if m.group(2) == "=":
            ranges = parse_ranges(m.group(3))
            cond = (int(m.group(1)), "=", ranges, s) if ranges else None
        elif re.match(r"^0x[0-9a-f]+$", m.group(3)):
            cond = (int(m.group(1)), m.group(2), int(m.group(3), 16), s)
    _parsed[s] = cond
    return cond


def images(v):
    """The values a constant may have in the callee's parameter: smatch
    writes it in the type of the argument as written, the condition in
    the parameter's, so -1 may be 4294967295 there, 1024 a bool's 1."""
    out = {v, int(v != 0)}
    for bits in (8, 16, 32):
        if -(1 << (bits - 1)) <= v < (1 << bits):
            u = v & ((1 << bits) - 1)
            out.add(u)
            out.add(u - (1 << bits) if u >= 1 << (bits - 1) else u)
    return out


def meets(cond, v):
    """Can a call made under 'cond' be made when its parameter is 'v'?"""
    if v is None:
        return True
    op, x = cond[1], cond[2]
    if op == "&":
        return v & x != 0
    if op == "!&":
        return v & x == 0
    return in_ranges(v, x)


def in_ranges(v, ranges):
    """Can the caller's constant 'v' be in the callee's 'ranges'?"""
    return any(lo <= i <= hi for i in images(v) for lo, hi in ranges)
