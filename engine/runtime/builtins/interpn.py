"""Interpolation of gridded data in three and n dimensions: interp3 interpn.

Both evaluate griddedInterpolant's interpolants ('linear', 'nearest', 'pchip', 'spline', 'makima' in
one dimension) with points outside the grid set to NaN or the extrapolation value; interp3 takes its
grid in meshgrid form (x along dimension 2, y along dimension 1), interpn in ndgrid form. 'cubic' is
MATLAB's cubic convolution (Keys' kernel, the grid extended linearly by 3*f(1) - 3*f(2) + f(3) at each
edge) on a uniform grid, and the spline on an uneven one, as MATLAB documents.
"""
from __future__ import annotations

import numpy as np

from ..errors import MatlabError, check_size, max_size_error
from ..semantics import to_value
from ..values import Value
from .arguments import real_scalar
from .gridded import cubic_convolution, tensor_spline, uniform_grid
from .interpolant import GriddedInterpolant, _floats, _grid_of
from .registry import builtin
from .sizes import option_text

METHODS = ("linear", "nearest", "pchip", "cubic", "spline", "makima")


def _split_options(fname: str, args: tuple[Value, ...]) -> tuple[list[Value], str, float]:
    """(the numeric arguments, the method, the extrapolation value) of f(..., method, extrapval)."""
    values, method, extrap = list(args), "linear", np.nan
    if len(values) > 1 and option_text(values[-1]) is None and option_text(values[-2]) is not None:
        extrap = real_scalar(fname, values.pop(), "The extrapolation value")
    if values and option_text(values[-1]) is not None:
        word = option_text(values.pop()).lower()
        if word not in METHODS:
            raise MatlabError(f"MATLAB:{fname}:InvalidMethod", f"{fname} supports the methods "
                              + ", ".join(f"'{m}'" for m in METHODS) + ".")
        method = word
    return values, method, extrap


def _refined(grid: list[np.ndarray], times: float) -> list[np.ndarray]:
    """f(V, k): each grid interval cut into 2^k."""
    if times != int(times) or times < 0:
        raise MatlabError("MATLAB:interpn:InvalidRefinement", "The refinement factor must be a nonnegative integer.")
    if times >= 64:                     # (2 ** times itself would take the host's memory)
        raise max_size_error()
    sizes = check_size(tuple((g.size - 1) * 2 ** int(times) + 1 for g in grid))
    return [np.linspace(g[0], g[-1], n) for g, n in zip(grid, sizes)]


def _evaluate(fname: str, grid: list[np.ndarray], values: np.ndarray, method: str, points: np.ndarray,
              extrap: float) -> np.ndarray:
    """The interpolant at points (one row each), extrap outside the grid."""
    sizes = (values.size,) if len(grid) == 1 else values.shape
    if len(sizes) != len(grid) or any(g.size != n for g, n in zip(grid, sizes)) or min(sizes) < 2:
        raise MatlabError(f"MATLAB:{fname}:InvalidV", "V must have at least two points along each dimension, "
                          "as many as its grid vector has.")
    lows = np.array([g[0] for g in grid])
    highs = np.array([g[-1] for g in grid])
    inside = np.all((points >= lows) & (points <= highs), axis=1)
    if method == "cubic" and all(uniform_grid(g) for g in grid):
        if min(g.size for g in grid) < 3:
            raise MatlabError(f"MATLAB:{fname}:CubicTooFewPoints",
                              "'cubic' needs at least three grid points in each dimension.")
        out = cubic_convolution(grid, values, np.clip(points, lows, highs))
    elif method in ("spline", "cubic"):        # two or three points along a dimension: a line or a parabola
        out = tensor_spline(tuple(grid), values)(np.clip(points, lows, highs)) if np.isfinite(values).all() \
            else np.full(points.shape[0], np.nan)
    else:
        out = GriddedInterpolant(grid, values, method, "none").evaluate(np.clip(points, lows, highs))
    return np.where(inside, out, extrap)


def _queries(fname: str, arrays: list[np.ndarray], meshgrid: bool) -> tuple[np.ndarray, tuple[int, ...]]:
    """(points, result shape) of query arrays of one size, or of grid vectors (vectors of other sizes)."""
    if all(a.shape == arrays[0].shape for a in arrays):
        return np.stack([a.ravel(order="F") for a in arrays], axis=1), arrays[0].shape
    if not all(a.ndim == 2 and 1 in a.shape for a in arrays):
        raise MatlabError(f"MATLAB:{fname}:QuerySizeMismatch",
                          "The query coordinates must be arrays of one size or grid vectors.")
    vectors = [a.ravel(order="F") for a in arrays]
    if meshgrid:
        vectors[0], vectors[1] = vectors[1], vectors[0]
    mesh = np.meshgrid(*vectors, indexing="ij")
    points = np.stack([m.ravel(order="F") for m in mesh], axis=1)
    if meshgrid:
        points[:, [0, 1]] = points[:, [1, 0]]
    return points, mesh[0].shape


def _ndims(values: np.ndarray) -> int:
    return 1 if values.ndim == 2 and 1 in values.shape else values.ndim


