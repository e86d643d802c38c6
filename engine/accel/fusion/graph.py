"""AccelGraph: the data flow of one fusion window, built once from the window's MIR instructions.

Values are named by MIR temporary ids. A value is an input (a register read when the window starts: a
variable's slot, or a temporary computed before the window), a constant (a literal of the cell), or the
output of a node: an elementwise operation (an Operation record with a ``wgsl`` form), a reduction (a
record's ``reduction`` form, or var, along a dimension, adjacent dimensions, 'all', or the first
non-singleton one),
the index output of max/min, a draw (rand/randn over its size arguments, kind random), a generator
(linspace, a colon range, zeros/ones/eye/true/false over their arguments, kind generator; the transpose
of a generator is a generator of the transposed size: its elements keep their order), or a view (kind
view, views.py: ``reshape`` and ``X(:)`` (a reshape without sizes), ``repmat``, ``permute``, a ``grid``
of meshgrid or ndgrid, ``cat`` of ``[A, B; C]``, cat, horzcat and vertcat: the operand's elements read at
another index). Which calls are fused, and how, is engine.mir.callforms's answer (shared with the MIR
region marking). Some calls expand into several nodes whose values are internal (ids from
INTERNAL on): std/var into mean -> sum of squared deviations -> divide (-> sqrt; the plan makes the
variance one Welford pass where nothing else reads the mean: plan.one_pass_variances), sum/mean 'omitnan' into sums of NaN-zeroed values and of non-NaN counts,
``[A, B; C, D]`` into a cat of rows; meshgrid/ndgrid make a grid per output (the ``out k``
instruction of output k makes it, so every output is a MIR temporary).
A call with two outputs ([m, i] = max(...), [s, mu] = std(...)) maps its ``out k`` instructions to the
node values in ``outs``. Matrix products (``*`` of operands MIR knows are matrices: mtimes, kind
matmul), transposes and ``diag`` (kind layout) are nodes for patterns.py; ``eps`` is a constant. A load
of a variable stored earlier in the window is that stored value, so loads never split a chain; so is
``X(:)`` of such a variable (``callname X`` in a script); ``X(:)`` of a variable the window does not
store reads its slot (an input the compiler's ``window.inputs`` does not list: ``slot_inputs``). Every
variable stored in the window is an output, as is every temporary the bytecode reads after the window
(``window.live``).

Anything the fused kernels cannot express is listed in ``rejected`` (line, operation, reason); a graph
with rejections never runs on the device.
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

import numpy as np

from engine.mir.callforms import (BINOPS, CASTS, CONSTANT_CALLS, LAYOUT_CALLS, MISSING, SCALAR_OPERAND, UNOPS,
                                  CallForm, colon_index, instr_call_form, literal_row, matrix_type)
from engine.mir.ir import Instr
from engine.runtime.builtins import registry
from engine.runtime.builtins.sizes import option_text
from engine.vm.code import Window

INTERNAL = 1 << 30            # ids of values a call's expansion adds (MIR temporaries count from 0)
SLOT = 1 << 29                # SLOT + register: a variable read by name (``X(:)`` in a script)
MADE = ("generator", "view")  # nodes dropped when nothing reads them (a transpose's generator, a grid)


@dataclass
class Node:
    """One operation: ``value`` (its result id) = ``op`` over ``args`` (value ids)."""
    value: int
    op: str
    # elementwise | reduction | index (of the max/min node in args) | random | generator | view |
    # matmul | layout (patterns.py)
    kind: str
    args: tuple[int, ...]
    line: int
    # reductions: 1-based dimension, adjacent dimensions, "all", or None (first non-singleton); views:
    # cat's dimension, the dimension a grid's vector runs along
    dim: int | tuple[int, ...] | str | None = None
    scalar_operand: int | str | None = None   # SCALAR_OPERAND's requirement for * / \
    weight: int = 0                 # var: 0 normalises by N-1, 1 by N
    cls: str = "double"             # random (rand / randn over the size ``args``): the class drawn;
    # generator: the class made ("" for linspace and colon: their operands' class)
    transposed: bool = False        # generator: the transpose of the one its op and args make

    def __str__(self) -> str:
        extra = f" dim={self.dim or 'first'}" if self.kind == "reduction" else ""
        return f"v{self.value} = {self.op}({', '.join(f'v{a}' for a in self.args)}){extra}"


@dataclass
class AccelGraph:
    inputs: dict[int, int] = field(default_factory=dict)          # value -> register read at the start
    names: dict[int, str] = field(default_factory=dict)           # input value -> variable name
    # (internal values get a reader's name too: "std.mean", "mean.count")
    consts: dict[int, Any] = field(default_factory=dict)          # value -> literal
    nodes: dict[int, Node] = field(default_factory=dict)          # value -> node, in program order
    stores: dict[str, int] = field(default_factory=dict)          # variable -> value (its last store)
    live: dict[int, int] = field(default_factory=dict)            # register -> value
    rejected: list[tuple[int, str, str]] = field(default_factory=list)
    outs: dict[int, tuple[int, ...]] = field(default_factory=dict)   # call value -> its outputs' values
    internal: set[int] = field(default_factory=set)                   # values of call expansions
    slot_inputs: list[int] = field(default_factory=list)   # registers of variables read by name (X(:))
    next_internal: int = INTERNAL                           # the id the next internal value takes
    # meshgrid/ndgrid call value -> (args, dim) of its grids after the first, made at their ``out k``
    grids: dict[int, list[tuple[tuple[int, ...], int]]] = field(default_factory=dict)
    # generators and views nothing reads: not made, but their sizes are checked as the CPU would
    unmade: dict[int, Node] = field(default_factory=dict)

    def checked_nodes(self) -> dict[int, Node]:
        """The nodes whose operands and sizes planning checks: those made and those not made."""
        return self.nodes | self.unmade

    def add(self, op: str, kind: str, args: tuple[int, ...], line: int, value: int | None = None,
            name: str = "", **extra: Any) -> int:
        """Add a node; without ``value`` it is an internal value with a fresh id (and ``name``)."""
        if value is None:
            value = self.next_internal
            self.next_internal += 1
            self.internal.add(value)
            if name:
                self.names[value] = name
        self.nodes[value] = Node(value, op, kind, args, line, **extra)
        return value

    @property
    def lines(self) -> list[int]:
        return sorted({n.line for n in self.nodes.values()})

    def consumers(self) -> dict[int, list[int]]:
        """value -> the nodes that read it."""
        out: dict[int, list[int]] = {}
        for node in self.nodes.values():
            for a in node.args:
                out.setdefault(a, []).append(node.value)
        return out

    def __str__(self) -> str:
        from .report import literal_text         # report.py reads graphs
        rows = [f"input v{v} = {self.names.get(v, f'r{reg}')}" for v, reg in self.inputs.items()]
        rows += [f"const v{v} = {literal_text(value)}" for v, value in self.consts.items()]
        rows += [str(n) for n in self.nodes.values()]
        rows += [f"store {name} = v{v}" for name, v in self.stores.items()]
        rows += [f"rejected line {line}: {op}: {why}" for line, op, why in self.rejected]
        return "\n".join(rows)


def build_graph(window: Window, constants: dict[int, Any]) -> AccelGraph:
    """The AccelGraph of a window (see the module docstring); ``constants`` is the code object's
    constant table (register -> value), which holds the literals computed before the window."""
    graph = AccelGraph()
    alias: dict[int, int] = {}
    defined = {ins.dest.id for ins in window.instrs if ins.dest is not None}
    names = {reg: name for name, reg in window.slots.items()}
    for ins in window.instrs:
        for t in ins.args:
            if t.id in defined or t.id in graph.inputs or t.id in graph.consts:
                continue
            reg = window.regs[t.id]
            if reg in constants:
                graph.consts[t.id] = constants[reg]
                continue
            graph.inputs[t.id] = reg
            if reg in names:
                graph.names[t.id] = names[reg]
        add_instr(graph, window, ins, alias)
    for tid, reg in window.regs.items():
        if reg in window.live and tid in defined:     # registers are reused: only the window's own values
            graph.live[reg] = alias.get(tid, tid)
    drop_unread(graph)
    reject_unseen_uses(graph)
    return graph


def drop_unread(graph: AccelGraph) -> None:
    """Generators and views nothing reads are not made: a generator only a transpose read
    (``linspace(a, b, n)'`` is made by that transpose's node), a grid of ``[X, ~] = meshgrid(x, y)``, a
    value stored over (``b = zeros(n, 1); b = ...``). They move to ``graph.unmade``, where planning
    still checks their sizes: ``b = reshape(1, 3); b = ...`` raises MATLAB's error on every device."""
    while True:
        used = set(graph.consumers()) | set(graph.stores.values()) | set(graph.live.values())
        unread = [v for v, node in graph.nodes.items() if node.kind in MADE and v not in used]
        if not unread:
            return
        for v in unread:
            graph.unmade[v] = graph.nodes.pop(v)


