"""WGSL and dispatch of the specialised kinds (patterns.py), through codegen.emit's and
execute.py's kind tables (``EMITTERS``, ``DISPATCHERS``).

Kernels: ``product`` (wgsl/matmul.wgsl's register-tiled op(A) * op(B) from matmul_tiling, shared with
kernels.gpu_matmul, around wgsl/fused_matmul.wgsl: operands read transposed or centred in place, as
vec4 where they allow it (a large double product's operand that lies along k from a transposed copy), the epilogue's ``let`` lines from codegen on every element before it is
stored), ``colsum`` and ``colnorm``
(wgsl/fused_colsum.wgsl: one workgroup per column or image), ``Layout`` (a gather in
wgsl/fused_elementwise.wgsl). Every kernel uses params.wgsl's uniform block: the product's sizes are
its view (m, k, n), a column kernel's its [pre, n, post] view; epilogue scalars are uniforms.
"""
from __future__ import annotations

import math
from string import Template
from typing import Any, Callable

from engine.accel.kernels import _binding, _fill, _float_type, _workgroups, gpu_permute, run_product
from engine.accel.matmul_tiling import Launch, OperandRead, matmul_source, product_launch, relaid, vectorisable
from engine.accel.residency import GpuTensor, empty
from engine.accel.shaders import STORAGE_TYPE, library, render, source

from .codegen import classify_leaves, common, element_lines, emit, leaf_lines, node_lines, uniform
from .execute import Run, buffers, dispatch_reduction
from .graph import AccelGraph
from .patterns import PATTERNS, Kernel, Operand, Pattern
from .plan import Group, Plan


def name(v: int) -> str:
    """The WGSL name of a value (made-up values have negative ids)."""
    return f"v{v}" if v >= 0 else f"s{-v}"


def bind_operands(plan: Plan, values: list[int], first: int,
                  vector: frozenset[int] = frozenset()) -> tuple[str, dict[int, str]]:
    """Bindings of arrays a kernel indexes itself (in<k> from binding ``first + 1`` on; those in
    ``vector`` as vec4)."""
    bindings, names = "", {}
    for k, v in enumerate(values, start=first):
        names[v] = f"in{k}"
        storage = STORAGE_TYPE[plan.info[v].cls]
        bindings += _binding(k + 1, f"in{k}", f"vec4<{storage}>" if v in vector else storage)
    return bindings, names


def bind_outputs(plan: Plan, group: Group, slot: int) -> str:
    bindings = ""
    if group.checked:
        bindings += f"@group(0) @binding({slot}) var<storage, read_write> status: array<atomic<u32>>;\n"
        slot += 1
    for k, v in enumerate(group.outputs):
        bindings += _binding(slot + k, f"out{k}", STORAGE_TYPE[plan.info[v].cls], writable=True)
    return bindings


# ------------------------------------------------------------------ product

PRODUCT_SIZES = ("p.pre", "p.rn", "p.post")                    # m, k, n in the product kernel's view
DIAGONAL_SIZES = ("p.shape[0][0]", "p.rn", "p.shape[0][1]")     # in the diagonal kernel (shape m x n)


def stored_rows(op: Operand, role: str, sizes: tuple[str, str, str]) -> str:
    """The WGSL size that is the stored operand's row count (its leading dimension)."""
    deep = op.transposed if role == "a" else not op.transposed
    return sizes[1] if deep else sizes[0 if role == "a" else 2]


def operand_read(plan: Plan, op: Operand, role: str, names: dict[int, str], t: str,
                 sizes: tuple[str, str, str], vector: frozenset[int] = frozenset(),
                 relay: frozenset[int] = frozenset()) -> OperandRead:
    """How a kernel reads op(A) (role a) or op(B) (role b) where it lies, or (values in ``relay``)
    from its transposed copy, along m or n."""
    deep = op.transposed if role == "a" else not op.transposed
    if op.value in relay:
        return OperandRead(role, names[op.value], t, False, sizes[0 if role == "a" else 2], vector=True)
    return OperandRead(role, names[op.value], STORAGE_TYPE[plan.info[op.value].cls], deep,
                       stored_rows(op, role, sizes), None if op.centre is None else names[op.centre],
                       op.value in vector)


