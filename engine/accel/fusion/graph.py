"""AccelGraph: the data flow of one fusion window, built once from the window's MIR instructions.

Values are named by MIR temporary ids. A value is an input (a register read when the window starts: a
variable's slot, or a temporary computed before the window), a constant (a literal of the cell), or the
output of a node: an elementwise operation (a key of kernels.ELEMENTWISE) or a reduction (a key of
kernels.REDUCTIONS, along a dimension, 'all', or the first non-singleton one). A load of a variable
stored earlier in the window is that stored value, so loads never split a chain. Every variable stored
in the window is an output, as is every temporary the bytecode reads after the window (``window.live``).

Anything the fused kernels cannot express is listed in ``rejected`` (line, operation, reason); a graph
with rejections never runs on the device.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import numpy as np

from engine.accel.kernels import ELEMENTWISE, REDUCTIONS
from engine.mir.ir import Instr
from engine.runtime.builtins import registry
from engine.vm.code import Window

BINOPS = {"+": "plus", "-": "minus", ".*": "times", "./": "rdivide", ".\\": "ldivide", ".^": "power",
          "*": "times", "/": "rdivide", "\\": "ldivide", "==": "eq", "~=": "ne", "<": "lt", "<=": "le",
          ">": "gt", ">=": "ge", "&": "and", "|": "or"}
# operators that are elementwise only when the named operand (0, 1, or "either") is a scalar at run time
SCALAR_OPERAND = {"*": "either", "/": 1, "\\": 0}
UNOPS = {"-": "uminus", "+": "uplus", "~": "not"}


@dataclass
class Node:
    """One operation: ``value`` (its result id) = ``op`` over ``args`` (value ids)."""
    value: int
    op: str
    kind: str                       # elementwise | reduction
    args: tuple[int, ...]
    line: int
    dim: int | str | None = None    # reductions: 1-based dimension, "all", or None (first non-singleton)
    scalar_operand: int | str | None = None   # SCALAR_OPERAND's requirement for * / \

    def __str__(self) -> str:
        extra = "" if self.kind == "elementwise" else f" dim={self.dim or 'first'}"
        return f"v{self.value} = {self.op}({', '.join(f'v{a}' for a in self.args)}){extra}"


@dataclass
class AccelGraph:
    inputs: dict[int, int] = field(default_factory=dict)          # value -> register read at the start
    names: dict[int, str] = field(default_factory=dict)           # input value -> variable name
    consts: dict[int, Any] = field(default_factory=dict)          # value -> literal
    nodes: dict[int, Node] = field(default_factory=dict)          # value -> node, in program order
    stores: dict[str, int] = field(default_factory=dict)          # variable -> value (its last store)
    live: dict[int, int] = field(default_factory=dict)            # register -> value
    rejected: list[tuple[int, str, str]] = field(default_factory=list)

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
        rows = [f"input v{v} = {self.names.get(v, f'r{reg}')}" for v, reg in self.inputs.items()]
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
    reject_unseen_uses(graph)
    return graph


def reject_unseen_uses(graph: AccelGraph) -> None:
    """A node result that no node, store or live register takes is used where the window cannot put it:
    such a window stays on the CPU (a guard: the compiler keeps branch compares out of windows)."""
    used = set(graph.consumers()) | set(graph.stores.values()) | set(graph.live.values())
    for node in graph.nodes.values():
        if node.value not in used:
            graph.rejected.append((node.line, node.op, "its result is used outside the window"))


def add_instr(graph: AccelGraph, window: Window, ins: Instr, alias: dict[int, int]) -> None:
    args = tuple(alias.get(a.id, a.id) for a in ins.args)
    if ins.op == "const":
        graph.consts[ins.dest.id] = ins.attr
    elif ins.op in ("load", "loadname"):
        stored = graph.stores.get(ins.attr)
        if stored is not None:
            alias[ins.dest.id] = stored
        else:
            reg = window.regs.get(ins.dest.id, window.slots[ins.attr])
            first = next((v for v, r in graph.inputs.items() if r == reg), None)
            if first is not None:                      # every load of an unstored variable is one input
                alias[ins.dest.id] = first
            else:
                graph.inputs[ins.dest.id] = reg
                graph.names[ins.dest.id] = ins.attr
    elif ins.op == "store":
        graph.stores[ins.attr] = args[0]
    elif ins.op == "binop" and ins.attr in BINOPS:
        graph.nodes[ins.dest.id] = Node(ins.dest.id, BINOPS[ins.attr], "elementwise", args, ins.line,
                                        scalar_operand=SCALAR_OPERAND.get(ins.attr))
    elif ins.op == "unop" and ins.attr in UNOPS:
        graph.nodes[ins.dest.id] = Node(ins.dest.id, UNOPS[ins.attr], "elementwise", args, ins.line)
    elif ins.op in ("call", "callname"):
        add_call(graph, ins, args)
    else:
        graph.rejected.append((ins.line, ins.op, "not a fusible operation"))


def add_call(graph: AccelGraph, ins: Instr, args: tuple[int, ...]) -> None:
    name = ins.attr[0]
    entry = registry.BUILTINS.get(name)
    fusion = entry.fusion if entry is not None else "none"
    if fusion == "elementwise" or name in ("max", "min") and len(args) == 2:
        spec = ELEMENTWISE.get(name)
        if spec is None or spec.arity != len(args):
            graph.rejected.append((ins.line, name, f"no fused WGSL for {name} with {len(args)} arguments"))
            return
        graph.nodes[ins.dest.id] = Node(ins.dest.id, name, "elementwise", args, ins.line)
    elif fusion == "reduction" and name in REDUCTIONS:
        dim = reduction_dim(graph, name, args)
        if isinstance(dim, str) and dim != "all":
            graph.rejected.append((ins.line, name, dim))
            return
        graph.nodes[ins.dest.id] = Node(ins.dest.id, name, "reduction", args[:1], ins.line, dim=dim)
    else:
        graph.rejected.append((ins.line, name, "not an elementwise or reduction builtin the planner fuses"))


def reduction_dim(graph: AccelGraph, name: str, args: tuple[int, ...]) -> int | str | None:
    """The dimension argument of a reduction call: an int, "all", None (default), or a reason string
    when the call's form is not fused (options, computed dimensions)."""
    from engine.runtime.builtins.sizes import option_text
    rest = list(args[1:])
    if name in ("max", "min"):
        if not rest:
            return None
        empty = graph.consts.get(rest[0])
        if len(rest) != 2 or not (isinstance(empty, np.ndarray) and empty.size == 0):
            return f"{name} with these arguments is not a fused reduction"
        rest = rest[1:]
    if not rest:
        return None
    if len(rest) != 1 or rest[0] not in graph.consts:
        return f"{name} with options or a computed dimension is not fused"
    value = graph.consts[rest[0]]
    if type(value) is float and value.is_integer() and 1 <= value < 2**31:
        return int(value)
    text = option_text(value)
    return "all" if text is not None and text.lower() == "all" else f"{name} option {text!r} is not fused"
