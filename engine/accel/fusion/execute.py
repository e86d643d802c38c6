"""Running a plan: inputs uploaded (gpuArray inputs used as they are), one dispatch per group (plus the
finishing passes of long reductions), then the window's outputs as engine values.

Outputs are GpuTensors (gpuArray) when any input was a gpuArray; otherwise plain arrays stored to
variables, and the host arrays the run uploaded, stay on the device as implicit GpuTensors (``collect``). A kernel that flagged an input MATLAB makes complex
(or a NaN reaching a logical operator) voids the run: ``Runner.run`` returns None and the VM computes the
window on the CPU. A plan with draws (rand/randn) reserves each draw's positions of the session's GPU
stream (gpurng, engine/accel/random.py) in program order before it dispatches, as the unfused gpuArray
draws would, and passes key and base to the kernels in their uniform blocks.
"""
from __future__ import annotations

import functools
import math
from typing import Any, Callable, NamedTuple

import numpy as np

from engine.accel.dispatch import host_array
from engine.accel.kernels import _chunks, _Pass, _reduce_pass, reduction_of
from engine.accel.provider import GpuUnavailable, Provider
from engine.accel.random import device_draws
from engine.accel.residency import GpuTensor, empty, implicit, made, pool_of, size_of, upload
from engine.accel.shaders import ELEMENT_SIZE
from engine.runtime.values import normalize_shape, simplify

from .codegen import partial_indices, reduction_launch, uniform
from .graph import AccelGraph
from .patterns import PATTERNS
from .plan import Group, Plan

# A window whose kernels read and write this many bytes submits the batch as soon as they are encoded
# (about 45 us of the H100's memory bandwidth, over its host's 35 us submit): the device works on them
# while the host does the run's bookkeeping (outputs, recipes, stores) and goes on with the cell, where
# they waited for the cell's end or the next read (the single 14 reductions, 192 MB, did while 256 MB
# was the bound: measured on the H100, benchmarks/fusion/RESULTS.md). A failed submit there leaves the
# outputs lost before they have recipes: plain ones are computed from them when read, gpuArrays at
# once (keep_recipe).
EARLY_SUBMIT_BYTES = 128 << 20
# ... and so does a window whose matrix products do this many flops (2mkn each; 2^32 is about 0.1 ms of
# the H100's single-precision product): a 4096^3 single product touches only 192 MB, and its 3 ms of
# work waited for the host to finish the cell (measured on the H100: benchmarks/fusion/RESULTS.md).
EARLY_SUBMIT_FLOPS = 1 << 32

class Run:
    """The device state of one window run (a plain class with slots: one is made per window run)."""
    __slots__ = ("provider", "tensors", "borrowed", "scratch", "status", "draws", "uploads", "downloads")

    def __init__(self, provider: Provider) -> None:
        self.provider = provider
        self.tensors: dict[int, GpuTensor] = {}    # value -> device array
        self.borrowed: set[int] = set()            # gpuArray inputs: never released here
        self.scratch: list[GpuTensor] = []         # released when the run ends
        self.status: GpuTensor | None = None
        self.draws: dict[int, tuple[int, int, int, int]] = {}   # draw -> key, base words
        self.uploads = 0
        self.downloads = 0

    def release(self, keep: set[int] = frozenset()) -> None:
        for v, t in self.tensors.items():
            if v not in keep and v not in self.borrowed:
                t.release()
        for t in self.scratch:
            t.release()


def scalar_of(value: Any) -> float:
    return float(value.flat[0]) if isinstance(value, np.ndarray) else float(value)


def scalar_leaf(run: Run, values: dict[int, Any], leaf: int) -> float:
    """A uniform's value: an input, or a 1x1 result an earlier group of the window left on the device
    (read back: a uniform is written from the host)."""
    if leaf in values:
        value = values[leaf]
        return value if type(value) is float else scalar_of(value)
    run.downloads += 1
    return scalar_of(run.tensors[leaf].download())


