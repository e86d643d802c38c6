"""Views: values a fused kernel reads from their operand at another element index.

Column-major data does not move under ``reshape`` and ``X(:)`` (a reshape to a column): element k of the
view is element k of its operand. ``permute`` reads the operand through permuted strides, ``repmat``
at its position modulo the operand's size, a ``grid`` of meshgrid/ndgrid the vector along its dimension
(``X(i, j) = x(j)``), and ``cat`` (``[A, B; C]``, cat, horzcat, vertcat) the part whose index range holds
the element. Views are nodes of kind "view" (graph.py); inside a kernel they are computed where they are
read, like elementwise nodes, so ``sum(reshape(sin(x), m, n)(:).^2)`` is one reduction kernel.

- ``view_arg`` gives a view's class and size by MATLAB's rules; what the CPU treats specially (empty
  results, sizes that do not multiply to the element count, a bad permutation, classes that mix
  single and double arrays) declines the plan: the VM runs the builtin and gives MATLAB's answer or
  error. Size, count and order arguments are part of the plan's signature, as a generator's sizes.
- ``ViewEmitter`` writes the WGSL of a kernel's views: the operand's expression is computed in a
  *context* (an index expression and the shape that expression indexes); values of other sizes inside it
  are read through index maps (``wgsl/fused_views.wgsl``: words in the uniform block, ``p.maps``), so one
  pipeline serves every size. Contexts of the same index and shape are one (a reshape back to the
  kernel's size computes its operand with the kernel's own ``let``s).
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

from engine.accel.random import draw_wgsl

from .generators import generator_wgsl, read_args
from .graph import AccelGraph, Node
from .plan import Arg, Group, Plan, Reject

SIZED = ("reshape", "repmat", "permute")      # views whose arguments after the operand are sizes


def data_args(node: Node) -> tuple[int, ...]:
    """The operands whose elements a view reads (a grid reads its own vector, the others set its size)."""
    return node.args[:1] if node.op in SIZED or node.op == "grid" else node.args


def normalized(dims: list[int]) -> tuple[int, ...]:
    """MATLAB's size: at least two dimensions, no trailing singletons beyond them."""
    dims = list(dims) + [1] * (2 - len(dims))
    while len(dims) > 2 and dims[-1] == 1:
        dims.pop()
    return tuple(dims)


def padded(shape: tuple[int, ...], n: int) -> tuple[int, ...]:
    return tuple(shape) + (1,) * (n - len(shape))


def counts(node: Node, args: list[Arg], free: bool) -> list[float | None]:
    """The values of size arguments: one row vector, or scalars (``[]`` is None where ``free``)."""
    if any(a.value is None for a in args):
        raise Reject(f"line {node.line}: {node.op} with a size on the GPU runs on the CPU")
    if len(args) == 1 and args[0].value and args[0].shape == (1, len(args[0].value)):
        return list(args[0].value)
    if len(args) == 1 and node.op == "reshape" or any(len(a.value) != 1 and not (free and not a.value)
                                                      for a in args):
        raise Reject(f"line {node.line}: {node.op} of these size arguments follows the CPU's rules")
    return [a.value[0] if a.value else None for a in args]


def whole(node: Node, values: list[float | None], low: int) -> list[int | None]:
    if not all(v is None or v == v and v.is_integer() and low <= v < 2 ** 31 for v in values):
        raise Reject(f"line {node.line}: {node.op} of empty, negative or non-integer sizes follows the "
                     "CPU's rules")
    return [None if v is None else int(v) for v in values]


def reshape_shape(node: Node, x: Arg, sizes: list[Arg]) -> tuple[int, ...]:
    numel = math.prod(x.shape)
    if not sizes:
        return numel, 1                                    # X(:)
    dims = whole(node, counts(node, sizes, True), 1)
    if len(dims) < 2 or dims.count(None) > 1:
        raise Reject(f"line {node.line}: reshape of these size arguments follows the CPU's rules")
    known = math.prod(d for d in dims if d is not None)
    if None in dims and numel % known == 0:
        dims[dims.index(None)] = numel // known
    if None in dims or math.prod(dims) != numel:
        raise Reject(f"line {node.line}: reshape to another element count (the CPU raises MATLAB's error)")
    return normalized(dims)


