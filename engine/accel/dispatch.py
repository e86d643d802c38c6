"""Where gpuArray values meet the engine: operators, builtin calls and indexing with a GpuTensor operand.

MATLAB's rule: an operation with a gpuArray operand gives gpuArray results. Each operation either has a
GPU implementation (``engine/accel/operations.py``), which runs on the device, or is computed on the CPU
from the gathered operands with its numeric results uploaded back. A GPU implementation declines by
raising ``GpuUnavailable`` (an integer class, an input MATLAB makes complex, a form the kernels lack, a
device failure); the CPU then computes the same answer and the reason is recorded in the provider's
``fallbacks`` (shown by ``gpuDevice``).

    route_operators(BINARY, UNARY, truth) -> truth   ops.py's tables: gpuArray operands go to the device
    call_on_device(entry, ctx, args, nargout, host_call) -> tuple   registry.call_builtin's gpu branch
    index(cpu_index, value, args)    value(args) with a gpuArray value or subscript
    assign(cpu_assign, base, args, rhs, inplace)   base(args) = rhs with a gpuArray among them
    gather(value), to_device(value)
"""
from __future__ import annotations

from typing import Any, Callable, Sequence, TypeVar

import numpy as np

from engine.accel.provider import GpuUnavailable
from engine.accel.residency import CLASS_OF_HOST, GpuTensor, drop_copy, upload
from engine.runtime.device import deep_to_host

T = TypeVar("T")

# Families whose numeric results stay on the device when an operand was a gpuArray (as in MATLAB);
# text, display, graphics and workspace builtins give host values.
DEVICE_FAMILIES = frozenset({"array", "cells", "construct", "data", "linalg", "math", "numerical", "operators",
                             "random", "reduction", "set", "size", "types"})
# Builtins of those families whose results MATLAB returns on the host (sizes, class predicates).
HOST_RESULTS = frozenset({
    "size", "numel", "ndims", "length", "isempty", "isscalar", "isvector", "ismatrix", "isrow", "iscolumn",
    "class", "isa", "isreal", "isnumeric", "isfloat", "isinteger", "islogical", "ischar", "iscell",
    "iscellstr", "isstring", "isstruct", "eps", "intmax", "intmin", "realmax", "realmin"})


def is_gpu(value: Any) -> bool:
    return type(value) is GpuTensor


def gather(value: Any) -> Any:
    """The host value of a gpuArray (in the engine's form); any other value unchanged."""
    return value.gather() if type(value) is GpuTensor else value


def host_array(value: Any) -> np.ndarray | None:
    """A numeric/logical engine value of a class the GPU holds, as an ndarray; else None."""
    t = type(value)
    if t is float:
        return np.array([[value]], dtype=np.float64)
    if t is bool:
        return np.array([[value]], dtype=np.bool_)
    if t is np.ndarray and value.dtype in CLASS_OF_HOST:
        return value
    return None


def to_device(value: Any) -> Any:
    """A numeric or logical value as a GpuTensor; other values (text, cells, integer classes the GPU
    does not hold, complex) unchanged. An upload the device refuses leaves the value on the host."""
    if type(value) is GpuTensor:
        return value
    array = host_array(value)
    if array is None:
        return value
    try:
        return upload(array)
    except GpuUnavailable:
        return value


def record(args: Sequence[Any], what: str, exc: GpuUnavailable) -> None:
    """Note in the provider's fallback log why ``what`` ran on the CPU."""
    for arg in args:
        if type(arg) is GpuTensor:
            arg.provider.record(f"{what}: {exc.reason}")
            return


def compute(what: str, args: Sequence[Any], gpu: Callable[[], T] | None, cpu: Callable[[list], T]) -> T:
    """``gpu()`` on the device, or ``cpu(gathered args)`` when there is none or it declines, or an
    argument's data was lost with a dropped batch (gathering it gives MATLAB's error for a gpuArray,
    its recipe's value for a plain array)."""
    if gpu is not None and not any(type(a) is GpuTensor and a.storage.lost for a in args):
        try:
            return gpu()
        except GpuUnavailable as exc:
            record(args, what, exc)
    return cpu([gather(a) for a in args])


# ---------------------------------------------------------------------------------------------- operators

def _routed_binary(op: str, cpu: Callable[[Any, Any], Any],
                   gpu: Callable[[Any, Any], Any] | None) -> Callable:
    def operator(a: Any, b: Any) -> Any:
        if type(a) is not GpuTensor and type(b) is not GpuTensor:
            return cpu(a, b)
        return to_device(compute(f"operator {op}", (a, b), gpu and (lambda: gpu(a, b)), lambda h: cpu(*h)))
    operator.__name__ = getattr(cpu, "__name__", f"op{op}")
    return operator


def _routed_unary(op: str, cpu: Callable[[Any], Any], gpu: Callable[[Any], Any] | None) -> Callable:
    def operator(a: Any) -> Any:
        if type(a) is not GpuTensor:
            return cpu(a)
        return to_device(compute(f"operator {op}", (a,), gpu and (lambda: gpu(a)), lambda h: cpu(*h)))
    operator.__name__ = getattr(cpu, "__name__", f"op{op}")
    return operator


