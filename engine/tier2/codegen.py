"""A typed loop -> the Python source of one numba function.

The function is the loop's blocks as a state machine, ``while True: if blk == 0: ... elif ...``, over
locals (numba keeps them in registers; LLVM turns the constant block numbers into direct branches):

    def loop(entry, S, IT, a0, a1, ...):
        v0 = S[0]            # scalar variables (and the temporaries a hand-back needs) live in S
        i0k = IT[0, 0] ...   # each for loop's range iterator: taken, count, start, step
        ...
        while True:
            if blk == 0: ...  # blocks: the loop's header is 0; ``entry`` picks where to start
        S[0] = v0 ...         # everything back into S and IT
        return point          # why it stopped: an index into ``Plan.points``

A ``for`` loop whose body is one block that jumps straight back to its header (an innermost loop
without branches, such as a fill's inner loop) is emitted inside its header's state as a native
``while True:`` over the header's and the body's instructions (``tight_loop``): the same instructions and
stops, but a loop LLVM optimises as a loop rather than a chain of state changes.

Matrices are the arguments ``a0, a1...`` and are read and written in place. The function stops (a
``point``) when control leaves the loop, every POLL_TICKS loop iterations (so the VM can check for an
interrupt and enter again), and before any instruction whose result the interpreter would compute
differently or fail on: an index out of range or not a whole number, an assignment that would grow a
matrix, NaN as a condition, a complex result, a zero-trip ``for`` (its variable becomes empty). The
interpreter then runs from that very instruction (``Point.label``, ``Point.k``), so errors carry
MATLAB's identifier, message and line, and anything else gives the interpreter's result.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field

from ..mir.ir import Block, Instr
from .builtins import CONSTANTS, SCALAR_FUNCTIONS
from .infer import ARRAYS, Callee, TypeMap, Unsupported

POLL_TICKS = 1 << 18            # loop iterations between two returns to the VM (interrupt checks)


@dataclass
class Point:
    """Where the compiled loop stopped: ``kind`` "exit" (control left the loop for ``label``), "bail"
    (hand back before instruction ``k`` of block ``label``; ``len(instrs)``: its terminator) or "poll"
    (at the header of block ``label``; enter again at block number ``entry``)."""
    kind: str
    label: str
    k: int = 0
    entry: int = -1
    temps: list[tuple[int, int, str]] = field(default_factory=list)     # (temp id, S index, type)
    arrays: list[tuple[int, str]] = field(default_factory=list)         # (temp id, variable)
    iterators: list[int] = field(default_factory=list)                  # iterator temp ids live here


@dataclass
class Plan:
    """The generated source and everything the VM side needs to move state in and out."""
    source: str
    scalars: dict[str, tuple[int, str, int]]       # variable -> (S index, type, S index of its defined flag or -1)
    arrays: list[str]                              # matrix variables, in argument order
    written: set[str]                              # matrices the loop assigns into
    iterators: dict[int, int]                      # iterator temp id -> IT row
    blocks: list[str]                              # block number -> label
    points: list[Point]
    nslots: int
    types: dict[str, str]                          # variable -> type (for reports)


def literal(value: float | bool) -> str:
    if type(value) is bool:
        return repr(value)
    if math.isnan(value):
        return "math.nan"
    if math.isinf(value):
        return "math.inf" if value > 0 else "(-math.inf)"
    return f"({value!r})" if value < 0 or (value == 0 and math.copysign(1.0, value) < 0) else repr(value)


class Generator:
    def __init__(self, blocks: list[Block], tm: TypeMap, inner_loops: dict[str, list[str]],
                 names: dict[int, str] | None = None):
        self.blocks = blocks
        self.tm = tm
        self.names = names if names is not None else {}     # id(Callee) -> its generated function's name
        self.number = {b.label: k for k, b in enumerate(blocks)}
        self.by_label = {b.label: b for b in blocks}
        self.inner = inner_loops             # header label -> its blocks, for each for/while loop in the unit
        self.lines: list[str] = []
        self.indent = 0                      # extra levels of what ``put`` writes (tight loops' bodies)
        self.points: list[Point] = []
        self.array_of: dict[int, str] = {}   # temp id -> matrix variable it was loaded from
        self.var_types = self.variable_types()
        self.scalars: dict[str, tuple[int, str, int]] = {}
        self.arrays: list[str] = []
        self.nslots = 0
        for name, kind in sorted(self.var_types.items()):
            base = kind.lstrip("?")
            if base in ARRAYS:
                self.arrays.append(name)
            else:
                flag = self.slot() if self.maybe_undefined(name) else -1
                self.scalars[name] = (self.slot(), base, flag)
        self.written = {i.attr[0] for b in blocks for i in b.instrs if i.op == "setindex"}
        self.iterators = {b.term.args[0].id: k for k, b in enumerate(
            [b for b in blocks if b.term.op == "fornext"])}
        self.temp_slots: dict[int, int] = {}
        self.live_out = self.temp_liveness()
        self.whole = self.whole_loads()
        for callee in tm.callees.values():
            self.names.setdefault(id(callee), f"f{len(self.names)}_{callee.name}")

    # ------------------------------------------------------------ names and slots
    def slot(self) -> int:
        self.nslots += 1
        return self.nslots - 1

    def variable_types(self) -> dict[str, str]:
        """Each variable's one type over the whole loop (a variable that would hold two is Unsupported)."""
        found: dict[str, str] = {}
        for env in self.tm.entry.values():
            for name, kind in env.items():
                if kind != "undef":
                    self.one_type(found, name, kind)
        for b in self.blocks:
            for ins in b.instrs:
                if ins.op == "store":
                    self.one_type(found, ins.attr, self.tm.temps[ins.args[0].id])
            if b.term.op == "fornext":
                self.one_type(found, b.term.attr, "f8")
        return found

    @staticmethod
    def one_type(found: dict[str, str], name: str, kind: str) -> None:
        base = kind.lstrip("?")
        old = found.get(name)
        if old is not None and old.lstrip("?") != base:
            raise Unsupported(f"variable '{name}' holds both {old.lstrip('?')} and {base} in the loop")
        found[name] = "?" + base if kind.startswith("?") or (old or "").startswith("?") else base

    def maybe_undefined(self, name: str) -> bool:
        return any(env.get(name, "undef").startswith(("?", "undef")) for env in self.tm.entry.values()) \
            and name in self.tm.variables

    def var(self, name: str) -> str:
        return f"v_{self.scalars[name][0]}"

    def temp(self, ins_or_id) -> str:
        tid = ins_or_id if isinstance(ins_or_id, int) else ins_or_id.id
        if tid in self.array_of:
            return f"a{self.arrays.index(self.array_of[tid])}"
        return f"t{tid}"

    def temp_type(self, tid: int) -> str:
        return self.tm.temps.get(tid, "it")

    def temp_liveness(self) -> dict[str, set[int]]:
        """Temporaries live at each block's exit (within the loop; SSA, so uses minus definitions)."""
        uses: dict[str, set[int]] = {}
        defs: dict[str, set[int]] = {}
        for b in self.blocks:
            d: set[int] = set()
            u: set[int] = set()
            for ins in [*b.instrs, b.term]:
                u.update(t.id for t in ins.args if t.id not in d)
                if isinstance(ins, Instr) and ins.dest is not None:
                    d.add(ins.dest.id)
            uses[b.label], defs[b.label] = u, d
        live_in = {b.label: set(uses[b.label]) for b in self.blocks}
        live_out: dict[str, set[int]] = {b.label: set() for b in self.blocks}
        changed = True
        while changed:
            changed = False
            for b in reversed(self.blocks):
                out = set().union(*(live_in[t] for t in b.term.targets if t in live_in))
                new = uses[b.label] | (out - defs[b.label])
                if out != live_out[b.label] or new != live_in[b.label]:
                    live_out[b.label], live_in[b.label] = out, new
                    changed = True
        return live_out

    def dominators(self) -> dict[str, set[str]]:
        """Each block's dominators, from the first block. (A poll enters again at a loop header, but
        with the state the code had when it stopped there, reached from the first block.)"""
        labels = [b.label for b in self.blocks]
        preds: dict[str, list[str]] = {label: [] for label in labels}
        for b in self.blocks:
            for t in b.term.targets:
                if t in preds:
                    preds[t].append(b.label)
        dom = {label: {label} if label == labels[0] else set(labels) for label in labels}
        changed = True
        while changed:
            changed = False
            for label in labels[1:]:
                new = {label} | set.intersection(*(dom[p] for p in preds[label])) if preds[label] else {label}
                if new != dom[label]:
                    dom[label], changed = new, True
        return dom

    def whole_loads(self) -> set[int]:
        """Temporaries that load a ``for`` variable where it surely holds one of its loop's values: the
        variable is assigned nowhere else in the unit and the load's block is dominated by the body of
        a ``for`` over it. Such values are whole numbers (tier 2 and the VM iterate only ranges with a
        whole start and step), so subscripts made of them skip the whole-number test."""
        stored = {ins.attr for b in self.blocks for ins in b.instrs if ins.op == "store"}
        bodies: dict[str, set[str]] = {}
        for b in self.blocks:
            body = self.by_label.get(b.term.targets[0]) if b.term.op == "fornext" else None
            if body is not None and b.term.attr not in stored and \
                    all(t != body.label or p is b for p in self.blocks for t in p.term.targets):
                bodies.setdefault(b.term.attr, set()).add(body.label)
        if not bodies:
            return set()
        dom = self.dominators()
        return {ins.dest.id for b in self.blocks for ins in b.instrs
                if ins.op in ("load", "loadname") and ins.attr in bodies and not self.tm.calls.get(id(ins))
                and bodies[ins.attr] & dom[b.label]}

    def live_at(self, block: Block, k: int) -> set[int]:
        """Temporaries live before instruction ``k`` of ``block`` (defined earlier, read from there on)."""
        later = [*block.instrs[k:], block.term]
        defined_later = {i.dest.id for i in block.instrs[k:] if i.dest is not None}
        used = {t.id for ins in later for t in ins.args}
        return (used | self.live_out[block.label]) - defined_later

    # ------------------------------------------------------------ points
    def point(self, kind: str, label: str, k: int = 0) -> int:
        p = Point(kind, label, k)
        if kind == "exit":
            self.points.append(p)
            return len(self.points) - 1
        block = self.by_label[label]
        p.entry = self.number[label] if kind == "poll" else -1
        for tid in sorted(self.live_at(block, k)):
            kind_t = self.temp_type(tid)
            if kind_t == "it":
                p.iterators.append(tid)
            elif tid in self.array_of:
                p.arrays.append((tid, self.array_of[tid]))
            else:
                if tid not in self.temp_slots:
                    self.temp_slots[tid] = self.slot()
                p.temps.append((tid, self.temp_slots[tid], kind_t))
        self.points.append(p)
        return len(self.points) - 1

    def stop(self, depth: int, kind: str, label: str, k: int = 0) -> None:
        p = self.point(kind, label, k)
        for tid, index, _ in self.points[p].temps:
            self.put(depth, f"S[{index}] = {self.temp(tid)}")
        self.put(depth, f"point = {p}")
        self.put(depth, "break")

    def goto(self, depth: int, label: str) -> None:
        if label in self.number:
            self.put(depth, f"blk = {self.number[label]}")
        else:
            self.stop(depth, "exit", label)

    def put(self, depth: int, text: str) -> None:
        for line in text.split("\n"):
            self.lines.append("    " * (depth + self.indent) + line)

    # ------------------------------------------------------------ the function
    def dispatch_body(self) -> list[str]:
        """The ``if blk == k:`` branch of every block (the state machine's body); the lines are taken out
        of ``self.lines``, which the caller refills with the function's head first."""
        body_start = len(self.lines)
        for b in self.blocks:
            self.put(2, f"{'if' if b is self.blocks[0] else 'elif'} blk == {self.number[b.label]}:   # {b.label}")
            body = self.tight_body(b)
            if body is None:
                self.block(b)
            else:
                self.tight_loop(b, body)
        body = self.lines[body_start:]
        self.lines = []
        return body

    def source(self, title: str) -> str:
        body = self.dispatch_body()
        args = ", ".join(["entry", "S", "IT"] + [f"a{k}" for k in range(len(self.arrays))])
        self.put(0, f"# {title}")
        self.put(0, "import math\nimport numpy as np\nfrom numba import njit\nfrom engine.tier2 import kernels\n")
        self.put(0, f"def loop({args}):")
        for name, (index, kind, flag) in self.scalars.items():
            self.put(1, f"{self.var(name)} = {'S[%d]' % index if kind == 'f8' else 'S[%d] != 0.0' % index}"
                        f"   # {name}")
            if flag >= 0:
                self.put(1, f"d_{index} = S[{flag}] != 0.0")
        for tid, row in self.iterators.items():
            for col, part in enumerate("knsd"):
                self.put(1, f"i{tid}{part} = IT[{row}, {col}]")
        for tid, index in sorted(self.temp_slots.items()):
            self.put(1, f"t{tid} = {'S[%d]' % index if self.temp_type(tid) == 'f8' else 'False'}")
        self.put(1, "ticks = 0\npoint = -1\nblk = entry\nwhile True:")
        self.lines += body
        self.put(2, "else:\n    point = -1\n    break")
        for name, (index, kind, flag) in self.scalars.items():
            self.put(1, f"S[{index}] = {self.var(name)}")
            if flag >= 0:
                self.put(1, f"S[{flag}] = d_{index}")
        for tid, row in self.iterators.items():
            for col, part in enumerate("knsd"):
                self.put(1, f"IT[{row}, {col}] = i{tid}{part}")
        self.put(1, "return point")
        return "\n".join(self.lines) + "\n"

    def block(self, b: Block) -> None:
        self.instructions(b)
        self.terminator(b)

    def instructions(self, b: Block) -> None:
        """A block's instructions (a loop header's poll check first)."""
        if b.label in self.inner:
            self.put(3, f"ticks += 1\nif ticks >= {POLL_TICKS}:")
            self.stop(4, "poll", b.label, 0)
        for k, ins in enumerate(b.instrs):
            method = getattr(self, "op_" + ins.op)
            method(b, k, ins)

    def tight_body(self, b: Block) -> Block | None:
        """The body of the for loop whose header is ``b`` when it is one block that jumps straight back
        to ``b`` (an innermost loop without branches), else None."""
        if b.term.op != "fornext" or b.label not in self.inner:
            return None
        body = self.by_label.get(b.term.targets[0])
        if body is None or body is b or body.label in self.inner or body.term.op != "jump" \
                or body.term.targets[0] != b.label:
            return None
        return body

    def tight_loop(self, b: Block, body: Block) -> None:
        """Header ``b`` and its one-block ``body`` as a native ``while`` inside the header's state: LLVM
        optimises it far better than the state machine's jumps (a 300x300 fill's loop: 0.15 against
        0.23 ms). The same instructions and stops as ``block``; a stop breaks out of both loops (the body
        state stays, unreachable: polls enter at headers)."""
        it, var = b.term.args[0].id, b.term.attr
        self.put(3, "while True:")
        self.indent += 1
        self.instructions(b)
        self.put(3, f"if not i{it}k < i{it}n:")
        self.put(4, f"if i{it}k == 0.0:")      # no iteration: its variable becomes [] (interpreter)
        self.stop(5, "bail", b.label, len(b.instrs))
        self.put(4, "else:")
        self.leave(5, b.term.targets[1])
        self.next_value(3, it, var)
        self.instructions(body)
        self.indent -= 1
        self.after_tight_loop()

    def leave(self, depth: int, label: str) -> None:
        """Leave a tight loop for ``label``: to its state, or stop there."""
        if label in self.number:
            self.put(depth, f"blk = {self.number[label]}\nbreak")
        else:
            self.stop(depth, "exit", label)

    def after_tight_loop(self) -> None:
        """After a tight loop: a stop in it (``point`` set) leaves the state machine too."""
        self.put(3, "if point >= 0:\n    break")

    def next_value(self, depth: int, it: int, var: str) -> None:
        """A for loop's next value into its variable, the iterator one step on."""
        self.put(depth, f"{self.var(var)} = i{it}s + i{it}k * i{it}d")
        if self.scalars[var][2] >= 0:
            self.put(depth, f"d_{self.scalars[var][0]} = True")
        self.put(depth, f"i{it}k += 1.0")

    def terminator(self, b: Block) -> None:
        term = b.term
        if term.op == "jump":
            self.goto(3, term.targets[0])
        elif term.op == "branch":
            cond = self.temp(term.args[0])
            if self.temp_type(term.args[0].id) == "f8":          # if x: NaN is an error
                self.bail_if(b, len(b.instrs), f"{cond} != {cond}")
                cond = f"{cond} != 0.0"
            self.put(3, f"if {cond}:")
            self.goto(4, term.targets[0])
            self.put(3, "else:")
            self.goto(4, term.targets[1])
        elif term.op == "fornext":
            it = term.args[0].id
            self.put(3, f"if i{it}k < i{it}n:")
            self.next_value(4, it, term.attr)
            self.goto(4, term.targets[0])
            self.put(3, f"elif i{it}k == 0.0:")      # no iteration: its variable becomes [] (interpreter)
            self.stop(4, "bail", b.label, len(b.instrs))
            self.put(3, "else:")
            self.goto(4, term.targets[1])
        else:                                        # return: the interpreter runs it
            self.stop(3, "exit", b.label)

    # ------------------------------------------------------------ instructions
    def bail_if(self, b: Block, k: int, condition: str) -> None:
        self.put(3, f"if {condition}:")
        self.stop(4, "bail", b.label, k)

    def value(self, t) -> str:
        """A scalar operand as a double (logicals converted)."""
        name = self.temp(t)
        return f"(1.0 if {name} else 0.0)" if self.temp_type(t.id) == "b1" else name

    def set(self, ins: Instr, text: str) -> None:
        self.put(3, f"{self.temp(ins.dest)} = {text}")

    def op_const(self, b: Block, k: int, ins: Instr) -> None:
        self.set(ins, literal(ins.attr))

    def op_load(self, b: Block, k: int, ins: Instr) -> None:
        how = self.tm.calls.get(id(ins), "")
        if how.startswith("const:"):
            self.set(ins, literal(CONSTANTS[how[6:]]))
        elif self.tm.temps[ins.dest.id] in ARRAYS:
            self.array_of[ins.dest.id] = ins.attr
        else:
            self.set(ins, self.var(ins.attr))

    op_loadname = op_load

    def op_store(self, b: Block, k: int, ins: Instr) -> None:
        self.put(3, f"{self.var(ins.attr)} = {self.temp(ins.args[0])}")
        if self.scalars[ins.attr][2] >= 0:
            self.put(3, f"d_{self.scalars[ins.attr][0]} = True")

    def op_binop(self, b: Block, k: int, ins: Instr) -> None:
        op = ins.attr
        x, y = (self.value(t) for t in ins.args)
        if op in ("+", "-", "*", ".*", "/", "./"):
            self.set(ins, f"{x} {op[-1]} {y}")
        elif op in ("\\", ".\\"):
            self.set(ins, f"{y} / {x}")
        elif op in ("^", ".^"):
            self.bail_if(b, k, f"{x} < 0.0 and {y} != np.floor({y})")      # a complex result
            self.set(ins, f"{x} ** {y}")
        elif op in ("&", "|"):
            self.bail_if(b, k, f"{x} != {x} or {y} != {y}")                 # NaN: an error
            self.set(ins, f"({x} != 0.0) {'and' if op == '&' else 'or'} ({y} != 0.0)")
        else:
            self.set(ins, f"{x} {'!=' if op == '~=' else op} {y}")

    def op_unop(self, b: Block, k: int, ins: Instr) -> None:
        (t,) = ins.args
        if ins.attr == "~":
            x = self.value(t)
            self.bail_if(b, k, f"{x} != {x}")
            self.set(ins, f"{x} == 0.0")
        elif ins.attr in ("'", ".'"):
            self.set(ins, self.temp(t))
        else:
            self.set(ins, f"{'-' if ins.attr == '-' else ''}{self.value(t)}")

    def op_truth(self, b: Block, k: int, ins: Instr) -> None:
        (t,) = ins.args
        if self.temp_type(t.id) == "b1":
            self.set(ins, self.temp(t))
            return
        x = self.temp(t)
        self.bail_if(b, k, f"{x} != {x}")
        self.set(ins, f"{x} != 0.0")

    op_sctruth = op_truth

    def op_call(self, b: Block, k: int, ins: Instr) -> None:
        how = self.tm.calls[id(ins)]
        kind, _, name = how.partition(":")
        if kind == "index":
            self.element(b, k, ins, f"a{self.arrays.index(ins.attr[0])}", ins.args)
            return
        if kind == "user":                  # a compiled user function: (value, ok); not ok -> the interpreter
            callee = self.tm.callees[id(ins)]
            self.put(3, f"r, ok = {self.names[id(callee)]}({', '.join(self.temp(t) for t in ins.args)})")
            self.bail_if(b, k, "not ok")
            self.set(ins, "r")
            return
        if kind == "const":
            self.set(ins, literal(CONSTANTS[name]))
            return
        xs = [self.temp(t) for t in ins.args]
        if kind == "query":
            self.query(b, k, ins, name, xs)
            return
        spec = SCALAR_FUNCTIONS[name]
        if spec.bail:
            self.bail_if(b, k, spec.bail.format(*xs))
        self.set(ins, spec.template.format(*xs))

    op_callname = op_call

    def query(self, b: Block, k: int, ins: Instr, name: str, xs: list[str]) -> None:
        a = xs[0]
        if name == "numel":
            self.set(ins, f"float({a}.size)")
        elif name == "length":
            self.set(ins, f"float(0 if {a}.size == 0 else max({a}.shape[0], {a}.shape[1]))")
        else:                                               # size(A, d)
            d = xs[1]
            self.bail_if(b, k, f"not (1.0 <= {d} < 1e15 and {d} == np.floor({d}))")
            self.set(ins, f"float({a}.shape[int({d}) - 1]) if {d} <= 2.0 else 1.0")

    def position(self, b: Block, k: int, a: str, subs: list) -> str:
        """Bail unless the subscripts are whole numbers in range (interp.position's test); the numpy
        index expression."""
        if len(subs) == 1:
            i = self.temp(subs[0])
            self.bail_if(b, k, f"not (1.0 <= {i} <= {a}.size{self.whole_test(subs[0])})")
            self.put(3, f"p = int({i}) - 1")
            return f"{a}[p % {a}.shape[0], p // {a}.shape[0]]"
        i, j = (self.temp(t) for t in subs)
        self.bail_if(b, k, f"not (1.0 <= {i} <= {a}.shape[0] and 1.0 <= {j} <= {a}.shape[1]"
                           f"{self.whole_test(subs[0])}{self.whole_test(subs[1])})")
        return f"{a}[int({i}) - 1, int({j}) - 1]"

    def whole_test(self, t) -> str:
        """`` and x == np.floor(x)`` for a subscript not known to be a whole number (``whole_loads``)."""
        x = self.temp(t)
        return "" if t.id in self.whole else f" and {x} == np.floor({x})"

    def element(self, b: Block, k: int, ins: Instr, a: str, subs: list) -> None:
        self.set(ins, self.position(b, k, a, subs))

    def op_index(self, b: Block, k: int, ins: Instr) -> None:
        base, *subs = ins.args
        self.element(b, k, ins, self.temp(base), subs)

    def op_end(self, b: Block, k: int, ins: Instr) -> None:
        a = self.temp(ins.args[0])
        which, count = ins.attr
        self.set(ins, f"float({a}.size)" if count == 1 else f"float({a}.shape[{which}])")

    def op_setindex(self, b: Block, k: int, ins: Instr) -> None:
        name = ins.attr[0]
        rhs, *subs = ins.args
        target = self.position(b, k, f"a{self.arrays.index(name)}", subs)
        value = self.value(rhs) if self.var_types[name] == "f8[]" else self.temp(rhs)
        self.put(3, f"{target} = {value}")

    def op_rangeiter(self, b: Block, k: int, ins: Instr) -> None:
        xs = [self.temp(t) for t in ins.args]
        start, step, stop = xs if len(xs) == 3 else (xs[0], "1.0", xs[1])
        self.bail_if(b, k, f"not (abs({start}) < 4503599627370496.0 and {start} == np.floor({start}) "
                           f"and math.isfinite({step}) and {step} == np.floor({step}) and {step} != 0.0)")
        t = ins.dest.id
        self.put(3, f"i{t}k = 0.0\ni{t}n = kernels.range_count({start}, {step}, {stop})")
        self.put(3, f"i{t}s = {start}\ni{t}d = {step}")


