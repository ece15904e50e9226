"""lockorder.py: finds pairs of lock types taken in both orders (AB-BA) in
smatch's database, for smatch_scripts/lock_order.py and `smdb.py lock_order`.

"K1 then K2" is known where K2 is taken while K1 is held: in the same
function (lock_ops.held), or anywhere below a call made with K1 held
(call_locks), through the "takes K2" closure of the call graph, in the
contexts of the constants the chain carries (callcontext.py): a call its
function makes only for other values is not followed."""

from collections import defaultdict

import callconds
import callcontext

# Longest call chain followed from a call down to the function taking a lock:
# longer ones were mostly infeasible paths on the kernel (docs/database.md).
MAX_DEPTH = 8
# Longest cycle of lock types reported (an inversion is a cycle of two).
MAX_CYCLE = 6


class Graph:
    """The call graph of a database: a function is (name, file) when static,
    (name, "") otherwise; calls through function pointers are left out."""

    def __init__(self, db):
        self.static = {(n, f) for n, f, s in db.execute("SELECT name, file, static FROM functions") if s}
        self.defined = {self.node(n, f) for n, f in db.execute("SELECT name, file FROM functions")}
        self.calls = defaultdict(list)	# caller -> [(file, line, callee, call id, condition)]
        # (caller, line, callee) of lock operations -> the conditions of the calls
        # there (callconds.parse()), when each has one
        self.op_conds = {}
        # the lock functions themselves: what they do inside is the lock's business
        table = {r[0] for r in db.execute("SELECT DISTINCT callee FROM lock_ops WHERE table_fn")}
        here, conds = None, {}
        for cid, caller, file, callee, cstatic, line, cond in db.execute(
                "SELECT id, caller, file, callee, callee_static, line, cond FROM calls WHERE ptr = 0 "
                "ORDER BY file, line, id"):
            src, dst = self.node(caller, file), (callee, file) if cstatic else (callee, "")
            cond = callconds.parse(cond) if cond else None
            if (file, line) != here:
                self._op_conds(conds)
                here, conds = (file, line), {}
            if callee in table or dst not in self.defined:
                conds.setdefault((src, line, callee), []).append(cond)
            if callee not in table:
                self.calls[src].append((file, line, dst, cid, cond))
        self._op_conds(conds)

    def _op_conds(self, conds):
        """Keeps the conditions of the calls of one line that all have one."""
        for key, found in conds.items():
            if None not in found:
                self.op_conds[key] = tuple(found)

    def node(self, name, file):
        return (name, file) if (name, file) in self.static else (name, "")

    def callee(self, name, file):
        """The defined function a call from 'file' to 'name' reaches, or None."""
        for n in ((name, file), (name, "")):
            if n in self.defined:
                return n
        return None


class Ops:
    """The lock_ops rows: the locks each function takes itself (through a
    lock table function, or a helper not in the database such as an inline
    function of a header), and those it releases."""

    def __init__(self, db, graph):
        self.recursive = {r[0] for r in db.execute("SELECT DISTINCT lock FROM lock_ops WHERE recursive")}
        self.direct = []	# (function, file, line, lock, callee, held locks)
        self.releases = defaultdict(set)	# the locks a function may drop that its caller holds
        taken = set()	# (function, lock, name) taken by the function before the current row
        for fn, file, line, op, lock, name, callee, table, nested, tried, held in db.execute(
                "SELECT function, file, line, op, lock, name, callee, table_fn, nested, try, held FROM lock_ops "
                "ORDER BY file, line, function, lock"):
            node = graph.node(fn, file)
            if op == "class":
                continue	# lock_classes()
            if op == "unlock":
                # releasing what it took itself (another object of the type) drops nothing of the caller's
                if (node, lock, name) not in taken:
                    self.releases[node].add(lock)
                continue
            taken.add((node, lock, name))
            if not (nested or tried or lock in self.recursive or (not table and graph.callee(callee, file))):
                # a helper in the database is followed through the calls instead
                self.direct.append((node, file, line, lock, callee, held.split(", ") if held else []))

    def orders(self, held):
        """The held locks that order what is taken after them."""
        return [k for k in held if k not in self.recursive]