def reject_unseen_uses(graph: AccelGraph) -> None:
    """A node result that no node, store or live register takes is used where the window cannot put it:
    such a window stays on the CPU (a guard: the compiler keeps branch compares out of windows)."""
    used = set(graph.consumers()) | set(graph.stores.values()) | set(graph.live.values())
    for node in graph.nodes.values():
        if node.value not in used and node.kind != "index":      # an index nobody takes is not written
            graph.rejected.append((node.line, node.op, "its result is used outside the window"))


def add_instr(graph: AccelGraph, window: Window, ins: Instr, alias: dict[int, int]) -> None:
    args = tuple(alias.get(a.id, a.id) for a in ins.args)
    if ins.op == "const":
        graph.consts[ins.dest.id] = ins.attr
    elif ins.op in ("load", "loadname"):
        stored = graph.stores.get(ins.attr)
        if stored is not None:
            alias[ins.dest.id] = stored
        else:       # a load inside the window never runs when the window does: read the variable (the
            reg = window.slots[ins.attr]        # temporary a real LOAD fills holds its last run's value)
            first = next((v for v, r in graph.inputs.items() if r == reg), None)
            if first is not None:                      # every load of an unstored variable is one input
                alias[ins.dest.id] = first
            else:
                graph.inputs[ins.dest.id] = reg
                graph.names[ins.dest.id] = ins.attr
    elif ins.op in ("index", "callname") and colon_index(ins, lambda k: graph.consts.get(args[k], MISSING)):
        x = args[0] if ins.op == "index" else variable(graph, window, ins.attr[0])
        graph.add("reshape", "view", (x,), ins.line, ins.dest.id)
    elif ins.op == "store":
        graph.stores[ins.attr] = args[0]
    elif add_layout(graph, ins, args):
        pass
    elif ins.op == "binop" and ins.attr in BINOPS:
        graph.nodes[ins.dest.id] = Node(ins.dest.id, BINOPS[ins.attr], "elementwise", args, ins.line,
                                        scalar_operand=SCALAR_OPERAND.get(ins.attr))
    elif ins.op == "unop" and ins.attr == "-" and type(graph.consts.get(args[0])) is float:
        graph.consts[ins.dest.id] = -graph.consts[args[0]]      # x.^-1: a literal, as the VM computes it
    elif ins.op == "unop" and ins.attr in UNOPS:
        graph.nodes[ins.dest.id] = Node(ins.dest.id, UNOPS[ins.attr], "elementwise", args, ins.line)
    elif ins.op == "matrix" and (row := literal_row(ins, lambda k: graph.consts.get(args[k], MISSING))) \
            is not MISSING:
        graph.consts[ins.dest.id] = row
    elif ins.op == "matrix" and len(args) >= 2 and not any(ins.attr[1]):
        add_matrix(graph, ins, args)
    elif ins.op in ("call", "callname"):
        add_call(graph, ins, args)
    elif ins.op == "colon":
        graph.add("colon", "generator", args, ins.line, ins.dest.id, cls="")
    elif ins.op == "out" and args[0] in graph.outs and ins.attr < len(graph.outs[args[0]]):
        value = graph.outs[args[0]][ins.attr]
        if value in graph.internal or value == args[0]:     # [s, mu] = std(x): s and mu are the outs'
            rename(graph, value, ins.dest.id)               # temporaries (the call's is their tuple)
        else:
            alias[ins.dest.id] = value
    elif ins.op == "out" and 0 < ins.attr <= len(graph.grids.get(args[0], ())):
        grid, dim = graph.grids[args[0]][ins.attr - 1]
        graph.add("grid", "view", grid, ins.line, ins.dest.id, dim=dim)
    else:
        graph.rejected.append((ins.line, ins.op, "not a fusible operation"))