class FunctionGenerator(Generator):
    """A user function called from a compiled loop, as a numba function of its scalar arguments that
    returns ``(value, ok)``. It has no side effects (scalars only, no output), so where it would stop
    (any hand-back, or POLL_TICKS iterations of a loop in it) it returns ``ok = False`` and the calling
    loop hands the whole call back to the interpreter, which runs it again from the start."""

    def __init__(self, callee: Callee, names: dict[int, str]):
        super().__init__(callee.blocks, callee.tm, callee.loops, names)
        self.callee = callee
        self.fail = "(False, False)" if callee.result == "b1" else "(0.0, False)"

    def stop(self, depth: int, kind: str, label: str, k: int = 0) -> None:
        if kind == "exit":                  # the function's return
            out = self.callee.output
            index, _, flag = self.scalars[out]
            ok = f"d_{index}" if flag >= 0 else "True"
            self.put(depth, f"return ({self.var(out)}, {ok})")
        else:
            self.put(depth, f"return {self.fail}")

    def terminator(self, b: Block) -> None:
        if b.term.op == "return":
            self.stop(3, "exit", b.label)
        else:
            super().terminator(b)

    def after_tight_loop(self) -> None:
        """Nothing: a stop in a tight loop returns."""

    def source(self, title: str) -> str:
        body = self.dispatch_body()
        params = [f"p{k}" for k in range(len(self.callee.args))]
        self.put(0, f"@njit(cache=True, error_model='numpy', nogil=True)   # {title}")
        self.put(0, f"def {self.names[id(self.callee)]}({', '.join(params)}):")
        given = dict(zip(self.callee.params, params))
        for name, (index, kind, flag) in self.scalars.items():
            start = given.get(name, "0.0" if kind == "f8" else "False")
            if name in given and kind == "f8" and self.callee.args[self.callee.params.index(name)] == "b1":
                start = f"(1.0 if {start} else 0.0)"
            self.put(1, f"{self.var(name)} = {start}   # {name}")
            if flag >= 0:
                self.put(1, f"d_{index} = {name in given}")
        for tid in self.iterators:
            self.put(1, f"i{tid}k = 0.0\ni{tid}n = 0.0\ni{tid}s = 0.0\ni{tid}d = 1.0")
        self.put(1, "ticks = 0\nblk = 0\nwhile True:")
        self.lines += body
        self.put(2, f"else:\n    return {self.fail}")
        return "\n".join(self.lines) + "\n"


def generate(blocks: list[Block], tm: TypeMap, inner_loops: dict[str, list[str]], title: str) -> Plan:
    """The source and plan of one loop (``blocks[0]``: its header) for the types ``tm``, with the user
    functions it calls (compiled functions of the same module, before the loop)."""
    names: dict[int, str] = {}
    gen = Generator(blocks, tm, inner_loops, names)
    loop = gen.source(title)
    functions, done, todo = [], set(), list(tm.callees.values())
    while todo:
        callee = todo.pop()
        if id(callee) in done:
            continue
        done.add(id(callee))
        functions.append(FunctionGenerator(callee, names).source(
            f"{callee.name}({', '.join(callee.args)})"))
        todo.extend(callee.tm.callees.values())
    head, _, body = loop.partition("\ndef loop(")
    source = head + "\n" + "\n".join(functions) + ("\n" if functions else "") + "def loop(" + body
    return Plan(source, gen.scalars, gen.arrays, gen.written, gen.iterators, [b.label for b in blocks],
                gen.points, gen.nslots, gen.var_types)
