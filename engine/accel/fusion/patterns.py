"""Specialised kinds: matrix products, transposes, diag and the statistics patterns around them.

``pattern_groups(graph, plan)`` runs before the ordinary grouping and returns the groups it made and
the nodes they claim (computed inside them, so no other group computes them):

- MatmulEpilogue: ``A*B`` (either operand may be a transpose, read in place) followed by the chain of
  elementwise operations that alone consume it (scale, bias, clamp, power, ...), applied to each output
  element before it is stored: one tiled kernel; with a final ``diag``, one kernel that computes the
  diagonal elements only.
- CenteredGram: ``(X - mean(X))' * (X - mean(X))`` (through a variable or inline) and its epilogue
  (``/ (n - 1)``): a column-means kernel, then a gram kernel that centres while it loads tiles.
- PowerStepNormalize: ``Y ./ f(sum(Y.^2))`` with ``Y = A*B`` (f: sqrt(. + eps), ...): the product
  kernel, then one kernel per column that sums the squares and writes the normalised column.
- ExplainedVariance: ``diag(Q'*G*Q)``, computed as ``sum(Q .* (G*Q), 1)'``: one product and one
  column reduction, never the full ``Q'*G*Q``.
- ImageNormalize: the per-image spread of a B x H x W batch, ``std(X, 0, [2 3])`` or the written-out
  ``mean((X - mu).^2, [2 3])`` with ``mu = mean(X, [2 3])``: the means and the squared deviations in
  one pass over a [B, H*W, 1] view (a chunked reduction with two members, the second a Welford
  accumulator taking four pixels a step: numerically sound, and each image spread over many
  workgroups); the sqrt and the
  normalising expression are ordinary ElementwiseChains after it.
- Layout: a transpose or ``diag`` no product reads in place: one gather kernel.

A pattern group is a short fixed sequence of kernels (``parts``): its own kernels (matmul.py) and
ordinary groups. Values a part makes for a later part only (``G*Q``) have negative ids.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .graph import AccelGraph, Node
from .plan import Arg, Group, Member, Plan, inlined, reduction_group, window_outputs

PATTERNS = ("MatmulEpilogue", "CenteredGram", "ImageNormalize", "PowerStepNormalize", "ExplainedVariance")


@dataclass
class Operand:
    """A product operand read in place: ``value`` (a 2-D array), transposed on load, optionally
    centred by the column means ``centre`` of ``value``."""
    value: int
    transposed: bool = False
    centre: int | None = None


@dataclass
class Kernel(Group):
    """One of matmul.py's kernels: product and diagonal (``operands``, epilogue ``nodes``), colsum
    (``op``: mean | dot, along ``view``), colnorm (``op`` rdivide), Layout (``op`` transpose |
    diag). ``result`` is the value the kernel's core computes (the product, the column total)."""
    operands: list[Operand] = field(default_factory=list)
    result: int = 0
    tiled: Any = None            # product: matmul.Retiled, its WGSL for a device's workgroup memory


@dataclass
class Pattern(Group):
    """A specialised kind: its kernels in order."""
    parts: list[Group] = field(default_factory=list)


class Claims:
    """The nodes a window's patterns have taken, and the values (synthetic ids) they made up."""

    def __init__(self, graph: AccelGraph, plan: Plan) -> None:
        self.graph, self.plan = graph, plan
        self.nodes: set[int] = set()
        self.users = graph.consumers()
        self.kept = set(window_outputs(graph))
        self.next_id = -1

    def private(self, v: int, inside: set[int]) -> bool:
        """Whether node ``v`` may be computed inside a pattern only: no one else reads it."""
        node = self.graph.nodes.get(v)
        return (node is not None and v not in self.nodes and v not in self.kept
                and all(u in inside for u in self.users.get(v, [])))

    def same(self, a: int, b: int) -> bool:
        """Whether two values are one: the same id, or loads of the same register."""
        inputs = self.graph.inputs
        return a == b or a in inputs and inputs.get(b) == inputs[a]

    def scratch(self, arg: Arg) -> int:
        v, self.next_id = self.next_id, self.next_id - 1
        self.plan.info[v] = arg
        return v