def add_call(graph: AccelGraph, ins: Instr, args: tuple[int, ...]) -> None:
    made = graph.nodes.get(args[0]) if len(args) == 1 else None
    if ins.attr[0] in CASTS and made is not None and made.kind == "generator":
        graph.nodes[ins.dest.id] = replace(made, value=ins.dest.id, line=ins.line, cls=ins.attr[0])
        return                                   # single(linspace(...)): the generator in that class
    form = instr_call_form(ins, lambda k: graph.consts.get(args[k], MISSING))
    if isinstance(form, str):
        graph.rejected.append((ins.line, ins.attr[0], form))
    elif form.kind == "elementwise":
        graph.add(form.op, "elementwise", args, ins.line, ins.dest.id)
    elif form.kind == "random":
        graph.add(form.op, "random", args[:form.sizes], ins.line, ins.dest.id, cls=form.cls)
    elif form.kind == "generator":
        graph.add(form.op, "generator", args[:form.sizes], ins.line, ins.dest.id, cls=form.cls)
    elif form.kind == "view":
        graph.outs[ins.dest.id] = add_view(graph, form, ins.attr[0], args, ins.line, ins.dest.id)
    else:
        graph.outs[ins.dest.id] = add_reduction(graph, form, args[0], ins.line, ins.dest.id)


