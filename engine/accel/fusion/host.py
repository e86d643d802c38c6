"""Host kernels: a fusion window that stays on the CPU, run in cache-sized blocks on every core.

The VM's bytecode computes a window one operation at a time, each over whole arrays: a chain of ten
operations on a 16 MB vector writes ten 16 MB temporaries and reads them back from memory, on one core.
A host kernel runs the same window's MIR instructions with the same runtime operators and builtins
(recipe.compute, the code the VM runs), but each run of elementwise operations over arrays of one size
(a *batch*) goes block by block: every operation of the batch over elements ``lo:hi`` of its operands,
then the next block, so the temporaries of a block stay in the core's cache, and the blocks are shared
out to a pool of threads (numpy's loops release the GIL). The other instructions (generators such as
linspace, reductions, transposes, scalars) run once over whole values, as in the bytecode. Only the
values a batch hands on (stored variables, live temporaries, operands of later whole instructions) are
written out in full.

Every element is computed by the very numpy loop the bytecode would use, on the same operand classes, so
the results are bit for bit the interpreter's (tests/fusion/test_host_kernels.py compares every window
both ways). What could differ is what depends on the whole array: a result MATLAB makes complex (sqrt of
a negative element in one block makes the whole array complex), or an error. So a block whose result is
complex, an error, a warning or anything unexpected abandons the kernel before anything is stored, and
the bytecode runs the window from the start: it then gives MATLAB's answer, error or warning.

Why not a loop compiled with numba: its transcendentals (exp, tanh, ...) are the C library's scalar ones,
which differ in the last bit from numpy's vectorised loops for about 5% of the elements of the benchmark's
chain on this machine, and run slower than them (measured: 53 ms against numpy's 38 ms for
benchmarks/fusion/cpu_chain.m on 2 cores), so they could be neither identical nor faster.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any, Callable

import numpy as np

from engine.mir.ir import Instr
from engine.runtime import ops
from engine.runtime.errors import warnings_to
from engine.runtime.builtins.registry import BUILTINS, Operation, call_host, operation
from engine.runtime.threads import in_parts
from engine.vm.code import Window

from .graph import AccelGraph
from .recipe import Reads, ReplayContext, compute, registers_read

REAL_KINDS = "fbiu"           # numpy dtype kinds of the values a host kernel takes (no complex)
FIRST_BLOCK = 4096            # elements of block 0, which runs through the runtime alone before the threads start


class Declined(Exception):
    """The host kernel does not run this window (``reason``); nothing has been stored."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class HostContext(ReplayContext):
    """The context of the builtins a host kernel calls: a warning or output gives the window back to the
    bytecode, which then shows it as MATLAB would (the builtins a window fuses are pure functions)."""

    def write(self, text: str) -> None:
        raise Declined("a builtin writes output: the bytecode runs the window")

    def warn(self, identifier: str, message: str) -> None:
        raise Declined(f"a warning ({identifier}): the bytecode runs the window and shows it")


@dataclass(frozen=True)
class Settings:
    min_elements: int          # the smallest batch run in blocks (smaller ones run whole, as the bytecode)
    block: int                 # elements per block of operands of 8 bytes (twice as many for narrower)
    threads: int               # threads the blocks are shared out to


@dataclass
class Pending:
    """The value of a batch's operation, written out in full when the batch has run (None while not, or
    when nothing outside the batch reads it)."""
    temp: int
    value: Any = None


@dataclass
class Batch:
    """A run of elementwise instructions over operands of one size (``shape``) or scalars."""
    shape: tuple[int, ...]
    instrs: list[Instr] = field(default_factory=list)
    args: list[list] = field(default_factory=list)              # each instruction's operand values
    made: dict[int, Pending] = field(default_factory=dict)      # temporary -> its Pending

    @property
    def numel(self) -> int:
        return math.prod(self.shape)


@dataclass
class Outcome:
    """What a host kernel did: the values the window computed that anything outside a batch reads (by
    temporary), and its batches as (operations, elements, block) for the report."""
    env: dict[int, Any]
    batches: list[tuple[int, int, int]]

    def describe(self, settings: Settings) -> str:
        runs = ", ".join(f"{ops_} operation(s) over {numel} elements in blocks of {block}"
                         for ops_, numel, block in self.batches)
        return f"{runs} on {settings.threads} thread(s)"


def input_problem(graph: AccelGraph, values: dict[int, Any]) -> str:
    """Why the window's inputs keep it from a host kernel ("" when they do not): only real numeric and
    logical values (Python floats and bools, numpy arrays) are taken."""
    for v in graph.inputs:
        x = values[v]
        t = type(x)
        if t is float or t is bool or (t is np.ndarray and x.dtype.kind in REAL_KINDS):
            continue
        name = graph.names.get(v, "an operand")
        return f"{name} is not a real numeric or logical array"
    return ""