def repmat_shape(node: Node, x: Arg, reps: list[Arg]) -> tuple[int, ...]:
    n = whole(node, counts(node, reps, False), 1)
    n = n * 2 if len(n) == 1 else n
    ndim = max(len(n), len(x.shape))
    return normalized([a * b for a, b in zip(padded(x.shape, ndim), padded(tuple(n), ndim))])


def permutation(node: Node, x: Arg, order: Arg) -> list[int]:
    """permute's order as 0-based dimensions (a permutation of at least ndims(X) of them)."""
    perm = [d - 1 for d in whole(node, counts(node, [order], False), 1)]
    if sorted(perm) != list(range(len(perm))) or len(perm) < len(x.shape):
        raise Reject(f"line {node.line}: permute with a bad order (the CPU raises MATLAB's error)")
    return perm


def grid_shape(args: list[Arg]) -> tuple[int, ...]:
    return normalized([math.prod(a.shape) for a in args[1:]])


def cat_arg(node: Node, args: list[Arg]) -> Arg:
    """MATLAB's concatenation: the extents along ``dim`` add up, the others agree; the class is single
    when a part is, else double when a part is, else logical (logical parts are 0 and 1)."""
    ndim = max(node.dim, *(len(a.shape) for a in args))
    shapes = [padded(a.shape, ndim) for a in args]
    if any(s[:node.dim - 1] + s[node.dim:] != shapes[0][:node.dim - 1] + shapes[0][node.dim:] for s in shapes):
        raise Reject(f"line {node.line}: sizes of the concatenated arrays do not agree (the CPU raises "
                     "MATLAB's error)")
    out = list(shapes[0])
    out[node.dim - 1] = sum(s[node.dim - 1] for s in shapes)
    classes = {a.cls for a in args}
    cls = "single" if "single" in classes else "double" if "double" in classes else "logical"
    sizes = all(a.value is not None and len(a.value) == 1 for a in args)      # a row of sizes ([m n])
    return Arg(cls, normalized(out), value=tuple(a.value[0] for a in args) if sizes else None)


def view_arg(node: Node, args: list[Arg]) -> Arg:
    """The class and size of a view (see the module docstring)."""
    if node.op == "cat":
        return cat_arg(node, args)
    x = args[0]
    if node.op == "grid":
        return Arg("single" if x.cls == "single" else "double", grid_shape(args))
    if node.op == "reshape":
        return Arg(x.cls, reshape_shape(node, x, args[1:]))
    if node.op == "repmat":
        return Arg(x.cls, repmat_shape(node, x, args[1:]))
    perm = permutation(node, x, args[1])
    return Arg(x.cls, normalized([padded(x.shape, len(perm))[d] for d in perm]))


# ------------------------------------------------------------------ index maps

def strides(shape: tuple[int, ...]) -> list[int]:
    """Column-major element strides."""
    out, step = [], 1
    for extent in shape:
        out.append(step)
        step *= extent
    return out


def expansion_map(context: tuple[int, ...], shape: tuple[int, ...]) -> list[int]:
    """Read an array of ``shape`` at an element index of ``context`` (implicit expansion: stride 0 on
    its singleton dimensions)."""
    ndim = max(len(context), len(shape))
    context, shape = padded(context, ndim), padded(shape, ndim)
    return map_words(context, context, [0 if n == 1 else s for n, s in zip(shape, strides(shape))])


def map_words(extents: tuple[int, ...], moduli: tuple[int, ...], step: list[int]) -> list[int]:
    words = [len(extents)]
    for e, m, s in zip(extents, moduli, step):
        words += [e, m, s]
    return words