def rename(graph: AccelGraph, old: int, new: int) -> None:
    """Give an internal node the id of the MIR temporary that takes it (an ``out k``), in place: the
    window's outputs are MIR temporaries (recipes replay the MIR to compute them again)."""
    def swap(v: int) -> int:
        return new if v == old else v
    graph.nodes = {swap(v): replace(n, value=swap(n.value), args=tuple(map(swap, n.args)))
                   for v, n in graph.nodes.items()}
    graph.outs = {call: tuple(map(swap, outs)) for call, outs in graph.outs.items()}   # keyed by the call
    graph.internal.discard(old)
    graph.names.pop(old, None)


def variable(graph: AccelGraph, window: Window, name: str) -> int:
    """The value of variable ``name`` read by name: stored earlier in the window, or its slot (one input
    per register)."""
    stored = graph.stores.get(name)
    if stored is not None:
        return stored
    reg = window.slots[name]
    first = next((v for v, r in graph.inputs.items() if r == reg), None)
    if first is not None:
        return first
    graph.inputs[SLOT + reg] = reg
    graph.names[SLOT + reg] = name
    graph.slot_inputs.append(reg)
    return SLOT + reg


def add_matrix(graph: AccelGraph, ins: Instr, args: tuple[int, ...]) -> None:
    """``[A, B; C, D]``: each row of two or more parts a cat along dimension 2, the rows a cat along 1."""
    rows, k = [], 0
    for n in ins.attr[0]:
        rows += [args[k:k + n]] if n else []
        k += n
    if len(rows) == 1:
        graph.add("cat", "view", rows[0], ins.line, ins.dest.id, dim=2)
        return
    values = tuple(row[0] if len(row) == 1 else graph.add("cat", "view", row, ins.line, name="[row]", dim=2)
                   for row in rows)
    graph.add("cat", "view", values, ins.line, ins.dest.id, dim=1)