@builtin("interpn", family="numerical")
def interpn(*args: Value) -> Value:
    """interpn(X1, ..., Xn, V, Xq1, ..., Xqn), interpn(V, Xq1, ..., Xqn), interpn(V), interpn(V, k), interpn(..., method), interpn(..., method, extrapval)
    Interpolation of gridded data in n dimensions (ndgrid form).

    V holds the values on the grid of the vectors (or ndgrid arrays) X1, ..., Xn, Xk along dimension
    k (default 1:size(V, k)); the query arrays Xq1, ..., Xqn of one size give a result of that size,
    and vectors of other sizes are grid vectors. interpn(V, k) refines the grid k times (default once)
    by halving each interval. Methods: 'linear' (the default), 'nearest', 'pchip', 'cubic' (cubic
    convolution on a uniform grid, the spline on an uneven one), 'spline' and 'makima' (one dimension);
    points outside the grid give NaN or extrapval.

        interpn([1 2; 3 4], 1.5, 1.5)    % 2.5
    """
    arrays, method, extrap = _split_options("interpn", args)
    arrays = [_floats(a) for a in arrays]
    if not arrays:
        raise MatlabError("MATLAB:interpn:nargin", "interpn needs the values V.")
    count = len(arrays)

    def default_grid(values: np.ndarray) -> list[np.ndarray]:
        return [np.arange(1.0, n + 1) for n in (values.shape if _ndims(values) > 1 else (values.size,))]
    if count == 1 or (count == 2 and arrays[1].size == 1 and _ndims(arrays[0]) > 1):
        values = arrays[0]
        grid = _refined(default_grid(values), arrays[1].item() if count == 2 else 1)
        mesh = np.meshgrid(*grid, indexing="ij")
        points, shape = np.stack([m.ravel(order="F") for m in mesh], axis=1), mesh[0].shape
        grid = default_grid(values)
    else:
        if _ndims(arrays[0]) + 1 == count:                  # interpn(V, Xq1, ..., Xqn)
            values, grid, queries = arrays[0], default_grid(arrays[0]), arrays[1:]
        else:                                               # interpn(X1, ..., Xn, V, Xq1, ..., Xqn)
            n = (count - 1) // 2
            values = arrays[n]
            if count != 2 * n + 1 or _ndims(values) != n:
                raise MatlabError("MATLAB:interpn:nargin", "interpn needs one grid vector and one query array "
                                  "per dimension of V.")
            grid, queries = _grid_of(arrays[:n], values), arrays[n + 1:]
        points, shape = _queries("interpn", queries, meshgrid=False)
    out = _evaluate("interpn", grid, values.reshape(-1) if len(grid) == 1 else values, method, points, extrap)
    return to_value(out.reshape(shape, order="F"))


@builtin("interp3", family="numerical")
def interp3(*args: Value) -> Value:
    """interp3(X, Y, Z, V, Xq, Yq, Zq), interp3(V, Xq, Yq, Zq), interp3(V), interp3(V, k), interp3(..., method), interp3(..., method, extrapval)
    Interpolation of gridded data in three dimensions (meshgrid form).

    V(i, j, k) is the value at x = X(j), y = Y(i), z = Z(k) (vectors or meshgrid arrays; default
    1:size(V, 2), 1:size(V, 1), 1:size(V, 3)). Query arrays of one size give a result of that size;
    vectors of other sizes are grid vectors (a meshgrid of them). interp3(V, k) refines the grid k times
    (default once). Methods: 'linear' (the default), 'nearest', 'cubic' (cubic convolution on a uniform
    grid, the spline on an uneven one), 'spline', 'pchip'; points outside the grid give NaN or extrapval.

        [x, y, z] = meshgrid(1:3); interp3(x + y + z, 1.5, 2, 2.5)    % 6
    """
    arrays, method, extrap = _split_options("interp3", args)
    arrays = [_floats(a) for a in arrays]
    if len(arrays) not in (1, 2, 4, 7):
        raise MatlabError("MATLAB:interp3:nargin", "interp3 takes (V), (V, k), (V, Xq, Yq, Zq) or (X, Y, Z, V, "
                          "Xq, Yq, Zq), then an optional method and extrapolation value.")
    values = arrays[3] if len(arrays) == 7 else arrays[0]
    if values.ndim != 3:
        raise MatlabError("MATLAB:interp3:InvalidV", "V must be a 3-D array.")
    volume = np.swapaxes(values, 0, 1)              # ndgrid order: x, y, z
    if len(arrays) == 7:
        x, y, z = (np.swapaxes(a, 0, 1) if a.ndim == 3 else a for a in arrays[:3])
        grid = _grid_of([x, y, z], volume)
    else:
        grid = [np.arange(1.0, n + 1) for n in volume.shape]
    if len(arrays) <= 2:
        mesh = np.meshgrid(*_refined(grid, arrays[1].item() if len(arrays) == 2 else 1))   # y, x, z order
        points, shape = np.stack([m.ravel(order="F") for m in mesh], axis=1), mesh[0].shape
    else:
        points, shape = _queries("interp3", arrays[-3:], meshgrid=True)
    out = _evaluate("interp3", grid, volume, method, points, extrap)
    return to_value(out.reshape(shape, order="F"))