def pattern_groups(graph: AccelGraph, plan: Plan) -> tuple[list[Group], set[int]]:
    claims = Claims(graph, plan)
    groups: list[Group] = []
    for match in (image_normalize, explained_variance, power_step, centered_gram, matmul_epilogue, layout):
        for node in list(graph.nodes.values()):
            if node.value not in claims.nodes:
                group = match(claims, node)
                if group is not None:
                    groups.append(group)
    return groups, claims.nodes


def node(graph: AccelGraph, v: int, op: str | tuple[str, ...], kind: str | None = None) -> Node | None:
    found = graph.nodes.get(v)
    ops = (op,) if isinstance(op, str) else op
    return found if found is not None and found.op in ops and (kind is None or found.kind == kind) else None


def product_node(claims: Claims, v: int) -> Node | None:
    """The node of ``v`` when it is a matrix product in this plan (mtimes, or ``*`` of two matrices)."""
    return claims.graph.nodes[v] if v in claims.plan.products else None


def finish(claims: Claims, kind: str, parts: list[Group], claimed: list[int]) -> Pattern:
    """The pattern group of ``parts``: it reads what the parts read that no part makes, and makes the
    graph values its parts write (the last part's first: the pattern's result)."""
    claimed_set = set(claimed)
    claims.nodes |= claimed_set
    made = {v for p in parts for v in p.outputs}
    leaves = list(dict.fromkeys(v for p in parts for v in p.leaves if v not in made))
    outputs = list(dict.fromkeys(v for p in reversed(parts) for v in p.outputs if v >= 0))
    nodes = [v for v in claims.graph.nodes if v in claimed_set]
    return Pattern(kind, nodes, outputs, claims.plan.info[outputs[0]].shape, leaves=leaves, parts=parts)


# ------------------------------------------------------------------ products

def operand(claims: Claims, v: int, inside: set[int]) -> tuple[Operand, list[int]]:
    """How a product reads value ``v``: a transpose of a value is read in place (claimed when nothing
    else reads it)."""
    t = node(claims.graph, v, "transpose", "layout")
    if t is not None and len(claims.plan.info[t.args[0]].shape) == 2:
        return Operand(t.args[0], True), ([v] if claims.private(v, inside) else [])
    return Operand(v), []


def epilogue(claims: Claims, root: int) -> list[int]:
    """The elementwise nodes after ``root`` that alone consume it, of its size, in order (not a ``*``
    that the sizes make a matrix product: ``A * B * C`` with operands MIR could not size)."""
    graph, info = claims.graph, claims.plan.info
    chain, cur = [], root
    while cur not in claims.kept:
        users = claims.users.get(cur, [])
        nxt = graph.nodes.get(users[0]) if len(set(users)) == 1 else None
        if nxt is None or nxt.kind != "elementwise" or info[nxt.value].shape != info[root].shape \
                or info[nxt.value].cls == "logical" or nxt.value in claims.nodes \
                or nxt.value in claims.plan.products:
            break
        chain.append(nxt.value)
        cur = nxt.value
    return chain


def product(claims: Claims, mm: Node, a: Operand, b: Operand, claimed: list[int],
            result: int | None = None) -> Kernel:
    """The product kernel of ``mm`` with its epilogue (whose nodes join ``claimed``), or of ``mm``'s
    operands into ``result`` alone."""
    info = claims.plan.info
    out = mm.value if result is None else result
    nodes = epilogue(claims, mm.value) if result is None else []
    claimed += nodes
    last = nodes[-1] if nodes else out
    m, n = info[out].shape
    k = info[a.value].shape[0 if a.transposed else 1]
    leaves = [x.value for x in (a, b)] + [x.centre for x in (a, b) if x.centre is not None]
    inner: list[int] = []
    for v in nodes:
        part, part_leaves = inlined(claims.graph, v, set(inner) | {out} | claims.plan.products, views=False)
        inner += [x for x in part if x not in inner]
        leaves += [x for x in part_leaves if x != out and x not in leaves and x not in inner]
    return Kernel("product", inner, [last], (m, n), view=(m, k, n), leaves=list(dict.fromkeys(leaves)),
                  operands=[a, b], result=out)