class Runner:
    """A cached plan's run on one device. Everything that depends only on the plan and its signature
    is made once, at its first run (``runner``; kept on the plan): each group's dispatch function with
    the array and scalar leaves it reads, and what the window leaves behind (the values its groups
    make, each marked when a later instruction reads it, and the inputs and constants it passes
    through). ``run`` does the per-run rest: inputs on the device, draws reserved, outputs from the
    pool, uniforms, dispatches, the window's values."""

    def __init__(self, graph: AccelGraph, plan: Plan, provider: Provider) -> None:
        self.provider = provider
        self.pool = pool_of(provider)
        self.plan = plan
        self.consts = graph.consts
        self.steps = [(dispatcher(g.kind), g, [leaf for leaf, _ in g.arrays], g.scalars) for g in plan.groups]
        live = set(graph.live.values())
        left = dict.fromkeys([*graph.stores.values(), *live])
        self.made = [(v, v in live) for v in left if v in graph.nodes]     # made by a group
        self.kept = [v for v, read in self.made if not read]                # left on the device
        self.passed = [v for v in left if v not in graph.nodes]             # inputs and constants
        self.inputs = list(graph.inputs)
        self.large = much_work(plan)                                 # submitted once dispatched
        self.straight = Straight(plan, provider, self) if is_straight(graph, plan, self) else None

    def run(self, values: dict[int, Any], explicit: bool, state: Any = None) -> tuple[dict[int, Any] | None, Run]:
        """Dispatch every group; the window's output values by value id (None when a kernel flagged an
        input the CPU must handle). ``explicit``: a gpuArray input (every output is a gpuArray); ``state``
        is the session's (its GPU random stream, for draws). The work waits in the provider's batch,
        gpuArray windows' too: the accelerator gives every output a recipe."""
        plan, provider = self.plan, self.provider
        run = Run(provider)
        keep: Any = ()
        self.pool.begin_window()
        try:
            if plan.draws:
                reserve_draws(run.draws, plan, state)
            if plan.checked:
                run.status = upload(np.zeros((1, 1), dtype=np.uint32), provider)
                run.scratch.append(run.status)
            tensors = run.tensors
            for dispatch, group, arrays, scalars in self.steps:
                for leaf in arrays:
                    if leaf not in tensors:          # reduction results are already on the device
                        device_input(run, leaf, values[leaf])
                dispatch(run, plan, group, [x if type(x := values.get(leaf)) is float else
                                            scalar_leaf(run, values, leaf) for leaf in scalars])
            if run.status is not None and flagged(run):
                return None, run
            if self.large:            # the device starts while the host does the run's bookkeeping
                provider.submit_early()
            outputs = self.collect(run, values, explicit)
            keep = {v for v, out in outputs.items() if type(out) is GpuTensor}
            return outputs, run
        finally:
            run.release(keep)

    def collect(self, run: Run, values: dict[int, Any], explicit: bool) -> dict[int, Any]:
        """Engine values of every value the window leaves behind, by value id.

        With a gpuArray input (``explicit``) every computed output is a gpuArray. Otherwise a value only
        stored to variables stays on the device as an implicit GpuTensor, a temporary read after the
        window is downloaded, and each array uploaded from the host comes back as an implicit tensor
        with that host array as its origin (the accelerator keeps it in its variable for the next
        window)."""
        tensors = run.tensors
        outputs = {}
        for v, live in self.made:
            tensor = tensors.get(v)
            if tensor is None:
                outputs[v] = values[v] if v in values else self.consts[v]
            elif explicit:
                outputs[v] = tensor
            elif not live:
                outputs[v] = implicit(tensor)
            else:
                outputs[v] = simplify(tensor.download())
                run.downloads += 1
        for v in self.passed:
            outputs[v] = values[v] if v in values else self.consts[v]
        if run.uploads:
            for v in self.inputs:
                if type(values.get(v)) is np.ndarray and v in tensors:
                    outputs[v] = implicit(tensors[v], values[v])
        return outputs


def touched_bytes(plan: Plan, trips: int = 1) -> int:
    """Bytes the plan's kernels read and write (each group's arrays and outputs, ``trips`` times: a
    fused loop's), the measure of its device work that decides an early submit."""
    return trips * sum(math.prod(plan.info[v].shape) * ELEMENT_SIZE.get(plan.info[v].cls, 8)
                       for g in plan.groups for v in [*(leaf for leaf, _ in g.arrays), *g.writes])


