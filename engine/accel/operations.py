"""GPU implementations of MATLAB operators and builtins on gpuArray operands (MATLAB semantics on top of
the one-operation kernels of kernels.py).

Operators (``BINARY_GPU`` / ``UNARY_GPU``, keyed like ops.py's tables) take engine values and return a
GpuTensor; builtins (attached with ``registry.set_gpu_impl`` by ``register_builtins``) take
``(ctx, args, nargout)`` and return the tuple of outputs. Both decline with ``GpuUnavailable`` whenever the
device would not give MATLAB's answer, and dispatch.py computes it on the CPU instead:

- operands of classes the kernels do not compute (integers, complex, char) and forms they lack (matrix
  division, reductions with options, ``round(x, n)``...);
- inputs that MATLAB makes complex: arguments outside an operation's real domain (its record's ``domain``:
  ``sqrt``/``log``/``log2``/``log10`` of negatives, ``log1p`` below -1, ``asin``/``acos`` outside [-1, 1]),
  a negative base to a non-integer power (checked on the device, one small read-back);
- NaN operands of ``~ & | xor`` (MATLAB raises an error, which the CPU path produces);
- a single array compared with a double array, or with a double scalar that f32 cannot hold and that
  has no f32 stand-in (outside the normal singles): the CPU tests the double itself (``single(0.1) >
  0.1`` is true), the kernel would test its f32 rounding (``_exact_test``; scalars in the normal
  singles' range take kernels.single_test_scalar's stand-in and stay on the device);
- empty reductions (MATLAB's empty-input rules live in the CPU builtins).
"""
from __future__ import annotations

import math
from typing import Any, Callable

import numpy as np

from engine.accel.dispatch import gather
from engine.accel.kernels import (TEST_KERNELS, gpu_cumsum, gpu_elementwise, gpu_matmul, gpu_permute, gpu_reduce,
                                  single_test_scalar)
from engine.accel.provider import GpuUnavailable
from engine.accel.residency import CLASS_OF_HOST, HOST_DTYPE, GpuTensor, upload
from engine.runtime.builtins import registry
from engine.runtime.values import class_of

Operand = Any      # GpuTensor | float | bool | np.float32


def operand(x: Any) -> Operand:
    """An operator operand for the kernels: a GpuTensor, a scalar, or a host array uploaded."""
    t = type(x)
    if t is GpuTensor or t is float or t is bool:
        return x
    if t is np.ndarray and x.dtype in CLASS_OF_HOST:
        if x.shape == (1, 1) and x.dtype == np.float32:
            return np.float32(x[0, 0])
        return upload(x)
    raise GpuUnavailable(f"{class_of(x)} operands run on the CPU")


def _text(value: Any) -> str | None:
    from engine.runtime.builtins.sizes import option_text
    return option_text(value)


def _any(mask: GpuTensor) -> bool:
    """Whether any element of a device array is true (one small read-back)."""
    return bool(gpu_reduce("any", mask, "all").download().flat[0])


def _has_nan(x: Operand) -> bool:
    if type(x) is GpuTensor:
        return x.cls != "logical" and _any(gpu_elementwise("isnan", x))
    return x != x


def _decline_nan(*xs: Operand) -> None:
    if any(_has_nan(x) for x in xs):
        raise GpuUnavailable("NaN operand of a logical operator (MATLAB raises an error)")


# ---------------------------------------------------------------------------------- elementwise

def _any_below(x: GpuTensor, limit: float) -> bool:
    return _any(gpu_elementwise("lt", x, limit))


def unary(kernel: str, x: Any) -> GpuTensor:
    """One elementwise function of a gpuArray; inputs outside its real domain (MATLAB makes them complex)
    go to the CPU, and so do NaN operands of ``~``."""
    x = operand(x)
    if kernel == "not":
        _decline_nan(x)
    elif registry.operation(kernel).domain is not None and x.cls != "logical" and \
            _any(gpu_elementwise(kernel, x, check=True)):
        raise GpuUnavailable(f"{kernel} of values outside its real domain gives complex results")
    return gpu_elementwise(kernel, x)


def _fractional(b: Operand) -> GpuTensor | bool:
    if type(b) is GpuTensor:
        return gpu_elementwise("ne", b, gpu_elementwise("fix", b))
    return float(b) != np.trunc(float(b))