def matmul_epilogue(claims: Claims, mm: Node) -> Pattern | None:
    if mm.value not in claims.plan.products:
        return None
    inside = {mm.value}
    (a, ta), (b, tb) = (operand(claims, x, inside) for x in mm.args)
    claimed = [mm.value, *ta, *tb]
    kernel = product(claims, mm, a, b, claimed)
    d = diagonal(claims, kernel.outputs[0])
    if d is not None:                      # only the diagonal: k products per element, not m x n x k
        claimed.append(d.value)
        m, k, n = kernel.view
        kernel = Kernel("diagonal", kernel.nodes, [d.value], kernel.shape, view=(1, k, min(m, n)),
                        leaves=kernel.leaves, operands=kernel.operands, result=kernel.result)
    return finish(claims, "MatmulEpilogue", [kernel], claimed)


def diagonal(claims: Claims, v: int) -> Node | None:
    """The ``diag`` that alone reads matrix ``v`` (a product or its epilogue)."""
    users = claims.users.get(v, [])
    d = node(claims.graph, users[0], "diag", "layout") if len(users) == 1 else None
    m, n = claims.plan.info[v].shape
    return d if d is not None and v not in claims.kept and m > 1 and n > 1 else None


def centred(claims: Claims, v: int) -> tuple[int, Node] | None:
    """(X, its column-mean node) when ``v`` is ``X - mean(X)`` over the first dimension of a matrix."""
    graph, info = claims.graph, claims.plan.info
    d = node(graph, v, "minus", "elementwise")
    mu = node(graph, d.args[1], "mean", "reduction") if d is not None else None
    if mu is None or not claims.same(mu.args[0], d.args[0]) or len(info[d.args[0]].shape) != 2:
        return None
    if info[d.args[0]].shape[0] < 2 or mu.dim not in (None, 1) or mu.value in claims.nodes:
        return None
    return d.args[0], mu


def centered_gram(claims: Claims, mm: Node) -> Pattern | None:
    graph, info = claims.graph, claims.plan.info
    if mm.value not in claims.plan.products:
        return None
    t = node(graph, mm.args[0], "transpose", "layout")
    left = centred(claims, t.args[0]) if t is not None else None
    right = centred(claims, mm.args[1])
    if left is None or right is None or not claims.same(left[0], right[0]):
        return None
    x, mu = left
    claimed = [mm.value] + [v for v in dict.fromkeys((mm.args[0], t.args[0], mm.args[1]))
                            if claims.private(v, {mm.value, mm.args[0]})]
    other = right[1].value
    if other != mu.value and claims.private(other, set(claimed)):
        claimed.append(other)
    column = Kernel("colsum", [mu.value], [mu.value], info[x].shape, view=(1, info[x].shape[0],
                    info[x].shape[1]), op="mean", leaves=[x], result=mu.value)
    kernel = product(claims, mm, Operand(x, True, mu.value), Operand(x, False, mu.value), claimed)
    return finish(claims, "CenteredGram", [column, kernel], claimed + [mu.value])


def explained_variance(claims: Claims, d: Node) -> Pattern | None:
    """``diag(Q'*G*Q)`` in either association: the column sums of ``Q .* (G*Q)``."""
    graph, info = claims.graph, claims.plan.info
    if d.op != "diag" or d.kind != "layout":
        return None
    outer = product_node(claims, d.args[0])
    if outer is None:
        return None
    left, right = product_node(claims, outer.args[0]), product_node(claims, outer.args[1])
    if left is not None:                                   # (Q' * G) * Q
        qt, g, q = left.args[0], left.args[1], outer.args[1]
        inner = left.value
    elif right is not None:                                # Q' * (G * Q)
        qt, g, q = outer.args[0], right.args[0], right.args[1]
        inner = right.value
    else:
        return None
    t = node(graph, qt, "transpose", "layout")
    if t is None or not claims.same(t.args[0], q):
        return None
    chain = [d.value, outer.value, inner, qt]
    if not all(claims.private(v, set(chain)) for v in chain[1:]):
        return None
    k, n = info[q].shape
    gq = claims.scratch(Arg(claims.plan.cls, (k, n)))
    prod = product(claims, outer, Operand(g), Operand(q), [], result=gq)
    column = Kernel("colsum", [d.value], [d.value], (k, n), view=(1, k, n), op="dot", leaves=[q, gq],
                    result=d.value)
    return finish(claims, "ExplainedVariance", [prod, column], chain)


