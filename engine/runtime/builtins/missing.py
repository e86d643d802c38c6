"""Missing data: ismissing rmmissing fillmissing anynan allfinite.

The standard missing value of each class: NaN for double and single, <missing> for strings, ' ' for
char, '' for a cell array of character vectors; integers and logicals have none. ismissing(A,
indicator) counts the indicator's values as missing instead. rmmissing drops the missing entries of a
vector, or the rows (columns, with dim 2) of a matrix that have any. fillmissing fills the missing
entries of numeric data along a dimension: 'constant' v, 'previous', 'next', 'nearest', 'linear',
'spline' or 'pchip' (interpolation over the positions; the ends extrapolated by the method, as
MATLAB's default 'EndValues' 'extrap').
"""
from __future__ import annotations

import numpy as np

from ..errors import MatlabError
from ..semantics import to_value
from ..values import CellArray, CharArray, StringArray, Value, class_of
from .arguments import match_name, name_values, real_scalar
from .arrays import cell_texts, is_cellstr
from .elementwise import ANY_NUMERIC, check_classes
from .numerical import _extrapolate, _interp_vector
from .registry import builtin
from .sizes import dim_arg, first_nonsingleton, numeric_array, option_text


def missing_mask(fname: str, a: Value, indicator: Value | None = None) -> np.ndarray:
    """Where ``a`` holds a missing value (its class's standard one, or one of ``indicator``)."""
    if indicator is not None:
        return _indicated(fname, a, indicator)
    if type(a) is StringArray:
        return np.vectorize(lambda t: t is None, otypes=[bool])(a.data) if a.data.size else \
            np.zeros(a.shape, dtype=bool)
    if type(a) is CharArray:
        return a.codes == ord(" ")
    if type(a) is CellArray:
        if not is_cellstr(a):
            raise MatlabError(f"MATLAB:{fname}:CellNotCellstr",
                              "A cell array input must be a cell array of character vectors.")
        return np.array([t == "" for t in cell_texts(a)], dtype=bool).reshape(a.shape, order="F")
    check_classes(fname, (a,), ANY_NUMERIC)
    arr = numeric_array(a, fname)
    return np.isnan(arr) if arr.dtype.kind in "fc" else np.zeros(arr.shape, dtype=bool)


def _indicated(fname: str, a: Value, indicator: Value) -> np.ndarray:
    for value in (a, indicator):
        if type(value) is CellArray and not is_cellstr(value):
            raise MatlabError(f"MATLAB:{fname}:CellNotCellstr",
                              "A cell array input must be a cell array of character vectors.")
    if type(a) in (StringArray, CellArray) or type(indicator) in (StringArray, CellArray):
        texts = set(cell_texts(indicator)) if type(indicator) is CellArray else \
            set(indicator.data.ravel()) if type(indicator) is StringArray else {option_text(indicator)}
        data = a.data if type(a) is StringArray else np.array(cell_texts(a), dtype=object).reshape(
            a.shape, order="F") if type(a) is CellArray else None
        if data is None:
            raise MatlabError(f"MATLAB:{fname}:IndicatorsInvalidType",
                              "Missing value indicators must be of the same type as the data.")
        return np.vectorize(lambda t: t in texts, otypes=[bool])(data) if data.size else \
            np.zeros(data.shape, dtype=bool)
    arr = numeric_array(a, fname)
    values = numeric_array(indicator, fname).ravel()
    mask = np.isin(arr, values[~np.isnan(values)]) if values.dtype.kind in "fc" else np.isin(arr, values)
    if values.dtype.kind in "fc" and np.isnan(values).any() and arr.dtype.kind in "fc":
        mask |= np.isnan(arr)
    return mask


@builtin("ismissing", family="data")
def ismissing(a: Value, indicator: Value | None = None) -> Value:
    """TF = ismissing(A), ismissing(A, indicator)  where A has missing values.

    NaN in double and single arrays, <missing> in strings, ' ' in char arrays, '' in cell arrays of
    character vectors (integers and logicals have none); with indicator, its values count as missing
    instead (numbers, or text for strings and cell arrays).

        ismissing([1 NaN 3])         % [0 1 0]
        ismissing([1 -99 3], -99)    % [0 1 0]
    """
    return missing_mask("ismissing", a, indicator)


@builtin("anynan", family="data")
def anynan(a: Value) -> bool:
    """tf = anynan(A)  whether any element of A is NaN.

    Integer, logical and char arrays have no NaN. A complex element is NaN when its real or imaginary
    part is.

        anynan([1 NaN 3])    % true
    """
    check_classes("anynan", (a,), ANY_NUMERIC)
    return bool(np.isnan(numeric_array(a, "anynan")).any())


@builtin("allfinite", family="data")
def allfinite(a: Value) -> bool:
    """tf = allfinite(A)  whether every element of A is finite (no Inf, -Inf or NaN).

    True for an empty array.

        allfinite([1 Inf 3])    % false
    """
    check_classes("allfinite", (a,), ANY_NUMERIC)
    return bool(np.isfinite(numeric_array(a, "allfinite")).all())


def _select(a: Value, keep: np.ndarray, axis: int | None) -> Value:
    """The elements (axis None: a vector's) or the rows/columns of ``a`` that ``keep`` marks."""
    from ..indexing import index
    if axis is None:
        return index(a, [to_value(np.flatnonzero(keep).reshape(1, -1) + 1.0)])
    picked = to_value(np.flatnonzero(keep).reshape(1, -1) + 1.0)
    colon = CharArray.from_str(":")
    return index(a, [picked, colon] if axis == 0 else [colon, picked])