def product_flops(plan: Plan) -> int:
    """Flops of the plan's matrix products (2mkn each: the product kernels of its pattern groups)."""
    return sum(2 * math.prod(part.view) for g in plan.groups for part in getattr(g, "parts", ())
               if part.kind == "product")


def much_work(plan: Plan, trips: int = 1) -> bool:
    """Whether the plan's device work (``trips`` times: a fused loop's) is enough to submit it as soon as
    it is encoded (EARLY_SUBMIT_BYTES touched, or EARLY_SUBMIT_FLOPS in products)."""
    if touched_bytes(plan, trips) >= EARLY_SUBMIT_BYTES:
        return True
    return trips * product_flops(plan) >= EARLY_SUBMIT_FLOPS


def is_straight(graph: AccelGraph, plan: Plan, made: Runner) -> bool:
    """Whether a repeated run of the plan can go the Straight way: one-pass kernels, chunked
    reductions finished by their own kernel's second pass (``group.finish``) and pattern groups of such
    reductions (``kernels``), reading the window's inputs and each other's outputs (the inputs on the
    device: a Repeat checks that), host scalars as uniforms, no domain check to read back, and every
    value the window leaves behind one that a kernel writes and no later instruction reads (nothing to
    download)."""
    written = {v for g in plan.groups for v in g.writes}
    scalars = {leaf for g in plan.groups for leaf in g.scalars}
    return not plan.checked and not made.passed and all(not live for _, live in made.made) \
        and {v for v, _ in made.made} <= written and not scalars & written \
        and all(kernels(g) is not None for g in plan.groups)


def kernels(group: Group) -> list[Group] | None:
    """The kernels a Straight run encodes for a group, in order: an ElementwiseChain or a Reduction
    (one pass, or chunked and finished by its own kernel's second pass) itself, a pattern group's
    parts where every one is such a Reduction (the image statistics of ImageNormalize); None for any
    other group."""
    def straight(k: Group) -> bool:
        return k.kind == "Reduction" and (reduction_launch(k)[1] <= 1 or bool(k.finish))
    if group.kind == "ElementwiseChain" or straight(group):
        return [group]
    parts = getattr(group, "parts", None) if group.kind in PATTERNS else None
    return list(parts) if parts and all(straight(part) for part in parts) else None


class Straight:
    """A cached plan's repeated run in a straight line (the hot path of a window in a loop, a cell run
    again): for plans that ``is_straight`` admits, whose array inputs (``leaves``) a Repeat (inputs.py)
    found on the device, each kernel (``kernels``) is encoded as in a Runner's run (``encode_one_pass``,
    ``encode_chunked``), with none of the Runner's general bookkeeping (uploads, read-backs, reductions
    finished by reduce.wgsl's passes, values passed through). ``dispatches``: how many a run encodes."""

    def __init__(self, plan: Plan, provider: Provider, made: Runner) -> None:
        self.plan = plan
        self.provider = provider
        self.pool = made.pool
        self.kept = made.kept                  # the values the window leaves behind
        written = [v for g in plan.groups for k in kernels(g) for v in k.writes]
        self.dropped = [v for v in written if v not in made.kept]     # read by its kernels only
        self.reads = [[leaf for leaf, _ in g.arrays if leaf not in written] for g in plan.groups]
        self.leaves = {leaf for read in self.reads for leaf in read}   # the inputs it reads
        self.large = made.large
        # each group's kernels, each with whether it is a chunked Reduction (two dispatches)
        self.kernels = [[(k, k.kind == "Reduction" and reduction_launch(k)[1] > 1) for k in kernels(g)]
                        for g in plan.groups]
        self.dispatches = sum(1 + chunked for group in self.kernels for _, chunked in group)

    def run(self, values: dict[int, Any], state: Any) -> tuple[dict[int, GpuTensor], dict]:
        """The tensors of the inputs it read and of the values the window leaves behind, by value id,
        and the draws' words (as ``Run.draws``); the tensors of values read by its own kernels only are
        released."""
        plan, provider, pool = self.plan, self.provider, self.pool
        pool.begin_window()
        tensors: dict[int, GpuTensor] = {}
        draws: dict[int, tuple[int, int, int, int]] = {}
        scratch: list[GpuTensor] = []            # partials not kept with their launch
        try:
            if plan.draws:
                reserve_draws(draws, plan, state)
            for group, reads in zip(self.kernels, self.reads):
                for leaf in reads:
                    if leaf not in tensors:
                        tensor = tensors[leaf] = values[leaf]
                        if tensor.storage.lost:
                            raise GpuUnavailable(tensor.storage.lost)
                        if tensor.implicit:
                            pool.use(tensor)
                for kernel, chunked in group:
                    scalars = [x if type(x := values[leaf]) is float else scalar_of(x) for leaf in kernel.scalars]
                    if chunked:
                        encode_chunked(provider, plan, kernel, tensors, None, draws, scalars, scratch)
                    else:
                        encode_one_pass(provider, plan, kernel, tensors, None, draws, scalars)
            if self.large:
                provider.submit_early()
        except BaseException:
            for v in self.kept + self.dropped:
                if v in tensors:
                    tensors[v].release()
            raise
        finally:
            for tensor in scratch:
                tensor.release()
        for v in self.dropped:
            tensors[v].release()
        return tensors, draws


