"""One-operation GPU kernels: elementwise (with implicit expansion), reductions, matrix multiply.

    gpu_elementwise("plus", a, b)          -> GpuTensor      (operands: GpuTensor or Python scalars)
    gpu_reduce("sum", a, dim)              -> GpuTensor
    gpu_reduce("max", a, dim, with_index=True) -> (values, indices)   (indices 1-based, double)
    gpu_matmul(a, b)                       -> GpuTensor
    gpu_cumsum(a, dim)                     -> GpuTensor

Operations are the registry's Operation records (engine/runtime/builtins/registry.py): an elementwise
kernel computes a record's ``wgsl`` expression, a reduction its ``reduction``. Classes: double (f64, needs
shader-f64), single (f32) and logical operands; a single operand makes the operation single, as in MATLAB
(semantics.promote_all). Integer classes raise GpuUnavailable (the CPU does their saturating
arithmetic). Kernels come from the .wgsl templates in wgsl/; each distinct text is one cached pipeline,
and sizes and scalar constants travel in the uniform block.
"""
from __future__ import annotations

import functools
import math
import struct
from dataclasses import dataclass
from string import Template
from typing import Sequence, Union

import numpy as np

from engine.accel.matmul_tiling import (Launch, OperandRead, matmul_source, product_launch, relaid,
                                        vectorisable)
from engine.accel.provider import GpuUnavailable, Provider
from engine.accel.residency import HOST_DTYPE, GpuTensor, empty, upload
from engine.accel.shaders import ELEMENT_SIZE, STORAGE_TYPE, library, render, source
from engine.runtime.builtins.registry import Reduction, operation
from engine.runtime.errors import MatlabError, inner_dimensions, integer_matrix_operation
from engine.runtime.semantics import broadcast_shape, promote_all
from engine.runtime.values import INTEGER_CLASSES

Operand = Union[GpuTensor, float, int, bool, np.floating]
MAX_DIMS = 8
# the elementwise tests (comparisons, logical operations): what a single kernel must not apply to a double
# that f32 cannot hold as that double (plan.inexact_scalar_tests, operations._exact_test, single_test_scalar)
TEST_KERNELS = ("eq", "ne", "lt", "le", "gt", "ge", "and", "or", "xor")
MIRRORED = {"gt": "lt", "ge": "le", "lt": "gt", "le": "ge"}    # c < x is x > c
SINGLE_MAX = float(np.finfo(np.float32).max)
SINGLE_TINY = float(np.finfo(np.float32).tiny)
MAX_GROUPS = 65535
REDUCE_CHUNK = 8192          # elements one workgroup reduces per pass
SMALL_REDUCTION = 64         # reduced extents up to this use one invocation per output


FLOAT_CLASSES = ("double", "single", "logical")


def single_test_scalar(kernel: str, c: float, scalar_first: bool = False) -> float | None:
    """The f32 value that a test ``kernel`` of a single x against the double scalar ``c`` (not NaN, and not
    held by f32) takes in c's place to give MATLAB's answer, which tests x against c itself: None where
    there is none. No single equals c (``==`` is false, ``~=`` true: NaN's answers for every x); c is
    not 0 (``&``, ``|``, xor: 1); for ``< <= > >=`` (``scalar_first``: c on the left) the neighbouring
    single on the side that gives the same answer for every single x (lo < c < hi adjacent: ``x > c``
    is ``x > lo``, ``x >= c`` is ``x >= hi``, ``x < c`` is ``x < hi``, ``x <= c`` is ``x <= lo``; not
    c rounded to nearest: ``single(0.1) > 0.1`` is true), where both neighbours are normal singles (a
    subnormal one may be flushed to 0 by the device)."""
    if kernel in ("eq", "ne"):
        return math.nan
    if kernel in ("and", "or", "xor"):
        return 1.0
    if not SINGLE_TINY <= abs(c) < SINGLE_MAX:
        return None
    r = np.float32(c)
    lo, hi = (np.nextafter(r, np.float32(-np.inf)), r) if float(r) > c else (r, np.nextafter(r, np.float32(np.inf)))
    op = MIRRORED[kernel] if scalar_first else kernel
    return float(lo if op in ("gt", "le") else hi)