@builtin("rmmissing", family="data")
def rmmissing(a: Value, *args: Value, nargout: int = 1):
    """R = rmmissing(A), rmmissing(A, dim), rmmissing(..., 'MinNumMissing', n), [R, TF] = rmmissing(...)
    Remove missing entries.

    From a vector, the missing entries (see ismissing); from a matrix, the rows with any missing entry
    (dim 2: the columns), or with at least n ('MinNumMissing'). TF marks the removed entries, rows or
    columns.

        rmmissing([1 NaN 3])          % [1 3]
        rmmissing([1 2; NaN 4; 5 6])  % [1 2; 5 6]
    """
    mask = missing_mask("rmmissing", a, None)
    rest = list(args)
    axis = dim_arg(rest.pop(0)) if rest and option_text(rest[0]) is None else None
    least = real_scalar("rmmissing", name_values("rmmissing", rest, ("MinNumMissing",))["MinNumMissing"],
                        "MinNumMissing") if rest else 1.0
    if mask.ndim > 2:
        raise MatlabError("MATLAB:rmmissing:NDArrays", "rmmissing supports vectors and matrices.")
    vector = axis is None and 1 in mask.shape
    if vector:
        removed = mask.ravel(order="F")
        out = _select(a, ~removed, None)
        tf = removed.reshape(mask.shape, order="F")
    else:
        axis = 0 if axis is None else axis
        if axis > 1:
            return (a, np.zeros(mask.shape, dtype=bool))[:max(nargout, 1)] if nargout > 1 else a
        removed = mask.sum(axis=1 - axis) >= least
        out = _select(a, ~removed, axis)
        tf = removed.reshape(-1, 1) if axis == 0 else removed.reshape(1, -1)
    return out if nargout < 2 else (out, tf)


FILL_METHODS = ("constant", "previous", "next", "nearest", "linear", "spline", "pchip")


def _fill_column(values: np.ndarray, missing: np.ndarray, method: str, constant: float) -> np.ndarray:
    """One column with its missing entries filled by ``method``."""
    out = values.copy()
    known = np.flatnonzero(~missing)
    holes = np.flatnonzero(missing)
    if holes.size == 0:
        return out
    if method == "constant":
        out[holes] = constant
        return out
    if known.size == 0 or (known.size == 1 and method in ("linear", "spline", "pchip")):
        return out
    where = np.searchsorted(known, holes)
    if method == "previous":
        ok = where > 0
        out[holes[ok]] = values[known[where[ok] - 1]]
    elif method == "next":
        ok = where < known.size
        out[holes[ok]] = values[known[where[ok]]]
    elif method == "nearest":
        left = known[np.clip(where - 1, 0, known.size - 1)]
        right = known[np.clip(where, 0, known.size - 1)]
        out[holes] = values[np.where(np.abs(holes - left) <= np.abs(right - holes), left, right)]
    else:
        x, v, q = known.astype(np.float64), values[known], holes.astype(np.float64)
        inside = _interp_vector(x, v, q, method)
        outside = (q < x[0]) | (q > x[-1])
        out[holes] = np.where(outside, _extrapolate(x, v, q, method), inside)
    return out


@builtin("fillmissing", family="data")
def fillmissing(a: Value, method: Value, *args: Value, nargout: int = 1):
    """F = fillmissing(A, 'constant', v), fillmissing(A, method), fillmissing(..., dim), [F, TF] = fillmissing(...)
    Fill missing (NaN) entries of numeric data.

    Along the first dimension whose size is not 1 (or dim), each missing entry becomes the constant v,
    the 'previous' or 'next' present value, the 'nearest' one, or a value interpolated over the
    positions by 'linear', 'spline' or 'pchip' (ends extrapolated by the method; 'previous' leaves
    leading entries missing, 'next' trailing ones). TF marks the filled entries. Other data types,
    'movmean'/'movmedian' and 'EndValues' are not supported.

        fillmissing([1 NaN 3 NaN], 'previous')    % [1 1 3 3]
        fillmissing([1 NaN 3], 'linear')          % [1 2 3]
    """
    if class_of(a) not in ("double", "single"):
        raise MatlabError("MATLAB:fillmissing:UnsupportedType", "fillmissing supports double and single arrays.")
    word = option_text(method)
    if word is None:
        raise MatlabError("MATLAB:fillmissing:MethodInvalid", "The fill method must be text.")
    kind = match_name("fillmissing", word, FILL_METHODS)
    rest = list(args)
    constant = np.nan
    if kind == "constant":
        if not rest:
            raise MatlabError("MATLAB:fillmissing:ConstantMissing", "'constant' needs the fill value.")
        constant = real_scalar("fillmissing", rest.pop(0), "Fill constant")
    arr = numeric_array(a, "fillmissing")
    for arg in rest:
        if option_text(arg) is not None:
            raise MatlabError("MATLAB:fillmissing:unsupportedOption",
                              f"fillmissing does not support the option '{option_text(arg)}'.")
    if len(rest) > 1:
        raise MatlabError("MATLAB:TooManyInputs", "Too many input arguments.")
    axis = dim_arg(rest[0]) if rest else first_nonsingleton(arr.shape)
    mask = np.isnan(arr)
    out = arr.copy()
    if axis < arr.ndim:
        moved, holes = np.moveaxis(out, axis, -1), np.moveaxis(mask, axis, -1)
        for index in np.ndindex(moved.shape[:-1]):
            moved[index] = _fill_column(moved[index], holes[index], kind, constant)
    elif kind == "constant":
        out[mask] = constant
    filled = mask & ~np.isnan(out)
    value = to_value(out)
    return value if nargout < 2 else (value, filled)
