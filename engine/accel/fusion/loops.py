"""Loop fusion: a ``for`` loop whose body is one window runs as one kernel with the loop inside.

The bytecode compiler heads such a loop with ``LOOPWINDOW`` (mir/fusion.py ``loop_regions``: the body
is one block of elementwise operations, draws and generators, with the constants and loads they read);
at each entry into the loop ``FusionAccelerator.try_loop`` plans it here and runs it, or declines and the
VM runs the loop as before, its window once per iteration. The body's graph is that window's own. Its
inputs are of three kinds:

- carried: a variable the body stores and reads before storing it (``S`` in ``S = S .* exp(a + b .*
  randn(M, 1))``): each element's value is a register of the kernel (a WGSL ``var``) from the first
  iteration to the last, read from its buffer once, before the loop;
- the loop variable: ``start + it * step`` (ranges of whole numbers only, so every value is exact);
- invariant: everything else (the body never changes it): read before the loop, and every node that
  depends on no carried value, no draw and not the loop variable is computed there once (hoisted).

Variables the body stores are written once, after the loop, with the last iteration's values, and the
loop variable is left at the range's last value: what the loop leaves in MATLAB. Draws take the stream
positions of the unfused run: a body that draws P numbers per iteration reserves trips x P positions,
and iteration ``it`` draws from position ``base + it * P`` on, each draw at its offset among the P
(execute.reserve_draws' program order), so the fused loop gives the numbers of the loop of windows.

The plan must be a steady state: one kernel of one shape writing every variable the body stores, each
carried variable entering with the class and size that the body gives it. Otherwise (a variable that
changes class or size in the first iteration, a stored scalar, a temporary read after the body) the
plan carries the reason and the loop runs as before.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from engine.accel.kernels import _binding, _float_type, _workgroups, params_wgsl
from engine.accel.random import MASK32, device_draws, split64
from engine.accel.residency import GpuTensor, empty, implicit, pool_of, upload
from engine.accel.shaders import STORAGE_TYPE, render
from engine.vm.code import LoopWindow

from .codegen import (UNIFORM_BYTES, classify_leaves, draw_lines, element_lines, generator_lines, kernel_library,
                      leaf_exprs, node_lines, uniform)
from .execute import Run, buffers, device_input, flagged, pipeline, scalar_of
from .graph import AccelGraph
from .plan import Arg, Group, Plan, Reject, inlined_args, make_plan

BODY_KINDS = ("elementwise", "random", "generator")
MAX_TRIPS = 2 ** 32 - 1             # the trip count is a u32 uniform
SINGLE_EXACT = 2 ** 24              # a single loop's variable must stay a whole number single holds


@dataclass
class LoopShape:
    """What a loop adds to its body's graph: the inputs that are carried (value -> variable) and the
    loop variable's input (None when the body does not read it)."""
    carried: dict[int, str]
    var: int | None

    @classmethod
    def of(cls, graph: AccelGraph, loop: LoopWindow, varnames: list[str]) -> "LoopShape | str":
        """The loop's shape, or why it cannot be fused (an input that is neither a variable nor a
        literal)."""
        carried, var = {}, None
        for v, reg in graph.inputs.items():
            slot = loop.loads.get(reg, reg if reg < len(varnames) else None)
            if slot is None:
                return "the body reads a value computed before the loop's window"
            if slot == loop.var:
                var = v
            elif varnames[slot] in graph.stores:
                carried[v] = varnames[slot]
        return cls(carried, var)


@dataclass
class LoopKernel:
    """The fused loop of a plan (``Plan.loop``): the variables written after the loop (in output order)
    with their values in the body, the carried inputs, the loop variable's input, and the values
    computed once before the loop."""
    stores: dict[str, int]
    carried: dict[int, str]
    var: int | None
    hoisted: list[int]

    def __str__(self) -> str:
        carried = " ".join(f"v{v} {name}" for v, name in self.carried.items())
        stores = " ".join(f"{name} = v{v}" for name, v in self.stores.items())
        return (f"stores {stores}; carried {carried or '-'}; variable "
                f"{f'v{self.var}' if self.var is not None else '-'}; hoisted "
                f"{' '.join(f'v{v}' for v in self.hoisted) or '-'}")