def takes_closure(graph, ops, contexts, starts):
    """{state: {lock: (depth, how, next)}} for the states (function,
    context) reachable from 'starts' within MAX_DEPTH calls: 'next' is the
    state the chain goes on to through the call 'how', or the table
    function ("mutex_lock") that takes the lock at line 'how'."""
    reach, frontier = set(starts), sorted(set(starts))
    parents = defaultdict(list)	# state -> [(the state calling it, the call)]
    for _ in range(MAX_DEPTH):
        nxt = set()
        for s in frontier:
            for edge in graph.calls.get(s[0], ()):
                t = contexts.step(s, edge)
                if t is not None:
                    parents[t].append((s, edge))
                    if t not in reach:
                        nxt.add(t)
        reach |= nxt
        frontier = sorted(nxt)
    # the shortest chains first, and of those the first calls and operations
    for calls in parents.values():
        calls.sort(key=lambda p: (p[1][0], p[1][1], p[1][3]))
    states = defaultdict(list)
    for s in sorted(reach):
        states[s[0]].append(s)
    takes = defaultdict(dict)
    level = []
    for node, _, line, lock, callee, _ in ops.direct:
        for s in states.get(node, ()):
            if lock not in takes[s] and contexts.op_why_not(s, line, callee) is None:
                takes[s][lock] = (0, line, callee)
                level.append((s, lock))
    for depth in range(1, MAX_DEPTH + 1):
        nxt = []
        for s, lock in level:
            for caller, edge in parents.get(s, ()):
                if lock not in takes[caller]:
                    takes[caller][lock] = (depth, edge, s)
                    nxt.append((caller, lock))
        level = nxt
    return takes


def chain_of(takes, start, lock):
    """The states from 'start' down to the one taking 'lock', the calls
    between them, and the table function taking it at 'line'."""
    chain, calls, s = [start], [], start
    while True:
        _, how, nxt = takes[s][lock]
        if isinstance(nxt, str):
            return chain, calls, nxt, how
        chain.append(nxt)
        calls.append(how)
        s = nxt


def ordered_pairs(db, facts=None):
    """{(A, B): (file, line, function, chain, how)}: one example, the
    shortest chain first, of B taken while A is held; 'how' is the site's
    call, the calls of the chain, the table function and the line of the
    lock operation (None for one inside a function).  'facts' is a Facts
    of the database (by default one that honours the arguments)."""
    graph, ops, contexts = facts or Facts(db)
    held_at = defaultdict(list)
    for cid, lock in db.execute("SELECT call_id, lock FROM call_locks ORDER BY call_id, lock"):
        if lock not in ops.recursive:
            held_at[cid].append(lock)
    pairs = {}

    def better(a, b, length, where):
        """Would an example of this chain length at 'where' replace the one of (A, B)?"""
        old = pairs.get((a, b))
        return a != b and (old is None or (length,) + where < (len(old[3]),) + old[:3])

    # parent and child of one type are ordered by design: a != b
    for node, file, line, lock, callee, held in ops.direct:
        for a in ops.orders(held):
            if better(a, lock, 2, (file, line, node[0])):
                pairs[a, lock] = (file, line, node[0], (node[0], callee), None)
    # a lock that every caller of a function holds is held there because they
    # hold it: the example starts at the callers, where it is taken
    inherited = set(db.execute("SELECT callee, callee_file, lock FROM lock_requirements "
                               "WHERE held_callers = callers AND callers > 0"))
    sites = []
    for caller, calls in sorted(graph.calls.items()):
        for edge in calls:
            if edge[3] in held_at:
                sites.append((caller, edge, contexts.step(contexts.UNKNOWN, edge), held_at[edge[3]]))
    takes = takes_closure(graph, ops, contexts, [s[2] for s in sites])
    for caller, edge, start, held in sites:
        where = (edge[0], edge[1], caller[0])
        for lock, (depth, _, _) in sorted(takes.get(start, {}).items()):
            todo = [a for a in held if (caller[0], caller[1], a) not in inherited and
                    better(a, lock, depth + 3, where)]
            if not todo:
                continue
            chain, calls, fn, line = chain_of(takes, start, lock)
            names = (caller[0],) + tuple(s[0][0] for s in chain) + (fn,)
            for a in todo:
                # a callee that drops A may take the lock after doing so
                if not any(a in ops.releases.get(s[0], ()) for s in chain):
                    pairs[a, lock] = where + (names, (edge, calls, fn, line))
    return pairs


class Facts(tuple):
    """(graph, ops, contexts) of a database; with 'honour' false, every
    call is followed whatever the arguments (what --debug compares with)."""

    def __new__(cls, db, honour=True, graph=None, ops=None):
        graph = graph or Graph(db)
        ops = ops or Ops(db, graph)
        return tuple.__new__(cls, (graph, ops, callcontext.Contexts(db, graph, honour)))