def _power_is_complex(a: Operand, b: Operand) -> bool:
    """Whether a .^ b has a negative base with a non-integer exponent somewhere (complex in MATLAB)."""
    if type(a) is not GpuTensor:
        if not a < 0:
            return False
        frac = _fractional(b)
        return _any(frac) if type(frac) is GpuTensor else frac
    if a.cls == "logical":
        return False
    frac = _fractional(b)
    if type(frac) is not GpuTensor:
        return frac and _any_below(a, 0.0)
    return _any(gpu_elementwise("and", gpu_elementwise("lt", a, 0.0), frac))


def _exact_test(kernel: str, a: Operand, b: Operand) -> tuple[Operand, Operand]:
    """The operands of a test of a single array against a double scalar that f32 does not hold, with
    the scalar's f32 stand-in (kernels.single_test_scalar: MATLAB tests against the double itself, so
    ``gpuArray(single(0.1)) == 0.1`` is false and ``single(0.1) > 0.1`` true); where there is none, and
    for a double array, the test goes to the CPU (the fuzz's seed 715, run.py --sizes large:
    ``and(z, 1e-320)`` of a single z was false on the GPU)."""
    for x, y, first in ((a, b, False), (b, a, True)):
        if type(x) is not GpuTensor or x.cls != "single":
            continue
        if type(y) is GpuTensor and y.cls == "double":
            raise GpuUnavailable("a single array tested against a double array (the CPU tests the doubles)")
        if type(y) is float and not (math.isnan(y) or float(np.float32(y)) == y):
            value = single_test_scalar(kernel, y, scalar_first=first)
            if value is None:
                raise GpuUnavailable("a single array tested against a double scalar outside the normal singles")
            return (value, x) if first else (x, value)
    return a, b


def binary(kernel: str, a: Any, b: Any) -> GpuTensor:
    """One elementwise operation with implicit expansion, MATLAB's complex and NaN rules checked."""
    a, b = operand(a), operand(b)
    if kernel == "power" and _power_is_complex(a, b):
        raise GpuUnavailable("a negative base to a non-integer power gives complex results")
    if kernel in TEST_KERNELS:
        a, b = _exact_test(kernel, a, b)
    if kernel in ("and", "or", "xor"):
        _decline_nan(a, b)
    return gpu_elementwise(kernel, a, b)


def _is_scalar(x: Any) -> bool:
    return getattr(x, "shape", (1, 1)) == (1, 1)


def mtimes(a: Any, b: Any) -> GpuTensor:
    if _is_scalar(a) or _is_scalar(b):
        return binary("times", a, b)
    return gpu_matmul(operand(a), operand(b))


def _scalar_only(kernel: str, which: int) -> Callable[[Any, Any], GpuTensor]:
    """``/``, ``\\``, ``^`` when operand ``which`` (0, 1; 2 for both) is a scalar: elementwise."""
    def operator(a: Any, b: Any) -> GpuTensor:
        scalar = _is_scalar(a) and _is_scalar(b) if which == 2 else _is_scalar((a, b)[which])
        if not scalar:
            raise GpuUnavailable("matrix division and matrix powers run on the CPU")
        return binary(kernel, a, b)
    return operator


def transpose(a: Any) -> GpuTensor:
    """A vector's transpose is a view of the same buffer; a matrix's a strided copy."""
    if len(a.shape) != 2:
        raise GpuUnavailable("transpose of an N-d array (an error in MATLAB)")
    if min(a.shape) <= 1:
        return a.share((a.shape[1], a.shape[0]))
    return gpu_permute(a, (2, 1))


ELEMENTWISE_OPERATORS = {"+": "plus", "-": "minus", ".*": "times", "./": "rdivide", ".\\": "ldivide",
                         ".^": "power", "==": "eq", "~=": "ne", "<": "lt", "<=": "le", ">": "gt",
                         ">=": "ge", "&": "and", "|": "or"}
BINARY_GPU: dict[str, Callable[[Any, Any], GpuTensor]] = {
    **{op: (lambda k: lambda a, b: binary(k, a, b))(k) for op, k in ELEMENTWISE_OPERATORS.items()},
    "*": mtimes, "/": _scalar_only("rdivide", 1), "\\": _scalar_only("ldivide", 0),
    "^": _scalar_only("power", 2),
}
UNARY_GPU: dict[str, Callable[[Any], GpuTensor]] = {
    "-": lambda a: unary("uminus", a), "+": lambda a: unary("uplus", a), "~": lambda a: unary("not", a),
    "'": transpose, ".'": transpose,
}