def power_step(claims: Claims, div: Node) -> Pattern | None:
    """``Y ./ f(sum(Y.^2))`` with ``Y = A*B``: f of the column sum is elementwise over scalars."""
    graph, info = claims.graph, claims.plan.info
    if div.op != "rdivide" or div.kind != "elementwise":
        return None
    mm = product_node(claims, div.args[0])
    if mm is None or info[mm.value].shape[0] < 2:
        return None
    nodes, leaves = inlined(graph, div.args[1], set(), views=False)
    sums = [v for v in leaves if node(graph, v, "sum", "reduction")]
    if len(sums) != 1 or any(v != sums[0] and not info[v].scalar for v in leaves):
        return None
    s = graph.nodes[sums[0]]
    sq = graph.nodes.get(s.args[0])
    squares = sq is not None and (sq.op == "power" and sq.args[0] == mm.value
                                  and graph.consts.get(sq.args[1]) == 2.0
                                  or sq.op == "times" and sq.args == (mm.value, mm.value))
    if not squares or s.dim not in (None, 1):
        return None
    claimed = [div.value, s.value, sq.value, *nodes]
    if mm.value in claims.nodes or not all(claims.private(v, set(claimed)) for v in claimed[1:]):
        return None
    (a, ta), (b, tb) = (operand(claims, x, {mm.value}) for x in mm.args)
    claimed += [mm.value, *ta, *tb]
    prod = product(claims, mm, a, b, [], result=mm.value)
    m, n = info[mm.value].shape
    norm = Kernel("colnorm", nodes + [div.value], [div.value], (m, n), view=(1, m, n), op="rdivide",
                  leaves=[mm.value] + [v for v in leaves if v != s.value], result=s.value)
    return finish(claims, "PowerStepNormalize", [prod, norm], claimed)


def squared_deviation(claims: Claims, v: int) -> tuple[Node, Node, Node] | None:
    """(square, deviation, mean) when ``v`` is ``(X - mean(X, [2 3])).^2`` (or ``d .* d``) of a 3-D X."""
    graph = claims.graph
    sq = node(graph, v, ("times", "power"), "elementwise")
    square = sq is not None and (sq.op == "times" and sq.args[0] == sq.args[1]
                                 or sq.op == "power" and graph.consts.get(sq.args[1]) == 2.0)
    dev = node(graph, sq.args[0], "minus", "elementwise") if square else None
    mu = node(graph, dev.args[1], "mean", "reduction") if dev is not None else None
    if mu is None or not claims.same(mu.args[0], dev.args[0]) or mu.dim != (2, 3) \
            or len(claims.plan.info[dev.args[0]].shape) != 3:
        return None
    return sq, dev, mu


def image_normalize(claims: Claims, root: Node) -> Pattern | None:
    """Per-image statistics of a 3-D X over dims 2 and 3: the variance inside ``std(X, 0, [2 3])``
    (graph.py's mean -> squared deviations -> var; the sqrt stays elementwise), or the written-out
    ``mean((X - mu).^2, [2 3])`` with ``mu = mean(X, [2 3])``. One pass over X in [B, H*W, 1] view
    (every image split across many workgroups) with two members: the means, and the sums of squared
    deviations accumulated in one pass (the paired ``welford`` reduction, as sound as two passes)."""
    graph = claims.graph
    if not (root.kind == "reduction" and root.dim == (2, 3)
            and (root.op == "var" and root.weight == 0 or root.op == "mean")):
        return None
    found = squared_deviation(claims, root.args[0])
    if found is None:
        return None
    sq, dev, mu = found
    internal = root.op == "var"                 # std's own mean; the written-out form's mu is the user's
    chain = [root.value, sq.value, dev.value, mu.value]
    private = chain[1:] if internal else chain[1:-1]
    if not all(claims.private(v, set(chain)) for v in private) or mu.value in claims.nodes:
        return None
    stats = reduction_group(graph, claims.plan, mu)
    n = stats.view[1]
    divisor = n - 1 if internal and n > 1 else n
    stats.members.append(Member(root.value, mu.args[0], "welford", divisor))
    stats.nodes.append(root.value)
    stats.outputs.append(root.value)
    return finish(claims, "ImageNormalize", [stats], chain)


def layout(claims: Claims, t: Node) -> Group | None:
    if t.kind != "layout":
        return None
    claims.nodes.add(t.value)
    x = claims.plan.info[t.args[0]]
    out = claims.plan.info[t.value]
    view = (out.shape[0], 1, x.shape[0])
    return Kernel("Layout", [t.value], [t.value], out.shape, view=view, op=t.op, leaves=[t.args[0]])