def relaid_operands(plan: Plan, k: Kernel, t: str) -> frozenset[int]:
    """The product's operands read from a transposed copy (matmul_tiling.relaid): one read along k,
    of the compute type, not centred, not the other operand too, its stored rows a whole number of
    vec4 (so it is bound as vec4 either way)."""
    m, depth, n = k.view
    values = [op.value for op in k.operands]
    vector = vector_operands(plan, k, t)
    return frozenset(op.value for op, role in zip(k.operands, "ab")
                     if relaid(t, op.transposed if role == "a" else not op.transposed, m, depth, n,
                               m if role == "a" else n)
                     and op.centre is None and op.value in vector and values.count(op.value) == 1)


def vector_operands(plan: Plan, k: Kernel, t: str) -> frozenset[int]:
    """The operands the product reads as vec4 (matmul_tiling.vectorisable: a value's leading dimension is
    its stored row count, the same for both roles when A and B are one value)."""
    info = plan.info
    return frozenset(op.value for op in k.operands
                     if vectorisable(STORAGE_TYPE[info[op.value].cls], t, info[op.value].shape[0],
                                     math.prod(info[op.value].shape)))


def with_epilogue(graph: AccelGraph, plan: Plan, k: Kernel, t: str,
                  vector: frozenset[int] = frozenset()) -> tuple[list[str], str, dict[int, str]]:
    """The epilogue's ``let`` lines (leaves read at output index ``i``) and the bindings of its leaves,
    then of the operands (their names; those in ``vector`` bound as vec4): the product and diagonal
    kernels share them."""
    read = list(dict.fromkeys(v for op in k.operands for v in (op.value, op.centre) if v is not None))
    epi = Group("ElementwiseChain", k.nodes, k.outputs, k.shape, leaves=[v for v in k.leaves if v not in read])
    classify_leaves(epi, plan)
    loads, bindings = leaf_lines(epi, plan, t)
    lines = loads + node_lines(graph, epi, t, plan.unchecked)
    more, names = bind_operands(plan, read, len(epi.arrays), vector)
    k.arrays = epi.arrays + [(v, "operand") for v in read]
    k.scalars, k.checked = epi.scalars, epi.checked
    return lines, bindings + more + bind_outputs(plan, k, len(k.arrays) + 1), names


def emit_product(graph: AccelGraph, plan: Plan, k: Kernel, has_f64: bool) -> None:
    """matmul.wgsl's tiled product (the class's tiling) with fused_matmul.wgsl's epilogue."""
    t = _float_type(plan.cls)
    vector = vector_operands(plan, k, t)
    relay = relaid_operands(plan, k, t)
    lines, bindings, names = with_epilogue(graph, plan, k, t, vector)
    body = lines + [f"    out0[i] = {name(k.outputs[0])};"]
    reads = tuple(operand_read(plan, op, role, names, t, PRODUCT_SIZES, vector, relay)
                  for op, role in zip(k.operands, "ab"))
    operands = Template(source("fused_matmul")).substitute(
        common=common(k, t), bindings=bindings, T=t, result=name(k.result), body="\n".join(body))
    partial = len(k.arrays) + int(k.checked) + len(k.outputs) + 1       # after the outputs' bindings
    k.tiled = Retiled(lambda launch: matmul_source(library(has_f64), operands, t, PRODUCT_SIZES, reads, launch,
                                                   partial), t, k.view)
    k.wgsl = k.tiled(None)[1]


class Retiled:
    """A product kernel's WGSL for the launch that a device's workgroup memory allows
    (matmul_tiling.product_launch): the plan's text is made for WORKGROUP_STORAGE, which every adapter
    has (plans are made without asking the device); a device with more room gets its own, made once."""

    def __init__(self, render: Callable[[Launch], str], t: str, view: tuple[int, int, int]) -> None:
        self.render, self.t, self.view = render, t, view
        self.made: dict[int | None, tuple[Launch, str]] = {}

    def __call__(self, storage: int | None) -> tuple[Launch, str]:
        """(launch, WGSL) for ``storage`` bytes of workgroup memory (None: WORKGROUP_STORAGE)."""
        made = self.made.get(storage)
        if made is None:
            launch = product_launch(self.t, *self.view, storage)
            same = self.made.get(None)
            made = self.made[storage] = same if same and same[0] == launch else (launch, self.render(launch))
        return made