def add_view(graph: AccelGraph, form: CallForm, name: str, args: tuple[int, ...], line: int,
             dest: int) -> tuple[int, ...]:
    """The nodes of a view call; its output values (a grid per output of meshgrid and ndgrid)."""
    if form.op == "cat":
        return (graph.add("cat", "view", args[1:] if name == "cat" else args, line, dest, dim=form.dim),)
    if form.op not in ("meshgrid", "ndgrid"):
        return (graph.add(form.op, "view", args, line, dest),)
    if form.op == "meshgrid":                  # sizes numel(y) x numel(x) [x numel(z)]; X runs along dim 2
        vecs = list(args) if len(args) > 1 else [args[0]] * (3 if form.nout == 3 else 2)
        dims, axes = [vecs[1], vecs[0], *vecs[2:]], [2, 1, 3]
    else:                                      # sizes numel(x1) x numel(x2) x ...; Xk runs along dim k
        vecs = list(args) if len(args) > 1 else [args[0]] * form.nout
        dims, axes = vecs, list(range(1, len(vecs) + 1))
    graph.grids[dest] = [((vecs[k], *dims), axes[k]) for k in range(1, form.nout)]
    return (graph.add("grid", "view", (vecs[0], *dims), line, dest, dim=axes[0]),)


def add_reduction(graph: AccelGraph, form: CallForm, x: int, line: int, dest: int) -> tuple[int, ...]:
    """The nodes of a reduction call (expanded where the kernels compose it); its output values."""
    op, dim = form.op, form.dim
    if op in ("std", "var"):
        mu = graph.add("mean", "reduction", (x,), line, name=f"{op}.mean", dim=dim)
        deviation = graph.add("minus", "elementwise", (x, mu), line)
        square = graph.add("times", "elementwise", (deviation, deviation), line)
        variance = graph.add("var", "reduction", (square,), line, None if op == "std" else dest, f"{op}.var",
                             dim=dim, weight=form.weight)
        if op == "std":
            graph.add("sqrt", "elementwise", (variance,), line, dest)
        return dest, mu
    if form.omitnan:                                             # sum / mean 'omitnan'
        zeroed = graph.add("nan_to_zero", "elementwise", (x,), line)
        if op == "sum":
            return (graph.add("sum", "reduction", (zeroed,), line, dest, dim=dim),)
        total = graph.add("sum", "reduction", (zeroed,), line, name="mean.total", dim=dim)
        present = graph.add("not", "elementwise", (graph.add("isnan", "elementwise", (x,), line),), line)
        count = graph.add("sum", "reduction", (present,), line, name="mean.count", dim=dim)   # not x == x:
        # a driver may assume no NaN and fold it to true; isnan tests the bits (m64_isnan)
        return (graph.add("rdivide", "elementwise", (total, count), line, dest),)
    value = graph.add(op, "reduction", (x,), line, dest, dim=dim)
    if form.nout == 2:                                           # [m, i] = max(...)
        return value, graph.add("index", "index", (value,), line)
    return (value,)


def add_layout(graph: AccelGraph, ins: Instr, args: tuple[int, ...]) -> bool:
    """Matrix products (``*`` whose operands MIR knows are not scalars: op mtimes, kind matmul; with an
    operand of unknown size ``*`` stays ``times``, which the plan runs when one operand is a scalar),
    transposes and ``diag`` (kind layout), ``eps`` (a constant); False for every other instruction.
    patterns.py plans these nodes (the kinds of one-operation kernels cannot)."""
    call = ins.attr[0] if ins.op in ("call", "callname") else None
    if ins.op == "binop" and ins.attr == "*" and all(matrix_type(t.type) for t in ins.args):
        graph.nodes[ins.dest.id] = Node(ins.dest.id, "mtimes", "matmul", args, ins.line)
    elif ins.op == "unop" and ins.attr in ("'", ".'") and (made := graph.nodes.get(args[0])) is not None \
            and made.kind == "generator":
        graph.nodes[ins.dest.id] = replace(made, value=ins.dest.id, line=ins.line, transposed=not made.transposed)
    elif ins.op == "unop" and ins.attr in ("'", ".'"):
        graph.nodes[ins.dest.id] = Node(ins.dest.id, "transpose", "layout", args, ins.line)
    elif call is not None and LAYOUT_CALLS.get(call) == len(args):
        graph.nodes[ins.dest.id] = Node(ins.dest.id, call, "layout", args, ins.line)
    elif call in CONSTANT_CALLS and all(option_text(graph.consts.get(a)) is not None for a in args):
        value = registry.BUILTINS[call].impl(*(graph.consts[a] for a in args))
        graph.consts[ins.dest.id] = value if type(value) in (float, bool) else np.full((1, 1), value)
    else:
        return False
    return True


