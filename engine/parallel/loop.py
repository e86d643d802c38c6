"""Running a parfor loop: serially in the client's VM when there is no pool (as MATLAB does), else in
chunks of iterations on the pool's workers (pool.py), with the classification of engine/mir/parfor.py.

Each iteration runs the body's code object in a fresh frame (temporaries start cleared), with the loop
variable, the broadcast and sliced input values, and the values carried from the iteration before:
sliced outputs (updated in place after the first copy) and reductions. A chunk on a worker starts its
reductions at the operation's identity (or at the loop's starting value for ``min``, ``max``, ``&``,
``|``, ``union`` and ``intersect``, which may see it twice); the client combines the chunks' partial
values in iteration order and applies each chunk's slices of the sliced outputs.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import numpy as np

from ..mir.parfor import Classes, ParforSpec, Reduction, Slicing
from ..runtime import indexing, ops
from ..runtime.builtins import registry
from ..runtime.concat import horzcat, vertcat
from ..runtime.device import to_host
from ..runtime.errors import MatlabError
from ..runtime.values import CharArray
from ..vm.code import Code
from ..vm.frame import Frame, interrupt_error

IDEMPOTENT = ("min", "max", "&", "|", "union", "intersect")   # op(x, x) == x: chunks may start from X0
IDENTITY = {"+": 0.0, "-": 0.0, "*": 1.0, ".*": 1.0}
COLON = CharArray.from_str(":")


@dataclass
class ChunkResult:
    """What one chunk of iterations gives back: partial reductions, the slices of the sliced outputs it
    assigned (per output: (subscripts, value) in iteration order) and the text it printed."""
    reductions: dict[str, Any] = field(default_factory=dict)
    slices: dict[str, list[tuple[list, Any]]] = field(default_factory=dict)
    output: str = ""
    worker: str = ""               # the address of the worker that ran it
    seconds: float = 0.0           # how long its iterations ran there


# ---------------------------------------------------------------- the loop's range and inputs
def loop_range(value: Any) -> tuple[float, int]:
    """(first value, count) of a parfor range: a row vector of increasing consecutive integers."""
    value = to_host(value)
    data = np.asarray(value) if isinstance(value, (float, bool, np.ndarray)) else np.array([["?"]])
    if data.size == 0:
        return 1.0, 0
    if data.ndim != 2 or data.shape[0] != 1 or data.dtype.kind not in "iufb":
        raise MatlabError("MATLAB:parfor:range_not_row_vector",
                          "The range of a parfor-loop must be a row vector.")
    row = data[0].astype(np.float64)
    if not np.all(np.isfinite(row)) or not np.all(row == np.round(row)):
        raise MatlabError("MATLAB:parfor:range_endpoint", "The endpoints of a parfor range must be integers.")
    if row.size > 1 and not np.all(np.diff(row) == 1):
        raise MatlabError("MATLAB:parfor:InvalidParforLoopRangeStep",
                          "The range of a parfor-loop must be increasing consecutive integers.")
    return float(row[0]), int(row.size)


def worker_limit(value: Any) -> int:
    """M of ``parfor (i = range, M)``: a nonnegative whole number (0 runs the loop in the client)."""
    data = np.asarray(to_host(value), dtype=object)
    number = data.item() if data.size == 1 else None
    if not isinstance(number, (int, float, np.number)) or isinstance(number, complex) \
            or not float(number) >= 0 or float(number) != round(float(number)):
        raise MatlabError("MATLAB:parfor:InvalidNumWorkers",
                          "The maximum number of workers of a parfor-loop must be a nonnegative integer.")
    return int(min(float(number), 2 ** 31))


def read_variable(frame: Frame, name: str) -> Any:
    code = frame.code
    if name in code.varnames:
        return frame.regs[code.varnames.index(name)]
    return (frame.extra or {}).get(name)


def write_variable(frame: Frame, name: str, value: Any) -> None:
    code = frame.code
    if name in code.varnames:
        slot = code.varnames.index(name)
        frame.regs[slot] = value
        frame.owned[slot] = value
    else:
        frame.extra = {**(frame.extra or {}), name: value}


def loop_inputs(frame: Frame, classes: Classes) -> dict[str, Any]:
    """The values the iterations read: broadcast and sliced variables, reductions' starting values."""
    names = [*classes.broadcasts, *classes.sliced_inputs, *classes.sliced_outputs, *classes.reductions]
    values = {name: read_variable(frame, name) for name in names}
    return {name: to_host(value) for name, value in values.items() if value is not None}


# ---------------------------------------------------------------- running iterations
def run_parfor(vm: Any, frame: Frame, body: Code, spec: ParforSpec, args: list) -> None:
    """The PARFOR instruction: run the loop and leave its sliced outputs and reductions in ``frame``."""
    first, count = loop_range(args[0])
    limit = worker_limit(args[1]) if len(args) > 1 else None
    classes = spec.classes
    inputs = loop_inputs(frame, classes)
    from .pool import current_pool
    pool = current_pool(vm.state)
    if pool is None or limit == 0 or count == 0:
        carried = run_iterations(vm, body, classes, inputs, first, count, starting_values(classes, inputs))
        results = {name: value for name, value in carried.items() if value is not None}
    else:
        results = pool.run_loop(vm, spec, inputs, first, count, limit)
    for name, value in results.items():
        write_variable(frame, name, value)


def starting_values(classes: Classes, inputs: dict[str, Any]) -> dict[str, Any]:
    """The serial loop's carried values: sliced outputs and reductions as they are before the loop."""
    return {name: inputs.get(name) for name in [*classes.sliced_outputs, *classes.reductions]}