def runner(graph: AccelGraph, plan: Plan, provider: Provider) -> Runner:
    """The plan's Runner on ``provider`` (made at its first run there)."""
    made = plan.runner
    if made is None or made.provider is not provider:
        made = plan.runner = Runner(graph, plan, provider)
    return made


def dispatcher(kind: str) -> Callable[[Run, Plan, Group, list[float]], None]:
    """The dispatch function of a group kind (the specialised kinds: matmul.DISPATCHERS)."""
    return dispatchers()[kind]


@functools.cache
def dispatchers() -> dict[str, Callable[[Run, Plan, Group, list[float]], None]]:
    from .matmul import DISPATCHERS       # matmul.py builds on this module
    from .views import DISPATCHERS as VIEWS
    return {"ElementwiseChain": dispatch_one_pass, "Reduction": dispatch_reduction, **DISPATCHERS, **VIEWS}


def reserve_draws(draws: dict[int, tuple[int, int, int, int]], plan: Plan, state: Any) -> None:
    """Each draw's positions of the session's device draw stream (rng-seeded), reserved in program
    order: ``draws`` gets the key and base words of each."""
    if state is None:
        raise GpuUnavailable("random draws need the session's GPU stream")
    stream = device_draws(state)
    for v in plan.draws:
        key, base = stream.reserve(math.prod(plan.info[v].shape))
        draws[v] = (*key, *base)


def device_input(run: Run, leaf: int, value: Any) -> None:
    """The device array of an input: uploaded from the host, or the tensor itself. A tensor whose data
    the device lost declines the window: the VM then reads it on the host, where a plain value's recipe
    computes it again (a gpuArray's data is gone: MATLAB's error)."""
    if type(value) is GpuTensor:
        if value.released or value.storage.lost:
            raise GpuUnavailable(value.storage.lost or "gpuArray data is no longer available (released)")
        if value.implicit:
            pool_of(run.provider).use(value)
        run.tensors[leaf] = value
        run.borrowed.add(leaf)
        return
    run.tensors[leaf] = upload(host_array(value), run.provider)
    run.uploads += 1


def flagged(run: Run) -> bool:
    run.downloads += 1
    return bool(run.status.download().flat[0])


def buffers(run: Run, group: Group) -> list[Any]:
    found = [run.tensors[leaf].buffer for leaf, _ in group.arrays]
    return found + ([run.status.buffer] if group.checked else [])


def dispatch_one_pass(run: Run, plan: Plan, group: Group, scalars: list[float]) -> None:
    """A kernel of one pass (an ElementwiseChain, a Reduction short enough for one) in a Runner's run."""
    encode_one_pass(run.provider, plan, group, run.tensors, run.status, run.draws, scalars)