def signature(graph: AccelGraph, shape: LoopShape, args: dict[int, Arg], start: float, step: float,
              trips: int) -> dict[int, Arg]:
    """The loop's signature: its inputs' Args, the loop variable a double scalar with the facts every
    value of the range has (ranges.py)."""
    from .ranges import facts_of
    if shape.var is None:
        return args
    facts = facts_of(start) & facts_of(start + step) & facts_of(start + (trips - 1) * step)
    return {**args, shape.var: Arg("double", (1, 1), facts=facts)}


def loop_plan(graph: AccelGraph, sig: dict[int, Arg], shape: LoopShape, has_f64: bool) -> Plan:
    """The plan of the loop: the body planned for ``sig``, its one kernel made a FusedLoop with the loop
    inside (``plan.loop``), or the reason it cannot be."""
    plan = make_plan(graph, sig, has_f64)
    if plan.reason:
        return plan
    try:
        group = steady_group(graph, plan, shape)
        emit_loop(graph, plan, group, shape, has_f64)
        if len(uniform(plan, group, [0.0] * len(group.scalars), [(0,) * 4] * (len(group.draws) + 1))) \
                > UNIFORM_BYTES:
            raise Reject("too many expanded inputs and scalars for one uniform block")
    except Reject as exc:
        plan.reason = str(exc)
    return plan


def steady_group(graph: AccelGraph, plan: Plan, shape: LoopShape) -> Group:
    """The plan's one ElementwiseChain, when every iteration runs the same kernel: every stored variable
    one of its outputs, of its size, and every carried variable entering as it leaves an iteration."""
    if graph.live or graph.slot_inputs:
        raise Reject("the loop's body leaves temporaries or reads a variable by name")
    odd = next((n for n in graph.nodes.values() if n.kind not in BODY_KINDS), None)
    if odd is not None:
        raise Reject(f"line {odd.line}: {odd.op} in a loop's body: each iteration must be elementwise")
    if len(plan.groups) != 1 or plan.groups[0].kind != "ElementwiseChain":
        raise Reject("the loop's body is more than one kernel")
    group = plan.groups[0]
    if math.prod(group.shape) == 1:
        raise Reject("a loop over scalars runs on the CPU")
    for name, v in graph.stores.items():
        if v not in group.outputs or plan.info[v].shape != group.shape:
            raise Reject(f"{name} is not an array of the loop kernel's size")
    for v, name in shape.carried.items():
        enters, leaves = plan.info[v], plan.info[graph.stores[name]]
        if (enters.cls, enters.shape) != (leaves.cls, leaves.shape):
            raise Reject(f"{name} enters the loop as {enters.cls} {sizes(enters.shape)} and leaves an "
                         f"iteration as {leaves.cls} {sizes(leaves.shape)}")
    return group


def sizes(shape: tuple[int, ...]) -> str:
    return "x".join(map(str, shape))


def variant(graph: AccelGraph, group: Group, shape: LoopShape) -> set[int]:
    """The values that change from one iteration to the next: the carried inputs, the loop variable,
    the draws, and the nodes computed from them."""
    found = set(shape.carried) | ({shape.var} if shape.var is not None else set())
    for v in group.nodes:
        node = graph.nodes[v]
        if node.kind == "random" or any(a in found for a in inlined_args(node)):
            found.add(v)
    return found


def carried_twins(group: Group, shape: LoopShape) -> dict[int, int]:
    """Carried leaves that read a variable another carried leaf reads (a variable loaded before the
    window and inside it is two inputs of one register) -> that leaf: one state register, one binding."""
    first: dict[str, int] = {}
    twins = {}
    for leaf, _ in group.arrays:
        name = shape.carried.get(leaf)
        if name is not None:
            twins.update({leaf: first[name]} if name in first else {})
            first.setdefault(name, leaf)
    return twins


def paired_normals(plan: Plan, group: Group) -> list[int]:
    """The group's randn draws of the kernel's own size. A loop with one computes two neighbouring
    elements per thread, whose normals share a Philox block (random.py), so each element pays half a
    block, logarithm and square root."""
    return [v for v, layout in group.draws if plan.draws[v] == "randn" and layout == "same"]


