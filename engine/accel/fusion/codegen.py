"""WGSL for fused groups (templates wgsl/fused_*.wgsl) and the uniform block each dispatch passes.

Every value is a ``let v<id>`` of the computation type T (f64 for double, f32 for single; logical values
are 0/1 in T); node expressions are the ``wgsl`` of the operations' records (registry.Operation) and use
the math library (m64_*/m32_*), so no f64 transcendental built-in is ever emitted. Operations whose real
inputs MATLAB makes complex (or
that MATLAB refuses, like logical operators on NaN) set a flag in a status buffer; the host then discards
the kernel's results and the window runs on the CPU. Checks that cannot fire (ranges.py) are left out: a
kernel without checks has no status buffer, and its window run reads nothing back.
"""
from __future__ import annotations

import math
import struct
from typing import Any

import numpy as np

from engine.accel.kernels import (LANE_OUTPUTS, REDUCE_CHUNK, SINGLE_MAX, SINGLE_TINY, SMALL_REDUCTION, TEST_KERNELS,
                                  _binding, _fill, _float_type, _strides, _workgroups, accumulator_type, identity_acc,
                                  params_block, params_head, params_wgsl, reduction_of, reduction_value,
                                  single_test_scalar, strided_chunk)
from engine.accel.random import draw_wgsl
from engine.accel.shaders import STORAGE_TYPE, library, opaque, render, source
from engine.runtime.builtins.registry import operation

from .generators import generator_wgsl, read_args
from .graph import AccelGraph
from .plan import DOUBLE_TINY, Group, Plan, make_plan
from .views import ViewEmitter

UNIFORM_BYTES = 256          # the provider's uniform slot per dispatch
FLAG = "atomicOr(&status[0], 1u);"


def elementwise_lines(node: Any, name: str, operands: list[str], t: str, group: Group,
                      unchecked: set[int]) -> list[str]:
    """The ``let`` computing elementwise node ``node`` as ``name`` from the WGSL ``operands`` (a logical
    result as 0/1 in T), and its domain check (Operation.domain_check: the condition under which
    MATLAB's answer is complex or an error) unless the node is ``unchecked``."""
    spec = operation(node.op)
    names = {"m": "m64" if t == "f64" else "m32", "a": operands[0], "b": operands[-1], "t": t}
    if len(operands) == 2 and node.op not in ("plus", "times"):
        # x - x, x ./ x, x == x (also of two lets the compiler merges): common.wgsl's m32_distinct
        names["b"] = f"{names['m']}_distinct({operands[1]})"
    expr = (power_form(node, group) or division_form(node, group, t) or comparison_form(node, group, t) or
            spec.wgsl).format(**names)
    if spec.result == "logical":
        expr = f"select({t}(0.0), {t}(1.0), {expr})"
    lines = [f"    let {name} = {opaque(t, expr)};"]
    check = spec.domain_check
    if check is not None and node.value not in unchecked:
        group.checked = True
        lines.append(f"    if ({check.format(**names)}) {{ {FLAG} }}")
    return lines


def classify_leaves(group: Group, plan: Plan, root: set[int] | None = None, made: Any = ()) -> None:
    """Split the group's leaves into literals (plan.literals: written into the shader), uniform scalars
    and arrays with their read layout; the group's
    draws and generators get a layout too (one smaller than the kernel is computed at its own element
    index). ``root``: the values computed or read at the kernel's own index (root_part); the others
    are only read inside views (layout "view": views.py reads them). A 1x1 value an earlier kernel
    ``made`` is read from its buffer, not passed as a uniform (that would wait for it on the host)."""
    group.scalars, group.arrays, group.literals = [], [], {}

    def layout(v: int) -> str:
        return layout_of(plan.info[v].shape, group.shape) if root is None or v in root else "view"

    def array_layout(v: int) -> str:
        found = layout(v)
        if found == "expanded" and group.kind == "Reduction" and per_output(plan.info[v].shape, group):
            return "out"
        return found
    for leaf in group.leaves:
        if leaf in plan.literals:
            group.literals[leaf] = plan.literals[leaf]
        elif plan.info[leaf].scalar and leaf not in made:
            group.scalars.append(leaf)
        else:
            group.arrays.append((leaf, array_layout(leaf)))
    group.draws = [(v, layout(v)) for v in group.nodes if v in plan.draws]
    group.gens = [(v, layout(v)) for v in group.nodes if v in plan.gens]
    group.params = [x for v, _ in group.gens for x in plan.gens[v]]


def layout_of(shape: tuple[int, ...], kernel: tuple[int, ...]) -> str:
    return "same" if shape == kernel else "scalar" if math.prod(shape) == 1 else "expanded"


def per_output(shape: tuple[int, ...], group: Group) -> bool:
    """Whether an operand of a Reduction is constant along the reduced extent and laid out as the
    outputs are (``rowmean`` in ``mean(abs(X - rowmean), 2)``): its element for output ``out_id`` is
    at ``out_id`` (layout "out": one load per output, no expanded index per element)."""
    pre, n, post = group.view
    full = tuple(group.shape)
    shape = tuple(shape) + (1,) * (len(full) - len(shape))
    for lo in range(len(full)):
        for hi in range(lo + 1, len(full) + 1):
            if math.prod(full[:lo]) == pre and math.prod(full[lo:hi]) == n and \
                    shape == full[:lo] + (1,) * (hi - lo) + full[hi:]:
                return True
    return False


def root_part(graph: AccelGraph, group: Group) -> set[int] | None:
    """The nodes and leaves the kernel computes or reads at its own element index: all of them but
    those only a view's operand holds (computed at the view's index, views.py); None without views."""
    if not any(graph.nodes[v].kind == "view" for v in group.nodes if v in graph.nodes):
        return None
    inside, found = set(group.nodes), set()
    operands = {m.value: m.operand for m in group.members}      # a Welford member reduces the mean's operand
    stack = list(group.outputs)
    while stack:
        v = stack.pop()
        if v in found:
            continue
        found.add(v)
        node = graph.nodes.get(v)
        if v in inside and node.kind == "reduction":
            stack.append(operands.get(v, node.args[0]))
        elif v in inside and node.kind in ("elementwise", "index"):
            stack += node.args
        elif v in inside and node.kind == "generator":
            stack += read_args(node)
    return found


