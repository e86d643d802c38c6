"""Data on grids: gradient del2 interp2, and the cubic convolution and tensor spline of interpn.

The spacing arguments follow MATLAB's order: the first is for the x direction (columns, dimension 2),
the second for y (rows, dimension 1), then dimensions 3, 4, ...; each is a scalar spacing or a vector
of coordinates. gradient takes central differences (f(i+1) - f(i-1)) / (x(i+1) - x(i-1)) inside and
one-sided differences at the edges, as MATLAB's gradient.m (numpy's gradient uses another formula on
uneven grids). del2 sums half the second differences over the dimensions and divides by the number
of dimensions (a vector counts as two-dimensional, so del2 of a vector is u''/4), extrapolating
linearly at the edges.
"""
from __future__ import annotations

import itertools

import numpy as np
import scipy

from ..errors import MatlabError
from ..semantics import to_value
from ..values import Value
from .arguments import real_array, real_scalar
from .numerical import _floats
from .registry import builtin
from .sizes import option_text, numeric_array


def _dimension_order(ndim: int) -> list[int]:
    """The axes in MATLAB's spacing order: x (axis 1), y (axis 0), then 2, 3, ..."""
    return [1, 0] + list(range(2, ndim))


def _coordinates(fname: str, spacing: Value | None, n: int) -> np.ndarray:
    """The n coordinates along one axis from a scalar spacing or a coordinate vector."""
    if spacing is None:
        return np.arange(n, dtype=np.float64)
    arr = real_array(fname, spacing).astype(np.float64).ravel(order="F")
    if arr.size == 1:
        return np.arange(n) * arr[0]
    if arr.size != n:
        raise MatlabError(f"MATLAB:{fname}:InvalidGridSpacing",
                          "Spacing values must be a scalar or a vector with one value per point along that dimension.")
    return arr


def _spacings(fname: str, f: np.ndarray, args: tuple[Value, ...], axes: list[int]) -> list[np.ndarray]:
    """Coordinates for each axis in ``axes``: one scalar spacing for all, or one argument per axis."""
    if len(args) == 1 and numeric_array(args[0], fname).size == 1:
        args = args * len(axes)
    if args and len(args) != len(axes):
        raise MatlabError(f"MATLAB:{fname}:InvalidSpacing",
                          "Give one spacing for all dimensions or one spacing per dimension.")
    return [_coordinates(fname, args[k] if args else None, f.shape[ax]) for k, ax in enumerate(axes)]


def _gradient_along(f: np.ndarray, x: np.ndarray, axis: int) -> np.ndarray:
    moved = np.moveaxis(f, axis, 0)
    n = moved.shape[0]
    g = np.zeros_like(moved)
    if n > 1:
        shape = (-1,) + (1,) * (moved.ndim - 1)
        g[0] = (moved[1] - moved[0]) / (x[1] - x[0])
        g[-1] = (moved[-1] - moved[-2]) / (x[-1] - x[-2])
        if n > 2:
            g[1:-1] = (moved[2:] - moved[:-2]) / (x[2:] - x[:-2]).reshape(shape)
    return np.moveaxis(g, 0, axis)


@builtin("gradient", family="numerical")
def gradient(f: Value, *args: Value, nargout: int = 1) -> Value:
    """FX = gradient(F), [FX, FY, ...] = gradient(F), gradient(F, h), gradient(F, hx, hy, ...)
    Numerical gradient.

    Numerical gradient: for a vector, the differences along it; for a matrix, FX along the rows (x,
    dimension 2) and FY down the columns (y, dimension 1), then dimensions 3... Inside, central
    differences (F(i+1) - F(i-1)) / (x(i+1) - x(i-1)); at the edges, one-sided differences. Spacings
    are scalars or coordinate vectors (default 1).

        gradient([1 4 9 16 25])    % 3 4 6 8 9
    """
    (data,), _ = _floats("gradient", f)
    with np.errstate(all="ignore"):
        if data.ndim == 2 and 1 in data.shape:
            axis = 1 if data.shape[0] == 1 else 0
            (x,) = _spacings("gradient", data, args, [axis])
            return to_value(_gradient_along(data, x, axis))
        axes = _dimension_order(data.ndim)
        coords = _spacings("gradient", data, args, axes)
        if nargout > len(axes):
            raise MatlabError("MATLAB:TooManyOutputs", "Too many output arguments.")
        outs = tuple(to_value(_gradient_along(data, x, ax)) for x, ax in zip(coords, axes))
        return outs[:max(nargout, 1)] if nargout > 1 else outs[0]