def graph_problem(graph: AccelGraph) -> str:
    """Why the window's operations keep it from a host kernel ("" when they do not)."""
    if graph.rejected:
        return "unsupported operations (see rejected)"
    if any(node.kind == "random" for node in graph.nodes.values()):
        return "it draws random numbers (MATLAB's host stream is drawn by the bytecode)"
    return ""


def run_window(window: Window, graph: AccelGraph, values: dict[int, Any], consts: dict[int, Any],
               state: Any, settings: Settings) -> Outcome:
    """Run the window on the host (module docstring); ``values`` are its inputs by graph value, ``consts``
    the literals computed before the window that it reads (by temporary). Raises Declined."""
    inputs = {**consts, **values}
    reads = Reads(window, {}, registers_read(window, inputs))
    ctx = HostContext(state)
    consumers = graph.consumers()
    kept = set(graph.stores.values()) | set(graph.live.values())
    env: dict[int, Any] = dict(inputs)
    batch: Batch | None = None
    batches: list[tuple[int, int, int]] = []

    def flush() -> None:
        nonlocal batch
        if batch is not None:
            block = run_batch(batch, graph, kept, consumers, ctx, settings)
            batches.append((len(batch.instrs), batch.numel, block))
            batch = None

    with warnings_to(ctx.warn):     # an operator's warning too (mldivide's) gives the window back
        for ins in window.instrs:
            d = ins.dest.id if ins.dest is not None else None
            if d is not None and d in inputs:
                continue
            args = [env[t.id] for t in ins.args]
            if ins.op == "store":
                reads.stored[ins.attr] = args[0]
                continue
            if ins.op in ("load", "loadname"):
                env[d] = compute(ins, args, reads, {}, ctx)
                continue
            shape = batch_shape(ins, graph, args, batch, reads, settings.min_elements)
            if shape is not None:
                if batch is not None and batch.shape != shape:
                    flush()
                if batch is None:
                    batch = Batch(shape)
                batch.instrs.append(ins)
                batch.args.append(args)
                env[d] = batch.made[d] = Pending(d)
                continue
            if any(type(a) is Pending and a.value is None for a in args):
                flush()
                args = [resolved(a) for a in args]
            env[d] = compute(ins, args, reads, {}, ctx)
        flush()
    return Outcome({t: x.value if type(x) is Pending else x for t, x in env.items()
                    if type(x) is not Pending or x.value is not None}, batches)


def resolved(x: Any) -> Any:
    if type(x) is not Pending:
        return x
    if x.value is None:
        raise Declined(f"internal: t{x.temp} was not written out")
    return x.value


def shape_of(x: Any) -> tuple[int, ...] | None:
    """The size of a real operand (scalars (1, 1)), None for anything else."""
    t = type(x)
    if t is float or t is bool:
        return (1, 1)
    if t is np.ndarray and x.dtype.kind in REAL_KINDS:
        return x.shape
    return None


def batch_shape(ins: Instr, graph: AccelGraph, args: list, batch: Batch | None, reads: Reads,
                min_elements: int) -> tuple[int, ...] | None:
    """The size of the batch ``ins`` joins: an elementwise operation over operands of one size S with at
    least ``min_elements`` elements, or scalars (a pending operand is of its batch's size); else None."""
    node = graph.nodes.get(ins.dest.id)
    if node is None or node.kind != "elementwise" or ins.dest.id in graph.internal:
        return None
    if any(a in graph.internal for a in node.args):     # the last node of a call's expansion (std's sqrt
        return None                                      # of its var): the call is a whole instruction
    if ins.op == "callname" and reads.is_variable(ins.attr[0]):
        return None
    if ins.op not in ("binop", "unop", "call", "callname"):
        return None
    if any(type(a) is Pending and a.value is None and (batch is None or a.temp not in batch.made)
           for a in args):
        return None
    shapes = [batch.shape if type(a) is Pending and a.value is None else shape_of(resolved(a)) for a in args]
    if any(s is None for s in shapes):
        return None
    big = {s for s in shapes if s != (1, 1)}
    if len(big) != 1:
        return None
    shape = big.pop()
    if math.prod(shape) < min_elements or not scalar_operand_ok(node.scalar_operand, shapes):
        return None
    return shape


def scalar_operand_ok(which: int | str | None, shapes: list[tuple[int, ...]]) -> bool:
    """``*``, ``/`` and ``\\`` are elementwise only with the scalar operand their MIR form needs."""
    if which is None:
        return True
    if which == "either":
        return (1, 1) in shapes
    return shapes[which] == (1, 1)


