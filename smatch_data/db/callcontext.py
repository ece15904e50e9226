"""callcontext.py: the constants a call chain carries down to the functions
it reaches, and the calls (and lock operations) they rule out, for
lockorder.py's closure.

A chain goes from a function F to a function G in a *context*: the known
values of G's parameters, ((position, value), ...).  A call of F passes a
constant it writes or knows (call_args.value: `f(dev, false)`), or a
parameter of F as it came (call_args.passed_on) with the value F's context
gives it.  A call of F is not followed in a context that cannot meet its
condition on F's parameters (calls.cond, callconds.py), nor that gives a
parameter F passes on as it came a value outside the range F knows it
has there (`if (flush) g(flush)`): rule argument-blocks-call.  A context
keeps only the parameters that such a test reads, in G or below it through
parameters passed on (the others' constants, a size, change nothing); each
function has at most MAX_CONTEXTS of them, past which a chain reaching it
knows nothing (it meets every condition, as the closure without
contexts)."""

from collections import defaultdict

import callconds

MAX_CONTEXTS = 16
# the arguments that pass a parameter on, or a constant
ARGS = """SELECT call_id, param, value, passed_on FROM call_args
          WHERE passed_on >= 0 OR value GLOB '[0-9]*' AND NOT value GLOB '*[^0-9]*'
             OR value GLOB '(-[0-9]*)' AND NOT value GLOB '*[,)]*[,)]*'"""
# ranges that are all of a type: they rule out no value
WHOLE = {"", "s64min-s64max", "0-4294967295", "(-2147483648)-2147483647", "0-65535", "(-32768)-32767",
         "0-255", "(-128)-127", "0-1"}


class Contexts:
    """The contexts of the chains over 'graph' (lockorder.Graph); with
    'honour' false, every call in one context that knows nothing."""

    UNKNOWN = (None, ())	# the state of a function whose callers are not followed

    def __init__(self, db, graph, honour=True):
        self.graph = graph
        self.honour = honour
        # call id -> ((position, parameter passed on or -1, constant or None,
        #              ranges the parameter passed on has there or None, carried on), ...)
        self.args = {}
        self.contexts = set()	# (function, context) of the states made
        self.counts = defaultdict(int)	# function -> the contexts it has
        if not honour:
            return
        ranges = {}
        for cid, pos, value, passed in db.execute(ARGS):
            if value not in ranges:
                ranges[value] = None if value in WHOLE else callconds.parse_ranges(value)
            rl = ranges[value]
            const = rl[0][0] if rl and len(rl) == 1 and rl[0][0] == rl[0][1] else None
            if const is not None or passed >= 0:
                self.args.setdefault(cid, []).append((pos, passed, const, rl if passed >= 0 else None))
        used = self._used()
        kept = {}
        for calls in graph.calls.values():
            for _, _, dst, cid, _ in calls:
                a = tuple(x + (x[0] in used.get(dst, ()),) for x in self.args.get(cid, ()))
                a = tuple(x for x in a if x[4] or x[3] is not None)
                if a:
                    kept[cid] = a
        self.args = kept

    def _used(self):
        """{function: the positions of its parameters that a test reads,
        of its own calls or lock operations or below them (passed on)}."""
        used = defaultdict(set)
        back = defaultdict(list)	# (callee, position) -> [(caller, its parameter passed there)]
        for src, calls in self.graph.calls.items():
            for _, _, dst, cid, cond in calls:
                if cond:
                    used[src].add(cond[0])
                for pos, passed, _, rl in self.args.get(cid, ()):
                    if rl:
                        used[src].add(passed)
                    if passed >= 0:
                        back[dst, pos].append((src, passed))
        for (src, _, _), conds in self.graph.op_conds.items():
            used[src].update(c[0] for c in conds)
        todo = [(f, p) for f, ps in used.items() for p in ps]
        while todo:
            f, p = todo.pop()
            for src, passed in back.get((f, p), ()):
                if passed not in used[src]:
                    used[src].add(passed)
                    todo.append((src, passed))
        return used

    def _state(self, node, ctx):
        """The state of a chain reaching 'node' knowing 'ctx' (a dict)."""
        if not ctx:
            return (node, ())
        key = tuple(sorted(ctx.items()))
        if (node, key) not in self.contexts:
            if self.counts[node] >= MAX_CONTEXTS:
                return (node, ())
            self.counts[node] += 1
            self.contexts.add((node, key))
        return (node, key)

    def step(self, state, edge):
        """The state of the chain going on through the call 'edge' (file,
        line, callee, call id, condition) of the state's function, or None
        when the context rules the call out."""
        return self.next_state(state, edge)[0]

    def next_state(self, state, edge):
        """(the state step() gives, why the call is ruled out or None)."""
        if not self.honour or (not state[1] and edge[3] not in self.args):
            return (edge[2], ()), None	# nothing known, nothing passed: any call is made
        known = dict(state[1])
        cond = edge[4]
        if cond and not callconds.meets(cond, known.get(cond[0])):
            return None, "only when %s, given %d" % (cond[3], known[cond[0]])
        ctx = {}
        for pos, passed, const, rl, carried in self.args.get(edge[3], ()):
            v = known.get(passed) if passed >= 0 else None
            if v is not None and rl and not callconds.in_ranges(v, rl):
                return None, "only when $%d=%s, given %d" % (passed, callconds.ranges_text(rl), v)
            if const is not None:
                v = const
            if v is not None and carried:
                ctx[pos] = v
        return self._state(edge[2], ctx), None

    def op_why_not(self, state, line, callee):
        """Why the lock operation at 'line' (a call to 'callee') of the
        state's function is not made in its context, or None."""
        if not self.honour or not state[1]:
            return None
        known = dict(state[1])
        conds = self.graph.op_conds.get((state[0], line, callee), ())
        if not conds or any(callconds.meets(c, known.get(c[0])) for c in conds):
            return None
        c = conds[0]
        return "only when %s, given %d" % (c[3], known[c[0]])