def why_cut(contexts, example):
    """Why the chain of an example found without contexts is not taken in
    them: "f() calls g() (file:line) only when COND, given VALUE", or None."""
    if example[4] is None:
        return None
    edge, calls, fn, line = example[4]
    state = contexts.step(contexts.UNKNOWN, edge)
    for call in calls:
        state, why = contexts.next_state(state, call)
        if why:
            return "%s() calls %s() (%s:%d) %s" % (edge[2][0], call[2][0], call[0], call[1], why)
        edge = call
    why = contexts.op_why_not(state, line, fn)
    return why and "%s() takes it by %s() at line %d %s" % (edge[2][0], fn, line, why)


def inversions(db, decisions=None):
    """One warning line per pair of locks taken in both orders, and per
    cycle of three or more, sorted; the candidates a rule keeps silent go to
    'decisions' (if given), as smatch's --debug prints them."""
    facts = Facts(db)
    pairs = ordered_pairs(db, facts)
    classed = lock_classes(db)
    found = candidates(pairs)
    out = []
    for locks, line in found.items():
        # a type with instances of several lockdep classes: which ones meet here the database cannot say
        if any(k in classed for k in locks):
            if decisions is not None:
                decisions.append(not_reported(line, "lockdep-classes"))
        else:
            out.append(line)
    if decisions is not None:
        # what only a chain the arguments rule out would report
        every = ordered_pairs(db, Facts(db, False, facts[0], facts[1]))
        for locks, line in candidates(every).items():
            if locks in found:
                continue
            if any(k in classed for k in locks):
                decisions.append(not_reported(line, "lockdep-classes"))
                continue
            edges = [(locks[i], locks[(i + 1) % len(locks)]) for i in range(len(locks))]
            why = next((w for w in (why_cut(facts[2], every[e]) for e in edges if e not in pairs) if w), None)
            decisions.append(not_reported(line + ("; not taken: %s" % why if why else ""),
                                          "argument-blocks-call"))
        decisions.sort()
    return sorted(out)


def candidates(pairs):
    """{locks: warning} for each pair of locks taken in both orders
    ((A, B), A < B) and each cycle of three or more."""
    out = {}
    for (a, b), first in pairs.items():
        second = pairs.get((b, a))
        if second is None or second[:3] < first[:3] or (second[:3] == first[:3] and b < a):
            continue	# each inversion once, at its first example
        out[tuple(sorted((a, b)))] = (
            "%s:%d %s() warn: possible lock order inversion: %s then %s (%s) vs %s then %s (%s)" %
            (first[0], first[1], first[2], a, b, describe(first), b, a, describe(second)))
    for cycle in cycles(pairs):
        edges = [(cycle[i], cycle[(i + 1) % len(cycle)]) for i in range(len(cycle))]
        first = min(pairs[e][:3] for e in edges)
        out[cycle] = "%s:%d %s() warn: possible lock order cycle: %s" % (first + (", ".join(
            "%s then %s (%s)" % (a, b, describe(pairs[a, b])) for a, b in edges),))
    return out


def not_reported(warning, rule):
    """A warning a rule keeps silent, as a decision line naming the rule."""
    return warning.replace(" warn: ", " not reported: ", 1) + " (rule: %s)" % rule


def lock_classes(db):
    """The lock types whose instances lockdep_set_class() splits into classes."""
    return {r[0] for r in db.execute("SELECT DISTINCT lock FROM lock_ops WHERE op = 'class'")}


def cycles(pairs):
    """The shortest cycle of at least three locks through each pair that is
    not inverted itself (an inversion is its own warning), up to MAX_CYCLE
    locks; each cycle once, starting at its smallest lock."""
    after = defaultdict(list)
    for a, b in sorted(pairs):
        if (b, a) not in pairs:
            after[a].append(b)
    found = set()
    for a, b in sorted(pairs):
        if (b, a) in pairs:
            continue
        back = {b: None}	# breadth first from b back to a: the shortest cycle
        level = [b]
        for _ in range(MAX_CYCLE - 1):
            nxt = []
            for n in level:
                for m in after.get(n, ()):
                    if m not in back:
                        back[m] = n
                        nxt.append(m)
            level = nxt
            if a in back:
                break
        if a not in back:
            continue
        path, n = [], back[a]
        while n is not None:
            path.append(n)
            n = back[n]
        cycle = [a] + path[::-1]	# a, b, ..., the lock taken before a
        start = cycle.index(min(cycle))
        found.add(tuple(cycle[start:] + cycle[:start]))
    return sorted(found)


def pair_lines(db):
    """Every ordered pair with its example, sorted: what the warnings come from."""
    return sorted("%s then %s (%s)" % (a, b, describe(ex)) for (a, b), ex in ordered_pairs(db).items())


def describe(example):
    file, line, _, chain = example[:4]
    return "%s:%d via %s" % (file, line, " -> ".join(chain))