def view_map(node: Node, plan: Plan) -> tuple[str, list[int]] | None:
    """The index map from a view's element index to its operand's: the WGSL function and its words
    (None: the same index). A grid's is (index / pre) % n: its vector runs along one dimension."""
    out, x = plan.info[node.value].shape, plan.info[node.args[0]].shape
    if node.op == "reshape":
        return None
    if node.op == "grid":
        return "grid_index", [math.prod(out[:node.dim - 1]), out[node.dim - 1]]
    if node.op == "repmat":
        ndim = max(len(out), len(x))
        x, out = padded(x, ndim), padded(out, ndim)
        return "mapped_index", map_words(out, x, strides(x))
    perm = permutation(node, plan.info[node.args[0]], plan.info[node.args[1]])
    out, x = padded(out, len(perm)), padded(x, len(perm))
    return "mapped_index", map_words(out, out, [strides(x)[d] for d in perm])


# ------------------------------------------------------------------ WGSL

@dataclass(frozen=True)
class Context:
    """Where values are computed: at element index ``index`` (a WGSL u32 expression) of ``shape``; their
    ``let``s are named v<id><suffix>."""
    index: str
    shape: tuple[int, ...]
    suffix: str


@dataclass
class ViewEmitter:
    """The WGSL lines of a kernel's views. ``names``: values the kernel already computed at its own
    index (the root context), ``bindings``/``draws``/``params``: where the group's arrays, draws and
    generator parameters are (codegen.py's layout), ``maps``: the group's map words (appended to)."""
    graph: AccelGraph
    plan: Plan
    group: Group
    t: str
    has_f64: bool
    unchecked: set[int]
    names: dict[int, str]
    bindings: dict[int, int]
    draws: dict[int, int]
    params: dict[int, list[str]]
    memo: dict[tuple[int, str, tuple[int, ...]], str] = field(default_factory=dict)
    contexts: dict[tuple[str, tuple[int, ...]], Context] = field(default_factory=dict)
    offsets: dict[tuple[int, ...], int] = field(default_factory=dict)     # map words -> their offset
    count: int = 0

    def __post_init__(self) -> None:
        root = Context("i", tuple(self.group.shape), "")
        self.contexts[(root.index, root.shape)] = root
        self.root = root
        for v, name in self.names.items():
            self.memo[(v, root.index, root.shape)] = name
        self.scalars = set(self.group.scalars) | set(self.group.literals)

    def fresh(self, stem: str) -> str:
        self.count += 1
        return f"{stem}{self.count}"

    def context(self, index: str, shape: tuple[int, ...]) -> Context:
        key = (index, tuple(shape))
        if key not in self.contexts:
            self.contexts[key] = Context(index, tuple(shape), self.fresh("_c"))
        return self.contexts[key]

    def map(self, words: list[int]) -> int:
        """The offset of an index map in the group's map words (one copy of each)."""
        key = tuple(words)
        if key not in self.offsets:
            self.offsets[key] = len(self.group.maps)
            self.group.maps += words
        return self.offsets[key]

    def read_index(self, shape: tuple[int, ...], ctx: Context) -> str:
        """The index at which a value of ``shape`` is read in ``ctx``."""
        if tuple(shape) == ctx.shape:
            return ctx.index
        if math.prod(shape) == 1:
            return "0u"
        return f"mapped_index({ctx.index}, {self.map(expansion_map(ctx.shape, tuple(shape)))}u)"

    def view_lines(self, v: int) -> list[str]:
        """The lines computing view ``v`` at the kernel's own index (its ``let v<id>``)."""
        lines: list[str] = []
        self.view(v, self.root, lines, f"v{v}")
        return lines

    def value(self, v: int, ctx: Context, lines: list[str]) -> str:
        """The name of ``v`` computed in ``ctx``, adding the lines that compute it."""
        if v in self.scalars:
            return f"v{v}"
        key = (v, ctx.index, ctx.shape)
        if key in self.memo:
            return self.memo[key]
        name = f"v{v}{ctx.suffix}"
        node = self.graph.nodes.get(v)
        t = self.t
        if v in self.bindings or node is None:
            index = self.read_index(self.plan.info[v].shape, ctx)
            lines.append(f"    let {name} = {t}(in{self.bindings[v]}[{index}]);")
        elif node.kind == "elementwise":
            self.elementwise(node, ctx, lines, name)
        elif node.kind == "generator":
            operands = {a: self.value(a, ctx, lines) for a in read_args(node)}
            index = self.read_index(self.plan.info[v].shape, ctx)
            lines.append(f"    let {name} = {generator_wgsl(node, t, index, self.params[v], operands)};")
        elif node.kind == "random":
            k = self.draws[v]
            index = self.read_index(self.plan.info[v].shape, ctx)
            value = draw_wgsl(self.plan.draws[v], self.plan.info[v].cls, self.has_f64, f"p.rng[{k}].xy",
                              f"rng_pos(p.rng[{k}].zw, {index})")
            lines.append(f"    let {name} = {t}({value});")
        else:
            self.view(v, ctx, lines, name)
        self.memo[key] = name
        return name

    def elementwise(self, node: Node, ctx: Context, lines: list[str], name: str) -> None:
        from .codegen import elementwise_lines        # codegen.py builds on this module
        operands = [self.value(a, ctx, lines) for a in node.args]
        lines += elementwise_lines(node, name, operands, self.t, self.group, self.unchecked)

    def view(self, v: int, ctx: Context, lines: list[str], name: str) -> None:
        node = self.graph.nodes[v]
        index = self.read_index(self.plan.info[v].shape, ctx)
        if node.op == "cat":
            self.cat(node, index, lines, name)
            return
        found = view_map(node, self.plan)
        if found is not None:
            function, words = found
            index = self.let_index(f"{function}({index}, {self.map(words)}u)", lines)
        child = self.context(index, self.plan.info[node.args[0]].shape)
        lines.append(f"    let {name} = {self.value(node.args[0], child, lines)};")

    def let_index(self, expr: str, lines: list[str]) -> str:
        name = self.fresh("ix")
        lines.append(f"    let {name} = {expr};")
        return name

    def cat(self, node: Node, index: str, lines: list[str], name: str) -> None:
        """``var`` name, set by the part whose range along ``dim`` holds the element: element (a, c, b)
        of the [pre, n, post] view of the result is element (a, c - offset, b) of the part."""
        info = self.plan.info
        out = padded(info[node.value].shape, node.dim)
        pre, n = math.prod(out[:node.dim - 1]), out[node.dim - 1]
        parts = [padded(info[a].shape, node.dim)[node.dim - 1] for a in node.args]
        offsets = [sum(parts[:k]) for k in range(len(parts))]
        at = self.map([pre, n, *[w for pair in zip(offsets, parts) for w in pair]])
        a, c, b = self.fresh("ca"), self.fresh("cc"), self.fresh("cb")
        lines += [f"    var {name}: {self.t};",
                  f"    let {a} = {index} % map_word({at}u);",
                  f"    let {c} = ({index} / map_word({at}u)) % map_word({at + 1}u);",
                  f"    let {b} = {index} / (map_word({at}u) * map_word({at + 1}u));"]
        for k, part in enumerate(node.args):
            off, size = f"map_word({at + 2 + 2 * k}u)", f"map_word({at + 3 + 2 * k}u)"
            head = "if" if k == 0 else "} else if"
            lines.append(f"    {head} ({c} < {off} + {size}) {{" if k < len(node.args) - 1 else "    } else {")
            inner: list[str] = []
            kept = dict(self.memo)
            ix = self.let_index(f"{a} + map_word({at}u) * (({c} - {off}) + {size} * {b})", inner)
            inner.append(f"    {name} = {self.value(part, self.context(ix, info[part].shape), inner)};")
            self.memo = kept                       # the part's lets are scoped to its block
            lines += ["    " + line for line in inner]
        lines.append("    }")


# ------------------------------------------------------------------ Alias groups

def dispatch_alias(run: Any, plan: Plan, group: Group, scalars: list[float]) -> None:
    """An output that is an input reshaped (plan.aliased): a new handle on the input's device buffer
    (uploaded, or resident) with the output's size; nothing is dispatched."""
    ((leaf, _),), (v,) = group.arrays, group.outputs
    run.tensors[v] = run.tensors[leaf].share(plan.info[v].shape)


DISPATCHERS = {"Alias": dispatch_alias}       # execute.py's dispatch table takes these