# ---------------------------------------------------------------------------------- shapes


def _is_empty_placeholder(value: Any) -> bool:
    """The ``[]`` of ``max(x, [], dim)``, ``reshape(x, [], n)``, ``var(x, [], dim)``."""
    return type(value) is np.ndarray and value.size == 0 and value.dtype == np.float64


def _is_empty_matrix(value: Any) -> bool:
    """The ``[]`` (0x0) of ``max(x, [], dim)``: another empty B is a matrix to compare (a size error
    unless it expands), as on the CPU."""
    return _is_empty_placeholder(value) and value.shape == (0, 0)


def _permute(ctx: Any, args: list, nargout: int) -> tuple:
    """permute(A, order) with a valid host order vector (anything else: the CPU raises MATLAB's error)."""
    if len(args) != 2 or type(args[0]) is not GpuTensor or nargout > 1:
        raise GpuUnavailable("this form of permute runs on the CPU")
    order = np.asarray(args[1], dtype=np.float64).ravel() if type(args[1]) in (np.ndarray, float) else None
    if order is None or len(order) < len(args[0].shape) or \
            sorted(order.tolist()) != list(range(1, len(order) + 1)):
        raise GpuUnavailable("permute order checked on the CPU")
    return (gpu_permute(args[0], [int(k) for k in order]),)


def _whole_numbers(values: list[float]) -> bool:
    return all(v >= 0 and float(v).is_integer() for v in values)     # Inf and NaN are not