def _half_second_difference(f: np.ndarray, x: np.ndarray, axis: int) -> np.ndarray:
    """Half the second derivative along ``axis``, extrapolated linearly to the edges (0 for fewer than
    three points)."""
    moved = np.moveaxis(f, axis, 0)
    n = moved.shape[0]
    g = np.zeros_like(moved)
    if n > 2:
        h = np.diff(x).reshape((-1,) + (1,) * (moved.ndim - 1))
        g[1:-1] = ((moved[2:] - moved[1:-1]) / h[1:] - (moved[1:-1] - moved[:-2]) / h[:-1]) / (h[:-1] + h[1:])
        if n > 3:
            g[0] = g[1] * (h[0] + h[1]) / h[1] - g[2] * h[0] / h[1]
            g[-1] = -g[-3] * h[-1] / h[-2] + g[-2] * (h[-2] + h[-1]) / h[-2]
        else:
            g[0], g[-1] = g[1], g[1]
    return np.moveaxis(g, 0, axis)


@builtin("del2", family="numerical")
def del2(u: Value, *args: Value) -> Value:
    """del2(U), del2(U, h), del2(U, hx, hy, ...)  discrete Laplacian: for a matrix
    (d2U/dx2 + d2U/dy2)/4, in general the sum of the second derivatives over 2*ndims(U).

    A vector's Laplacian is U''/4. Spacings are scalars or coordinate vectors (default 1), x first;
    edges use linear extrapolation of the interior values.

        del2([1 4 9 16 25])    % 0.5 0.5 0.5 0.5 0.5
    """
    (data,), _ = _floats("del2", u)
    with np.errstate(all="ignore"):
        if data.ndim == 2 and 1 in data.shape:
            axis = 1 if data.shape[0] == 1 else 0
            (x,) = _spacings("del2", data, args, [axis])
            return to_value(_half_second_difference(data, x, axis) / 2)
        axes = _dimension_order(data.ndim)
        coords = _spacings("del2", data, args, axes)
        total = sum(_half_second_difference(data, x, ax) for x, ax in zip(coords, axes))
        return to_value(total / data.ndim)


INTERP2_METHODS = ("linear", "nearest", "cubic", "spline")


def _grid_vector(fname: str, arr: np.ndarray, axis: int, n: int) -> np.ndarray:
    """A grid vector from a vector or a meshgrid matrix (its first row for x, first column for y)."""
    if arr.size == 0 or 1 in arr.shape:
        vec = arr.ravel(order="F")
    else:
        vec = arr[0, :] if axis == 1 else arr[:, 0]
    if vec.size != n:
        raise MatlabError(f"MATLAB:{fname}:XYLengthMismatch",
                          "The lengths of X and Y must match the size of V.")
    if vec.size < 2 or np.any(np.diff(vec) <= 0):
        raise MatlabError(f"MATLAB:{fname}:NonMonotonic",
                          "The grid vectors must be strictly increasing, with at least two points each.")
    return vec