def encode_one_pass(provider: Provider, plan: Plan, group: Group, tensors: dict[int, GpuTensor],
                    status: GpuTensor | None, draws: dict[int, tuple], scalars: list[float]) -> None:
    """A one-pass kernel's outputs from the pool (into ``tensors``, which holds the arrays it reads),
    its buffers bound, one dispatch. Its pipeline, bound leaves, outputs' sizes and classes and
    workgroups are made at its first run on a device (``group.launch``)."""
    launch = group.launch
    if launch[0] is not provider:
        launch = group.launch = one_pass_launch(provider, plan, group)
    _, pipe, leaves, outs, grid = launch
    bound = [tensors[leaf].storage.buffer for leaf in leaves]
    if group.checked:
        bound.append(status.storage.buffer)
    for v, shape, cls, size, recent in outs:
        tensor = tensors[v] = made(shape, cls, size, provider, recent)
        bound.append(tensor.storage.buffer)
    words = [draws[v] for v, _ in group.draws] if group.draws else ()
    provider.dispatch(pipe, bound, uniform(plan, group, scalars, words), grid)


def one_pass_launch(provider: Provider, plan: Plan, group: Group) -> tuple:
    """(device, pipeline, array leaves, outputs as (value, size, class, pool size class, the buffers
    it had in its last runs: residency.made), workgroups)."""
    entry, _, _, grid = reduction_launch(group, plan.subgroups) if group.kind == "Reduction" else \
        ("main", 0, 0, group.grid)
    outs = []
    for v in group.writes:
        shape, cls = normalize_shape(plan.info[v].shape), plan.info[v].cls
        outs.append((v, shape, cls, size_of(shape, cls, provider), []))
    return provider, pipeline(provider, group, entry), [leaf for leaf, _ in group.arrays], outs, grid


def pipeline(provider: Provider, group: Group, entry: str) -> Any:
    """The group's pipeline for ``entry``, kept on the group (looked up again on another device)."""
    kept = group.pipeline
    if kept[0] is not provider or kept[1] != entry:
        kept = group.pipeline = (provider, entry, provider.pipeline(group.wgsl, entry))
    return kept[2]


# A chunked Reduction whose partials take at most this many bytes keeps them with its launch (made once,
# freed with the plan) instead of taking them from the pool and giving them back on every run: about
# 5-10 us a buffer of the H100's host, 7 buffers a run for the 14-reduction cell.
KEPT_PARTIAL_BYTES = 8 << 20


class Chunked(NamedTuple):
    """A chunked Reduction's launch on one device, made once (``group.launch``): its pipeline and
    workgroups; its outputs and its members' partials as (value or role, size, class, pool size
    class, the buffers it had in its last runs: residency.made, so that its bind groups stay cached);
    ``kept``, the partials themselves where they are small (KEPT_PARTIAL_BYTES: every run writes and
    finishes them within its batch, in order, so one set serves every run); the finishing pass's
    (pipeline, uniform block, workgroups), None past REDUCE_CHUNK chunks; ``stored``, the values its
    first pass writes as it reads them (Group.stored), as ``outs``."""
    provider: Provider
    pipe: Any
    grid: tuple[int, int, int]
    outs: list[tuple]
    partials: list[tuple]
    kept: list[GpuTensor]
    finish: tuple | None
    stored: list[tuple]


def chunked_launch(provider: Provider, plan: Plan, group: Group) -> Chunked:
    entry, nchunks, _, grid = reduction_launch(group, plan.subgroups)
    pre, _, post = group.view
    nout = pre * post
    outs, stored = ([(v, *sized(provider, plan.info[v].shape, plan.info[v].cls), []) for v in values]
                    for values in (group.outputs, group.stored))
    partials = []
    for m, indexed in zip(group.members, partial_indices(group)):
        spec = reduction_of(m.op)
        pairs = 1 + (spec.paired or spec.centered)      # a paired or centered one's partials are vec2
        partials.append(("values", *sized(provider, (pairs * nchunks, nout), "uint32" if spec.logical else plan.cls),
                         []))
        if indexed:
            partials.append(("index", *sized(provider, (nchunks, nout), "uint32"), []))
    kept = []
    if sum(size for _, _, _, size, _ in partials) <= KEPT_PARTIAL_BYTES:
        kept = [made(shape, cls, size, provider) for _, shape, cls, size, _ in partials]
    finish = None
    if group.finish:
        wgsl, finish_entry, block, finish_grid = group.finish
        finish = (provider.pipeline(wgsl, finish_entry), block, finish_grid)
    return Chunked(provider, pipeline(provider, group, entry), grid, outs, partials, kept, finish, stored)


def sized(provider: Provider, shape: tuple[int, ...], cls: str) -> tuple[tuple[int, ...], str, int]:
    shape = normalize_shape(shape)
    return shape, cls, size_of(shape, cls, provider)