def _reshape(ctx: Any, args: list, nargout: int) -> tuple:
    """reshape(A, m, n, ...), reshape(A, [m n ...]), one size [] : a view of the same buffer. Invalid
    sizes go to the CPU, which raises MATLAB's error."""
    x, dims = args[0], args[1:]
    if type(x) is not GpuTensor or not dims or nargout > 1:
        raise GpuUnavailable("this form of reshape runs on the CPU")
    if len(dims) == 1:
        sizes = np.asarray(dims[0], dtype=np.float64).ravel().tolist() if type(dims[0]) is np.ndarray else []
    else:
        sizes = [None if _is_empty_placeholder(d) else d if type(d) is float else -1.0 for d in dims]
    known = [d for d in sizes if d is not None]
    if len(sizes) < 2 or len(known) < len(sizes) - 1 or not _whole_numbers(known):
        raise GpuUnavailable("reshape sizes checked on the CPU")
    product = math.prod(int(d) for d in known)       # exact: a float product of large sizes overflows
    if len(known) < len(sizes):
        if product == 0 or x.numel % product:
            raise GpuUnavailable("reshape sizes checked on the CPU")
        sizes = [x.numel // product if d is None else d for d in sizes]
    if math.prod(int(d) for d in sizes) != x.numel:
        raise GpuUnavailable("reshape sizes checked on the CPU")
    return (x.share(tuple(int(d) for d in sizes)),)


# ---------------------------------------------------------------------------------- reductions


def _default_dim(shape: tuple[int, ...]) -> int:
    """MATLAB's default: the first dimension whose size is not 1."""
    return next((k + 1 for k, n in enumerate(shape) if n != 1), 1)


def _dim(value: Any) -> int | str:
    text = _text(value)
    if text is not None and text.lower() == "all":
        return "all"
    if type(value) is float and value >= 1 and value.is_integer():      # Inf is not: the CPU's error
        return int(value)
    raise GpuUnavailable("reduction options run on the CPU")


NAN_FLAGS = ("omitnan", "includenan")


def _nan_flag(args: list) -> tuple[list, str | None]:
    """The arguments without a trailing 'omitnan' / 'includenan', and that flag (lower case) or None."""
    text = (_text(args[-1]) or "").lower() if len(args) > 1 else ""
    return (args[:-1], text) if text in NAN_FLAGS else (args, None)


def _omitting_nan(op: str, x: GpuTensor, dim: int | str) -> GpuTensor:
    """sum or mean with 'omitnan': NaN counts as 0, and the mean divides by the count of the others."""
    total = gpu_reduce("sum", gpu_elementwise("nan_to_zero", x), dim)
    if op == "sum":
        return total
    count = gpu_reduce("sum", gpu_elementwise("not", gpu_elementwise("isnan", x)), dim)
    return gpu_elementwise("rdivide", total, count)


def _reduction(op: str) -> Callable[[Any, list, int], tuple]:
    """sum(x), sum(x, dim), sum(x, 'all') and the same forms of prod, mean, any, all; sum and mean
    also with 'omitnan' or 'includenan' (the default)."""
    def gpu(ctx: Any, args: list, nargout: int) -> tuple:
        (x, *rest), flag = _nan_flag(args) if op in ("sum", "mean") else (args, None)
        if type(x) is not GpuTensor or x.numel == 0 or len(rest) > 1:
            raise GpuUnavailable(f"this form of {op} runs on the CPU")
        dim = _dim(rest[0]) if rest else _default_dim(x.shape)
        if flag == "omitnan" and x.cls != "logical":
            return (_omitting_nan(op, x, dim),)
        return (gpu_reduce(op, x, dim),)
    return gpu


def _cumsum(ctx: Any, args: list, nargout: int) -> tuple:
    """cumsum(x), cumsum(x, dim) (direction and NaN options go to the CPU)."""
    x = args[0]
    if type(x) is not GpuTensor or len(args) > 2 or nargout > 1:
        raise GpuUnavailable("this form of cumsum runs on the CPU")
    dim = _dim(args[1]) if len(args) == 2 else _default_dim(x.shape)
    if dim == "all":
        raise GpuUnavailable("cumsum has no 'all' form (the CPU raises MATLAB's error)")
    return (gpu_cumsum(x, dim),)


def _spread(op: str) -> Callable[[Any, list, int], tuple]:
    """var/std: (x), (x, w), (x, w, dim), (x, w, 'all') with w 0 (N-1) or 1 (N), [V, M] = var(...):
    the mean, the squared deviations and their sum on the device."""
    def gpu(ctx: Any, args: list, nargout: int) -> tuple:
        x = args[0]
        w = 0.0 if len(args) < 2 or _is_empty_placeholder(args[1]) else args[1]
        if type(x) is not GpuTensor or x.numel == 0 or len(args) > 3 or type(w) is not float or \
                w not in (0.0, 1.0):
            raise GpuUnavailable(f"this form of {op} runs on the CPU")
        dim = _dim(args[2]) if len(args) == 3 else _default_dim(x.shape)
        n = x.numel if dim == "all" else x.shape[dim - 1] if dim <= len(x.shape) else 1
        mean = gpu_reduce("mean", x, dim)
        centred = gpu_elementwise("minus", x.share((x.numel, 1)) if dim == "all" else x, mean)
        total = gpu_reduce("sum", gpu_elementwise("times", centred, centred), 1 if dim == "all" else dim)
        result = gpu_elementwise("rdivide", total, float(n - 1 if w == 0.0 and n > 1 else n))
        if op == "std":
            result = gpu_elementwise("sqrt", result)
        return (result, mean)[:max(nargout, 1)]
    return gpu


def _extreme(op: str) -> Callable[[Any, list, int], tuple]:
    """max/min: (x), (x, [], dim), (x, [], 'all') with one or two outputs, and (a, b) elementwise;
    NaN is ignored ('omitnan', the default; 'includenan' goes to the CPU)."""
    def gpu(ctx: Any, args: list, nargout: int) -> tuple:
        args, flag = _nan_flag(args)
        if flag == "includenan":
            raise GpuUnavailable(f"{op} with 'includenan' runs on the CPU")
        if len(args) == 2 and not _is_empty_matrix(args[1]):           # max(A, []) is max(A)
            if nargout > 1:
                raise GpuUnavailable(f"{op} with two inputs has one output")
            return (binary(op, args[0], args[1]),)
        x = args[0]
        if type(x) is not GpuTensor or x.numel == 0 or len(args) > 3 or \
                len(args) > 1 and not _is_empty_matrix(args[1]):
            raise GpuUnavailable(f"this form of {op} runs on the CPU")
        dim = _dim(args[2]) if len(args) == 3 else _default_dim(x.shape)
        result = gpu_reduce(op, x, dim, with_index=nargout > 1)
        return result if nargout > 1 else (result,)
    return gpu


# ---------------------------------------------------------------------------------- builtins

def _elementwise_builtin(kernel: str, arity: int, fn: Callable[..., GpuTensor]) -> Callable:
    def gpu(ctx: Any, args: list, nargout: int) -> tuple:
        if len(args) != arity or nargout > 1:
            raise GpuUnavailable(f"this form of {kernel} runs on the CPU")
        return (fn(*args),)
    return gpu


def _host_call(name: str) -> Callable[[Any, list, int], tuple]:
    """The CPU implementation called on the arguments as they are: for builtins that only read size
    and class (size, numel, class...) or pass values through (feval, deal, struct...)."""
    entry = registry.BUILTINS[name]
    return lambda ctx, args, nargout: registry.call_host(entry, ctx, args, nargout)


def prototype(value: Any) -> Any:
    """A 0x0 host array of a gpuArray's underlying class (for class predicates and 'like')."""
    return np.zeros((0, 0), dtype=HOST_DTYPE[value.cls]) if type(value) is GpuTensor else value


def _class_predicate(name: str) -> Callable[[Any, list, int], tuple]:
    entry = registry.BUILTINS[name]
    return lambda ctx, args, nargout: registry.call_host(entry, ctx, [prototype(a) for a in args], nargout)


def _like_constructor(name: str) -> Callable[[Any, list, int], tuple]:
    """zeros/ones/eye(..., 'like', G): computed for G's class without reading G."""
    entry = registry.BUILTINS[name]

    def gpu(ctx: Any, args: list, nargout: int) -> tuple:
        if len(args) < 2 or type(args[-1]) is not GpuTensor or (_text(args[-2]) or "").lower() != "like":
            raise GpuUnavailable(f"{name} with gpuArray sizes runs on the CPU")
        host = [gather(a) for a in args[:-1]] + [prototype(args[-1])]
        return registry.call_host(entry, ctx, host, nargout)     # dispatch uploads the result
    return gpu


MATRIX_BUILTINS = {"mtimes": "*", "mrdivide": "/", "mldivide": "\\", "mpower": "^"}
TRANSPOSE_BUILTINS = {"transpose": ".'", "ctranspose": "'"}
AS_IS = ("size", "numel", "ndims", "length", "isempty", "isscalar", "isvector", "ismatrix", "isrow",
         "iscolumn", "class", "isa", "feval", "deal", "struct", "setfield", "getfield",
         "gpuArray", "gather", "isgpuarray", "existsOnGPU", "classUnderlying", "underlyingType")
CLASS_PREDICATES = ("isreal", "isnumeric", "isfloat", "isinteger", "islogical", "ischar", "iscell",
                    "iscellstr", "isstring", "isstruct")
LIKE_CONSTRUCTORS = ("zeros", "ones", "eye")      # rand/randn/randi: builtins/gpu.py draws on the device


def builtin_impls() -> dict[str, Callable[[Any, list, int], tuple]]:
    """Every GPU implementation by builtin name (the builtins must be registered already)."""
    impls: dict[str, Callable[[Any, list, int], tuple]] = {}
    for name, op in registry.operations().items():      # every elementwise builtin with a WGSL form
        entry = registry.BUILTINS.get(name)
        if op.wgsl is not None and entry is not None and entry.fusion == "elementwise":
            fn = (lambda x, k=name: unary(k, x)) if op.arity == 1 else (lambda a, b, k=name: binary(k, a, b))
            impls[name] = _elementwise_builtin(name, op.arity, fn)
    for name, op in MATRIX_BUILTINS.items():
        impls[name] = _elementwise_builtin(name, 2, BINARY_GPU[op])
    for name, op in TRANSPOSE_BUILTINS.items():
        impls[name] = _elementwise_builtin(name, 1, UNARY_GPU[op])
    for op in ("sum", "prod", "mean", "any", "all"):
        impls[op] = _reduction(op)
    impls["max"], impls["min"] = _extreme("max"), _extreme("min")
    impls["permute"], impls["reshape"] = _permute, _reshape
    impls["var"], impls["std"] = _spread("var"), _spread("std")
    impls["cumsum"] = _cumsum
    impls.update({name: _host_call(name) for name in AS_IS})
    impls.update({name: _class_predicate(name) for name in CLASS_PREDICATES})
    impls.update({name: _like_constructor(name) for name in LIKE_CONSTRUCTORS})
    return impls


def register_builtins() -> None:
    """Attach the GPU implementations to their builtins (registry.set_gpu_impl)."""
    for name, impl in builtin_impls().items():
        registry.set_gpu_impl(name, impl)