def _cell_of(grid: np.ndarray, q: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(cell index k with grid[k] <= q <= grid[k+1], the fraction across it, inside?) per query."""
    k = np.clip(np.searchsorted(grid, q, side="right") - 1, 0, grid.size - 2)
    t = (q - grid[k]) / (grid[k + 1] - grid[k])
    return k, t, (q >= grid[0]) & (q <= grid[-1])


def tensor_spline(grid: tuple[np.ndarray, ...], values: np.ndarray) -> scipy.interpolate.NdBSpline:
    """The tensor-product not-a-knot cubic spline through gridded values, as MATLAB's 'spline' builds
    it: a spline along each dimension in turn (along a dimension of three points the parabola, of two
    the line through them). (scipy's RegularGridInterpolator 'cubic' differs from it by about 1e-4 in
    two or more dimensions.)"""
    coefficients, knots, degrees = values, [], []
    for axis, points in enumerate(grid):
        degree = min(3, points.size - 1)
        fit = scipy.interpolate.make_interp_spline(points, coefficients, k=degree, axis=axis)
        coefficients, knots, degrees = np.moveaxis(fit.c, 0, axis), knots + [fit.t], degrees + [degree]
    return scipy.interpolate.NdBSpline(tuple(knots), coefficients, tuple(degrees))


def uniform_grid(vector: np.ndarray) -> bool:
    steps = np.diff(vector)
    return bool(np.all(np.abs(steps - steps[0]) <= 1e-12 * np.abs(vector).max()))


def _keys_weights(s: np.ndarray) -> np.ndarray:
    """Keys' cubic convolution weights (a = -1/2) of the four neighbours at offsets -1, 0, 1, 2."""
    return np.stack([((-s + 2) * s - 1) * s / 2, ((3 * s - 5) * s * s + 2) / 2,
                     ((-3 * s + 4) * s + 1) * s / 2, (s - 1) * s * s / 2], axis=1)


def cubic_convolution(grid: list[np.ndarray], values: np.ndarray, points: np.ndarray) -> np.ndarray:
    """MATLAB's 'cubic' on a uniform grid (at least three points per dimension); NaN at a query point with
    a NaN coordinate."""
    unknown = np.isnan(points).any(axis=1)
    points = np.where(unknown[:, None], np.array([g[0] for g in grid]), points)
    padded = values
    for axis in range(len(grid)):
        moved = np.moveaxis(padded, axis, 0)
        before = 3 * moved[0] - 3 * moved[1] + moved[2]
        after = 3 * moved[-1] - 3 * moved[-2] + moved[-3]
        padded = np.moveaxis(np.concatenate([before[None], moved, after[None]]), 0, axis)
    indices, weights = [], []
    for axis, g in enumerate(grid):
        u = (points[:, axis] - g[0]) / (g[1] - g[0])
        k = np.clip(np.floor(u), 0, g.size - 2).astype(np.int64)
        indices.append(k[:, None] + np.arange(4)[None, :])        # padded positions of k-1 .. k+2
        weights.append(_keys_weights(u - k))
    out = np.zeros(points.shape[0])
    for offsets in itertools.product(range(4), repeat=len(grid)):
        w = np.prod([weights[d][:, o] for d, o in enumerate(offsets)], axis=0)
        out += w * padded[tuple(indices[d][:, o] for d, o in enumerate(offsets))]
    out[unknown] = np.nan
    return out


def _spline_surface(x: np.ndarray, y: np.ndarray, v: np.ndarray, xq: np.ndarray, yq: np.ndarray,
                    grid: bool) -> np.ndarray:
    """The tensor-product not-a-knot cubic spline through the grid values (along a dimension of three
    points a parabola, of two a line), at the query points (``grid``: xq's rows and yq's columns are
    grid vectors)."""
    if not np.isfinite(v).all():            # a NaN or Inf value leaves no spline through the grid
        return np.full(xq.shape, np.nan)
    xq, yq = np.clip(xq, x[0], x[-1]), np.clip(yq, y[0], y[-1])
    if min(v.shape) >= 4 and not grid:      # scattered queries: the B-spline's local 4 x 4 sums
        return tensor_spline((y, x), v)(np.stack([yq.ravel(), xq.ravel()], axis=1)).reshape(xq.shape)
    if not grid and v.shape[0] > v.shape[1]:        # y the short dimension
        x, y, v, xq, yq = y, x, v.T, yq, xq
    # Spline interpolation is linear in the data: the surface is the sum over i of C_i(yq) * S_i(xq),
    # S_i the spline along x through row i, C_i the spline along y through the i-th unit vector
    along_x = scipy.interpolate.CubicSpline(x, v.T, bc_type="not-a-knot")
    cardinal_y = scipy.interpolate.CubicSpline(y, np.eye(y.size), bc_type="not-a-knot")
    if grid:
        return cardinal_y(yq[:, 0]) @ along_x(xq[0]).T
    return np.einsum("ki,ki->k", along_x(xq.ravel()), cardinal_y(yq.ravel())).reshape(xq.shape)


@builtin("interp2", family="numerical")
def interp2(*args: Value) -> Value:
    """interp2(X, Y, V, Xq, Yq), interp2(V, Xq, Yq), interp2(..., method), interp2(..., method, extrapval)
    Interpolation of gridded data in two dimensions.

    Interpolates the gridded values V (rows at the y coordinates Y, columns at the x coordinates X;
    vectors or meshgrid matrices; default 1:n and 1:m) at the points (Xq, Yq) by 'linear' (bilinear,
    the default), 'nearest', 'cubic' (MATLAB's cubic convolution on a uniform grid of at least three
    points each way, else the spline) or 'spline' (the tensor-product not-a-knot cubic spline; a
    parabola along a dimension of three points, a line along one of two). Xq and Yq of the same size give a result of
    that size; a row Xq and a column Yq are grid vectors. Points outside the grid give NaN or extrapval.

        interp2([1 2; 3 4], 1.5, 1.5)    % 2.5
    """
    values = list(args)
    extrap, method = np.nan, "linear"
    if len(values) > 1 and option_text(values[-1]) is None and option_text(values[-2]) is not None:
        extrap = real_scalar("interp2", values.pop(), "The extrapolation value")
    if values and option_text(values[-1]) is not None:
        word = option_text(values.pop()).lower()
        if word not in INTERP2_METHODS:
            raise MatlabError("MATLAB:interp2:InvalidMethod",
                              "interp2 supports the methods 'linear', 'nearest', 'cubic' and 'spline'.")
        method = word
    if len(values) not in (3, 5):
        raise MatlabError("MATLAB:interp2:nargin", "interp2 takes (V, Xq, Yq) or (X, Y, V, Xq, Yq), then "
                          "an optional method and extrapolation value.")
    arrays, _ = _floats("interp2", *values)
    v, xq, yq = arrays[-3:] if len(arrays) == 3 else (arrays[2], arrays[3], arrays[4])
    if v.ndim != 2 or min(v.shape) < 2:
        raise MatlabError("MATLAB:interp2:InvalidV", "V must be a matrix with at least two rows and columns.")
    x = np.arange(1.0, v.shape[1] + 1) if len(arrays) == 3 else _grid_vector("interp2", arrays[0], 1, v.shape[1])
    y = np.arange(1.0, v.shape[0] + 1) if len(arrays) == 3 else _grid_vector("interp2", arrays[1], 0, v.shape[0])
    grid = xq.shape != yq.shape
    if grid:
        if not (xq.ndim == yq.ndim == 2 and xq.shape[0] == 1 and yq.shape[1] == 1):
            raise MatlabError("MATLAB:interp2:XqYqMismatch", "Xq and Yq must be the same size or grid vectors.")
        xq, yq = np.meshgrid(xq.ravel(), yq.ravel())
    with np.errstate(all="ignore"):
        kx, tx, in_x = _cell_of(x, xq)
        ky, ty, in_y = _cell_of(y, yq)
        if method == "cubic" and uniform_grid(x) and uniform_grid(y) and min(v.shape) >= 3:
            points = np.stack([np.clip(yq, y[0], y[-1]).ravel(), np.clip(xq, x[0], x[-1]).ravel()], axis=1)
            out = cubic_convolution([y, x], v, points).reshape(xq.shape)
        elif method in ("spline", "cubic"):
            out = _spline_surface(x, y, v, xq, yq, grid)
        elif method == "nearest":
            out = v[ky + (ty >= 0.5), kx + (tx >= 0.5)]
        else:
            out = (v[ky, kx] * (1 - tx) * (1 - ty) + v[ky, kx + 1] * tx * (1 - ty)
                   + v[ky + 1, kx] * (1 - tx) * ty + v[ky + 1, kx + 1] * tx * ty)
        out = np.where(in_x & in_y, out, extrap)
    return to_value(out.astype(v.dtype))