def draw_lines(plan: Plan, group: Group, t: str, has_f64: bool, base: str = "p.rng[{k}].zw",
               drawn: dict[int, str] | None = None) -> list[str]:
    """``let`` lines computing the group's draws: element k of a draw takes stream position base + k
    (engine/accel/random.py's contract), so the numbers are those of the unfused gpuArray draw.
    ``base``: the WGSL of draw k's base position (a fused loop's moves on every iteration); ``drawn``:
    draws whose value the kernel has already computed (draw -> its WGSL, a fused loop's pairs)."""
    lines = []
    expanded = sum(layout == "expanded" for _, layout in group.arrays)
    for k, (v, layout) in enumerate(group.draws):
        if layout == "view":
            continue
        if drawn and v in drawn:
            lines.append(f"    let v{v} = {t}({drawn[v]});")
            continue
        index = {"same": "i", "scalar": "0u"}.get(layout)
        if index is None:
            index, expanded = f"expanded_index(i, {expanded}u)", expanded + 1
        value = draw_wgsl(plan.draws[v], plan.info[v].cls, has_f64, f"p.rng[{k}].xy",
                          f"rng_pos({base.format(k=k)}, {index})")
        lines.append(f"    let v{v} = {t}({value});")
    return lines


def generator_lines(graph: AccelGraph, plan: Plan, group: Group, t: str) -> dict[int, str]:
    """The ``let`` line of each of the group's generators (node_lines places them in program order:
    they may read values the kernel computes); their params are uniforms after the scalar leaves."""
    lines = {}
    expanded = sum(layout == "expanded" for _, layout in group.arrays + group.draws)
    params = generator_params(plan, group)
    for v, layout in group.gens:
        if layout == "view":
            continue
        index = {"same": "i", "scalar": "0u"}.get(layout)
        if index is None:
            index, expanded = f"expanded_index(i, {expanded}u)", expanded + 1
        lines[v] = f"    let v{v} = {generator_wgsl(graph.nodes[v], t, index, params[v])};"
    return lines


def generator_params(plan: Plan, group: Group) -> dict[int, list[str]]:
    """The WGSL expressions of each generator's params: uniforms after the scalar leaves, in the order
    of ``group.gens``. They are whole numbers (counts, rows):
    a single window holds them as u32 bits in its f32 slots (``uniform``), exact past 2^24."""
    found, slot = {}, len(group.scalars)
    for v, _ in group.gens:
        slots = [f"p.scalars[{k // 4}][{k % 4}]" for k in range(slot, slot + len(plan.gens[v]))]
        found[v] = slots if plan.cls == "double" else [f"bitcast<u32>({x})" for x in slots]
        slot += len(found[v])
    return found


def leaf_lines(group: Group, plan: Plan, t: str, width: int = 1) -> tuple[list[str], str]:
    """``let`` lines reading the leaves at element index ``i``, and the input bindings (``width``:
    leaf_exprs)."""
    exprs, bindings = leaf_exprs(group, plan, t, width)
    return [f"    let v{leaf} = {expr};" for leaf, expr in exprs.items()], bindings


def leaf_exprs(group: Group, plan: Plan, t: str, width: int = 1) -> tuple[dict[int, str], str]:
    """The expression reading each leaf at element index ``i`` (arrays, then uniform scalars, then
    literals; none for an array only views read), and the input bindings. With ``width`` > 1 (the
    vector form, vector_lines) an array of the kernel's size is bound as vectors of ``width`` elements,
    loaded once per vector as ``in<k>_w``, and element i is its component ``c``."""
    exprs, bindings, expanded = {}, "", 0
    for k, (leaf, layout) in enumerate(group.arrays):
        stored = STORAGE_TYPE[plan.info[leaf].cls]
        if width > 1 and layout == "same":
            bindings += _binding(k + 1, f"in{k}", f"vec{width}<{stored}>")
            exprs[leaf] = f"{t}(in{k}_w[c])"
            continue
        bindings += _binding(k + 1, f"in{k}", stored)
        if layout == "view":
            continue
        index = {"same": "i", "scalar": "0u", "out": "out_id"}.get(layout)
        if index is None:
            index = broadcast_index(plan.info[leaf].shape, group.shape) or f"expanded_index(i, {expanded}u)"
            expanded += 1
        exprs[leaf] = f"{t}(in{k}[{index}])"
    for k, leaf in enumerate(group.scalars):
        exprs[leaf] = f"p.scalars[{k // 4}][{k % 4}]"
    for leaf, value in group.literals.items():
        exprs[leaf] = wgsl_literal(value, t)
    return exprs, bindings


def broadcast_index(shape: tuple[int, ...], kernel: tuple[int, ...]) -> str | None:
    """The index of element ``i`` of a kernel of size ``kernel`` in an operand expanded to it whose
    dimensions other than 1 are one run of the kernel's (a column or row of a matrix, the per-image
    statistics [B, 1, 1] of a batch): ``(i / below) % span`` with the sizes as literals (a plan is
    made for its sizes), not params.wgsl's expanded_index (two divisions by uniforms per dimension).
    None for other expansions."""
    shape = tuple(shape) + (1,) * (len(kernel) - len(shape))
    dims = [d for d, n in enumerate(shape) if n != 1]
    if not dims or any(shape[d] != kernel[d] for d in range(dims[0], dims[-1] + 1)):
        return None
    below, span = math.prod(kernel[:dims[0]]), math.prod(kernel[dims[0]:dims[-1] + 1])
    index = "i" if below == 1 else f"(i / {below}u)"
    return index if dims[-1] + 1 == len(kernel) or math.prod(kernel[dims[-1] + 1:]) == 1 else f"{index} % {span}u"


def wgsl_literal(x: float, t: str) -> str:
    """A finite value as a WGSL literal of type ``t`` that parses to exactly that value (a single
    window's literal is the double rounded to single, as MATLAB converts it)."""
    if t == "f32":
        x = float(np.float32(x))
    text = repr(x)
    if "." not in text:                         # 1e-06 -> 1.0e-06, 3 digits -> 3.0
        text = text.replace("e", ".0e") if "e" in text else text + ".0"
    return f"{text}{'lf' if t == 'f64' else 'f'}"


# x .^ c for a literal c: the exact special cases of pow written out (x .^ 2 is x .* x, x .^ 0.5 is
# sqrt(x), x .^ -1 is 1 ./ x: bit-identical to numpy's power, which takes the same paths) and x .^ 3 as
# a product (within 2 ulp of pow); other exponents call the library's pow with the literal.
POWER_FORMS = {0.0: "{t}(1.0)", 1.0: "{a}", 2.0: "({a} * {a})", 3.0: "({a} * {a} * {a})",
               0.5: "{m}_sqrt({a})", -1.0: "{m}_div({t}(1.0), {a})"}


def power_form(node: Any, group: Group) -> str | None:
    """The written-out form of ``x .^ c`` when the exponent is a literal of POWER_FORMS."""
    exponent = group.literals.get(node.args[1]) if node.op == "power" else None
    return None if exponent is None else POWER_FORMS.get(exponent)