# ------------------------------------------------------------------ shared helpers

def _provider_of(operands: Sequence[Operand]) -> Provider:
    for x in operands:
        if isinstance(x, GpuTensor):
            return x.provider
    raise GpuUnavailable("no gpuArray operand")


def _compute_class(operands: Sequence[Operand], provider: Provider) -> str:
    """MATLAB's class of an arithmetic result over double/single/logical operands."""
    classes = [x.cls if isinstance(x, GpuTensor) else "single" if isinstance(x, np.float32) else "double"
               for x in operands]
    for cls in classes:
        if cls not in FLOAT_CLASSES:
            raise GpuUnavailable(f"{cls} arithmetic runs on the CPU")
    cls = promote_all(classes)
    if cls == "double" and not provider.f64:
        raise GpuUnavailable("the GPU adapter has no shader-f64: double stays on the CPU")
    return cls


def _workgroups(n: int, size: int) -> tuple[int, int, int]:
    """A 2-D grid of at least ceil(n / size) workgroups (kernels linearise x + y * nx)."""
    groups = max(1, -(-n // size))
    x = min(groups, MAX_GROUPS)
    y = -(-groups // x)
    if y > MAX_GROUPS:
        raise GpuUnavailable(f"{n} elements exceed the dispatch grid")
    return x, y, 1


def _float_type(cls: str) -> str:
    return "f64" if cls == "double" else "f32"


def _binding(index: int, name: str, wgsl_type: str, writable: bool = False) -> str:
    access = "read_write" if writable else "read"
    return f"@group(0) @binding({index}) var<storage, {access}> {name}: array<{wgsl_type}>;\n"


# ------------------------------------------------------------------ elementwise

def _strides(shape: tuple[int, ...], ndim: int) -> list[int]:
    """Column-major element strides, 0 on singleton (expanded) dimensions, padded to MAX_DIMS."""
    shape = tuple(shape) + (1,) * (ndim - len(shape))
    strides, step = [], 1
    for extent in shape:
        strides.append(0 if extent == 1 else step)
        step *= extent
    return strides + [0] * (MAX_DIMS - ndim)


def _align(offset: int, to: int) -> int:
    return -(-offset // to) * to


def elementwise_source(op: str, cls: str, inputs: Sequence[tuple[str, str] | None], has_f64: bool,
                       out_cls: str | None = None, check: bool = False) -> str:
    """WGSL of one elementwise kernel (elementwise_text), written once per set of arguments and then
    the same text object, which Provider.pipeline finds without hashing it: a kernel called in a hot
    path (gpu_permute's transposed copy for a double product) pays no Python for its text."""
    return elementwise_text(op, cls, tuple(inputs), has_f64, out_cls, check)


@functools.lru_cache(maxsize=1024)
def elementwise_text(op: str, cls: str, inputs: tuple[tuple[str, str] | None, ...], has_f64: bool,
                     out_cls: str | None = None, check: bool = False) -> str:
    """WGSL of one elementwise kernel of operation ``op`` (with ``check``: its domain check, a logical
    result true where MATLAB's answer would be complex or an error).

    ``cls`` is the computation class (double/single); ``inputs`` has one entry per operand: None for a
    scalar (read from the uniform block), or (class, layout) for an array, layout "same" (the output's
    size), "scalar" (1x1) or "expanded" (read through strides). ``out_cls`` defaults to the op's.
    Without an expanded input the kernel is vectorised (elementwise_vec.wgsl): VECTOR_WIDTH[cls]
    elements per invocation, so the dispatch covers ``elementwise_items(n, cls, inputs)`` invocations.
    """
    spec = operation(op)
    expr, logical = (spec.domain_check, True) if check else (spec.wgsl, spec.result == "logical")
    t = _float_type(cls)
    width = _vector_width(cls, inputs)
    loads, elements, bindings, slot, scalars = [], [], "", 0, 0
    for name, item in zip("ab", inputs):
        if item is None:
            loads.append(f"    let {name} = p.scalars[0][{scalars}];")
            scalars += 1
            continue
        in_cls, layout = item
        stored = STORAGE_TYPE[in_cls]
        if width > 1:
            bindings += _binding(slot + 1, f"in{slot}", f"vec{width}<{stored}>")
            index = "v" if layout == "same" else "0u"
            loads.append(f"    let {name}_vec = in{slot}[{index}];")
            component = "c" if layout == "same" else "0u"
            elements.append(f"        let {name} = {t}({name}_vec[{component}]);")
        else:
            index = {"same": "i", "scalar": "0u", "expanded": f"expanded_index(i, {slot}u)"}[layout]
            bindings += _binding(slot + 1, f"in{slot}", stored)
            loads.append(f"    let {name} = {t}(in{slot}[{index}]);")
        slot += 1
    out_cls = out_cls or ("logical" if logical else cls)
    out_type = STORAGE_TYPE[out_cls]
    bindings += _binding(slot + 1, "out", f"vec{width}<{out_type}>" if width > 1 else out_type, writable=True)
    expr = expr.format(m="m64" if t == "f64" else "m32", a="a", b="b")
    if out_cls == "logical":
        expr = f"select(0u, 1u, {expr if logical else f'!({expr} == 0.0)'})"
    parts = dict(library=library(has_f64), params=params_wgsl(t, slot, scalars), bindings=bindings,
                 loads="\n".join(loads), store=expr)
    if width == 1:
        return render("elementwise", **parts)
    return render("elementwise_vec", W=str(width), TOUT=out_type, elements="\n".join(elements), **parts)


VECTOR_WIDTH = {"single": 4, "double": 2}     # elements per vectorised invocation: 16-byte loads


def _vector_width(cls: str, inputs: Sequence[tuple[str, str] | None]) -> int:
    """Elements per invocation of an elementwise kernel: 1 when an input is read through strides."""
    if any(item is not None and item[1] == "expanded" for item in inputs):
        return 1
    return VECTOR_WIDTH[cls]


def elementwise_items(n: int, cls: str, inputs: Sequence[tuple[str, str] | None]) -> int:
    """Invocations an elementwise kernel of ``n`` output elements needs."""
    return -(-n // _vector_width(cls, inputs))


def _layout(x: GpuTensor, shape: tuple[int, ...]) -> str:
    return "same" if x.shape == shape else "scalar" if x.numel == 1 else "expanded"


def params_wgsl(t: str, strided: int, scalars: int, maps: int = 0, draws: int = 0, loop: bool = False) -> str:
    """The uniform block (wgsl/params.wgsl) of an elementwise kernel, one-operation or fused, of
    computation type ``t``: strides for ``strided`` inputs, ``scalars`` scalar slots, ``maps`` index-map
    words (views), ``draws`` random streams and, for a fused loop, its words (``loop``)."""
    rng = f"    rng: array<vec4<u32>, {draws}>," if draws else ""
    rng += "\n    fused_loop: vec4<u32>," if loop else ""
    words = f"    maps: array<vec4<u32>, {-(-maps // 4)}>,\n" if maps else ""
    return Template(source("params")).substitute(T=t, stride_vecs=str(2 * max(strided, 1)), rng=rng,
                                                 maps=words, scalar_vecs=str(max(1, -(-scalars // 4))))


def params_head(shape: tuple[int, ...], strides: list[int], view: tuple[int, int, int] = (0, 0, 0),
                nchunks: int = 0, chunk: int = REDUCE_CHUNK) -> bytes:
    """The fixed part of params.wgsl's block: element count, dimensions, a reduction's [pre, n, post]
    view, chunk length and chunks, the kernel's size, and the strides of its strided inputs (MAX_DIMS
    each)."""
    pre, n, post = view
    head = struct.pack("<12I", math.prod(shape), len(shape), 0, pre * post, pre, n, post, chunk,
                       max(nchunks, 1), 0, 0, 0)
    head += struct.pack(f"<{MAX_DIMS}I", *(tuple(shape) + (1,) * (MAX_DIMS - len(shape))))
    return head + struct.pack(f"<{max(len(strides), MAX_DIMS)}I", *(strides or [0] * MAX_DIMS))


def params_block(header: bytes, scalars: list[float], t: str) -> bytes:
    """params.wgsl's block of a one-operation kernel: ``header`` (params_head), then up to four scalars
    of type ``t`` aligned as one vec4."""
    item = 8 if t == "f64" else 4
    header = header.ljust(_align(len(header), 4 * item), b"\0")
    with np.errstate(over="ignore"):       # a double past single's range is Inf in single (MATLAB)
        values = np.array(scalars + [0.0] * (4 - len(scalars)), dtype="<f8" if t == "f64" else "<f4")
    return header + values.tobytes()


def gpu_elementwise(op: str, *operands: Operand, check: bool = False) -> GpuTensor:
    """Apply one elementwise operation (an Operation with a ``wgsl`` form) with implicit expansion; with
    ``check``, its domain check instead (logical: true where MATLAB's result would be complex)."""
    spec = operation(op)
    if spec is None or spec.wgsl is None or len(operands) != spec.arity:
        raise ValueError(f"no one-kernel form of {op} with {len(operands)} operands")
    provider = _provider_of(operands)
    cls = _compute_class(operands, provider)
    shapes = [x.shape if isinstance(x, GpuTensor) else (1, 1) for x in operands]
    shape = broadcast_shape(*shapes, keep_dims=True)
    if len(shape) > MAX_DIMS:
        raise GpuUnavailable(f"arrays with more than {MAX_DIMS} dimensions run on the CPU")
    classes = [x.cls if isinstance(x, GpuTensor) else "logical" if isinstance(x, bool) else "double"
               for x in operands]
    out_cls = "logical" if check or spec.gives_logical(classes) else cls
    out = empty(shape, out_cls, provider)
    if out.numel == 0:
        return out
    tensors = [x for x in operands if isinstance(x, GpuTensor)]
    scalars = [float(x) for x in operands if not isinstance(x, GpuTensor)]
    inputs = [(x.cls, _layout(x, out.shape)) if isinstance(x, GpuTensor) else None for x in operands]
    source = elementwise_source(op, cls, inputs, provider.f64, out_cls, check)
    strides = [s for x in tensors for s in _strides(x.shape, len(shape))]
    uniform = params_block(params_head(shape, strides), scalars, _float_type(cls))
    provider.dispatch(provider.pipeline(source), [x.buffer for x in tensors] + [out.buffer], uniform,
                      _workgroups(elementwise_items(out.numel, cls, inputs), 256))
    return out


def gpu_permute(tensor: GpuTensor, order: Sequence[int]) -> GpuTensor:
    """MATLAB permute(A, order) (``order`` 1-based, covering every dimension of A): a copy that reads A
    through permuted strides; the transpose of a matrix (order (2, 1)) through transpose.wgsl's tiles.
    Keeps the class."""
    if tensor.cls not in FLOAT_CLASSES or len(order) > MAX_DIMS:
        raise GpuUnavailable(f"permute of {tensor.cls} arrays runs on the CPU")
    provider = tensor.provider
    cls = "single" if tensor.cls == "single" else "double" if provider.f64 else "single"
    shape = tuple(tensor.shape) + (1,) * (len(order) - len(tensor.shape))
    steps = [math.prod(shape[:d]) for d in range(len(shape))]
    out_shape = tuple(shape[k - 1] for k in order)
    out = empty(out_shape, tensor.cls, provider)
    if out.numel == 0:
        return out
    if len(shape) == 2 and tuple(order) == (2, 1) and max(transpose_grid(*shape)) <= MAX_GROUPS:
        transpose_into(tensor, out)
        return out
    strides = [steps[k - 1] if shape[k - 1] != 1 else 0 for k in order]
    source = elementwise_source("uplus", cls, [(tensor.cls, "expanded")], provider.f64, tensor.cls)
    uniform = params_block(params_head(out_shape, strides + [0] * (MAX_DIMS - len(strides))), [],
                          _float_type(cls))
    provider.dispatch(provider.pipeline(source), [tensor.buffer, out.buffer], uniform,
                      _workgroups(out.numel, 256))
    return out


TRANSPOSE_TILE = 32      # transpose.wgsl's tile: TRANSPOSE_TILE x TRANSPOSE_TILE elements a workgroup


def transpose_grid(rows: int, cols: int) -> tuple[int, int, int]:
    """Workgroups of transpose.wgsl for a rows x cols matrix."""
    return -(-rows // TRANSPOSE_TILE), -(-cols // TRANSPOSE_TILE), 1


def transpose_into(tensor: GpuTensor, out: GpuTensor) -> None:
    """Write the transpose of the matrix ``tensor`` into ``out`` (transpose.wgsl: tiles through
    workgroup memory, the elements' storage words moved unchanged)."""
    rows, cols = tensor.shape
    word = "vec2<u32>" if ELEMENT_SIZE[tensor.cls] == 8 else "u32"
    provider = tensor.provider
    provider.dispatch(provider.pipeline(render("transpose", W=word)), [tensor.buffer, out.buffer],
                      struct.pack("<4I", rows, cols, 0, 0), transpose_grid(rows, cols))


# ------------------------------------------------------------------ reductions

def _fill(text: str, t: str) -> str:
    """Substitute {t} (the float type) and {m} (its library prefix) in a Reduction snippet."""
    return text.replace("{t}", t).replace("{m}", "m64" if t == "f64" else "m32")


def reduction_of(op: str) -> Reduction:
    """The reduction form of operation ``op`` (sum, mean, prod, max, min, any, all)."""
    return operation(op).reduction


@dataclass
class _Pass:
    """One reduction pass: its input (values, optional indices) and [pre, n, post] view."""
    values: GpuTensor
    indices: GpuTensor | None
    pre: int
    n: int
    post: int


def accumulator_type(spec: Reduction, t: str) -> str:
    """The WGSL type of a reduction's accumulated value: u32 (any/all), vec2 (paired, centered), else ``t``."""
    return "u32" if spec.logical else f"vec2<{t}>" if spec.paired or spec.centered else t


def identity_acc(spec: Reduction, t: str) -> str:
    """The arguments of the identity accumulator: value and index (a paired one's count starts at 0)."""
    return f"{_fill(spec.identity, t)}, {'0u' if spec.paired else '0xffffffffu'}"


def reduction_value(spec: Reduction, acc: str, divisor: str, t: str, count: str = "") -> str:
    """The result of accumulator ``acc``: divided by ``divisor`` for a mean; a paired one's sum of
    squared deviations divided by it, NaN when the mean is not finite (an Inf element: MATLAB's var
    is NaN) and Inf where that sum is NaN with a finite mean (squares past the range met as Inf - Inf
    in Welford's steps: MATLAB's sum of squares is Inf); a centered one's sum of squares less the
    square of its sum over ``count`` (the line's length), divided by it (a sum of squares past the
    range stays Inf)."""
    if spec.centered:
        fixed = f"{acc}.v.y - {acc}.v.x * {{m}}_div({acc}.v.x, {count})"
        return _fill(f"{{m}}_div(select({fixed}, {acc}.v.y, {{m}}_isinf({acc}.v.y)), {divisor})", t)
    if spec.paired:
        spread = f"select({{m}}_div({acc}.v.y, {divisor}), {{m}}_inf(), {{m}}_isnan({acc}.v.y))"
        return _fill(f"select({spread}, {{m}}_nan(), {{m}}_isnan({acc}.v.x) || {{m}}_isinf({acc}.v.x))", t)
    return _fill(f"{{m}}_div({acc}.v, {divisor})", t) if spec.mean else f"{acc}.v"


def _reduce_source(spec: Reduction, cls: str, src: _Pass, final: bool, index_cls: str, out_cls: str) -> str:
    t = _float_type(cls)
    tacc = accumulator_type(spec, t)
    if src.indices is None:          # first pass: raw elements of the input's class
        load = f"    let x = {t}(in_values[addr]);\n    return {_fill(spec.load, t)};"
    else:
        load = "    return Acc(in_values[addr], in_index[addr]);"
    bindings = _binding(1, "in_values", tacc if src.indices is not None else STORAGE_TYPE[src.values.cls])
    if src.indices is not None:
        bindings += _binding(2, "in_index", "u32")
    nxt = 2 + (src.indices is not None)
    if final:
        value = reduction_value(spec, "a", "p.scalars[0][0]", t, "p.scalars[0][1]")
        if out_cls == "logical" and not spec.logical:         # max/min of logical stay logical
            value = "select(0u, 1u, !(a.v == 0.0))"
        store = f"    out_values[out_id] = {value};"
        bindings += _binding(nxt, "out_values", STORAGE_TYPE[out_cls], writable=True)
        if spec.indexed:
            store += f"\n    out_index[out_id] = {_float_type(index_cls)}(a.i + 1u);"
            bindings += _binding(nxt + 1, "out_index", _float_type(index_cls), writable=True)
    else:
        store = ("    let w = chunk_id + p.nchunks * out_id;\n"
                 "    out_values[w] = a.v;\n    out_index[w] = a.i;")
        bindings += _binding(nxt, "out_values", tacc, writable=True)
        bindings += _binding(nxt + 1, "out_index", "u32", writable=True)
    return render("reduce", library=library(src.values.provider.f64), params=params_wgsl(t, 0, 1), TACC=tacc,
                  bindings=bindings, combine=_fill(spec.combine, t), load=load, store=store,
                  identity=identity_acc(spec, t))


LANE_OUTPUTS = 32            # neighbouring outputs one workgroup of main_strided reduces together
STRIDED_GROUPS = 1024        # main_strided splits lines into chunks until about this many workgroups
STRIDED_MIN_CHUNK = 256      # ... but a chunk keeps at least this many elements (32 per lane)


def _strided(src: _Pass) -> bool:
    """Whether a pass reduces lines far apart from each other's elements (main_strided)."""
    return src.pre >= LANE_OUTPUTS


def _chunk_length(src: _Pass) -> int:
    """Elements of a line one workgroup reduces in a pass."""
    return strided_chunk(src.pre, src.n, src.post) if _strided(src) else REDUCE_CHUNK


def strided_chunk(pre: int, n: int, post: int, outputs: int = LANE_OUTPUTS) -> int:
    """The chunk of main_strided (reduce.wgsl, fused_reduce.wgsl): lines split until about
    STRIDED_GROUPS workgroups of ``outputs`` neighbouring outputs, at least STRIDED_MIN_CHUNK long."""
    tiles = -(-pre // outputs) * post
    return max(STRIDED_MIN_CHUNK, -(-n // -(-STRIDED_GROUPS // tiles)))


def _chunks(src: _Pass) -> int:
    """Workgroup chunks along the reduced extent; 0 means one invocation per output (short extents)."""
    if src.indices is None and src.n <= SMALL_REDUCTION:
        return 0
    return -(-src.n // _chunk_length(src))


def _reduce_pass(spec: Reduction, cls: str, src: _Pass, outputs: list[GpuTensor], index_cls: str,
                 denom: int, count: int = 0) -> None:
    """Encode one pass; ``outputs`` are the final (values[, indices]) or the next partials; ``denom``
    divides a mean, ``count`` is a centered reduction's line length."""
    provider = src.values.provider
    nout = src.pre * src.post
    nchunks = _chunks(src)
    source = _reduce_source(spec, cls, src, nchunks <= 1, index_cls, outputs[0].cls)
    head = params_head((nout, 1), [], (src.pre, src.n, src.post), nchunks, _chunk_length(src))
    uniform = params_block(head, [float(denom), float(count)], _float_type(cls))
    buffers = [src.values.buffer] + ([src.indices.buffer] if src.indices is not None else [])
    buffers += [t.buffer for t in outputs]
    if nchunks == 0:
        entry, groups = "main_small", _workgroups(nout, 64)
    elif _strided(src):
        entry, groups = "main_strided", _workgroups(-(-src.pre // LANE_OUTPUTS) * src.post * nchunks, 1)
    else:
        entry, groups = "main", _workgroups(nout * nchunks, 1)
    provider.dispatch(provider.pipeline(source, entry), buffers, uniform, groups)


def _reduced_view(shape: tuple[int, ...], dim: int) -> tuple[int, int, int, tuple[int, ...]]:
    if dim > len(shape):
        return math.prod(shape), 1, 1, shape
    pre, n, post = math.prod(shape[:dim - 1]), shape[dim - 1], math.prod(shape[dim:])
    return pre, n, post, shape[:dim - 1] + (1,) + shape[dim:]


def gpu_reduce(op: str, tensor: GpuTensor, dim: int | str, *, with_index: bool = False
               ) -> GpuTensor | tuple[GpuTensor, GpuTensor]:
    """Reduce along MATLAB dimension ``dim`` (1-based, or "all"): sum, prod, mean, max, min, any, all.

    With ``with_index`` (max/min only) also returns the 1-based indices along ``dim`` (linear indices
    for "all"; class double, or single on an adapter without shader-f64).
    """
    if dim == "all":
        column = tensor.share((tensor.numel, 1))
        try:
            return gpu_reduce(op, column, 1, with_index=with_index)
        finally:
            column.release()
    spec = reduction_of(op)
    if with_index and not spec.indexed:
        raise ValueError(f"{op} has no index output")
    if dim < 1:
        raise MatlabError("MATLAB:getdimarg", "Dimension argument must be a positive integer scalar.")
    provider = tensor.provider
    cls = _compute_class([tensor], provider)
    index_cls = "double" if provider.f64 else "single"
    pre, n, post, out_shape = _reduced_view(tensor.shape, dim)
    out_cls = "logical" if spec.logical or spec.indexed and tensor.cls == "logical" else cls
    if n == 0 or pre * post == 0:
        return _reduce_empty(spec, tensor.shape, out_shape, dim, out_cls, index_cls, with_index, provider)
    values = empty(out_shape, out_cls, provider)
    indices = empty(out_shape, index_cls, provider) if spec.indexed else None
    src, temporaries = _Pass(tensor, None, pre, n, post), []
    while (nchunks := _chunks(src)) > 1:
        acc_cls = "uint32" if spec.logical else cls
        part = _Pass(empty((nchunks, pre * post), acc_cls, provider),
                     empty((nchunks, pre * post), "uint32", provider), 1, nchunks, pre * post)
        _reduce_pass(spec, cls, src, [part.values, part.indices], index_cls, n)
        temporaries += [part.values, part.indices]
        src = part
    _reduce_pass(spec, cls, src, [values] + ([indices] if indices is not None else []), index_cls, n)
    for t in temporaries:
        t.release()
    if with_index:
        return values, indices
    if indices is not None:
        indices.release()
    return values


def _reduce_empty(spec: Reduction, shape: tuple[int, ...], out_shape: tuple[int, ...], dim: int,
                  out_cls: str, index_cls: str, with_index: bool, provider: Provider
                  ) -> GpuTensor | tuple[GpuTensor, GpuTensor]:
    """Reductions over an empty dimension (or with no outputs): MATLAB's values, uploaded."""
    if spec.empty_value is None:                  # max/min of nothing: empty along dim
        out_shape = shape[:dim - 1] + (0,) + shape[dim:] if math.prod(out_shape) else out_shape
        fill = 0.0
    else:
        fill = spec.empty_value
    values = upload(np.full(out_shape, fill, dtype=HOST_DTYPE[out_cls]), provider)
    if not with_index:
        return values
    return values, upload(np.ones(out_shape, dtype=HOST_DTYPE[index_cls]), provider)


# ------------------------------------------------------------------ cumulative sum

SCAN_CHUNK = 1024            # elements one invocation sums sequentially in the first pass


def gpu_cumsum(tensor: GpuTensor, dim: int) -> GpuTensor:
    """MATLAB cumsum(A, dim): each line along ``dim`` is cut into chunks of SCAN_CHUNK elements summed
    sequentially by one invocation each; with several chunks per line, a second pass turns the chunk
    totals into offsets and a third adds them. The class is A's (double for logical)."""
    if dim < 1:
        raise MatlabError("MATLAB:getdimarg", "Dimension argument must be a positive integer scalar.")
    provider = tensor.provider
    cls = _compute_class([tensor], provider)
    pre, n, post, _ = _reduced_view(tensor.shape, dim)
    out = empty(tensor.shape, cls, provider)
    if out.numel == 0:
        return out
    nlines, nchunks = pre * post, -(-n // SCAN_CHUNK)
    totals = empty((nlines * nchunks, 1), cls, provider)
    uniform = struct.pack("<8I", pre, n, post, SCAN_CHUNK, nchunks, 0, nlines, 0)
    t, lib = _float_type(cls), library(provider.f64)
    passes = [("scan_chunks", [tensor, out, totals], nlines * nchunks, 64)]
    if nchunks > 1:
        passes += [("scan_offsets", [totals], nlines, 64), ("scan_add", [out, totals], nlines * n, 256)]
    for name, tensors, count, size in passes:
        wgsl = render(name, library=lib, params=source("scan_params"), T=t, TIN=STORAGE_TYPE[tensor.cls])
        provider.dispatch(provider.pipeline(wgsl), [x.buffer for x in tensors], uniform,
                          _workgroups(count, size))
    totals.release()
    return out


# ------------------------------------------------------------------ matrix multiply

def run_product(provider: Provider, wgsl: str, buffers: list, uniform: bytes, launch: Launch, cls: str,
                m: int, n: int) -> None:
    """Dispatch matmul.wgsl's product (made for ``launch``) over ``buffers``; with split-k, a scratch
    buffer of the partial products is bound last and matmul_split.wgsl's finish sums them."""
    groups = launch.grid(m, n)
    if max(groups) > MAX_GROUPS:
        raise GpuUnavailable(f"a {m}x{n} product exceeds the dispatch grid")
    if launch.splits == 1:
        provider.dispatch(provider.pipeline(wgsl, bounded=True), buffers, uniform, groups)
        return
    scratch = empty((launch.splits * m * n, 1), cls, provider)
    provider.dispatch(provider.pipeline(wgsl, bounded=True), [*buffers, scratch.buffer], uniform, groups)
    provider.dispatch(provider.pipeline(wgsl, "finish", bounded=True), [*buffers, scratch.buffer], uniform,
                      _workgroups(m * n, 256))
    scratch.release()


def gpu_matmul(a: GpuTensor, b: GpuTensor, launch: Launch | None = None) -> GpuTensor:
    """MATLAB a * b for 2-D double/single/logical operands (matmul.wgsl's register tiling as
    matmul_tiling.product_launch picks it for the shape, unless ``launch`` is given:
    benchmarks/gpu/matmul_sweep.py tries others)."""
    if len(a.shape) != 2 or len(b.shape) != 2:
        raise MatlabError("MATLAB:mtimes:inputsMustBe2D", "Arguments must be 2-D, or at least one "
                          "argument must be scalar. Use TIMES (.*) for elementwise multiplication.")
    if a.numel == 1 or b.numel == 1:
        return gpu_elementwise("times", a, b)
    if a.cls in INTEGER_CLASSES or b.cls in INTEGER_CLASSES:      # checked first, as on the CPU
        raise integer_matrix_operation("MTIMES (*)")
    (m, k), (k2, n) = a.shape, b.shape
    if k != k2:
        raise inner_dimensions()
    provider = a.provider
    cls = _compute_class([a, b], provider)
    out = empty((m, n), cls, provider)
    if out.numel == 0:
        return out
    t = _float_type(cls)
    launch = launch or product_launch(t, m, k, n, provider.workgroup_storage)
    relay = STORAGE_TYPE[b.cls] == t and relaid(t, True, m, k, n, n)
    bt = gpu_permute(b, (2, 1)) if relay else b          # then read as B.' along n, not along k
    reads = (OperandRead("a", "a", STORAGE_TYPE[a.cls], False, "p.m",
                         vector=vectorisable(STORAGE_TYPE[a.cls], t, m, a.numel)),
             OperandRead("b", "b", STORAGE_TYPE[b.cls], not relay, "p.n" if relay else "p.k",
                         vector=vectorisable(STORAGE_TYPE[b.cls], t, n if relay else k, b.numel)))
    operands = Template(source("matmul_plain")).substitute(T=t, TA=reads[0].binding_type(),
                                                           TB=reads[1].binding_type())
    wgsl = matmul_source(library(provider.f64), operands, t, ("p.m", "p.k", "p.n"), reads, launch, 4)
    run_product(provider, wgsl, [a.buffer, bt.buffer, out.buffer], struct.pack("<4I", m, k, n, 0), launch,
                cls, m, n)
    if relay:
        bt.release()
    return out