# ------------------------------------------------------------------ running a batch

Operand = tuple[str, Any]       # ("block", temp) | ("flat", 1-D array) | ("whole", scalar value)


@dataclass
class Step:
    """One instruction of a batch, ready to run on a block."""
    temp: int
    run: Callable[[list], Any]
    operands: list[Operand]
    written: Pending | None                 # where the value is written out in full (None: not)
    drop: list[int] = field(default_factory=list)     # block values no later step reads
    out: np.ndarray | None = None           # the flat view of the written-out value
    dtype: np.dtype | None = None           # its class, from block 0
    op: Operation | None = None             # its Operation record (for ``direct``)
    direct: Callable[..., np.ndarray] | None = None   # from block 1 on: the Operation's host ufunc


def step_function(ins: Instr, ctx: Any) -> Callable[[list], Any]:
    """What the VM calls for the instruction (recipe.compute's operators and builtins)."""
    if ins.op == "binop":
        return lambda args, f=ops.BINARY[ins.attr]: f(*args)
    if ins.op == "unop":
        return lambda args, f=ops.UNARY[ins.attr]: f(*args)
    entry, nargout = BUILTINS[ins.attr[0]], max(ins.attr[1], 1)
    return lambda args: call_host(entry, ctx, args, nargout)[0]