def emit_diagonal(graph: AccelGraph, plan: Plan, k: Kernel, has_f64: bool) -> None:
    """``diag(epilogue(op(A) * op(B)))``: one workgroup per diagonal element sums its k products, then
    applies the epilogue at that element (index i of the m x n product)."""
    t = _float_type(plan.cls)
    lines, bindings, names = with_epilogue(graph, plan, k, t)
    a, b = (operand_read(plan, op, role, names, t, DIAGONAL_SIZES) for op, role in zip(k.operands, "ab"))
    term = f"    return {a.element(t, 'o', 'j')} * {b.element(t, 'o', 'j')};"
    body = ["    let s = total(o, lid, false);", "    if (lid == 0u) {", "        let i = o + p.shape[0][0] * o;",
            f"        let {name(k.result)} = s;", *("        " + line.strip() for line in lines),
            f"        out0[o] = {name(k.nodes[-1] if k.nodes else k.result)};", "    }"]
    k.wgsl = render("fused_colsum", library=library(has_f64), common=common(k, t), T=t, bindings=bindings,
                    term=term, body="\n".join(body))


def dispatch_product(run: Run, plan: Plan, k: Kernel, scalars: list[float]) -> None:
    """The product's dispatch, after transposing the operands it reads from a copy (relaid_operands)."""
    m, _, n = k.view
    t = _float_type(plan.cls)
    launch, wgsl = k.tiled(run.provider.workgroup_storage)
    relay = relaid_operands(plan, k, t)
    leaves = [leaf for leaf, _ in k.arrays]

    def send(pipe: str, bound: list, block: bytes, grid: tuple[int, int, int]) -> None:
        copies = [gpu_permute(run.tensors[v], (2, 1)) for v in relay]
        for v, copy in zip(relay, copies):
            bound[leaves.index(v)] = copy.buffer
        run_product(run.provider, wgsl, bound, block, launch, plan.cls, m, n)
        for copy in copies:
            copy.release()
    dispatch(run, plan, k, scalars, launch.grid(m, n), send)


# ------------------------------------------------------------------ column and image totals

INDEX = "    let idx = o % p.pre + p.pre * (j + p.rn * (o / p.pre));\n"
TERMS = {"mean": "{t}(in0[idx])", "dot": "{t}(in0[idx]) * {t}(in1[idx])",
         "rdivide": "{t}(in0[idx])"}


def colsum_body(graph: AccelGraph, plan: Plan, k: Kernel, t: str) -> list[str]:
    """Column means (CenteredGram) or column dot products (ExplainedVariance)."""
    value = _fill(f"{{m}}_div(s, {t}(p.rn))", t) if k.op == "mean" else "s"
    return ["    let s = total(o, lid, false);", f"    if (lid == 0u) {{ out0[o] = {value}; }}"]


def colnorm_body(graph: AccelGraph, plan: Plan, k: Kernel, t: str) -> list[str]:
    """Column sum of squares, the normalising expression of it, each element divided by that."""
    div = graph.nodes[k.outputs[0]]
    f = Group("ElementwiseChain", k.nodes[:-1], [div.args[1]], k.shape, scalars=k.scalars)
    lines = [f"    let {name(k.result)} = total(o, lid, true);"]
    lines += leaf_lines(f, plan, t)[0] + node_lines(graph, f, t, plan.unchecked)
    k.checked = f.checked
    return lines + ["    for (var j = lid; j < p.rn; j = j + 256u) {", "        let idx = base + p.pre * j;",
                    _fill(f"        out0[idx] = {{m}}_div({t}(in0[idx]), {name(div.args[1])});", t), "    }"]


def emit_colsum(graph: AccelGraph, plan: Plan, k: Kernel, has_f64: bool) -> None:
    t = _float_type(plan.cls)
    read = [v for v in k.leaves if not plan.info[v].scalar]
    k.scalars = [v for v in k.leaves if plan.info[v].scalar]
    k.arrays = [(v, "operand") for v in read]
    bindings, _ = bind_operands(plan, read, 0)
    body = (colnorm_body if k.kind == "colnorm" else colsum_body)(graph, plan, k, t)
    k.wgsl = render("fused_colsum", library=library(has_f64), common=common(k, t), T=t,
                    bindings=bindings + bind_outputs(plan, k, len(read) + 1),
                    term=f"{INDEX}    return {TERMS[k.op].format(t=t)};",
                    body="\n".join(body))