def dispatch_reduction(run: Run, plan: Plan, group: Group, scalars: list[float]) -> None:
    """The members' value (and index) outputs from one pass over the operands; chunked, the members'
    partials are finished by one more pass of the group's own kernel (``group.finish``), or, past
    REDUCE_CHUNK chunks, member by member by reduce.wgsl's passes (a mean divided by its divisor)."""
    launch = group.launch
    if not (type(launch) is Chunked if launch[0] is run.provider else reduction_launch(group)[1] > 1):
        return dispatch_one_pass(run, plan, group, scalars)
    parts = encode_chunked(run.provider, plan, group, run.tensors, run.status, run.draws, scalars, run.scratch)
    if parts is None:                      # finished by the group's own kernel
        return
    tensors = run.tensors
    nchunks = reduction_launch(group)[1]
    pre, _, post = group.view
    for k, m in enumerate(group.members):      # every member's partials carry indices here
        part = _Pass(parts[2 * k], parts[2 * k + 1], 1, nchunks, pre * post)
        targets = [tensors[m.value]] + ([tensors[m.index]] if m.index is not None else [])
        finish_reduction(run, plan, reduction_of(m.op), part, targets, m.divisor, group.view[1])


def encode_chunked(provider: Provider, plan: Plan, group: Group, tensors: dict[int, GpuTensor],
                   status: GpuTensor | None, draws: dict[int, tuple], scalars: list[float],
                   scratch: list[GpuTensor]) -> list[GpuTensor] | None:
    """A chunked Reduction's first pass (its outputs from the pool into ``tensors``, which holds the
    arrays it reads; its partials kept with its launch, else from the pool into ``scratch``), then,
    where the group has one, the finishing pass of its own kernel (None returned); past REDUCE_CHUNK
    chunks the partials, for reduce.wgsl's passes (``dispatch_reduction``)."""
    launch = group.launch
    if launch[0] is not provider:
        launch = group.launch = chunked_launch(provider, plan, group)
    outs, stored = [], []
    for buffers, values in ((outs, launch.outs), (stored, launch.stored)):
        for v, shape, cls, size, recent in values:
            tensor = tensors[v] = made(shape, cls, size, provider, recent)
            buffers.append(tensor.storage.buffer)
    parts = launch.kept
    if not parts:
        parts = [made(shape, cls, size, provider, recent) for _, shape, cls, size, recent in launch.partials]
        scratch += parts
    partials = [t.storage.buffer for t in parts]
    bound = [tensors[leaf].storage.buffer for leaf, _ in group.arrays]
    if group.checked:
        bound.append(status.storage.buffer)
    words = [draws[v] for v, _ in group.draws] if group.draws else ()
    provider.dispatch(launch.pipe, bound + partials + stored, uniform(plan, group, scalars, words), launch.grid)
    if launch.finish is None:
        return parts
    pipe, block, grid = launch.finish        # every member's partials in one pass
    provider.dispatch(pipe, partials + outs, block, grid)
    return None


def finish_reduction(run: Run, plan: Plan, spec: Any, src: _Pass, outs: list[GpuTensor], n: int,
                     count: int) -> None:
    """Reduce the first pass's partials with kernels.py's passes (reduce.wgsl) into ``outs`` (the
    values, and max/min's indices where the window takes them); ``n`` divides a mean, ``count`` (the
    lines' length) corrects a centered one."""
    provider = run.provider
    index_cls = "double" if provider.f64 else "single"
    acc_cls = src.values.cls
    while (nchunks := _chunks(src)) > 1:
        part = _Pass(empty(((1 + (spec.paired or spec.centered)) * nchunks, src.post), acc_cls, provider),
                     empty((nchunks, src.post), "uint32", provider), 1, nchunks, src.post)
        _reduce_pass(spec, plan.cls, src, [part.values, part.indices], index_cls, n)
        run.scratch += [part.values, part.indices]
        src = part
    targets = list(outs)
    if spec.indexed and len(targets) == 1:
        targets.append(empty(outs[0].shape, index_cls, provider))
        run.scratch.append(targets[-1])
    _reduce_pass(spec, plan.cls, src, targets, index_cls, n, count)
