"""parfor: MATLAB's classification of the variables of a parfor loop, from the MIR of its body.

Lowering (lower.py) makes the body of ``parfor i = range`` a unit of its own (kind ``parfor``, names
resolved at run time as in a script) held by one ``parfor`` instruction; the pass below classifies
every variable the body names, as MATLAB does, and stores the result on the instruction's spec for the
runtime (engine/parallel/):

- loop: ``i`` itself, never assigned or indexed;
- sliced input / output: indexed with ``()`` or ``{}`` by the same subscript list everywhere, exactly one
  subscript ``i``, ``i+k``, ``i-k``, ``k+i`` or ``k-i`` (k a constant or a broadcast variable), every
  other one a constant, a broadcast variable, ``:`` or ``end``; an output is one that is assigned;
- reduction: assigned only by reduction assignments of one operation (``X = X + e``, ``X = e * X``,
  ``X = [X, e]``, ``X = min(X, e)``, ...) and used nowhere else;
- temporary: the target of a plain assignment that is no reduction (cleared before every iteration,
  never sent back);
- broadcast: any other variable of the enclosing workspace read in the body.

A variable that fits none of these (``x(2*i) = ...``, ``x(1) = i``, a sliced variable also read whole)
is MATLAB's static error "The variable x in a parfor cannot be classified."
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import numpy as np

from ..runtime.errors import MatlabError
from .ir import Function, Instr, Temp
from .passes import PassState, mir_pass

# reduction operations: binary operators (either side), and functions of two arguments
REDUCTION_OPERATORS = ("+", "-", ".*", "*", "&", "|")
REDUCTION_FUNCTIONS = ("min", "max", "union", "intersect")
COMMUTATIVE = ("+", ".*", "&", "|", "min", "max", "union", "intersect")
LOADS = ("load", "loadname", "loadopt")


@dataclass(frozen=True)
class Subscript:
    """One subscript of a sliced variable: ``kind`` is loop (``sign * i + offset``), const, var, colon
    or end; ``offset`` is a constant, or the name of a broadcast variable (``i + k``)."""
    kind: str
    value: Any = None          # const: the number; var: the name
    sign: int = 1              # loop: the sign of i
    offset: Any = 0.0          # loop: a number or a variable name
    offset_sign: int = 1

    def __str__(self) -> str:
        if self.kind == "loop":
            i = "i" if self.sign > 0 else "-i"
            off = self.offset
            return i if off == 0.0 else f"{i}{'+' if self.offset_sign > 0 else '-'}{off if isinstance(off, str) else repr(off)}"
        return {"colon": ":", "end": "end"}.get(self.kind, str(self.value))


@dataclass(frozen=True)
class Slicing:
    """How a sliced variable is indexed: ``()`` or ``{}`` and its subscripts (one of kind loop)."""
    brace: bool
    subscripts: tuple[Subscript, ...]

    @property
    def loop_position(self) -> int:
        return next(k for k, s in enumerate(self.subscripts) if s.kind == "loop")

    def __str__(self) -> str:
        inner = ",".join(map(str, self.subscripts))
        return "{" + inner + "}" if self.brace else "(" + inner + ")"


@dataclass(frozen=True)
class Reduction:
    """A reduction assignment's operation (``+``, ``[,]``, ``min``...) and the side its variable is on."""
    op: str
    left: bool = True

    def __str__(self) -> str:
        return self.op + ("" if self.left else " (right)")


@dataclass
class Classes:
    """The classification of a parfor loop's variables (names in order of first mention)."""
    loop: str
    sliced_inputs: dict[str, Slicing] = field(default_factory=dict)
    sliced_outputs: dict[str, Slicing] = field(default_factory=dict)
    broadcasts: list[str] = field(default_factory=list)
    reductions: dict[str, Reduction] = field(default_factory=dict)
    temporaries: list[str] = field(default_factory=list)

    def table(self) -> list[tuple[str, str, str]]:
        """(name, class, detail) rows, for reports."""
        rows = [(self.loop, "loop", "")]
        rows += [(n, "sliced input", str(s)) for n, s in self.sliced_inputs.items()]
        rows += [(n, "sliced output", str(s)) for n, s in self.sliced_outputs.items()]
        rows += [(n, "broadcast", "") for n in self.broadcasts]
        rows += [(n, "reduction", str(r)) for n, r in self.reductions.items()]
        rows += [(n, "temporary", "") for n in self.temporaries]
        return rows


@dataclass(eq=False, repr=False)
class ParforSpec:
    """What a ``parfor`` instruction runs: the body unit (MIR), the AST it came from (workers build the
    same unit from it), the cell's local functions, and the classification (set by the pass)."""
    var: str
    body: Function
    statements: tuple
    functions: tuple
    known: frozenset[str]            # names that are variables of the enclosing workspace
    line: int = 0
    classes: Classes | None = None

    def __str__(self) -> str:
        return f"{self.var} (line {self.line})"

    __repr__ = __str__