def run_iterations(vm: Any, body: Code, classes: Classes, inputs: dict[str, Any], first: float, count: int,
                   carried: dict[str, Any]) -> dict[str, Any]:
    """Run iterations ``first .. first+count-1`` in ``vm``, each in a fresh frame; ``carried`` (sliced
    outputs and reductions) passes from one iteration to the next. Returns the carried values."""
    slots = {name: k for k, name in enumerate(body.varnames)}
    fixed = [(slots[n], inputs[n]) for n in (*classes.broadcasts, *classes.sliced_inputs)
             if n in slots and n in inputs]
    carried_slots = [(name, slots[name]) for name in carried if name in slots]
    loop_slot = slots[classes.loop]
    owned: dict[str, Any] = {}
    for k in range(count):
        if vm.interrupted:
            raise interrupt_error()
        frame = Frame(body)
        R = frame.regs
        for slot, value in fixed:
            R[slot] = value
        for name, slot in carried_slots:
            value = R[slot] = carried[name]
            if value is not None and owned.get(name) is value:
                frame.owned[slot] = value
        R[loop_slot] = first + k
        vm.run_frame(frame)
        for name, slot in carried_slots:
            value = carried[name] = R[slot]
            owned[name] = value if frame.owned.get(slot) is value else None
    return carried


def run_chunk(vm: Any, body: Code, classes: Classes, inputs: dict[str, Any], first: float,
              count: int) -> ChunkResult:
    """One chunk on a worker: reductions start from their identity (or the loop's starting value for
    idempotent operations); the slices of each sliced output that the chunk's iterations assigned come
    back with their subscripts."""
    start = {name: inputs.get(name) for name in classes.sliced_outputs}
    for name, form in classes.reductions.items():
        start[name] = inputs.get(name) if form.op in IDEMPOTENT else identity(form)
    carried = run_iterations(vm, body, classes, inputs, first, count, start)
    result = ChunkResult({name: to_host(carried[name]) for name in classes.reductions})
    for name, slicing in classes.sliced_outputs.items():
        value = to_host(carried[name])
        result.slices[name] = [] if value is None else \
            list(chunk_slices(value, slicing, inputs, first, count))
    return result


def identity(form: Reduction) -> Any:
    if form.op in ("[,]", "[;]"):
        return np.zeros((0, 0))
    return IDENTITY[form.op]


def chunk_slices(value: Any, slicing: Slicing, inputs: dict[str, Any], first: float, count: int):
    """(subscripts, slice) of ``value`` for each iteration whose slice lies inside it."""
    for k in range(count):
        subs = subscripts(slicing, first + k, inputs, value)
        if inside(value, subs):
            yield subs, indexing.index(value, subs)


def subscripts(slicing: Slicing, i: float, inputs: dict[str, Any], value: Any) -> list:
    """The subscript values of one iteration's slice (``end`` of ``value``)."""
    out: list = []
    n = len(slicing.subscripts)
    for k, s in enumerate(slicing.subscripts):
        if s.kind == "loop":
            offset = s.offset if not isinstance(s.offset, str) else scalar(inputs[s.offset])
            out.append(s.sign * i + s.offset_sign * offset)
        elif s.kind == "const":
            out.append(s.value)
        elif s.kind == "var":
            out.append(inputs[s.value])
        elif s.kind == "colon":
            out.append(COLON)           # ':' as text: it survives pickling (MAGIC_COLON is compared by identity)
        else:
            out.append(indexing.end_value(value, k, n))
    return out


def scalar(value: Any) -> float:
    return float(np.asarray(value).reshape(-1)[0])


def inside(value: Any, subs: list) -> bool:
    """Whether every numeric subscript lies within ``value``'s size (the last one counting the
    dimensions it folds)."""
    shape = value.shape if hasattr(value, "shape") else (1, 1)
    n = len(subs)
    bounds = list(shape[:n - 1]) + [int(np.prod(shape[n - 1:]))]
    for s, bound in zip(subs, bounds):
        if indexing.is_colon(s):
            continue
        if not np.all((np.asarray(s) >= 1) & (np.asarray(s) <= bound)):
            return False
    return True


# ---------------------------------------------------------------- combining chunks on the client
def combine(form: Reduction, earlier: Any, later: Any) -> Any:
    """Two adjacent chunks' partial values of a reduction, in iteration order."""
    left, right = (earlier, later) if form.left else (later, earlier)
    return apply(Reduction("+" if form.op == "-" else form.op), left, right)


def finish(form: Reduction, start: Any, combined: Any) -> Any:
    """The reduction's value after the loop, from its starting value and all chunks combined."""
    if form.op in IDEMPOTENT:
        return combined
    if start is None:
        raise MatlabError("MATLAB:UndefinedFunction", "Unrecognized function or variable.")
    op = Reduction("+" if form.op == "-" else form.op)
    return apply(op, start, combined) if form.left else apply(op, combined, start)


def apply(form: Reduction, a: Any, b: Any) -> Any:
    if form.op in ("[,]", "[;]"):
        return horzcat([a, b]) if form.op == "[,]" else vertcat([a, b])
    if form.op in ("min", "max", "union", "intersect"):
        builtin = registry.load_all()[form.op]
        return registry.call_builtin(builtin, None, [a, b], 1)[0]
    return ops.BINARY[form.op](a, b)


def merge_slices(value: Any, slices: list[tuple[list, Any]]) -> Any:
    """Apply one chunk's slices of a sliced output (in iteration order) to the client's value."""
    for subs, piece in slices:
        value = indexing.assign(value, [("()", subs)], piece, value is not None)
    return value
