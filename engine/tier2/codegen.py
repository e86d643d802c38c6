"""A typed loop -> the Python source of one numba function.

The function is the loop's blocks as structured code, nested ``while True:`` loops and ``if``/``else``
statements (``structure.Shape`` finds the nesting; ``continue`` at a loop's header, ``break`` at its exit),
over locals that numba keeps in registers, so that LLVM optimises the loops as loops:

    def loop(entry, S, IT, a0, a1, ...):
        v0 = S[0]            # scalar variables (and the temporaries a hand-back needs) live in S
        i0k = int(IT[0, 0])  # each for loop's range iterator: values taken, count, start, step
        ...
        blk = entry
        while True:
            if blk == 0 or blk == 2:     # from the loop's header, or from an inner loop's (2), where a
                resume = blk             # poll stopped: the code on the way there is skipped while
                while True: ...          # resume is set (``structured_body``)
        S[0] = v0 ...         # everything back into S and IT
        return point          # why it stopped: an index into ``Plan.points``

A ``for`` loop counts its values in integers (a constant step spelled out: ``constant_steps``), and a
for variable that subscripts read has an integer twin (``int_vars``), so a fill's inner loop is an
integer-counted loop over a unit-stride index that LLVM vectorises (a 300x300 fill: 0.018 ms, against
0.114 ms as the state machine over blocks this replaced).

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
from .structure import NotStructured, Shape

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
        self.indent = 0                      # extra levels of what ``put`` writes (nested statements)
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
        self.twins = self.int_vars()
        self.exact = {tid for tid in self.iterators if self.iterator_var(tid) in self.twins}
        self.steps = self.constant_steps()
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

    def twin(self, name: str) -> str:
        """The integer twin of a for variable (``int_vars``)."""
        return f"w_{self.scalars[name][0]}"

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

    def whole_loads(self) -> dict[int, str]:
        """Temporaries that load a ``for`` variable where it surely holds one of its loop's values (each
        with its variable): the variable is assigned nowhere else in the unit and the load's block is
        dominated by the body of a ``for`` over it. Such values are whole numbers (tier 2 and the VM
        iterate only ranges with a whole start and step), so subscripts made of them skip the
        whole-number test and use the variable's integer twin (``int_vars``)."""
        stored = {ins.attr for b in self.blocks for ins in b.instrs if ins.op == "store"}
        bodies: dict[str, set[str]] = {}
        for b in self.blocks:
            body = self.by_label.get(b.term.targets[0]) if b.term.op == "fornext" else None
            if body is not None and b.term.attr not in stored and \
                    all(t != body.label or p is b for p in self.blocks for t in p.term.targets):
                bodies.setdefault(b.term.attr, set()).add(body.label)
        if not bodies:
            return {}
        dom = self.dominators()
        return {ins.dest.id: ins.attr for b in self.blocks for ins in b.instrs
                if ins.op in ("load", "loadname") and ins.attr in bodies and not self.tm.calls.get(id(ins))
                and bodies[ins.attr] & dom[b.label]}

    def int_vars(self) -> set[str]:
        """The ``for`` variables some subscript reads through a whole load. Each has an integer twin
        ``w_<slot>`` that every step of a ``for`` over it sets next to the double (``start + k * step`` in
        integers): subscripts compare and index with it, so LLVM sees an affine integer index (no
        float-to-integer conversion, no negative-index wrap-around; a 300x300 fill's loop runs 6x
        faster). Exact because the loops over them run only where every value is below 2^52 in
        magnitude (``exact_range``)."""
        subscripts = set()
        for b in self.blocks:
            for ins in b.instrs:
                if ins.op in ("index", "setindex"):          # (the matrix or the value, *subscripts)
                    subscripts.update(t.id for t in ins.args[1:])
                elif ins.op in ("call", "callname") and self.tm.calls.get(id(ins), "").startswith("index"):
                    subscripts.update(t.id for t in ins.args)
        return {name for tid, name in self.whole.items() if tid in subscripts}

    def constant_steps(self) -> dict[int, float]:
        """The ranges made in the loop whose step is a constant whole number (``1:n``'s 1), by iterator:
        the generated code spells it out everywhere (a poll entering again included), so that LLVM sees
        a unit-stride index and vectorises."""
        consts = {ins.dest.id: ins.attr for b in self.blocks for ins in b.instrs if ins.op == "const"}
        steps = {}
        for b in self.blocks:
            for ins in b.instrs:
                if ins.op == "rangeiter":
                    step = 1.0 if len(ins.args) == 2 else consts.get(ins.args[1].id)
                    if type(step) is float and math.isfinite(step) and step == math.floor(step) and step != 0.0 \
                            and abs(step) < 2.0 ** 52:
                        steps[ins.dest.id] = step
        return steps

    def step_of(self, tid: int, default: str) -> tuple[str, str]:
        """An iterator's step as written in the code: the double, and the integer for its twin."""
        step = self.steps.get(tid)
        if step is None:
            return default, f"kernels.whole_int({default})"
        return literal(step), str(int(step))

    def iterator_var(self, tid: int) -> str | None:
        """The variable of the ``for`` loop that iterator ``tid`` drives."""
        for b in self.blocks:
            if b.term.op == "fornext" and b.term.args[0].id == tid:
                return b.term.attr
        return None

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

    def put(self, depth: int, text: str) -> None:
        for line in text.split("\n"):
            self.lines.append("    " * (depth + self.indent) + line)

    # ------------------------------------------------------------ the function
    def structured_body(self, entries: list[str]) -> list[str]:
        """The code as nested ``while``/``if`` statements (``structure.Shape``) in one ``if blk == ...:``
        section for every place it can be entered: its header, and the headers of its inner loops,
        where a poll enters again. Entering at an inner header sets ``resume`` to its number: the code
        on the way there (the headers of the loops around it, the statements before it) is guarded by
        ``resume == 0`` and skipped, the loop itself clears ``resume`` and runs on (``guard``). The lines
        are taken out of ``self.lines``, which the caller refills with the function's head first."""
        start = len(self.lines)
        self.entries = {label: self.number[label] for label in entries[1:]}
        try:
            self.shape = Shape(self.blocks, self.inner)
            self.put(2, f"if {' or '.join(f'blk == {self.number[label]}' for label in entries)}:")
            if self.entries:
                self.put(3, "resume = blk")
            self.sequence(entries[0], None, [])
            self.section_end()
        except NotStructured as exc:
            raise Unsupported(f"control flow tier 2 cannot nest ({exc})") from None
        body = self.lines[start:]
        del self.lines[start:]
        return body

    def section_end(self) -> None:
        """After the section (not reached: every way out of the loop stops)."""
        self.put(3, "point = -1\nbreak")

    def sequence(self, label: str | None, merge: str | None, stack: list[str]) -> set[str]:
        """The code from ``label`` on, up to ``merge`` (where an enclosing branch joins), inside the loops
        of ``stack`` (innermost last): ``continue`` at the innermost one's header, ``break`` at its exit.
        Returns the entry headers (``self.entries``) in it, after guarding the statements up to the last
        one holding such a header."""
        chunks: list[tuple[int, set[str]]] = []        # (first line, entry headers in it) per statement
        while label is not None and label != merge:
            chunks.append((len(self.lines), set()))
            if label not in self.number:
                self.stop(3, "exit", label)
                break
            if stack and label == stack[-1]:
                self.put(3, "continue")
                break
            if stack and label == self.shape.exit_of[stack[-1]]:
                self.put(3, "break")
                break
            if label in stack:
                raise NotStructured(f"a jump to the header of an outer loop {label}")
            if label in self.shape.loops:
                chunks[-1][1].update(self.structured_loop(label, stack))
                label = self.shape.exit_of[label]
                continue
            b = self.by_label[label]
            self.instructions(b)
            if b.term.op == "jump":
                label = b.term.targets[0]
            elif b.term.op == "branch":
                join = self.shape.merge(label) or None
                cond = self.condition(b)
                chunks.append((len(self.lines), set()))
                self.put(3, "if")                      # its condition is written once the arms are known
                arms = []
                for k, target in enumerate(b.term.targets):
                    if k:
                        self.put(3, "else:")
                    self.indent += 1
                    before = len(self.lines)
                    arms.append(self.sequence(target, join, stack))
                    if len(self.lines) == before:
                        self.put(3, "pass")
                    self.indent -= 1
                if arms[0] or arms[1]:        # resuming into an arm takes it; not resuming, the condition
                    cond = f"(resume == 0 and {cond})" + (f" or {self.resuming(arms[0])}" if arms[0] else "")
                self.lines[chunks[-1][0]] += f" {cond}:"
                chunks[-1][1].update(*arms)
                label = join
            elif b.term.op == "return":            # the interpreter runs it (a function returns)
                self.stop(3, "exit", label)
                break
            else:
                raise NotStructured(f"a {b.term.op} outside a loop header")
        return self.guard(chunks)

    def resuming(self, headers: set[str]) -> str:
        return "(" + " or ".join(f"resume == {self.entries[h]}" for h in sorted(headers)) + ")"

    def guard(self, chunks: list[tuple[int, set[str]]]) -> set[str]:
        """Guard the statements of a sequence (each from its first line to the next one's) up to the last
        that holds an entry header: each runs when not resuming, or when resuming into it. Returns the
        entry headers of all of them."""
        found = set().union(*(headers for _, headers in chunks)) if chunks else set()
        last = max((k for k, (_, headers) in enumerate(chunks) if headers), default=-1)
        for k in range(last, -1, -1):
            first, headers = chunks[k]
            stop = chunks[k + 1][0] if k + 1 < len(chunks) else len(self.lines)
            self.wrap(first, stop, "resume == 0" + (f" or {self.resuming(headers)}" if headers else ""))
        return found

    def wrap(self, first: int, stop: int, test: str) -> None:
        """Put lines first:stop under ``if test:``."""
        if stop > first:
            pad = self.lines[first][:len(self.lines[first]) - len(self.lines[first].lstrip())]
            self.lines[first:stop] = [f"{pad}if {test}:"] + ["    " + text for text in self.lines[first:stop]]

    def structured_loop(self, header: str, stack: list[str]) -> set[str]:
        """A loop as ``while True:``: the header's test (leaving by its exit), then the body. Returns the
        entry headers in it (itself included): a poll that stopped at its own header enters again there,
        with ``resume`` cleared just before the loop, so its header's code runs; one that stopped deeper
        skips this header's code."""
        b = self.by_label[header]
        inside = [*stack, header]
        if header in self.entries:
            self.put(3, f"if resume == {self.entries[header]}:\n    resume = 0")
        self.put(3, f"while True:   # {header}")
        self.indent += 1
        head = len(self.lines)
        self.instructions(b)
        term = b.term
        if term.op == "fornext":
            it = term.args[0].id
            self.put(3, f"if not i{it}k < i{it}n:\n    if i{it}k == 0:")      # none: its variable becomes []
            self.stop(5, "bail", header, len(b.instrs))
            self.put(4, "else:")
            self.indent += 2
            self.sequence(term.targets[1], None, inside)
            self.indent -= 2
            self.next_value(3, it, term.attr)
            body = len(self.lines)
            found = self.sequence(term.targets[0], None, inside)
        elif term.op == "branch":
            loop_body, out = term.targets
            cond = self.condition(b)
            if loop_body not in self.shape.loops[header]:
                loop_body, out, cond = out, loop_body, f"not ({cond})"
            self.put(3, f"if not ({cond}):")
            self.indent += 1
            self.sequence(out, None, inside)
            self.indent -= 1
            body = len(self.lines)
            found = self.sequence(loop_body, None, inside)
        else:
            raise NotStructured(f"a loop whose header ends in {term.op}")
        if found:                       # resuming deeper: this loop's header was run before the poll
            self.wrap(head, body, "resume == 0")
        self.indent -= 1
        self.after_loop()
        return found | ({header} if header in self.entries else set())

    def after_loop(self) -> None:
        """After a loop: a stop in it (``point`` set) leaves the loop around it too."""
        self.put(3, "if point >= 0:\n    break")

    def condition(self, b: Block) -> str:
        """A branch's condition as a Python truth value (a double that is NaN hands back first)."""
        cond = self.temp(b.term.args[0])
        if self.temp_type(b.term.args[0].id) == "f8":          # if x: NaN is an error
            self.bail_if(b, len(b.instrs), f"{cond} != {cond}")
            cond = f"{cond} != 0.0"
        return cond

    def source(self, title: str) -> str:
        headers = [b.label for b in self.blocks if b.label in self.inner and b is not self.blocks[0]]
        body = self.structured_body([self.blocks[0].label, *headers])
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
            # the values taken (k) and their number (n, ``count_int``) as integers: LLVM knows the trip count
            self.put(1, f"i{tid}k = int(IT[{row}, 0])")
            step, int_step = self.step_of(tid, f"IT[{row}, 3]")
            self.put(1, f"i{tid}nf = IT[{row}, 1]\ni{tid}s = IT[{row}, 2]\ni{tid}d = {step}")
            self.put(1, f"i{tid}n = kernels.count_int(i{tid}nf)")
            if tid in self.exact:
                self.put(1, f"i{tid}si = kernels.whole_int(i{tid}s)\ni{tid}di = {int_step}")
        for name in sorted(self.twins):
            self.put(1, f"{self.twin(name)} = kernels.whole_int({self.var(name)})")
        header_it = self.blocks[0].term.args[0].id if self.blocks[0].term.op == "fornext" else None
        if header_it in self.exact:
            self.put(1, f"i{header_it}x = kernels.exact_range(i{header_it}s, i{header_it}d, i{header_it}nf)")
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
            for col, part in enumerate(("k", "nf", "s", "d")):
                self.put(1, f"IT[{row}, {col}] = i{tid}{part}")
        self.put(1, "return point")
        return "\n".join(self.lines) + "\n"

    def instructions(self, b: Block) -> None:
        """A block's instructions (a loop header's poll check first; at the compiled loop's own header,
        a range from the VM whose values the integer twins could not follow exactly hands back)."""
        if b.label in self.inner:
            self.put(3, f"ticks += 1\nif ticks >= {POLL_TICKS}:")
            self.stop(4, "poll", b.label, 0)
        if b is self.blocks[0] and b.term.op == "fornext" and b.term.args[0].id in self.exact:
            self.bail_if(b, 0, f"not i{b.term.args[0].id}x")
        for k, ins in enumerate(b.instrs):
            method = getattr(self, "op_" + ins.op)
            method(b, k, ins)

    def next_value(self, depth: int, it: int, var: str) -> None:
        """A for loop's next value into its variable (and its integer twin), the iterator one step on."""
        self.put(depth, f"{self.var(var)} = i{it}s + i{it}k * i{it}d")
        if var in self.twins:
            self.put(depth, f"{self.twin(var)} = i{it}si + i{it}k * i{it}di")
        if self.scalars[var][2] >= 0:
            self.put(depth, f"d_{self.scalars[var][0]} = True")
        self.put(depth, f"i{it}k += 1")

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
            i, one, _ = self.subscript(subs[0])
            self.bail_if(b, k, f"not ({one} <= {i} <= {a}.size{self.whole_test(subs[0])})")
            self.put(3, f"p = int({i}) - 1")
            return f"{a}[p % {a}.shape[0], p // {a}.shape[0]]"
        (i, one_i, int_i), (j, one_j, int_j) = (self.subscript(t) for t in subs)
        self.bail_if(b, k, f"not ({one_i} <= {i} <= {a}.shape[0] and {one_j} <= {j} <= {a}.shape[1]"
                           f"{self.whole_test(subs[0])}{self.whole_test(subs[1])})")
        return f"{a}[{int_i} - 1, {int_j} - 1]"

    def subscript(self, t) -> tuple[str, str, str]:
        """A subscript's value, the one of its type, and its value as an integer: a whole load of a for
        variable reads the variable's integer twin (``int_vars``), any other the double."""
        name = self.whole.get(t.id)
        if name in self.twins:
            return self.twin(name), "1", self.twin(name)
        return self.temp(t), "1.0", f"int({self.temp(t)})"

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
        self.put(3, f"i{t}k = 0\ni{t}nf = kernels.range_count({start}, {step}, {stop})")
        step, int_step = self.step_of(t, step)
        if t in self.exact:             # values an integer twin follows exactly (int_vars), else the interpreter
            self.bail_if(b, k, f"not kernels.exact_range({start}, {step}, i{t}nf)")
            self.put(3, f"i{t}si = kernels.whole_int({start})\ni{t}di = {int_step}")
        self.put(3, f"i{t}n = kernels.count_int(i{t}nf)")
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

    def after_loop(self) -> None:
        """Nothing: a stop in a loop returns."""

    def section_end(self) -> None:
        self.put(3, f"return {self.fail}")

    def source(self, title: str) -> str:
        body = self.structured_body([self.blocks[0].label])
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
            step, int_step = self.step_of(tid, "1.0")
            self.put(1, f"i{tid}k = 0\ni{tid}n = 0\ni{tid}nf = 0.0\ni{tid}s = 0.0\ni{tid}d = {step}")
            if tid in self.exact:
                self.put(1, f"i{tid}si = 0\ni{tid}di = {int_step if tid in self.steps else 0}")
        for name in sorted(self.twins):
            self.put(1, f"{self.twin(name)} = 0")
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