def unclassified(name: str) -> MatlabError:
    return MatlabError("MATLAB:parfor:VariableNotClassified",
                       f"The variable {name} in a parfor cannot be classified.")


@mir_pass("parfor")
def classify_loops(state: PassState) -> None:
    for fn in state.functions():
        for block in fn.blocks:
            for ins in block.instrs:
                if ins.op == "parfor":
                    ins.attr.classes = classify(ins.attr)


class Uses:
    """Every mention of one variable in the body."""

    def __init__(self) -> None:
        self.whole_reads = 0
        self.indexed: list[tuple[bool, tuple]] = []       # (brace, subscript temps), reads and writes
        self.indexed_writes = 0
        self.other_writes = 0                            # s.f = ..., x(...).f = ..., deletions
        self.plain_writes: list[Reduction | None] = []   # per assignment: its reduction form, if any


def classify(spec: ParforSpec) -> Classes:
    body, var = spec.body, spec.var
    defs = {ins.dest.id: ins for b in body.blocks for ins in b.instrs if ins.dest is not None}
    users: dict[int, list[Instr]] = {}
    for b in body.blocks:
        for ins in [*b.instrs, b.term]:
            for t in ins.args:
                users.setdefault(t.id, []).append(ins)
    assigned = assigned_in(body)
    is_var = lambda name: name in spec.known or name in assigned or name == var   # noqa: E731
    uses: dict[str, Uses] = {}
    order: list[str] = []

    def use(name: str) -> Uses:
        if name not in uses:
            uses[name] = Uses()
            order.append(name)
        return uses[name]

    reduction_loads: set[int] = set()
    for b in body.blocks:
        for ins in b.instrs:
            if ins.op == "store" and not ins.attr.startswith("$"):
                form, load = reduction_form(ins, defs, users)
                use(ins.attr).plain_writes.append(form)
                if load is not None:
                    reduction_loads.add(load)
    for b in body.blocks:
        for ins in b.instrs:
            note_instruction(ins, defs, users, is_var, use, reduction_loads)
        if b.term is not None and b.term.op == "fornext":
            use(b.term.attr).plain_writes.append(None)
    classes = Classes(var)
    for name in order:
        if name == "ans" or name.startswith("$"):
            continue
        place(name, uses[name], classes, spec, defs)
    return classes


def assigned_in(body: Function) -> set[str]:
    names = {ins.attr if ins.op == "store" else ins.attr[0] for b in body.blocks for ins in b.instrs
             if ins.op in ("store", "setindex", "setlist")}
    return names | {b.term.attr for b in body.blocks if b.term is not None and b.term.op == "fornext"}


def note_instruction(ins: Instr, defs: dict, users: dict, is_var, use, reduction_loads: set[int]) -> None:
    op = ins.op
    if op in LOADS and is_var(ins.attr) and ins.dest.id not in reduction_loads:
        consumers = [c for c in users.get(ins.dest.id, []) if c.op not in ("end", "nlhs")]   # sizes only
        if consumers and all(c.op in ("index", "cellindex") and c.args[0] is ins.dest
                             and ins.dest not in c.args[1:] for c in consumers):
            for c in consumers:
                use(ins.attr).indexed.append((c.op == "cellindex", tuple(c.args[1:])))
        elif consumers or op != "loadopt":
            use(ins.attr).whole_reads += 1
    elif op == "callname" and is_var(ins.attr[0]):
        if ins.args and not any(ins.attr[2]):
            use(ins.attr[0]).indexed.append((False, tuple(ins.args)))
        else:
            use(ins.attr[0]).whole_reads += 1
    elif op == "showname" and is_var(ins.attr[0]):
        use(ins.attr[0]).whole_reads += 1
    elif op == "setindex":
        name, steps = ins.attr
        u = use(name)
        kind, n = steps[0]
        rhs = defs.get(ins.args[0].id)
        deletes = rhs is not None and rhs.op == "const" and isinstance(rhs.attr, np.ndarray) and rhs.attr.size == 0
        if kind in ("()", "{}") and not deletes:
            u.indexed.append((kind == "{}", tuple(ins.args[1:1 + n])))
            u.indexed_writes += 1
        else:
            u.other_writes += 1
    elif op == "setlist" and ins.attr[1] == "{}":          # c{i} = f(...): a comma-list target
        name, _, n = ins.attr
        use(name).indexed.append((True, tuple(ins.args[1:1 + n])))
        use(name).indexed_writes += 1
    elif op == "setlist":
        use(ins.attr[0]).other_writes += 1
    elif op == "anon":
        for name in ins.attr.body.variables:
            if name not in ins.attr.params and not name.startswith("$") and is_var(name):
                use(name).whole_reads += 1
    elif op in ("global", "persistent"):
        raise MatlabError("MATLAB:parfor:GlobalOrPersistent",
                          f"{op.upper()} declarations are not allowed in a parfor loop.")