def _routed_truth(cpu: Callable[[Any], bool]) -> Callable[[Any], bool]:
    def truth(value: Any) -> bool:
        return cpu(value.gather() if type(value) is GpuTensor else value)
    truth.__doc__ = cpu.__doc__
    truth.routed = True
    return truth


def route_operators(binary: dict[str, Callable], unary: dict[str, Callable],
                    truth: Callable[[Any], bool]) -> Callable[[Any], bool]:
    """Wrap ops.py's operator tables in place so that gpuArray operands run on the device (or fall
    back); returns ``truth`` (the if/while condition) accepting a gpuArray, which it gathers."""
    from engine.accel import operations
    for op, fn in binary.items():
        binary[op] = _routed_binary(op, fn, operations.BINARY_GPU.get(op))
    for op, fn in unary.items():
        unary[op] = _routed_unary(op, fn, operations.UNARY_GPU.get(op))
    return _routed_truth(truth)


# ---------------------------------------------------------------------------------------------- builtins

def call_on_device(entry: Any, ctx: Any, args: list, nargout: int,
                   host_call: Callable[[Any, Any, list, int], tuple]) -> tuple:
    """A builtin call with a gpuArray argument: its GPU implementation, or the CPU one on gathered
    arguments with numeric results uploaded (for the families that compute on data)."""
    gpu = entry.gpu
    outs = compute(entry.name, args, gpu and (lambda: gpu(ctx, args, nargout)),
                   lambda host: host_call(entry, ctx, host, nargout))
    if entry.family in DEVICE_FAMILIES and entry.name not in HOST_RESULTS:
        return tuple(to_device(v) for v in outs)
    return outs


def call_uploaded(entry: Any, ctx: Any, args: list, nargout: int,
                  host_call: Callable[[Any, Any, list, int], tuple]) -> tuple:
    """Policy gpu (Session(device="gpu"), %fusion on): a computing builtin with a GPU implementation,
    called outside a fusion window with host arrays, runs on the device: its arrays are uploaded and its
    results come back as host values, so the caller sees what the CPU would give. Where the device
    declines (a class it does not hold, an option its implementation lacks) the CPU computes it."""
    if entry.family not in DEVICE_FAMILIES or entry.name in HOST_RESULTS:
        return host_call(entry, ctx, args, nargout)
    uploaded: list[GpuTensor] = []
    try:
        device_args = []
        for arg in args:
            if type(arg) is np.ndarray and arg.size > 1:
                uploaded.append(upload(arg))
                device_args.append(uploaded[-1])
            else:
                device_args.append(arg)
        outs = compute(entry.name, device_args, lambda: entry.gpu(ctx, device_args, nargout),
                       lambda host: host_call(entry, ctx, host, nargout))
        return tuple(deep_to_host(out, GpuTensor.gather) for out in outs)   # nothing refers to `uploaded`
    except GpuUnavailable as exc:                   # an upload the device refused
        record(args, entry.name, exc)
        return host_call(entry, ctx, args, nargout)
    finally:
        for tensor in uploaded:
            tensor.release()


# ---------------------------------------------------------------------------------------------- indexing

def _whole_view(value: GpuTensor, args: list) -> GpuTensor | None:
    """``G(:)`` and ``G(:, :, ...)`` over every dimension: a view of the same buffer."""
    from engine.runtime.indexing import is_colon
    if not args or not all(is_colon(a) for a in args):
        return None
    if len(args) == 1:
        return value.share((value.numel, 1))
    return value.share() if len(args) == len(value.shape) else None


def index(cpu_index: Callable[[Any, list], Any], value: Any, args: list) -> Any:
    """``value(args)`` where the value or a subscript is a gpuArray: a whole-array view stays on the
    device; otherwise gather, index on the host and upload (a gpuArray value gives a gpuArray)."""
    host_args = [gather(a) for a in args]
    if type(value) is not GpuTensor:
        return cpu_index(value, host_args)
    view = _whole_view(value, host_args)
    if view is not None:
        return view
    return to_device(cpu_index(value.gather(), host_args))


def assign(cpu_assign: Callable[..., Any], base: Any, args: list, rhs: Any, inplace: bool) -> Any:
    """``base(args) = rhs`` with a gpuArray among them: computed on the host, the result uploaded when
    the base or the right-hand side was a gpuArray (MATLAB's result is then a gpuArray)."""
    owned = inplace or type(base) is GpuTensor          # a gathered base is a fresh host copy
    result = cpu_assign(gather(base), [gather(a) for a in args], gather(rhs), owned)
    return to_device(result) if type(base) is GpuTensor or type(rhs) is GpuTensor else result


def concat(values: list, cpu_concat: Callable[[list], Any]) -> Any:
    """Concatenation with a gpuArray element: computed on the host, the result uploaded (MATLAB: a
    gpuArray)."""
    return to_device(cpu_concat([gather(v) for v in values]))


def install() -> None:
    """Install the device hooks into the runtime and route its operator tables (engine/accel/__init__)."""
    from engine.runtime import device, ops
    device.install(call_on_device=call_on_device, call_uploaded=call_uploaded, index=index, assign=assign,
                   concat=concat, host_written=drop_copy)
    if not getattr(ops.truth, "routed", False):
        ops.truth = route_operators(ops.BINARY, ops.UNARY, ops.truth)
