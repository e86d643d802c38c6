"""Value facts for the domain checks: which domain checks (Operation.domain_check) a plan can leave out.

A check (sqrt of a negative, a negative base to a non-integer power, NaN into a logical operator) costs
a status buffer and a blocking read-back per window run. Each value gets a set of facts, a bitmask:

- NONNEG: no element is below zero (NaN and -0 allowed: neither trips ``x < 0``);
- INTEGER: every element is a whole number (no NaN);
- EVEN: every element is an even whole number;
- NANFREE: no element is NaN;
- SINGLE_WHOLE: every element is a whole number that single holds exactly (at most 2^24 in magnitude:
  a single window may take it as f32 where MATLAB computes or tests the double, plan.py).

Facts come from the operations (their records' ``nonneg``: abs, exp, sqrt, cosh, hypot always, sums and
products of NONNEG values, ``max(x, c)`` with ``c`` NONNEG; even integer powers, ``x .* x``, comparisons,
reductions of NONNEG values, ``rand``; views keep the facts their data operands share)
and from the leaves: literals and host scalars (uniforms) carry the facts of their values in the plan's
signature (``Arg.facts``, set by the accelerator on the host before each run), so a scalar of another
sign selects another plan, one that keeps the check; logical values are 0 or 1. The rules follow
floating point, not real arithmetic: rounding is monotone, so sums and products of NONNEG values stay
NONNEG, while a product that overflows may not stay NANFREE (only logical results are).
"""
from __future__ import annotations

import functools
import math
import operator
from typing import TYPE_CHECKING

from engine.runtime.builtins.registry import operation

from .graph import AccelGraph, Node

if TYPE_CHECKING:
    from .plan import Plan

NONNEG, INTEGER, EVEN, NANFREE, SINGLE_WHOLE = 1, 2, 4, 8, 16
LOGICAL = NONNEG | INTEGER | NANFREE | SINGLE_WHOLE           # 0 or 1



def fact_names(facts: int) -> list[str]:
    """The names of the facts in a mask, for printing: ``["nonneg", "integer"]``."""
    names = ("nonneg", "integer", "even", "nanfree", "single-whole")
    return [name for k, name in enumerate(names) if facts >> k & 1]


def facts_of(value: float) -> int:
    """The facts of one host scalar."""
    if value != value:
        return 0
    facts = NANFREE | (NONNEG if value >= 0 else 0)
    if math.isfinite(value) and value.is_integer():
        facts |= INTEGER | (EVEN if value % 2 == 0 else 0) | (SINGLE_WHOLE if abs(value) <= 2 ** 24 else 0)
    return facts


def node_facts(node: Node, kind: str, args: list[int], square: bool) -> int:
    """The facts of a node's value from its operands' facts (``args``, in the node's order); ``kind``
    is the node's in the plan (a ``*`` of two matrices is a matrix product, not ``times``), ``square``
    whether its two operands are one value."""
    if kind == "elementwise":
        op, spec = node.op, operation(node.op)
        if spec.result == "logical":
            return LOGICAL
        if op in ("uminus", "uplus"):          # exact: whole numbers stay whole, NaN stays NaN
            return args[0] & (INTEGER | EVEN | NANFREE | SINGLE_WHOLE | (NONNEG if op == "uplus" else 0))
        if spec.nonneg == "always" or op == "times" and square:
            return NONNEG
        if op == "power" and (args[1] & EVEN or args[0] & NONNEG):
            return NONNEG
        if spec.nonneg == "any" and any(a & NONNEG for a in args):        # max(NaN, c) is c
            return NONNEG
        if op == "nan_to_zero":
            return (args[0] & NONNEG) | NANFREE
        return NONNEG if spec.nonneg == "kept" and all(a & NONNEG for a in args) else 0
    if kind == "reduction":                # sum, mean, prod, max, min, var: NONNEG stays; any, all
        if node.op in ("any", "all"):
            return LOGICAL
        return NONNEG if args[0] & NONNEG else 0
    if kind == "index":
        return NONNEG | INTEGER | NANFREE
    if kind == "random":
        return NONNEG | NANFREE if node.op == "rand" else NANFREE
    if kind == "layout":                  # transpose, diag (whose zeros are even integers)
        return args[0]
    if kind == "view":                    # the operands' elements, moved (``args``: of the data operands)
        return functools.reduce(operator.and_, args)
    return NONNEG if all(a & NONNEG for a in args) else 0        # matmul


def needless(node: Node, kind: str, args: list[int]) -> bool:
    """Whether the node's domain check (Operation.domain_check) can never fire given its operands'
    facts: a real domain that holds every nonnegative number, or the rules of the explicit checks."""
    op = node.op if kind == "elementwise" else ""
    domain = operation(op).domain if op else None
    if domain is not None:
        return domain[0] <= 0 and domain[1] == math.inf and bool(args[0] & NONNEG)
    if op == "power":
        return bool(args[0] & NONNEG or args[1] & INTEGER)
    if op in ("not", "and", "or", "xor"):
        return all(a & NANFREE for a in args)
    return False


def same(graph: AccelGraph, a: int, b: int) -> bool:
    """Whether two values are one: the same id, or inputs read from one register (``x .* x`` loads
    ``x`` twice)."""
    return a == b or a in graph.inputs and graph.inputs[a] == graph.inputs.get(b)


def unchecked(graph: AccelGraph, plan: Plan) -> set[int]:
    """The nodes whose checks the plan leaves out (``plan.info`` has every value's Arg)."""
    from .views import data_args              # views.py builds on plan.py, which imports this module
    info = plan.info
    facts = {v: a.facts for v, a in info.items() if v not in graph.nodes}
    found = set()
    for v, node in graph.nodes.items():
        kind = "matmul" if v in plan.products else node.kind
        read = data_args(node) if kind == "view" else node.args
        args = [facts[a] | (LOGICAL if info[a].cls == "logical" else 0) for a in read]
        facts[v] = node_facts(node, kind, args, len(node.args) == 2 and same(graph, *node.args))
        if needless(node, kind, args):
            found.add(v)
    return found