def reduction_form(ins: Instr, defs: dict, users: dict) -> tuple[Reduction | None, int | None]:
    """``X = f(X, e)`` / ``X = f(e, X)`` with a reduction operation: its form, and the id of the load
    of X that it reads (which is then no other use of X)."""
    name = ins.attr
    value = defs.get(ins.args[0].id)
    if value is None:
        return None, None
    if value.op == "binop" and value.attr in REDUCTION_OPERATORS:
        operands, op = value.args, value.attr
    elif value.op in ("call", "callname") and value.attr[0] in REDUCTION_FUNCTIONS and value.attr[1] == 1 \
            and len(value.args) == 2 and not any(value.attr[2]):
        operands, op = value.args, value.attr[0]
    elif value.op == "matrix" and value.attr[0] in ((2,), (1, 1)) and not any(value.attr[1]):
        operands, op = value.args, "[,]" if value.attr[0] == (2,) else "[;]"
    else:
        return None, None
    sides = [k for k, t in enumerate(operands) if is_load_of(t, name, defs)]
    if len(sides) != 1 or len(users.get(operands[sides[0]].id, [])) != 1:
        return None, None
    left = sides[0] == 0
    if op == "-" and not left:
        return None, None
    return Reduction(op, left), operands[sides[0]].id


def is_load_of(t: Temp, name: str, defs: dict) -> bool:
    d = defs.get(t.id)
    return d is not None and d.op in ("load", "loadname") and d.attr == name


def place(name: str, u: Uses, classes: Classes, spec: ParforSpec, defs: dict) -> None:
    """Put one variable in its class, or raise MATLAB's error."""
    var = spec.var
    if name == var:
        if u.plain_writes or u.indexed or u.other_writes:
            raise unclassified(name)
        return
    if u.plain_writes:
        forms = set(u.plain_writes)
        if None not in forms and not u.whole_reads and not u.indexed and not u.other_writes \
                and len({f.op for f in forms}) == 1 \
                and (len(forms) == 1 or next(iter(forms)).op in COMMUTATIVE):
            classes.reductions[name] = u.plain_writes[0]
        else:
            classes.temporaries.append(name)
        return
    slicing = sliced(u, spec, defs)
    if u.indexed_writes or u.other_writes:
        if slicing is None or u.other_writes or u.whole_reads:
            raise unclassified(name)
        classes.sliced_outputs[name] = slicing
    elif slicing is not None and not u.whole_reads:
        classes.sliced_inputs[name] = slicing
    elif name in spec.known:
        classes.broadcasts.append(name)


def sliced(u: Uses, spec: ParforSpec, defs: dict) -> Slicing | None:
    """The common slicing of every indexed use, or None when the uses do not make a sliced variable."""
    if not u.indexed:
        return None
    forms = {(brace, tuple(subscript(t, spec, defs) for t in temps)) for brace, temps in u.indexed}
    if len(forms) != 1:
        return None
    brace, subs = next(iter(forms))
    if None in subs or sum(s.kind == "loop" for s in subs) != 1:
        return None
    return Slicing(brace, subs)


def subscript(t: Temp, spec: ParforSpec, defs: dict) -> Subscript | None:
    d = defs.get(t.id)
    if d is None:
        return None
    if d.op == "const":
        if type(d.attr).__name__ == "MagicColon":
            return Subscript("colon")
        return Subscript("const", d.attr) if isinstance(d.attr, float) else None
    if d.op == "end":
        return Subscript("end")
    if d.op in ("load", "loadname"):
        if d.attr == spec.var:
            return Subscript("loop")
        return Subscript("var", d.attr) if broadcast_name(d.attr, spec) else None
    if d.op == "binop" and d.attr in ("+", "-"):
        a, b = (defs.get(x.id) for x in d.args)
        if a is None or b is None:
            return None
        if is_load_of(d.args[0], spec.var, defs):
            offset = constant_or_name(b, spec)
            return None if offset is None else Subscript("loop", offset=offset, offset_sign=1 if d.attr == "+" else -1)
        if is_load_of(d.args[1], spec.var, defs):
            offset = constant_or_name(a, spec)
            return None if offset is None else Subscript("loop", sign=1 if d.attr == "+" else -1, offset=offset)
    return None


def constant_or_name(d: Instr, spec: ParforSpec) -> Any:
    if d.op == "const" and isinstance(d.attr, float) and d.attr.is_integer():
        return d.attr
    if d.op in ("load", "loadname") and broadcast_name(d.attr, spec):
        return d.attr
    return None


def broadcast_name(name: str, spec: ParforSpec) -> bool:
    return name != spec.var and name in spec.known and name not in assigned_in(spec.body)