def dispatch_colsum(run: Run, plan: Plan, k: Kernel, scalars: list[float]) -> None:
    pre, _, post = k.view
    dispatch(run, plan, k, scalars, _workgroups(pre * post, 1))


# ------------------------------------------------------------------ layout

def emit_layout(graph: AccelGraph, plan: Plan, k: Kernel, has_f64: bool) -> None:
    """Transpose (out[r, c] = x[c, r]); diag of a matrix (its diagonal as a column) or of a vector (a
    diagonal matrix); ``view`` = (rows of the result, 1, rows of the operand)."""
    t = _float_type(plan.cls)
    (x,) = k.leaves
    k.arrays, k.scalars = [(x, "operand")], []
    rows = ["    let r = i % p.pre;", "    let c = i / p.pre;"]
    if k.op == "transpose":
        body = rows + ["    out0[i] = in0[c + p.post * r];"]
    elif k.shape[1] == 1:
        body = ["    out0[i] = in0[i + p.post * i];"]
    else:
        body = rows + [f"    out0[i] = select({STORAGE_TYPE[plan.info[x].cls]}(0), in0[r], r == c);"]
    bindings, _ = bind_operands(plan, [x], 0)
    k.wgsl = render("fused_elementwise", library=library(has_f64), common=common(k, t),
                    bindings=bindings + bind_outputs(plan, k, 2), body=element_lines(body))


def dispatch_layout(run: Run, plan: Plan, k: Kernel, scalars: list[float]) -> None:
    dispatch(run, plan, k, scalars, _workgroups(math.prod(k.shape), 256))


# ------------------------------------------------------------------ patterns

def dispatch(run: Run, plan: Plan, k: Group, scalars: list[float], grid: tuple[int, int, int],
             send: Callable[..., None] | None = None) -> None:
    """A kernel's outputs from the pool, then its dispatch (``send(pipeline, buffers, uniform, grid)``,
    the provider's dispatch unless given)."""
    outs: list[GpuTensor] = [empty(plan.info[v].shape, plan.info[v].cls, run.provider) for v in k.outputs]
    run.tensors.update(zip(k.outputs, outs))
    provider = run.provider
    send = send or (lambda pipe, bound, block, groups: provider.dispatch(provider.pipeline(pipe), bound,
                                                                         block, groups))
    send(k.wgsl, buffers(run, k) + [o.buffer for o in outs], uniform(plan, k, scalars), grid)


KERNELS: dict[str, tuple[Callable[..., None], Callable[..., None]]] = {
    "product": (emit_product, dispatch_product), "colsum": (emit_colsum, dispatch_colsum),
    "colnorm": (emit_colsum, dispatch_colsum), "diagonal": (emit_diagonal, dispatch_colsum),
    "Layout": (emit_layout, dispatch_layout), "Reduction": (emit, dispatch_reduction)}


def emit_pattern(graph: AccelGraph, plan: Plan, group: Pattern, has_f64: bool) -> None:
    """Every part's WGSL; the group reads the parts' arrays that no part makes, and their uniforms."""
    made: set[int] = set()
    arrays: dict[int, str] = {}
    for part in group.parts:
        KERNELS[part.kind][0](graph, plan, part, has_f64)
        for leaf, how in part.arrays:
            if leaf not in made and arrays.get(leaf) != "expanded":
                arrays[leaf] = how
        made.update(part.outputs)
    group.arrays = list(arrays.items())
    group.scalars = list(dict.fromkeys(v for part in group.parts for v in part.scalars))
    group.checked = any(part.checked for part in group.parts)
    group.wgsl = "\n".join(f"// ---- kernel {k + 1} of {len(group.parts)}: {part.kind}\n{part.wgsl}"
                           for k, part in enumerate(group.parts))


def dispatch_pattern(run: Run, plan: Plan, group: Pattern, scalars: list[float]) -> None:
    value = dict(zip(group.scalars, scalars))
    for part in group.parts:
        KERNELS[part.kind][1](run, plan, part, [value[v] for v in part.scalars])


EMITTERS: dict[str, Callable[[AccelGraph, Plan, Any, bool], None]] = {
    **{kind: emit_pattern for kind in PATTERNS}, "Layout": emit_layout}
DISPATCHERS: dict[str, Callable[[Run, Plan, Any, list[float]], None]] = {
    **{kind: dispatch_pattern for kind in PATTERNS}, "Layout": dispatch_layout}
