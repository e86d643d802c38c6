"""cellfun and arrayfun: call a function on every element, through ctx.call.

Options 'UniformOutput' (default true: every output must be a numeric, logical or char scalar and all
of one class, collected into an array of the input's size; false: a cell array) and 'ErrorHandler'
(called as handler(err, inputs...) when the function errors, err a struct with message, identifier and
index); option names may be abbreviated ('uni', 0) as MATLAB allows. cellfun also takes the legacy
function names 'isempty', 'islogical', 'isnumeric', 'isreal', 'length', 'ndims', 'prodofsize',
'size' (cellfun('size', C, k)) and 'isclass' (cellfun('isclass', C, className)), computed without a
call.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

import numpy as np

from ..context import CallContext
from ..errors import MatlabError
from ..semantics import broadcast_shape
from ..values import (DTYPE_OF_CLASS, CellArray, CharArray, FunctionHandle, StringArray, StructArray,
                      Value, class_of, simplify, size_of)
from .cells import element
from .construct import repmat
from .registry import builtin
from .sizes import _size_at, dim_arg
from .textutil import cell_value, char_value, option_name, text_arg

_UNIFORM_CLASSES = tuple(DTYPE_OF_CLASS) + ("char",)
_LEGACY: dict[str, Callable[[Value], float | bool]] = {
    "isempty": lambda v: int(np.prod(size_of(v))) == 0,
    "length": lambda v: 0.0 if 0 in size_of(v) else float(max(size_of(v))),
    "ndims": lambda v: float(len(size_of(v))),
    "prodofsize": lambda v: float(np.prod(size_of(v))),
    "isreal": lambda v: class_of(v) in _UNIFORM_CLASSES and not np.iscomplexobj(v),
    "islogical": lambda v: class_of(v) == "logical",
    "isnumeric": lambda v: class_of(v) in DTYPE_OF_CLASS and class_of(v) != "logical",
}
# legacy names that take one more argument: cellfun('size', C, k), cellfun('isclass', C, className)
_LEGACY_WITH_ARGUMENT: dict[str, Callable[[Value, Value], float | bool]] = {
    "size": lambda v, k: float(_size_at(size_of(v), dim_arg(k))),
    "isclass": lambda v, name: class_of(v) == text_arg(name, "cellfun", "Class name"),
}


@dataclass
class _Call:
    fname: str
    fn: Any
    inputs: list[Value]
    uniform: bool = True
    handler: Any = None
    pick: Callable[[Value, int], Value] = element    # the k-th argument taken from an input
    parameter: Value = None                            # of a legacy name that takes one: cellfun('size', C, k)


def _option(value: Value) -> str | None:
    """'uniformoutput' or 'errorhandler' for that option name or an abbreviation of it ('uni', 'Un')."""
    name = option_name(value)
    if name is None or len(name) < 2:
        return None
    return next((o for o in ("uniformoutput", "errorhandler") if o.startswith(name)), None)


def _parse(fname: str, fn: Value, args: tuple) -> _Call:
    if type(fn) not in (FunctionHandle, CharArray, StringArray):
        raise MatlabError(f"MATLAB:{fname}:NotAFunction",
                          "First input must be a function handle or the name of a function.")
    call = _Call(fname, fn if type(fn) is FunctionHandle else text_arg(fn, fname, "Function name"), [])
    rest = list(args)
    while rest:
        name = _option(rest[0]) if len(rest) >= 2 else None
        if name == "uniformoutput":
            call.uniform = bool(np.all(rest[1]))
        elif name == "errorhandler":
            call.handler = rest[1]
        else:
            call.inputs.append(rest.pop(0))
            continue
        rest = rest[2:]
    if not call.inputs:
        raise MatlabError("MATLAB:minrhs", "Not enough input arguments.")
    shape = size_of(call.inputs[0])
    if any(size_of(v) != shape for v in call.inputs[1:]):
        raise MatlabError(f"MATLAB:{fname}:InputSizeMismatch",
                          "All of the input arguments must be of the same size and shape.")
    return call


def _invoke(ctx: CallContext, call: _Call, args: list[Value], index: int, nargout: int) -> tuple:
    if type(call.fn) is str and call.fname == "cellfun":
        if call.parameter is not None:
            return (_LEGACY_WITH_ARGUMENT[call.fn](args[0], call.parameter),)
        if call.fn in _LEGACY:
            return (_LEGACY[call.fn](args[0]),)
    try:
        return tuple(ctx.call(call.fn, args, nargout))
    except MatlabError as err:
        if call.handler is None:
            raise
        info = StructArray.scalar({"message": char_value(err.message),
                                   "identifier": char_value(err.identifier), "index": float(index + 1)})
        return tuple(ctx.call(call.handler, [info, *args], nargout))


def _uniform_error(call: _Call, kind: str, index: int, out: int, detail: str = "") -> MatlabError:
    what = "Non-scalar in Uniform output" if kind == "NotAScalarOutput" else "Mismatch in type of outputs"
    return MatlabError(f"MATLAB:{call.fname}:{kind}",
                       f"{what}, at index {index + 1}, output {out + 1}{detail}.\n"
                       f"Set 'UniformOutput' to false.")


def _collect_uniform(call: _Call, values: list[Value], out: int, shape: tuple[int, ...]) -> Value:
    if not values:
        return simplify(np.zeros(shape))
    first = class_of(values[0])
    for k, v in enumerate(values):
        cls = class_of(v)
        if cls not in _UNIFORM_CLASSES or size_of(v) != (1, 1):
            raise _uniform_error(call, "NotAScalarOutput", k, out)
        if cls != first:
            raise _uniform_error(call, "MismatchInOutputTypes", k, out, f" ({cls} versus {first})")
    if first == "char":
        codes = np.array([v.codes[0, 0] for v in values], dtype=np.uint16)
        return CharArray(codes.reshape(shape, order="F"))
    flat = [v if type(v) is not np.ndarray else v.flat[0] for v in values]
    dtype = DTYPE_OF_CLASS[first]
    if any(type(v) is complex or np.iscomplexobj(v) for v in flat):
        dtype = np.dtype(np.complex64 if first == "single" else np.complex128)
    return simplify(np.array(flat, dtype=dtype).reshape(shape, order="F"))


def _apply(ctx: CallContext, call: _Call, nargout: int):
    shape = size_of(call.inputs[0])
    count = int(np.prod(shape))
    wanted = max(nargout, 1)
    columns: list[list[Value]] = [[] for _ in range(wanted)]
    produced = True
    for k in range(count):
        outputs = _invoke(ctx, call, [call.pick(v, k) for v in call.inputs], k, nargout)
        if nargout == 0 and not outputs:
            produced = False
            continue
        if len(outputs) < wanted:
            raise MatlabError("MATLAB:TooManyOutputs", "Too many output arguments.")
        for j in range(wanted):
            columns[j].append(outputs[j])
    if not produced:
        return None
    if call.uniform:
        results = [_collect_uniform(call, col, j, shape) for j, col in enumerate(columns)]
    else:
        results = [cell_value(col, shape) for col in columns]
    return tuple(results) if nargout > 1 else results[0]


@builtin("cellfun", family="cells")
def cellfun(ctx, fn, *args, nargout=1):
    """[A1, ..., An] = cellfun(func, C1, ..., Cm, 'UniformOutput', tf, 'ErrorHandler', h)

    Calls func on the contents of each cell of C1..Cm (same sizes). With 'UniformOutput' true (the
    default) every result must be a scalar of one class and the outputs are arrays of C's size;
    otherwise they are cell arrays. func is a function handle or a function name; the legacy names
    'isempty', 'islogical', 'isnumeric', 'isreal', 'length', 'ndims', 'prodofsize', 'size' (with k)
    and 'isclass' (with a class name) are also accepted.

        cellfun(@numel, {'ab', 'cde'})                       % [2 3]
        cellfun(@(x) x * 2, {1, [1 2]}, 'UniformOutput', false)   % {2, [2 4]}
    """
    legacy = type(fn) is CharArray and fn.to_str() in _LEGACY_WITH_ARGUMENT and len(args) == 2
    call = _parse("cellfun", fn, args[:1] if legacy else args)
    if legacy:
        call.parameter = args[1]
    if any(type(v) is not CellArray for v in call.inputs):
        raise MatlabError("MATLAB:cellfun:NotACell", "Input #2 expected to be a cell array, was "
                          f"{class_of(next(v for v in call.inputs if type(v) is not CellArray))} instead.")
    call.pick = _content
    return _apply(ctx, call, nargout)


def _content(cells: CellArray, k: int) -> Value:
    return cells.data.ravel(order="F")[k]


@builtin("arrayfun", family="cells")
def arrayfun(ctx, fn, *args, nargout=1):
    """[A1, ..., An] = arrayfun(func, X1, ..., Xm, 'UniformOutput', tf, 'ErrorHandler', h)

    Calls func on each element of the arrays X1..Xm (same sizes; numeric, logical, char, string,
    struct or cell arrays, whose elements are passed as 1x1 values). Outputs are collected as for
    cellfun.

        arrayfun(@(x) x^2, [1 2 3])   % [1 4 9]
    """
    return _apply(ctx, _parse("arrayfun", fn, args), nargout)


@builtin("structfun", family="cells")
def structfun(ctx, fn, s, *args, nargout=1):
    """[A1, ..., An] = structfun(func, S, 'UniformOutput', tf, 'ErrorHandler', h)

    Calls func on each field value of the scalar struct S, in field order. With 'UniformOutput' true
    (the default) every result must be a scalar of one class and each output is a column with one
    element per field; otherwise each output is a struct with S's fields holding the results.

        structfun(@numel, struct('a', 1:3, 'b', 'xy'))   % [3; 2]
    """
    if type(s) is not StructArray or s.data.size != 1:
        raise MatlabError("MATLAB:structfun:NotAScalarStruct", "Input must be a scalar structure.")
    record = s.data.flat[0]
    values = cell_value([record[name] for name in s.fields], (len(s.fields), 1))
    call = _parse("structfun", fn, (values, *args))
    call.pick = _content
    results = _apply(ctx, call, nargout)
    if call.uniform or results is None:
        return results
    as_struct = [StructArray.scalar(dict(zip(s.fields, r.data.ravel(order="F"))))
                 for r in (results if nargout > 1 else (results,))]
    return tuple(as_struct) if nargout > 1 else as_struct[0]


# MATLAB's element-wise builtins that bsxfun may be given: they expand singleton dimensions themselves
# (implicit expansion), so bsxfun calls them once with A and B as they are (on the GPU where those are).
_EXPANDING = frozenset({"plus", "minus", "times", "rdivide", "ldivide", "power", "max", "min", "rem", "mod",
                        "atan2", "atan2d", "hypot", "eq", "ne", "lt", "le", "gt", "ge", "and", "or", "xor"})


@builtin("bsxfun", family="cells")
def bsxfun(ctx, fn, a, b):
    """C = bsxfun(fun, A, B)  a binary element-wise function with singleton expansion.

    Each dimension of A and B must be equal, or 1 in one of them; C has the larger size along each.
    MATLAB's element-wise builtins (@plus, @minus, @times, @rdivide, @power, @max, @min, @rem, @mod,
    @atan2, @hypot, the comparisons, @and, @or, @xor) are called with A and B as given (they expand
    themselves); any other function with both expanded to C's size, and must return an array of that
    size.

        bsxfun(@minus, [1 2; 3 4], [1 2])        % [0 0; 2 2]
        bsxfun(@(x, y) x .* y + 1, [1; 2], [1 2])  % [2 3; 3 5]
    """
    if type(fn) is not FunctionHandle:
        raise MatlabError("MATLAB:bsxfun:fcnHandleRequired", "First input must be a function handle.")
    try:
        target = broadcast_shape(size_of(a), size_of(b))
    except MatlabError:
        raise MatlabError("MATLAB:bsxfun:arrayDimensionsMustMatch",
                          "Non-singleton dimensions of the two input arrays must match each other.") from None
    if fn.params is None and fn.name in _EXPANDING:
        return ctx.call(fn, [a, b], 1)[0]
    args = []
    for v in (a, b):
        shape = size_of(v) + (1,) * (len(target) - len(size_of(v)))
        args.append(v if shape == target else repmat(v, *(float(t if k == 1 else 1) for k, t in zip(shape, target))))
    result = ctx.call(fn, args, 1)
    if not result:
        raise MatlabError("MATLAB:TooManyOutputs", "Too many output arguments.")
    if size_of(result[0]) != target:
        raise MatlabError("MATLAB:bsxfun:outputSizeMismatch",
                          "The function must return an output of the same size as the expanded inputs.")
    return result[0]
