"""Generators: arrays a fused kernel computes from the element index instead of reading them.

``linspace(a, b, n)``, colon ranges ``a:b`` and ``a:s:b``, and ``zeros``/``ones``/``eye``/``true``/
``false`` (graph.py: nodes of kind generator). Their size arguments are part of the plan's signature, as
a draw's are, so the plan knows their values:

- ``generator_arg`` gives the size and class by the CPU's rules; a size the CPU treats specially (empty,
  negative, non-integer or NaN counts, non-scalar operands) declines the plan, so the VM runs the
  builtin and gives MATLAB's answer or error;
- ``generator_params`` the numbers the kernel takes from the size (the count of a range, the rows of
  ``eye``): uniforms after the scalar leaves, so one WGSL serves every size;
- ``generator_wgsl`` element k's expression. linspace and colon compute in f64 with wgsl/generators.wgsl,
  the operations of the CPU (construct.py ``_linspace_row``, ops.py ``_colon_values``) in the same order,
  so their values are bit-identical to the CPU's; single ones are those doubles rounded once, as on the
  CPU. They need shader-f64; the constant ones do not.
"""
from __future__ import annotations

import math
from typing import Any

import numpy as np

from engine.accel.shaders import opaque
from engine.runtime.ops import _colon_count

from .graph import AccelGraph, Node
from .plan import Arg, Plan, Reject, dims_shape

CONSTANT = {"zeros": "0.0", "ones": "1.0", "false": "0.0", "true": "1.0"}   # value of every element
COMPUTED = ("linspace", "colon")       # computed in f64 from operands the kernel reads
MAX_COUNT = 2 ** 31


def read_args(node: Node) -> tuple[int, ...]:
    """The operands the kernel reads (uniforms): linspace's end points, a range's start, step, end."""
    return node.args[:2] if node.op == "linspace" else node.args if node.op == "colon" else ()


def generator_arg(node: Node, args: list[Arg]) -> Arg:
    if node.op == "linspace":
        arg = linspace_arg(node, args)
    elif node.op == "colon":
        arg = colon_arg(node, args)
    else:
        arg = Arg(node.cls, dims_shape(node, args))
        if node.op == "eye" and len(arg.shape) > 2:
            raise Reject(f"line {node.line}: eye of an N-D size (the CPU raises MATLAB's error)")
    if not node.transposed:
        return arg
    if len(arg.shape) != 2:
        raise Reject(f"line {node.line}: the transpose of an N-D array (the CPU raises MATLAB's error)")
    return Arg(arg.cls, arg.shape[::-1])


def operand_class(args: list[Arg]) -> str:
    return "single" if any(a.cls == "single" for a in args) else "double"


def only(node: Node, arg: Arg) -> float:
    """The value of a scalar size argument."""
    if arg.value is None:
        raise Reject(f"line {node.line}: {node.op} with a size on the GPU runs on the CPU")
    if len(arg.value) != 1:
        raise Reject(f"line {node.line}: {node.op} of a non-scalar operand follows the CPU's rules")
    return arg.value[0]


def linspace_arg(node: Node, args: list[Arg]) -> Arg:
    if any(math.prod(a.shape) != 1 for a in args[:2]):
        raise Reject(f"line {node.line}: linspace of non-scalar end points (the CPU raises the error)")
    count = only(node, args[2]) if len(args) == 3 else 100.0
    if count != count or math.floor(count) < 1 or count >= MAX_COUNT:
        raise Reject(f"line {node.line}: linspace of a NaN, empty or huge count follows the CPU's rules")
    return Arg(node.cls or operand_class(args[:2]), (1, int(math.floor(count))))


def colon_arg(node: Node, args: list[Arg]) -> Arg:
    a, d, b = (only(node, x) for x in (args if len(args) == 3 else [args[0], Arg("double", (1, 1),
                                                                                  value=(1.0,)), args[1]]))
    if not all(math.isfinite(x) for x in (a, d, b)):
        raise Reject(f"line {node.line}: a range with a NaN or Inf operand follows the CPU's rules")
    n = _colon_count(a, d, b)
    if not 0 <= n < MAX_COUNT - 1:
        raise Reject(f"line {node.line}: an empty or huge range follows the CPU's rules")
    return Arg(node.cls or operand_class(args), (1, n + 1))


def generator_params(node: Node, out: Arg) -> tuple[float, ...]:
    """linspace: its count minus one; colon: its count of steps; eye: its rows; others: none."""
    if node.op in COMPUTED:
        return (float(math.prod(out.shape) - 1),)
    return (float(out.shape[0]),) if node.op == "eye" else ()


def check_generators(graph: AccelGraph, plan: Plan, has_f64: bool) -> None:
    """What the kernels cannot compute exactly as the CPU does declines the plan: linspace and colon
    without shader-f64, or single ones with a double operand that single cannot hold exactly (a single
    window's uniforms are single: ``single(linspace(-3, 3, n))`` fuses, ``single(0:0.1:1)`` does not).
    A double operand the window reads as an input is checked on each run (``plan.single_operands``)."""
    for v in plan.gens:
        node = graph.nodes[v]
        if node.op in COMPUTED and not has_f64:
            raise Reject(f"line {node.line}: {node.op} is computed in double: the adapter has no shader-f64")
        if node.op not in COMPUTED or plan.info[v].cls != "single":
            continue
        for a in read_args(node):
            if plan.info[a].cls == "single":
                continue
            value = constant_value(graph, a)
            if a in graph.inputs:
                plan.single_operands.add(a)
            elif value is None or not single_exact(value):
                raise Reject(f"line {node.line}: {node.op} of a double operand single cannot hold runs on the CPU")


def constant_value(graph: AccelGraph, v: int) -> Any:
    """The value of a literal, or of the negation of one (``-3``), else None."""
    node = graph.nodes.get(v)
    if node is not None and node.op == "uminus" and node.args[0] in graph.consts:
        value = graph.consts[node.args[0]]
        return -value if type(value) is float else None
    return graph.consts.get(v)


def single_exact(value: Any) -> bool:
    """A double scalar that single holds exactly (-3, 0.5, 2^20), so it reaches the kernel unchanged."""
    x = float(value.flat[0]) if isinstance(value, np.ndarray) and value.size == 1 else value
    return type(x) is float and float(np.float32(x)) == x


def generator_wgsl(node: Node, t: str, index: str, params: list[str], names: dict[int, str] | None = None) -> str:
    """Element ``index`` (a u32 expression) of the generator, as a ``t`` value; ``params`` are the
    WGSL expressions of its generator_params, its operands are the lets ``v<id>`` (or ``names``)."""
    if node.op in CONSTANT:
        return opaque(t, f"{t}({CONSTANT[node.op]})")
    if node.op == "eye":
        rows = f"u32({params[0]})"
        return opaque(t, f"select({t}(0.0), {t}(1.0), ({index}) % {rows} == ({index}) / {rows})")
    ends = [f"f64({(names or {}).get(a, f'v{a}')})" for a in node.args]
    if node.op == "linspace":
        return f"{t}(gen_linspace({ends[0]}, {ends[1]}, f64({params[0]}), {index}))"
    step = ends[1] if len(ends) == 3 else "1.0lf"
    return f"{t}(gen_colon({ends[0]}, {step}, {ends[-1]}, f64({params[0]}), {index}))"