def emit_loop(graph: AccelGraph, plan: Plan, group: Group, shape: LoopShape, has_f64: bool) -> None:
    """The loop's WGSL: leaves and invariant nodes before the loop, carried values in ``s<k>``
    registers, the iterations' nodes inside ``for``, the stored variables written after it.

    With a randn draw of the kernel's size (paired_normals) a thread computes the elements ``first`` and
    ``second`` = first + 1 in two lanes: its registers are vec2, each lane's lines a block of their own
    that reads its element as ``i``, values computed before the loop that an iteration reads are kept
    in ``h<id>`` registers, and each iteration draws both lanes' normals at once (rng_normal_two_*). The
    last thread of an odd count computes its one element in both lanes (second = first)."""
    classify_leaves(group, plan)
    t = _float_type(plan.cls)
    stores = list(graph.stores)
    twins = carried_twins(group, shape)
    group.arrays = [(leaf, layout) for leaf, layout in group.arrays if leaf not in twins]
    exprs, bindings = leaf_exprs(group, plan, t)
    changing = variant(graph, group, shape)
    hoisted = [v for v in group.nodes if v not in changing]
    normals = paired_normals(plan, group)
    lanes = 2 if normals else 1
    made = generator_lines(graph, plan, group, t)
    hoisted_lines = [line.strip() for line in node_lines(graph, group, t, plan.unchecked, made, None, set(hoisted))]
    step_lines = [line.strip() for line in node_lines(graph, group, t, plan.unchecked, made, None, changing)]
    per_element = {leaf for leaf, _ in group.arrays} - set(shape.carried)      # other leaves: uniforms, literals
    before_loop = per_element | set(hoisted)
    read_in_loop = {a for v in group.nodes if v in changing for a in inlined_args(graph.nodes[v])}
    kept = sorted(before_loop & (read_in_loop | set(graph.stores.values()))) if lanes == 2 else []
    draw_k = {v: k for k, (v, _) in enumerate(group.draws)}
    f = "f64" if plan.cls == "double" else "f32"
    pairs = [f"let d{v} = rng_normal_two_{f}(p.rng[{draw_k[v]}].xy, rng_pos(pos{draw_k[v]}, first));"
             for v in normals]

    def reg(name: str, lane: int) -> str:
        return name if lanes == 1 else f"{name}[{lane}]"

    def lane_block(lines: list[str], lane: int) -> list[str]:
        if lanes == 1:
            return lines
        return ["{", f"    let i = {('first', 'second')[lane]};", *("    " + line for line in lines), "}"]

    def before_lines(lane: int) -> list[str]:
        lines = []
        for leaf, expr in exprs.items():
            if leaf in shape.carried:
                lines.append(f"{reg(f's{stores.index(shape.carried[leaf])}', lane)} = {expr};")
            elif leaf in per_element:
                lines.append(f"let v{leaf} = {expr};")
        return lines + hoisted_lines + [f"h{v}[{lane}] = v{v};" for v in kept]

    def iteration_lines(lane: int) -> list[str]:
        lines = [f"let v{v} = h{v}[{lane}];" for v in kept]
        for leaf, expr in exprs.items():
            if leaf == shape.var:
                lines.append(f"let v{leaf} = {expr} + {t}(it) * {t}(bitcast<i32>(p.fused_loop.z));")
            elif leaf in shape.carried:
                lines.append(f"let v{leaf} = {reg(f's{stores.index(shape.carried[leaf])}', lane)};")
        lines += [f"let v{twin} = v{leaf};" for twin, leaf in twins.items()]
        lane_normal = {v: f"d{v}.x" if lane == 0 else f"select(d{v}.y, d{v}.x, second == first)" for v in normals}
        lines += [line.strip() for line in draw_lines(plan, group, t, has_f64, "pos{k}", lane_normal)]
        return lines + step_lines + [f"{reg(f's{k}', lane)} = v{graph.stores[name]};" for k, name in enumerate(stores)]

    register = t if lanes == 1 else f"vec2<{t}>"
    head = [] if lanes == 1 else ["let first = 2u * i;", "if (first >= p.n) { return; }",
                                  "let second = min(first + 1u, p.n - 1u);"]
    head += [f"let v{leaf} = {expr};" for leaf, expr in exprs.items()
             if leaf not in per_element and leaf not in shape.carried and leaf != shape.var]
    head += [f"var s{k}: {register};" for k in range(len(stores))] + [f"var h{v}: {register};" for v in kept]
    head += [line for lane in range(lanes) for line in lane_block(before_lines(lane), lane)]
    head += [f"var pos{k} = p.rng[{k}].zw;" for k in range(len(group.draws))]
    body = pairs + [line for lane in range(lanes) for line in lane_block(iteration_lines(lane), lane)]
    body += [f"pos{k} = rng_pos(pos{k}, p.fused_loop.y);" for k in range(len(group.draws))]
    slot = len(group.arrays) + 1
    if group.checked:
        bindings += f"@group(0) @binding({slot}) var<storage, read_write> status: array<atomic<u32>>;\n"
        slot += 1
    after = []
    for k, name in enumerate(stores):
        cls = plan.info[graph.stores[name]].cls
        bindings += _binding(slot + k, f"out{k}", STORAGE_TYPE[cls], writable=True)
        for lane in range(lanes):
            value = reg(f"s{k}", lane)
            index = "i" if lanes == 1 else ("first", "second")[lane]
            after.append(f"out{k}[{index}] = {f'select(0u, 1u, !({value} == 0.0))' if cls == 'logical' else value};")
    text = "\n".join([*head, "for (var it = 0u; it < p.fused_loop.x; it = it + 1u) {",
                      *("    " + line for line in body), "}", *after])
    expanded = sum(layout == "expanded" for _, layout in group.arrays + group.draws + group.gens)
    common = params_wgsl(t, expanded, len(group.scalars) + len(group.params), 0, len(group.draws), loop=True)
    group.kind = "FusedLoop"
    group.wgsl = render("fused_elementwise", library=kernel_library(has_f64), common=common, bindings=bindings,
                        body=element_lines(["    " + line for line in text.splitlines()]))
    group.grid = _workgroups(-(-math.prod(group.shape) // lanes), 256)
    plan.loop = LoopKernel(dict(graph.stores), dict(shape.carried), shape.var, hoisted)


@dataclass
class LoopRun:
    """A fused loop's run: the values it read, the range (first value, step, trips), and the draws'
    positions (draw -> key and base words of iteration 0; ``stride``: the positions of one iteration)."""
    values: dict[int, Any]
    start: float
    step: float
    trips: int
    draws: dict[int, tuple[int, int, int, int]]
    stride: int
    uploaded: dict[int, GpuTensor] = field(default_factory=dict)


def run_loop(plan: Plan, values: dict[int, Any], provider: Any, explicit: bool, state: Any,
             start: float, step: float, trips: int) -> tuple[dict[str, Any] | None, Run, LoopRun]:
    """Dispatch the loop's kernel: the stored variables' values after the loop, by name (None when a
    domain check fired: the stream is then left where it was, and the VM runs the loop). The host
    arrays it uploaded are kept as implicit tensors (``LoopRun.uploaded``, by value), with their host
    values as origin, as a window's are (execute.collect)."""
    group = plan.groups[0]
    run = Run(provider)
    pool_of(provider).begin_window()
    stream = device_draws(state) if plan.draws else None
    position = stream.position if stream is not None else 0
    done = LoopRun(values, start, step, trips, {}, sum(math.prod(plan.info[v].shape) for v in plan.draws))
    outs: list[GpuTensor] = []
    kept = False
    try:
        words = reserve(done, plan, stream)
        if group.checked:
            run.status = upload(np.zeros((1, 1), dtype=np.uint32), provider)
            run.scratch.append(run.status)
        for leaf, _ in group.arrays:
            device_input(run, leaf, values[leaf])
        scalars = [start if leaf == plan.loop.var else scalar_of(values[leaf]) for leaf in group.scalars]
        outs = [empty(group.shape, plan.info[v].cls, provider) for v in plan.loop.stores.values()]
        block = uniform(plan, group, scalars, words + [(trips, done.stride, int(step) & MASK32, 0)])
        provider.dispatch(pipeline(provider, group, "main"), buffers(run, group) + [o.buffer for o in outs],
                          block, group.grid)
        if explicit:
            provider.flush()
        if run.status is not None and flagged(run):
            return None, run, done
        kept = True
        done.uploaded = {v: implicit(t, values[v]) for v, t in run.tensors.items()
                         if type(values.get(v)) is np.ndarray and v not in plan.loop.carried}
        return {name: t if explicit else implicit(t) for name, t in zip(plan.loop.stores, outs)}, run, done
    finally:
        if not kept:
            if stream is not None:
                stream.position = position          # the VM's run draws these positions again
            for t in outs:
                t.release()
        run.release(set(done.uploaded))


def reserve(done: LoopRun, plan: Plan, stream: Any) -> list[tuple[int, int, int, int]]:
    """Reserve every iteration's draws at once; the (key, base) words of each draw's first iteration."""
    if stream is None:
        return []
    key, base = stream.reserve(done.trips * done.stride)
    first, words = base[0] | base[1] << 32, []
    for v in plan.draws:
        done.draws[v] = (*key, *split64(first))
        words.append(done.draws[v])
        first += math.prod(plan.info[v].shape)
    return words