def division_form(node: Any, group: Group, t: str) -> str | None:
    """The form of ``x ./ c`` (``c .\\ x``) for a literal c (finite, nonzero: plan.literals): the product
    by 1/c where that is a power of two in the normal range (exact, so the same bits as the division); in
    single otherwise the library's ``m32_div_literal`` (rounded_ops.wgsl: the f64 product by 1/c, where the
    kernel has f64); None for the library's division."""
    position = {"rdivide": 1, "ldivide": 0}.get(node.op)
    divisor = None if position is None else group.literals.get(node.args[position])
    if divisor is None:
        return None
    if t == "f32":
        divisor = float(np.float32(divisor))
    quotient = "{a}" if position == 1 else "{b}"
    reciprocal = 1.0 / divisor
    tiny, huge = (SINGLE_TINY, SINGLE_MAX) if t == "f32" else (DOUBLE_TINY, math.inf)
    if abs(math.frexp(divisor)[0]) == 0.5 and tiny <= abs(reciprocal) <= huge:
        return f"({quotient} * {wgsl_literal(reciprocal, t)})"
    return f"m32_div_literal({quotient}, {wgsl_literal(divisor, t)})" if t == "f32" else None


def comparison_form(node: Any, group: Group, t: str) -> str | None:
    """A test (``== ~= < <= > >= & |`` xor) of a single x and a literal c that f32 does not hold: MATLAB
    tests x against the double c, so the literal is kernels.single_test_scalar's f32 stand-in for c
    (``==`` and ``~=`` then have the same answer for every x: the expression is that constant), not c
    rounded to nearest (``single(0.1) > 0.1`` is true). plan.inexact_scalar_tests keeps the other
    inexact tests (uniforms, values outside the normal singles) off the GPU."""
    if t != "f32" or node.op not in TEST_KERNELS:
        return None
    for position, key in ((1, "{b}"), (0, "{a}")):
        c = group.literals.get(node.args[position])
        if c is None or math.isnan(c) or float(np.float32(c)) == c:
            continue
        if node.op in ("eq", "ne"):
            return "false" if node.op == "eq" else "true"
        value = single_test_scalar(node.op, c, scalar_first=position == 0)
        return None if value is None else operation(node.op).wgsl.replace(key, wgsl_literal(value, t))
    return None


def node_lines(graph: AccelGraph, group: Group, t: str, unchecked: set[int] = frozenset(),
               made: dict[int, str] | None = None, views: ViewEmitter | None = None,
               root: set[int] | None = None) -> list[str]:
    """One ``let`` per elementwise node (each computed once), with its domain check if it has one and
    the node is not among the ``unchecked`` (Plan.unchecked: checks that cannot fire); the generators'
    lines (``made``) and the views' (``views``) in their places; nodes only views read (not in
    ``root``) are the views' to compute."""
    lines = []
    for v in group.nodes:
        node = graph.nodes[v]
        if root is not None and v not in root:
            continue
        if made and v in made:
            lines.append(made[v])
        if node.kind == "view":
            lines += views.view_lines(v)
        if node.kind == "elementwise":
            lines += elementwise_lines(node, f"v{v}", [f"v{a}" for a in node.args], t, group, unchecked)
    return lines


def common(group: Group, t: str) -> str:
    """The Params block (kernels.params_wgsl) and expanded_index, sized for the group (pruned with the
    kernel around it)."""
    expanded = sum(layout == "expanded" for _, layout in group.arrays + group.draws + group.gens)
    scalars = len(group.scalars) + len(group.params)
    return params_wgsl(t, expanded, scalars, len(group.maps), len(group.draws))


