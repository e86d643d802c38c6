"""Plans: an AccelGraph specialised to the classes, sizes and residency of one run's inputs.

``make_plan(graph, sig, has_f64)`` infers the class and size of every value, then cuts the graph into
groups, each one kernel:

- Reduction: one reduction node with the elementwise expression that produces its operand inlined (the
  kernel reads the window's inputs, not a materialised operand); run in program order, first.
- ElementwiseChain: every elementwise value the window must leave behind (stored variables, live
  temporaries) of one size, written by one kernel that computes each node once per element (a shared
  subexpression is one ``let``); scalars are uniforms, other sizes are read through expansion strides.

A plan that cannot run (a class or form the kernels lack) carries the reason instead of groups.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field

from engine.accel.kernels import ELEMENTWISE, MAX_DIMS, broadcast_shape
from engine.runtime.errors import MatlabError

from .graph import AccelGraph, Node

FLOAT = ("double", "single")


@dataclass(frozen=True)
class Arg:
    """What the plan knows of one input or constant: class, size, and whether it lives on the device."""
    cls: str
    shape: tuple[int, ...]
    resident: bool = False

    @property
    def scalar(self) -> bool:
        return self.shape == (1, 1) and not self.resident


@dataclass
class Group:
    """One kernel: ``nodes`` computed in order, ``leaves`` read (arrays) or passed as uniforms."""
    kind: str                          # ElementwiseChain | Reduction
    nodes: list[int]
    outputs: list[int]                 # the values the kernel writes (one for a reduction)
    shape: tuple[int, ...]             # elementwise: output size; reduction: operand size
    view: tuple[int, int, int] = (1, 1, 1)   # reduction: [pre, n, post] of the operand
    op: str = ""                             # reduction: its kernels.REDUCTIONS key
    leaves: list[int] = field(default_factory=list)
    # filled by codegen.emit: array leaves with their layout (same | scalar | expanded), uniform scalar
    # leaves in uniform order, whether the kernel reports inputs MATLAB makes complex, and the WGSL
    arrays: list[tuple[int, str]] = field(default_factory=list)
    scalars: list[int] = field(default_factory=list)
    checked: bool = False
    wgsl: str = ""


@dataclass
class Plan:
    info: dict[int, Arg]               # every value's class and size
    cls: str = "double"                # the computation class of every kernel
    groups: list[Group] = field(default_factory=list)
    reason: str = ""                   # why the plan cannot run ("" when it can)


class Reject(Exception):
    """The plan cannot run on the device; the message says why."""


def make_plan(graph: AccelGraph, sig: dict[int, Arg], has_f64: bool) -> Plan:
    plan = Plan(dict(sig))
    try:
        infer(graph, plan, has_f64)
        plan.groups = reduction_groups(graph, plan) + elementwise_groups(graph, plan)
    except Reject as exc:
        plan.reason = str(exc)
    return plan


# ------------------------------------------------------------------ classes and sizes

def infer(graph: AccelGraph, plan: Plan, has_f64: bool) -> None:
    """Class and size of every node; the one computation class of the window.

    Nodes over scalar leaves only (``-1``, ``2 * k``) are double scalars that MATLAB converts when they
    meet a single array, so they do not make a window mixed: a single window computes them in f32
    (within an ulp of single of the double value)."""
    scalar_only = {v for v, a in plan.info.items() if a.scalar}
    for node in graph.nodes.values():
        args = [plan.info[a] for a in node.args]
        if any(a.cls not in FLOAT + ("logical",) for a in args):
            raise Reject(f"line {node.line}: {node.op} of {', '.join(a.cls for a in args)} runs on the CPU")
        if any(math.prod(a.shape) == 0 for a in args):
            raise Reject(f"line {node.line}: empty operands follow the CPU's rules")
        plan.info[node.value] = (elementwise_arg if node.kind == "elementwise" else reduction_arg)(node, args)
        if node.kind == "elementwise" and all(a in scalar_only for a in node.args):
            scalar_only.add(node.value)
    computing = {a.cls for v, a in plan.info.items()
                 if a.cls == "single" or v in graph.nodes and v not in scalar_only and a.cls in FLOAT}
    if len(computing) > 1:
        raise Reject("single and double computations in one window (mixed precision is not fused yet)")
    plan.cls = computing.pop() if computing else "double"
    kept = set(graph.stores.values()) | set(graph.live.values())
    if plan.cls == "single" and any(plan.info[v].cls == "double" for v in kept & set(graph.nodes)):
        raise Reject("a double scalar computed in a single window is one of its outputs")
    if plan.cls == "double" and not has_f64:
        raise Reject("the adapter has no shader-f64: double stays on the CPU")
    if any(len(a.shape) > MAX_DIMS for a in plan.info.values()):
        raise Reject(f"arrays with more than {MAX_DIMS} dimensions run on the CPU")


def elementwise_arg(node: Node, args: list[Arg]) -> Arg:
    spec = ELEMENTWISE[node.op]
    check_scalar_operand(node, args)
    if not spec.logical and spec.arity == 1 and args[0].cls == "logical" and node.op != "uminus":
        raise Reject(f"line {node.line}: {node.op} of a logical array runs on the CPU")
    try:
        shape = broadcast_shape([a.shape for a in args])
    except MatlabError:
        raise Reject(f"line {node.line}: sizes of {node.op}'s operands do not agree (the CPU raises "
                     "MATLAB's error)") from None
    classes = [a.cls for a in args]
    if spec.logical or spec.keeps_logical and all(c == "logical" for c in classes):
        return Arg("logical", shape)
    return Arg("single" if "single" in classes else "double", shape)


def check_scalar_operand(node: Node, args: list[Arg]) -> None:
    want = node.scalar_operand
    if want is None:
        return
    scalar = [math.prod(a.shape) == 1 for a in args]
    if not (any(scalar) if want == "either" else scalar[want]):
        raise Reject(f"line {node.line}: matrix {'product' if node.op == 'times' else 'division'} "
                     "is not an elementwise operation")


def reduced_dim(node: Node, shape: tuple[int, ...]) -> int | str:
    if node.dim is None:
        return next((k + 1 for k, n in enumerate(shape) if n != 1), 1)
    return node.dim


def reduction_view(dim: int | str, shape: tuple[int, ...]) -> tuple[int, int, int]:
    """[pre, n, post]: the operand seen as pre x n x post with n the reduced extent."""
    if dim == "all":
        return 1, math.prod(shape), 1
    if dim > len(shape):
        return math.prod(shape), 1, 1
    return math.prod(shape[:dim - 1]), shape[dim - 1], math.prod(shape[dim:])


def reduction_arg(node: Node, args: list[Arg]) -> Arg:
    (x,) = args
    if node.op in ("max", "min") and x.cls == "logical":
        raise Reject(f"line {node.line}: {node.op} of a logical array runs on the CPU")
    dim = reduced_dim(node, x.shape)
    if dim == "all":
        shape: tuple[int, ...] = (1, 1)
    elif dim > len(x.shape):
        shape = x.shape
    else:
        shape = x.shape[:dim - 1] + (1,) + x.shape[dim:]
    if node.op in ("any", "all"):
        return Arg("logical", shape)
    return Arg("single" if x.cls == "single" else "double", shape)


# ------------------------------------------------------------------ groups

def inlined(graph: AccelGraph, root: int, stop: set[int]) -> tuple[list[int], list[int]]:
    """(elementwise nodes in dependency order, leaf values) of the expression computing ``root``;
    reductions and the values in ``stop`` are leaves."""
    order: list[int] = []
    leaves: list[int] = []
    seen: set[int] = set()

    def visit(v: int) -> None:
        if v in seen:
            return
        seen.add(v)
        node = graph.nodes.get(v)
        if node is None or node.kind == "reduction" or v in stop:
            leaves.append(v)
            return
        for a in node.args:
            visit(a)
        order.append(v)
    visit(root)
    return order, leaves


def reduction_groups(graph: AccelGraph, plan: Plan) -> list[Group]:
    groups = []
    for node in graph.nodes.values():
        if node.kind == "reduction":
            nodes, leaves = inlined(graph, node.args[0], set())
            shape = plan.info[node.args[0]].shape
            groups.append(Group("Reduction", nodes + [node.value], [node.value], shape, leaves=leaves,
                                view=reduction_view(reduced_dim(node, shape), shape), op=node.op))
    return groups


def window_outputs(graph: AccelGraph) -> list[int]:
    """Values the window leaves behind, each once, in program order."""
    wanted = set(graph.stores.values()) | set(graph.live.values())
    return [v for v in graph.nodes if v in wanted]


def elementwise_groups(graph: AccelGraph, plan: Plan) -> list[Group]:
    by_shape: dict[tuple[int, ...], list[int]] = {}
    for v in window_outputs(graph):
        if graph.nodes[v].kind == "elementwise":
            by_shape.setdefault(plan.info[v].shape, []).append(v)
    groups = []
    for shape, outputs in by_shape.items():
        nodes: list[int] = []
        leaves: list[int] = []
        for v in outputs:
            more, more_leaves = inlined(graph, v, set(nodes))
            nodes += [n for n in more if n not in nodes]
            leaves += [x for x in more_leaves if x not in leaves and x not in nodes]
        groups.append(Group("ElementwiseChain", nodes, outputs, shape, leaves=leaves))
    return groups