def run_batch(batch: Batch, graph: AccelGraph, kept: set[int], consumers: dict[int, list[int]], ctx: Any,
              settings: Settings) -> int:
    """Run the batch block by block; give the Pending values that something outside it reads (a store,
    a live register, a later instruction) their full arrays. Returns the block's element count:
    ``settings.block`` for operands of 8 bytes an element, twice that for 4 bytes or fewer."""
    order = layout_order(batch)
    layouts = bytecode_layouts(batch)
    members = set(batch.made)
    written = {t for t in members if t in kept or any(c not in members for c in consumers.get(t, ()))}
    steps = [Step(ins.dest.id, step_function(ins, ctx), [operand(a, batch, order) for a in args],
                  batch.made[ins.dest.id] if ins.dest.id in written else None, op=operation(graph.nodes[ins.dest.id].op))
             for ins, args in zip(batch.instrs, batch.args)]
    last = {}                                          # block value -> the last step that reads it
    for k, step in enumerate(steps):
        last[step.temp] = k
        last.update((x, k) for kind, x in step.operands if kind == "block")
    for t, k in last.items():
        steps[k].drop.append(t)
    widest = max((x.dtype.itemsize for step in steps for kind, x in step.operands if kind == "flat"), default=8)
    n, block = batch.numel, max(settings.block * 8 // max(widest, 4), 1)     # blocks of as many bytes
    first = min(block, FIRST_BLOCK, n)
    run_block(steps, 0, first, (batch.shape, order))      # block 0 sets the classes
    go_direct(steps)
    share_out(steps, first, block, n, settings.threads)
    for step in steps:           # a value the bytecode lays out otherwise than the batch: as the bytecode
        if step.written is not None and layouts[step.temp] not in ("any", order):
            step.written.value = np.asarray(step.written.value, order=layouts[step.temp])
    return block


def value_layout(x: Any) -> str:
    """"C" or "F" for an array contiguous in that order only, "any" for a scalar or an array contiguous
    in both (a vector), "other" for neither."""
    if type(x) is not np.ndarray or x.flags.c_contiguous and x.flags.f_contiguous:
        return "any"
    return "C" if x.flags.c_contiguous else "F" if x.flags.f_contiguous else "other"


def bytecode_layouts(batch: Batch) -> dict[int, str]:
    """The layout of each of the batch's values as the bytecode makes it (numpy's elementwise loops, in
    order 'K'): column-major where every operand laid out in an order is column-major, else row-major.
    The layout decides the order in which a later reduction adds the elements (``sum(x, 2)`` of a
    row-major x adds each row pairwise, of a column-major x one column after another), so a value
    written out in the batch's order where the bytecode's differs is converted (tests/fusion/
    test_host_kernels.py: a row-major operand in the batch of a column-major one's product)."""
    layouts: dict[int, str] = {}
    for ins, args in zip(batch.instrs, batch.args):
        found = {layouts[a.temp] if type(a) is Pending and a.value is None else value_layout(resolved(a))
                 for a in args} - {"any"}
        if "other" in found:
            raise Declined("an operand laid out neither by rows nor by columns: the bytecode computes the window")
        layouts[ins.dest.id] = "F" if found == {"F"} else "C" if found else "any"
    return layouts


def layout_order(batch: Batch) -> str:
    """The order the batch's arrays are read and written in: "C" when its first full-size operand is
    C-contiguous only, else "F" (column-major, as MATLAB stores arrays)."""
    for args in batch.args:
        for a in args:
            if type(a) is np.ndarray and a.shape == batch.shape:
                return "C" if a.flags.c_contiguous and not a.flags.f_contiguous else "F"
    return "F"


def operand(x: Any, batch: Batch, order: str) -> Operand:
    """How a step reads an operand: the block of a value the batch computes, the block of a full-size
    array (its elements in the batch's order: a view, or a copy when it is laid out otherwise), or a
    scalar as it is."""
    if type(x) is Pending and x.temp in batch.made and x.value is None:
        return ("block", x.temp)
    x = resolved(x)
    if shape_of(x) == (1, 1):
        return ("whole", x)
    return ("flat", np.ravel(x, order=order))


FLOATS = (np.dtype(np.float64), np.dtype(np.float32))


def go_direct(steps: list[Step]) -> None:
    """After block 0: the steps whose Operation has a host ufunc (registry.Operation.host) and whose
    operands are all of the step's float class (scalars converted to it, as the runtime converts them)
    call that ufunc from now on, writing straight into the written-out array: the very loop the runtime's
    operator or builtin ends in, without its class and size rules, which block 0 has applied."""
    dtypes = {step.temp: step.dtype for step in steps}
    for step in steps:
        if step.op is not None and step.op.name == "power" and step.dtype in FLOATS:
            square_direct(step, dtypes)
        if step.op is None or step.op.host is None or step.dtype not in FLOATS:
            continue
        operands = []
        for kind, x in step.operands:
            if kind == "whole" and (type(x) is float or type(x) is np.ndarray and x.dtype in FLOATS and x.size == 1):
                x = step.dtype.type(x if type(x) is float else x.item())
            elif not (kind == "flat" and x.dtype == step.dtype or kind == "block" and dtypes[x] == step.dtype):
                break
            operands.append((kind, x))
        else:
            step.operands, step.direct = operands, step.op.host


def square_direct(step: Step, dtypes: dict[int, np.dtype]) -> None:
    """``x.^2`` of a float x of the result's class calls np.square from block 1 on: what ops._power
    computes for a whole exponent 2 of x's class (after block 0, which ran it, fixed the classes)."""
    (kind, x), (kind2, two) = step.operands
    if kind2 == "whole" and float(np.asarray(two).reshape(-1)[0]) == 2.0 and np.asarray(two).size == 1 and \
            (kind == "flat" and x.dtype == step.dtype or kind == "block" and dtypes[x] == step.dtype):
        step.operands, step.direct = [(kind, x)], np.square


def run_block(steps: list[Step], lo: int, hi: int, first: tuple[tuple[int, ...], str] | None = None) -> None:
    """Every step over elements lo:hi, writing the written-out values into their full arrays. Block 0
    (``first``: the batch's size and order) makes those arrays, of its results' classes; a later block
    whose result is of another class or size, and any complex result, declines."""
    values: dict[int, np.ndarray] = {}
    for step in steps:
        args = [values[x] if kind == "block" else x[lo:hi].reshape(-1, 1) if kind == "flat" else x
                for kind, x in step.operands]
        if step.direct is not None:
            out = None if step.out is None else step.out[lo:hi].reshape(-1, 1)
            values[step.temp] = step.direct(*args, out=out)
            for t in step.drop:
                del values[t]
            continue
        r = np.asarray(step.run(args))
        if r.dtype.kind == "c":
            raise Declined("a result MATLAB makes complex (in some block): the bytecode computes the window")
        if first is not None:
            step.dtype = r.dtype
            if step.written is not None:
                step.written.value = full = np.empty(first[0], dtype=r.dtype, order=first[1])
                step.out = full.reshape(-1, order=first[1])   # a view: full is contiguous in that order
        if r.size != hi - lo or r.dtype != step.dtype:
            raise Declined(f"internal: a block of t{step.temp} came out {r.dtype} of {r.size} elements")
        values[step.temp] = r = r.reshape(-1, 1)
        if step.out is not None:
            step.out[lo:hi] = r.reshape(-1)
        for t in step.drop:
            del values[t]


def share_out(steps: list[Step], start: int, block: int, n: int, threads: int) -> None:
    """Blocks from element ``start`` on, in contiguous runs, one run per thread (this one takes the last)."""
    starts = range(start, n, block)
    in_parts(len(starts), lambda k: run_block(steps, starts[k], min(starts[k] + block, n)), threads)