def emit(graph: AccelGraph, plan: Plan, group: Group, has_f64: bool) -> None:
    """Fill the group's layout and WGSL (the specialised kinds: matmul.EMITTERS)."""
    from .matmul import EMITTERS          # matmul.py builds its kernels from this module's pieces
    if group.kind in EMITTERS:
        EMITTERS[group.kind](graph, plan, group, has_f64)
        return
    if group.kind == "Alias":               # no kernel: views.dispatch_alias shares the input's buffer
        group.arrays, group.scalars = [(leaf, "same") for leaf in group.leaves], []
        return
    root = root_part(graph, group)
    classify_leaves(group, plan, root, graph.nodes)
    t = _float_type(plan.cls)
    width = vector_width(group, t, root) if group.kind == "ElementwiseChain" else 1
    loads, bindings = leaf_lines(group, plan, t, width)
    made = generator_lines(graph, plan, group, t)
    views = None if root is None else view_emitter(graph, plan, group, t, has_f64, root)
    body = loads + draw_lines(plan, group, t, has_f64) + node_lines(graph, group, t, plan.unchecked, made,
                                                                     views, root)
    slot = len(group.arrays) + 1
    if group.checked:
        bindings += f"@group(0) @binding({slot}) var<storage, read_write> status: array<atomic<u32>>;\n"
        slot += 1
    if group.kind == "ElementwiseChain":
        types = []
        for k, v in enumerate(group.outputs):
            cls = plan.info[v].cls
            types.append(STORAGE_TYPE[cls])
            stored = f"vec{width}<{types[-1]}>" if width > 1 else types[-1]
            bindings += _binding(slot + k, f"out{k}", stored, writable=True)
            value = f"select(0u, 1u, !(v{v} == 0.0))" if cls == "logical" else f"v{v}"
            body.append(f"    out{k}_w[c] = {value};" if width > 1 else f"    out{k}[i] = {value};")
        per = width if width > 1 else elements_per_invocation(body, t)
        lines = vector_lines(group, body, types, width) if width > 1 else element_lines(body, per)
        group.wgsl = render("fused_elementwise", library=kernel_library(has_f64), common=common(group, t),
                            bindings=bindings, body=lines)
        group.grid = _workgroups(-(-math.prod(group.shape) // per), 256)
    else:
        chunks = reduction_chunks(group)
        group.wgsl = reduce_source(graph, plan, group, t, has_f64, bindings, body, slot, chunks > 1)
        if 1 < chunks <= REDUCE_CHUNK:
            group.finish = finishing_kernel(graph, plan, group, t, has_f64, chunks)


def vector_width(group: Group, t: str, root: set[int] | None) -> int:
    """Neighbouring elements each invocation of a fused elementwise kernel loads and stores as one
    vector (vector_lines): VECTOR_WIDTH[t] where the kernel has no views (they read their own elements),
    else 1 (the scalar form, element_lines)."""
    return 1 if root is not None else VECTOR_WIDTH.get(t, 1)


# Measured on the H100 (benchmarks/fusion/RESULTS.md, "vec4"): single's kernels with vec4 against four
# elements a grid apart, the arithmetic chain 0.227 -> 0.187 ms, the elementwise chain 0.314 -> 0.293,
# the image normalisation cell (its pixel pass) 0.286 -> 0.259; double's with vec2<f64> were slower (the
# arithmetic chain 0.360 -> 0.647-0.660, the elementwise chain 0.588 -> 0.712-0.742): double keeps the
# scalar form.
VECTOR_WIDTH = {"f32": 4}


def elements_per_invocation(body: list[str], t: str) -> int:
    """Elements each invocation of a fused elementwise kernel of the scalar form computes, a grid
    apart: 4 in single (kernels with views), 2 in double, 1 for double kernels that call pow. Measured
    on the H100 (benchmarks/fusion/RESULTS.md, "elements per invocation"): the arithmetic chain's
    kernel 0.265 -> 0.226 ms (single, from 1) and 0.397 -> 0.360 (double), the double elementwise
    chain 0.615 -> 0.591; the double image pixel pass, whose pow reads its table, 0.500 -> 0.516 with 2."""
    if t == "f32":
        return 4
    return 1 if any("m64_pow(" in line for line in body) else 2


def element_lines(body: list[str], per: int = 1) -> str:
    """fused_elementwise.wgsl's body: the element index i of invocation gid and ``body`` for it; with
    ``per`` > 1, a loop over elements first + j * (the grid's invocations), j < per (neighbouring
    invocations still read neighbouring elements), ending past the last element."""
    if per == 1:
        return "\n".join(["    let i = gid.x + gid.y * nwg.x * 256u;", "    if (i >= p.n) { return; }", *body])
    head = ["    let first = gid.x + gid.y * nwg.x * 256u;", "    let total = nwg.x * nwg.y * 256u;",
            f"    for (var j = 0u; j < {per}u; j = j + 1u) {{", "        let i = first + j * total;",
            "        if (i >= p.n) { return; }"]
    return "\n".join([*head, *("    " + line for line in body), "    }"])


def vector_lines(group: Group, body: list[str], types: list[str], width: int) -> str:
    """fused_elementwise.wgsl's body in the vector form: invocation gid takes vector w of ``width``
    neighbouring elements of every input of the kernel's size (``in<k>_w``, leaf_exprs), computes
    ``body`` for each element i = w * width + c into lane c of its outputs' vectors ``out<k>_w`` (of
    element ``types``), and stores those. The lanes are written out one after another (``_w[c]``
    becomes ``_w[0]``, ``_w[1]``, ...): on the H100 a WGSL loop over them made the single elementwise
    chain's kernel slower (0.334 ms against 0.293 written out, benchmarks/fusion/RESULTS.md). The last
    vector may reach past n: its loads stay inside the pooled buffers (a power of two of at least 256
    bytes, so a whole number of vectors), its lanes past n raise no domain check's flag, and only its
    elements below n are stored."""
    guarded = f"if (i < p.n) {{ {FLAG} }}"
    lines = ["    let w = gid.x + gid.y * nwg.x * 256u;", f"    let base = w * {width}u;",
             "    if (base >= p.n) { return; }"]
    lines += [f"    let in{k}_w = in{k}[w];" for k, (_, layout) in enumerate(group.arrays) if layout == "same"]
    lines += [f"    var out{k}_w: vec{width}<{t}>;" for k, t in enumerate(types)]
    for c in range(width):
        lines += ["    {", f"        let i = base + {c}u;"]
        lines += ["    " + line.replace(FLAG, guarded).replace("_w[c]", f"_w[{c}]") for line in body]
        lines.append("    }")
    lines += [f"    if (base + {width}u <= p.n) {{", *(f"        out{k}[w] = out{k}_w;" for k in range(len(types))),
              "        return;", "    }", "    for (var c = 0u; base + c < p.n; c = c + 1u) {",
              *(f"        out{k}[w][c] = out{k}_w[c];" for k in range(len(types))), "    }"]
    return "\n".join(lines)


def finishing_kernel(graph: AccelGraph, plan: Plan, group: Group, t: str, has_f64: bool, chunks: int) -> tuple:
    """(WGSL, entry point, uniform block, workgroups) of the pass that reduces every member's ``chunks``
    partials at once (fused_reduce.wgsl again, its load reading the partials [1, chunks, nout])."""
    bindings, reads, slot = "", [], 1
    shared_with = shared_accumulators(group)
    for k, (m, indexed) in enumerate(zip(group.members, partial_indices(group))):
        spec = reduction_of(m.op)
        acc = "AccU" if spec.logical else "AccP" if spec.paired or spec.centered else "AccT"
        bindings += _binding(slot, f"in_values{k}", accumulator_type(spec, t))
        if indexed:
            bindings += _binding(slot + 1, f"in_index{k}", "u32")
        if shared_with[k] == k:             # a member sharing another's accumulator has its partials too
            reads.append(f"{acc}(in_values{k}[i], {f'in_index{k}[i]' if indexed else '0u'})")
        slot += 1 + indexed
    nout = group.view[0] * group.view[2]
    wgsl = reduce_source(graph, plan, group, t, has_f64, bindings, [], slot, False, reads, params_wgsl(t, 0, 0),
                         nout)
    block = params_block(params_head((nout, 1), [], (1, chunks, nout), 1), [], t)
    small = chunks <= SMALL_REDUCTION
    return wgsl, "main_small" if small else "main", block, _workgroups(nout, 64 if small else
                                                                       256 // line_lanes(nout, plan.subgroups))


def shared_accumulators(group: Group) -> list[int]:
    """For each member of a Reduction, the first member whose accumulator it shares: the same
    accumulation (the record's identity, load and combine) of the same operand, both with or both
    without max/min's index (a chunked pass's partials carry it only for those: partial_indices).
    ``sum(X, 2)``, ``mean(X, 2)`` and std's mean of X along 2 are one sum per element and one tree, each
    member storing its own result (a mean divided) from it."""
    first: dict[tuple, int] = {}
    found = []
    for k, m in enumerate(group.members):
        spec = reduction_of(m.op)
        key = (spec.identity, spec.load, spec.combine, spec.logical, spec.paired, m.operand, m.index is None)
        found.append(first.setdefault(key, k))
    return found


def partial_indices(group: Group) -> list[bool]:
    """Which members of a chunked Reduction write the index of their partials: max/min whose index
    the window takes, and Welford's count; every member past REDUCE_CHUNK chunks (reduce.wgsl's passes
    read indices). The others' partials are values only (one buffer, not two)."""
    every = reduction_chunks(group) > REDUCE_CHUNK
    return [every or m.index is not None or reduction_of(m.op).paired for m in group.members]


def reduce_source(graph: AccelGraph, plan: Plan, group: Group, t: str, has_f64: bool, bindings: str, body: list[str],
                  slot: int, chunked: bool, reads: list[str] | None = None, params: str = "",
                  pairs: int | None = None) -> str:
    """fused_reduce.wgsl for the group's members: member k accumulates in field ``m<k>`` of Acc (AccT,
    AccU for logical accumulators, AccP for paired and centered ones), with its record's snippets as functions ``load<k>``,
    ``combine<k>`` and ``update<k>`` (an element into the accumulator, where the record has one), or in
    the field of the member whose accumulator it shares (shared_accumulators); a workgroup combines the
    accumulators one after another through one shared array per accumulator type (member by member: on
    the H100 one tree of the whole Acc was slower, 79 us against 64 for the 14 reductions' column pass).
    Chunked, member k writes partials to ``out_values<k>`` (and ``out_index<k>``: partial_indices); otherwise
    its result (kernels.reduction_value, the divisor a literal) and max/min's 1-based index. With
    ``reads`` (the finishing kernel) load takes each member's accumulator from those expressions; its
    main reduces ``pairs`` (output, chunk) pairs (the group's own pass: reduction_pairs). The kernel
    that stores the results also computes the group's epilogue (fuse_epilogues)."""
    fields, functions, loads, identities, trees, lanes, store, updates, blocks = [], [], [], [], [], [], [], [], []
    shuffles = []
    results: dict[int, str] = {}
    if chunked:
        store.append("    let w = chunk_id + p.nchunks * out_id;")
        indexed = partial_indices(group)
    shared_with = shared_accumulators(group)
    for k, m in enumerate(group.members):
        spec = reduction_of(m.op)
        tacc = accumulator_type(spec, t)
        acc = "AccU" if spec.logical else "AccP" if spec.paired or spec.centered else "AccT"
        a = f"a.m{shared_with[k]}"
        if shared_with[k] == k:
            fields.append(f"    m{k}: {acc},")
            functions.append(f"fn load{k}(x: {t}, j: u32) -> {acc} {{\n    return "
                             f"{_fill(spec.load, t).replace('Acc(', acc + '(')};\n}}\n"
                             f"fn combine{k}(a: {acc}, b: {acc}) -> {acc} {{\n"
                             f"{_fill(spec.combine, t).replace('Acc(', acc + '(')}\n}}")
            shifted = f"{_fill('{m}', t)}_opaque(v{m.operand} - first.m{k}.v.x)"    # the line's first element
            loads.append(f"load{k}({shifted if spec.paired else f'v{m.operand}'}, j)")
            identities.append(f"{acc}({identity_acc(spec, t)})")
            if spec.update and reads is None:       # max/min, Welford: cheaper than a combine
                functions.append(f"fn update{k}(a: {acc}, x: {tacc}, j: u32) -> {acc} {{\n"
                                 f"{_fill(spec.update, t).replace('Acc(', acc + '(')}\n}}")
                updates.append(f"update{k}(a.m{k}, b.m{k}.v, j)")
            else:
                updates.append(f"combine{k}(a.m{k}, b.m{k})")
            if spec.block and reads is None:        # Welford: four elements, one division
                functions.append(f"fn block{k}(a: {acc}, x0: {tacc}, x1: {tacc}, x2: {tacc}, x3: {tacc}) -> {acc} {{\n"
                                 f"{_fill(spec.block, t).replace('Acc(', acc + '(')}\n}}")
            blocks.append(block_wgsl(k, spec))
            trees.append(TREE.format(k=k, shared=f"shared_{acc}"))
            lanes.append(LANE_TREE.format(k=k, shared=f"shared_{acc}"))
            index = f"subgroupShuffleXor(a.m{k}.i, m)" if spec.indexed or spec.paired else f"a.m{k}.i"
            shuffles.append(f"{acc}(subgroupShuffleXor(a.m{k}.v, m), {index})")
        if chunked:
            store.append(f"    out_values{k}[w] = {a}.v;")
            bindings += _binding(slot, f"out_values{k}", tacc, True)
            if indexed[k]:
                store.append(f"    out_index{k}[w] = {a}.i;")
                bindings += _binding(slot + 1, f"out_index{k}", "u32", True)
            slot += 1 + indexed[k]
            continue
        value = reduction_value(spec, a, wgsl_literal(float(m.divisor), t), t, wgsl_literal(float(group.view[1]), t))
        results[m.value] = value
        store.append(f"    out_values{k}[out_id] = {value};")
        bindings += _binding(slot, f"out_values{k}", STORAGE_TYPE[plan.info[m.value].cls], True)
        slot += 1
        if m.index is not None:                         # max/min's 1-based index, class double
            store.append(f"    out_index{k}[out_id] = f64({a}.i + 1u);")
            bindings += _binding(slot, f"out_index{k}", "f64", True)
            slot += 1
    if group.epilogue and not chunked:
        lines, more = epilogue_lines(graph, plan, group, t, results, slot)
        store += lines
        bindings += more
        slot += sum(v in group.epilogue for v in group.outputs)
    if reads is None:        # the values the pass writes at each element it reads (plan.stored_in_passes)
        for k, v in enumerate(group.stored):
            cls = plan.info[v].cls
            bindings += _binding(slot + k, f"out_stored{k}", STORAGE_TYPE[cls], True)
            value = f"select(0u, 1u, !(v{v} == 0.0))" if cls == "logical" else f"v{v}"
            body = [*body, f"    out_stored{k}[i] = {value};"]
    types = sorted({f.split(": ")[1].rstrip(",") for f in fields})
    shared = "\n".join(f"var<workgroup> shared_{acc}: array<{acc}, 256>;" for acc in types)
    lane_args, main_trees = "", "\n".join(trees)
    if plan.subgroups:          # main's lanes combined by shuffles within subgroups, then across them
        functions.append(f"fn shuffled(a: Acc, m: u32) -> Acc {{\n    return Acc({', '.join(shuffles)});\n}}")
        shared += "\nvar<workgroup> partials: array<Acc, 64>;"
        lane_args = (",\n        @builtin(subgroup_size) sg_size: u32, "
                     "@builtin(subgroup_invocation_id) sg_lane: u32")
        main_trees = SUBGROUP_TREE
    outs = lane_outputs(group.view[0])
    per_line = line_lanes(pairs if pairs is not None else reduction_pairs(group), plan.subgroups)
    paired = reads is None and any(reduction_of(m.op).paired for m in group.members)
    shift = ("    if (!live || p.rn == 0u) { return identity(); }\n    return load(out_id, 0u, identity());"
             if paired else "    return identity();")
    blocked = paired and any(reduction_of(m.op).block for m in group.members)
    accumulate = accumulate_wgsl(reduction_unroll(group, t, shared_with), blocks if blocked else None)
    return render("fused_reduce", shift=shift, accumulate=accumulate, library=kernel_library(has_f64), common=params or common(group, t), T=t,
                  outs=f"{outs}u", lanes=f"{256 // outs}u", line_lanes=f"{per_line}u",
                  fields="\n".join(fields), bindings=bindings, shared=shared, functions="\n".join(functions),
                  combined=", ".join(f"combine{k}(a.m{k}, b.m{k})" for k, o in enumerate(shared_with) if o == k),
                  updated=", ".join(updates),
                  identity=", ".join(identities), body="\n".join(body), loads=", ".join(reads or loads),
                  store="\n".join(store), trees=main_trees, lane_args=lane_args, lane_trees="\n".join(lanes))


UNROLL = 4             # accumulators per invocation of fused_reduce.wgsl's main and main_strided ...
UNROLL_WORDS = 4       # ... where the members' own accumulators hold at most this many 32-bit words


def reduction_unroll(group: Group, t: str, shared_with: list[int]) -> int:
    """How many accumulators each invocation of a Reduction's pass keeps (``accumulate_wgsl``): UNROLL
    where the group's own accumulators are small (std's second pass, ``mean(abs(X - rowmean), 2)``: on
    the H100 the column pass of std's squared deviations of a 4096^2 double took 47.5 us so against 55.0
    with one), else one: four copies of the 14 reductions' first passes cost more in registers than
    they give (their double column pass 89 us against 73; benchmarks/fusion/RESULTS.md)."""
    words = 0
    for k, m in enumerate(group.members):
        spec = reduction_of(m.op)
        if shared_with[k] == k:
            value = 1 if spec.logical or t == "f32" else 2
            words += value * (1 + (spec.paired or spec.centered)) + (spec.indexed or spec.paired)
    return UNROLL if words <= UNROLL_WORDS else 1


def block_wgsl(k: int, spec: Any) -> str:
    """Member k's accumulator after the four elements b0..b3 (indices j0..j3, rising) of a blocked
    accumulate: its record's block (Welford: one division for four elements), else its update of each
    in turn (max/min), else its combine of the four as a tree into it (sums)."""
    if spec.block:
        return f"block{k}(a.m{k}, b0.m{k}.v, b1.m{k}.v, b2.m{k}.v, b3.m{k}.v)"
    if spec.update:
        found = f"a.m{k}"
        for u in range(BLOCK):
            found = f"update{k}({found}, b{u}.m{k}.v, j{u})"
        return found
    return f"combine{k}(a.m{k}, combine{k}(combine{k}(b0.m{k}, b1.m{k}), combine{k}(b2.m{k}, b3.m{k})))"


BLOCK = 4              # elements per step of a blocked accumulate (block_wgsl, the Welford record's block)


def accumulate_wgsl(unroll: int, blocks: list[str] | None = None) -> str:
    """fused_reduce.wgsl's ``accumulate``: a line's elements begin, begin + step, ... below end taken into
    ``unroll`` accumulators (each its own loads and update chain, its indices rising), then those
    combined in order. With ``blocks`` (each member's block_wgsl: a group with a Welford member), one
    accumulator takes BLOCK loaded elements a step through ``block`` (Welford's division once per
    block, not per element: its update of each element cost the H100 the image statistics' bandwidth),
    the remainder one by one."""
    if blocks is not None:
        return "\n".join([
            "fn block(a: Acc, b0: Acc, b1: Acc, b2: Acc, b3: Acc, j0: u32, j1: u32, j2: u32, j3: u32) -> Acc {",
            f"    return Acc({', '.join(blocks)});", "}",
            "fn accumulate(out_id: u32, begin: u32, end: u32, step: u32, first: Acc) -> Acc {",
            "    var acc = identity();", "    var j = begin;",
            f"    for (; j + {BLOCK - 1}u * step < end; j = j + {BLOCK}u * step) {{",
            *[f"        let j{u} = j + {u}u * step;" for u in range(1, BLOCK)],
            "        acc = block(acc, " + ", ".join(f"load(out_id, {f'j{u}' if u else 'j'}, first)" for u in range(BLOCK))
            + ", j, j1, j2, j3);", "    }",
            "    for (; j < end; j = j + step) {", "        acc = update(acc, load(out_id, j, first), j);", "    }",
            "    return acc;", "}"])
    if unroll == 1:
        return ("fn accumulate(out_id: u32, begin: u32, end: u32, step: u32, first: Acc) -> Acc {\n"
                "    var acc = identity();\n"
                "    for (var j = begin; j < end; j = j + step) {\n"
                "        acc = update(acc, load(out_id, j, first), j);\n"
                "    }\n    return acc;\n}")
    lines = ["fn accumulate(out_id: u32, begin: u32, end: u32, step: u32, first: Acc) -> Acc {"]
    lines += [f"    var acc{u} = identity();" for u in range(unroll)]
    lines += ["    var j = begin;", f"    for (; j + {unroll - 1}u * step < end; j = j + {unroll}u * step) {{"]
    lines += [f"        let j{u} = j + {u}u * step;" for u in range(1, unroll)]
    lines += [f"        acc{u} = update(acc{u}, load(out_id, {f'j{u}' if u else 'j'}, first), {f'j{u}' if u else 'j'});"
              for u in range(unroll)]
    lines += ["    }", "    for (; j < end; j = j + step) {", "        acc0 = update(acc0, load(out_id, j, first), j);",
              "    }"]
    total = "acc0"
    for u in range(1, unroll):
        total = f"combine({total}, acc{u})"
    return "\n".join(lines + [f"    return {total};", "}"])


# one member's combine of the LINE_LANES lanes of each output in fused_reduce.wgsl's main (the shared
# array is reused by the next)
TREE = """    {shared}[lid] = acc.m{k};
    workgroupBarrier();
    for (var s = LINE_LANES / 2u; s > 0u; s = s >> 1u) {{
        if (lane < s) {{ {shared}[lid] = combine{k}({shared}[lid], {shared}[lid + s]); }}
        workgroupBarrier();
    }}
    acc.m{k} = {shared}[lid];
    workgroupBarrier();"""
# main's combine of a line's lanes where the adapter has subgroups (WebGPU's: 4 to 128 invocations, a
# power of two; the H100's 32, lavapipe's 8): the lanes of each subgroup part of a line combined by
# xor shuffles of the whole Acc (``shuffled``), no barrier; then, where a line spans several
# subgroups (LINE_LANES 128: line_lanes), each part's first lane writes its value to ``partials`` and
# one barrier later the line's first lanes combine the parts by shuffles again (parts <= subgroup
# size: the H100's 4), or its first lane in order (lavapipe's 16 parts). Lane 0's value is always the combine of a lower
# block of lanes (a) with the next higher (b), as in the shared-memory tree, but in another pairing:
# sums and Welford's pairs round differently; max/min (NaN rules, lowest index on ties) do not.
SUBGROUP_TREE = """    let width = min(sg_size, LINE_LANES);
    for (var s = width / 2u; s > 0u; s = s >> 1u) {
        acc = combine(acc, shuffled(acc, s));
    }
    let parts = LINE_LANES / width;
    if (parts > 1u && sg_lane == 0u) { partials[lid / width] = acc; }
    workgroupBarrier();
    if (parts > 1u) {
        let first_part = lid / LINE_LANES * parts;
        if (parts <= width) {
            acc = partials[first_part + min(lane, parts - 1u)];
            for (var s = parts / 2u; s > 0u; s = s >> 1u) {
                acc = combine(acc, shuffled(acc, s));
            }
        } else if (lane == 0u) {
            for (var q = 1u; q < parts; q = q + 1u) {
                acc = combine(acc, partials[first_part + q]);
            }
        }
    }"""
# the same in main_strided: the 8 lanes of each of the 32 outputs combined
LANE_TREE = """    {shared}[lid] = acc.m{k};
    workgroupBarrier();
    for (var s = LANES / 2u; s > 0u; s = s >> 1u) {{
        if (lane < s) {{ {shared}[lid] = combine{k}({shared}[lid], {shared}[lid + OUTS * s]); }}
        workgroupBarrier();
    }}
    acc.m{k} = {shared}[lid];
    workgroupBarrier();"""


def view_emitter(graph: AccelGraph, plan: Plan, group: Group, t: str, has_f64: bool,
                 root: set[int]) -> ViewEmitter:
    """The group's ViewEmitter: the values root_part computes at the kernel's index keep their names."""
    group.maps = []
    names = {v: f"v{v}" for v in root if v in graph.nodes or v in dict(group.arrays)}
    return ViewEmitter(graph, plan, group, t, has_f64, plan.unchecked, names,
                       {leaf: k for k, (leaf, _) in enumerate(group.arrays)},
                       {v: k for k, (v, _) in enumerate(group.draws)}, generator_params(plan, group))


def kernel_library(has_f64: bool) -> str:
    """The library with the generators' f64 functions (wgsl/generators.wgsl) and the views' index maps
    (wgsl/fused_views.wgsl); pruned where unused."""
    return library(has_f64) + (source("generators") if has_f64 else "") + source("fused_views")


# ------------------------------------------------------------------ reduction geometry and uniforms

STRIDED_FROM = 8       # lines this many elements apart or more are read in lanes (main_strided)
FEW_PAIRS = 8448       # main gives fewer (output, chunk) pairs than this (the H100's warp slots, 132 SMs x
# 64) a workgroup each, more a warp each


def reduction_launch(group: Group, subgroups: bool = False) -> tuple[str, int, int, tuple[int, int, int]]:
    """(entry point, chunks, chunk length, workgroups) of a Reduction group's pass: ``main_small``, one
    invocation per output, for extents up to SMALL_REDUCTION (0 chunks); ``main_strided``, 32
    neighbouring outputs per workgroup in 8 lanes (every warp load reads neighbouring elements), for
    lines STRIDED_FROM or more elements apart (``sum(X, 2)``, the images of ``mean(I, [2 3])``); else
    ``main``, line_lanes invocations per output and chunk of REDUCE_CHUNK elements (contiguous lines;
    their number depends on the adapter's ``subgroups``, plan.subgroups)."""
    pre, n, post = group.view
    if n <= SMALL_REDUCTION:
        return "main_small", 0, REDUCE_CHUNK, _workgroups(pre * post, 64)
    if pre >= STRIDED_FROM:
        outs = lane_outputs(pre)
        chunk = strided_chunk(pre, n, post, outs)
        chunks = -(-n // chunk)
        return "main_strided", chunks, chunk, _workgroups(-(-pre // outs) * post * chunks, 1)
    chunks = -(-n // REDUCE_CHUNK)
    return "main", chunks, REDUCE_CHUNK, _workgroups(pre * post * chunks,
                                                     256 // line_lanes(pre * post * chunks, subgroups))


def line_lanes(pairs: int, subgroups: bool = False) -> int:
    """Invocations of fused_reduce.wgsl's main per (output, chunk) pair: a warp (32, 8 pairs a
    workgroup: a 5-step tree) when the pairs fill the device, more for fewer than FEW_PAIRS: a warp
    per pair then leaves the device's warp slots half empty, each walking its line one dependent load
    at a time (on the H100 the 4096 columns of a 4096^2 matrix took 82 us that way, 73 us a workgroup
    each; a lone warp took 40 us for a line of 4096 elements). Those are the whole workgroup (256)
    for the shared-memory trees, half of it (128, two pairs a workgroup) where the lanes combine by
    subgroup shuffles (SUBGROUP_TREE): the 14 reductions' GPU time on the H100 0.196 ms double, 0.119
    single, against 0.200-0.201 and 0.123-0.124 with 256 (64: 0.208 / 0.129, 32: 0.235 / 0.129;
    benchmarks/fusion/RESULTS.md). A lone pair (a sum over 'all', the finishing pass of a chunked
    one) takes the whole workgroup either way: with 128 lanes half of it idled while each lane walked
    twice the elements (on the H100 the 14 reductions' totals of 4096 column results 9.4 -> 6.4 us,
    the finishing pass of a 2^24-element reduction 11.6 -> 8.5 us)."""
    if pairs >= FEW_PAIRS:
        return 32
    return 128 if subgroups and pairs > 1 else 256


def reduction_pairs(group: Group) -> int:
    """The (output, chunk) pairs of a Reduction group's pass."""
    pre, _, post = group.view
    return pre * post * max(1, reduction_launch(group)[1])


def lane_outputs(pre: int) -> int:
    """main_strided's neighbouring outputs per workgroup: LANE_OUTPUTS, or for fewer lines (pre) the
    power of two that holds them (at least STRIDED_FROM), so that no invocation idles."""
    return min(LANE_OUTPUTS, max(STRIDED_FROM, 1 << (pre - 1).bit_length()))


def reduction_chunks(group: Group) -> int:
    """0: one invocation per output (short extents); else workgroup chunks along the reduced extent."""
    return reduction_launch(group)[1]


def uniform(plan: Plan, group: Group, scalars: list[float], draws: list[tuple[int, ...]] = ()) -> bytes:
    """The Params block of a dispatch (params.wgsl): sizes, reduction view, strides (the same in
    every run of the plan: made once, ``group.head``), the draws' (key low, key high, base low, base
    high) words, scalars (the leaves', then the generators' params). A run with the values of the
    group's last run (a loop's window, a cell run again) reuses its block; the signs of zeros are part
    of the comparison (0.0 == -0.0: ``max(x, 0)``'s 0 is a uniform)."""
    key = (*scalars, *draws)
    if 0.0 in key:
        key += tuple(math.copysign(1.0, x) for x in scalars if x == 0.0)
    if group.last[0] == key and group.head:
        return group.last[1]
    if not group.head:
        group.head = uniform_head(plan, group)
    block = pack_uniform(plan, group, scalars, draws)
    group.last = (key, block)
    return block


def pack_uniform(plan: Plan, group: Group, scalars: list[float], draws: list[tuple[int, ...]]) -> bytes:
    head = group.head
    if draws:
        head += b"".join(struct.pack("<4I", *words) for words in draws)
    item = 8 if plan.cls == "double" else 4
    head = head.ljust(-(-len(head) // (4 * item)) * 4 * item, b"\0")
    values = list(scalars)
    count = max(1, -(-(len(values) + len(group.params)) // 4)) * 4
    pad = [0.0] * (count - len(values) - len(group.params))
    if item == 8:
        return head + struct.pack(f"<{count}d", *values, *group.params, *pad)
    with np.errstate(over="ignore"):       # a double past single's range is Inf in single (MATLAB)
        singles = np.array(values, dtype="<f4").tobytes()
    return head + singles + struct.pack(f"<{len(group.params)}I{len(pad)}f", *(int(x) for x in group.params),
                                        *pad)


def uniform_head(plan: Plan, group: Group) -> bytes:
    shape = tuple(group.shape)
    _, nchunks, chunk, _ = reduction_launch(group) if group.kind == "Reduction" else ("", 0, REDUCE_CHUNK, ())
    expanded = [leaf for leaf, layout in group.arrays + group.draws + group.gens if layout == "expanded"]
    strides = [s for leaf in expanded for s in _strides(plan.info[leaf].shape, len(shape))]
    head = params_head(shape, strides, group.view, nchunks, chunk)
    maps = list(group.maps) + [0] * (-len(group.maps) % 4)
    return head + struct.pack(f"<{len(maps)}I", *maps)


def uniform_fits(plan: Plan, group: Group) -> bool:
    block = uniform(plan, group, [0.0] * len(group.scalars), [(0,) * 4] * len(group.draws))
    return len(block) <= UNIFORM_BYTES


def planned(graph: AccelGraph, sig: dict[int, Any], has_f64: bool, subgroups: bool = False) -> Plan:
    """The plan of a window for the signature ``sig`` with every group's WGSL and uniform layout, for an
    adapter with (``has_f64``) or without shader-f64, with or without subgroup operations
    (``subgroups``): no device is asked (golden tests plan without one). A group whose uniform block
    would not fit sets the plan's reason."""
    plan = make_plan(graph, sig, has_f64)
    plan.subgroups = subgroups
    if not plan.reason:
        fuse_epilogues(graph, plan)
    for group in plan.groups if not plan.reason else []:
        emit(graph, plan, group, has_f64)
        if not uniform_fits(plan, group):
            plan.reason = "too many expanded inputs and scalars for one uniform block"
    plan.checked = any(g.checked for g in plan.groups)
    return plan


def fuse_epilogues(graph: AccelGraph, plan: Plan) -> None:
    """An ElementwiseChain that reads only the results of one Reduction (and literals), of their size,
    is computed where that Reduction stores its results (``Group.epilogue``): ``std``'s square root of
    the variance is no kernel of its own. Not for chains with draws, generators, views or domain checks
    that can fire, nor with uniform scalars where a finishing pass stores the results (it has no
    uniforms), nor for reductions past REDUCE_CHUNK chunks (reduce.wgsl finishes those)."""
    maker = {m.value: g for g in plan.groups if g.kind == "Reduction" for m in g.members}
    for chain in [g for g in plan.groups if g.kind == "ElementwiseChain"]:
        into = [maker[leaf] for leaf in chain.leaves if leaf in maker]
        uniforms = [leaf for leaf in chain.leaves if leaf not in maker and leaf not in plan.literals]
        if not into or any(g is not into[0] for g in into) or not all(plan.info[v].scalar for v in uniforms):
            continue
        group = into[0]
        nodes = [graph.nodes[v] for v in chain.nodes]
        chunks = reduction_chunks(group)
        if chain.shape != plan.info[group.members[0].value].shape or chunks > REDUCE_CHUNK or \
                uniforms and chunks > 1 or \
                any(n.kind != "elementwise" or n.value in plan.draws or n.value in plan.gens or
                    (operation(n.op).domain_check is not None and n.value not in plan.unchecked) for n in nodes):
            continue
        group.epilogue += chain.nodes
        group.outputs += chain.outputs
        group.leaves += [leaf for leaf in chain.leaves if leaf not in maker and leaf not in group.leaves]
        plan.groups.remove(chain)


def epilogue_lines(graph: AccelGraph, plan: Plan, group: Group, t: str, values: dict[int, str],
                   slot: int) -> tuple[list[str], str]:
    """The store's lines computing the group's epilogue (fuse_epilogues) at ``out_id`` from the members'
    results (``values``: value -> WGSL) and writing its outputs, and their bindings from ``slot``."""
    read = {a for v in group.epilogue for a in graph.nodes[v].args}
    lines = [f"    let v{v} = {expr};" for v, expr in values.items() if v in read]
    lines += [f"    let v{leaf} = {wgsl_literal(x, t)};" for leaf, x in group.literals.items() if leaf in read]
    lines += [f"    let v{leaf} = p.scalars[{k // 4}][{k % 4}];" for k, leaf in enumerate(group.scalars)
              if leaf in read]
    for v in group.epilogue:
        node = graph.nodes[v]
        lines += elementwise_lines(node, f"v{v}", [f"v{a}" for a in node.args], t, group, plan.unchecked)
    bindings = ""
    for k, v in enumerate(v for v in group.outputs if v in group.epilogue):
        cls = plan.info[v].cls
        bindings += _binding(slot + k, f"out_epilogue{k}", STORAGE_TYPE[cls], True)
        value = f"select(0u, 1u, !(v{v} == 0.0))" if cls == "logical" else f"v{v}"
        lines.append(f"    out_epilogue{k}[out_id] = {value};")
    return lines, bindings
