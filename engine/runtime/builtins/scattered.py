"""Interpolation of scattered data: griddata scatteredInterpolant; the triangulation itself: delaunay.

Both triangulate the sample points (scipy.spatial.Delaunay, Qhull as MATLAB uses): 'linear' is the
linear interpolant on each triangle (tetrahedron in 3-D), 'nearest' the value of the nearest sample,
'cubic' (griddata in 2-D) scipy's Clough-Tocher C1 interpolant on the triangles, 'v4' (griddata in 2-D)
Sandwell's biharmonic spline, computed exactly as MATLAB documents it. Repeated sample points are merged
into one with the mean of their values (MATLAB warns and does the same). griddata gives NaN outside the
convex hull except for 'v4'; scatteredInterpolant extrapolates: 'nearest', 'none', or 'linear', which
extends the linear function of the boundary triangle whose hull edge (face in 3-D) is nearest the point.
'natural' (natural neighbor) is not supported.
"""
from __future__ import annotations

from typing import Any

import numpy as np
import scipy

from ..device import DeviceArray
from ..errors import MatlabError, warn
from ..semantics import to_value
from ..values import CellArray, HandleObject, Value
from .registry import builtin
from .sizes import numeric_array, option_text
from .textutil import char_row


def _floats(fname: str, value: Value) -> np.ndarray:
    if isinstance(value, DeviceArray):          # query points F(xq) may be gpuArrays
        value = value.gather()
    arr = numeric_array(value, fname)
    if np.iscomplexobj(arr):
        raise MatlabError(f"MATLAB:{fname}:ComplexData", "The sample points and values must be real.")
    return arr.astype(np.float64)


def _merged(fname: str, points: np.ndarray, values: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The sample points with repeats merged (their values averaged, with MATLAB's warning)."""
    unique, inverse = np.unique(points, axis=0, return_inverse=True)
    if unique.shape[0] == points.shape[0]:
        return points, values
    warn(f"MATLAB:{fname}:DuplicateDataPoints", "Duplicate data points have been detected and removed - "
         "corresponding values have been averaged.")
    sums = np.zeros(unique.shape[0])
    np.add.at(sums, inverse.ravel(), values)
    return unique, sums / np.bincount(inverse.ravel())


def _triangulation(fname: str, points: np.ndarray) -> scipy.spatial.Delaunay:
    try:
        return scipy.spatial.Delaunay(points)
    except scipy.spatial.QhullError:
        raise MatlabError(f"MATLAB:{fname}:NonDegenerate", "The sample points must span the plane (the "
                          "space in 3-D): a triangulation of collinear or coplanar points is empty.") from None


def _biharmonic(points: np.ndarray, values: np.ndarray, queries: np.ndarray) -> np.ndarray:
    """Sandwell's biharmonic spline ('v4'): the sum of weights times the Green function r^2 (log r - 1)."""
    def green(r: np.ndarray) -> np.ndarray:
        with np.errstate(divide="ignore", invalid="ignore"):
            g = r * r * (np.log(r) - 1)
        return np.where(r == 0, 0.0, g)
    distances = np.linalg.norm(points[:, None, :] - points[None, :, :], axis=2)
    weights = np.linalg.solve(green(distances), values)
    return green(np.linalg.norm(queries[:, None, :] - points[None, :, :], axis=2)) @ weights


class Scattered:
    """Sample points, values and their triangulation; evaluates inside and outside the hull."""

    def __init__(self, fname: str, points: np.ndarray, values: np.ndarray) -> None:
        if points.shape[1] not in (2, 3):
            raise MatlabError(f"MATLAB:{fname}:InvalidDimension", "The sample points must be 2-D or 3-D.")
        self.fname = fname
        self.points, self.values = _merged(fname, points, values)
        self.triangles = _triangulation(fname, self.points)

    def inside(self, queries: np.ndarray) -> np.ndarray:
        return self.triangles.find_simplex(queries) >= 0

    def interpolate(self, method: str, queries: np.ndarray) -> np.ndarray:
        """The interpolant at the queries inside the hull (NaN outside, except 'nearest' and 'v4')."""
        if method == "linear":
            return scipy.interpolate.LinearNDInterpolator(self.triangles, self.values)(queries)
        if method == "nearest":
            return self.values[scipy.spatial.cKDTree(self.points).query(queries)[1]]
        if self.points.shape[1] != 2:
            raise MatlabError(f"MATLAB:{self.fname}:MethodDimension",
                              f"'{method}' interpolation is supported for 2-D data only.")
        if method == "cubic":
            return scipy.interpolate.CloughTocher2DInterpolator(self.triangles, self.values, tol=1e-12,
                                                                maxiter=1000)(queries)
        return _biharmonic(self.points, self.values, queries)

    def extend_linearly(self, queries: np.ndarray) -> np.ndarray:
        """The linear function of the boundary simplex whose hull facet is nearest each query."""
        simplices, facets = [], []
        for s, neighbours in enumerate(self.triangles.neighbors):
            for k in np.flatnonzero(neighbours == -1):
                simplices.append(s)
                facets.append(np.delete(self.triangles.simplices[s], k))
        distances = np.stack([_distance_to_facet(queries, self.points[f]) for f in facets], axis=1)
        chosen = np.asarray(simplices)[np.argmin(distances, axis=1)]
        transform = self.triangles.transform[chosen]            # barycentric coordinates, extended
        d = self.points.shape[1]
        partial = np.einsum("qij,qj->qi", transform[:, :d], queries - transform[:, d])
        weights = np.concatenate([partial, 1 - partial.sum(axis=1, keepdims=True)], axis=1)
        return np.einsum("qi,qi->q", weights, self.values[self.triangles.simplices[chosen]])


def _distance_to_facet(q: np.ndarray, corners: np.ndarray) -> np.ndarray:
    """Distance from each query to a hull edge (2-D, a segment) or face (3-D, a triangle: to the plane
    where the foot of the perpendicular falls inside it, else to the nearest of its edges)."""
    if corners.shape[0] == 2:
        return _distance_to_segment(q, corners[0], corners[1])
    a, b, c = corners
    normal = np.cross(b - a, c - a)
    normal = normal / np.linalg.norm(normal)
    foot = q - np.outer((q - a) @ normal, normal)
    inside = _inside_triangle(foot, a, b, c)
    edges = np.minimum.reduce([_distance_to_segment(q, a, b), _distance_to_segment(q, b, c),
                               _distance_to_segment(q, c, a)])
    return np.where(inside, np.abs((q - a) @ normal), edges)


def _distance_to_segment(q: np.ndarray, a: np.ndarray, b: np.ndarray) -> np.ndarray:
    t = np.clip((q - a) @ (b - a) / max(float((b - a) @ (b - a)), np.finfo(float).tiny), 0, 1)
    return np.linalg.norm(q - (a + np.outer(t, b - a)), axis=1)


def _inside_triangle(p: np.ndarray, a: np.ndarray, b: np.ndarray, c: np.ndarray) -> np.ndarray:
    v0, v1, v2 = c - a, b - a, p - a
    d00, d01, d11 = v0 @ v0, v0 @ v1, v1 @ v1
    d02, d12 = v2 @ v0, v2 @ v1
    denominator = d00 * d11 - d01 * d01
    u = (d11 * d02 - d01 * d12) / denominator
    v = (d00 * d12 - d01 * d02) / denominator
    return (u >= 0) & (v >= 0) & (u + v <= 1)


# ----------------------------------------------------------------------------------------------------
# griddata

GRIDDATA_METHODS = ("linear", "nearest", "natural", "cubic", "v4")


@builtin("griddata", family="numerical")
def griddata(*args: Value, nargout: int = 1):
    """vq = griddata(x, y, v, xq, yq), griddata(x, y, z, v, xq, yq, zq), griddata(..., method), [Xq, Yq, vq] = griddata(x, y, v, xq, yq)
    Interpolation of scattered data in two or three dimensions.

    Fits the values v at the sample points (x, y) or (x, y, z) and evaluates at the query points:
    arrays of one size (the result has their size), or in 2-D a row xq and a column yq (the grid
    meshgrid(xq, yq), returned as Xq, Yq with three outputs). Methods: 'linear' (the default, on the
    Delaunay triangulation), 'nearest', 'cubic' (2-D, a C1 triangulation-based cubic, Clough-Tocher)
    and 'v4' (2-D, the biharmonic spline). Points outside the convex hull of the samples give NaN,
    except with 'v4'. Repeated sample points are averaged. 'natural' is not supported.

        griddata([0 1 0 1], [0 0 1 1], [1 2 3 4], 0.5, 0.5)    % 2.5
    """
    values = list(args)
    method = "linear"
    if values and option_text(values[-1]) is not None:
        method = option_text(values.pop()).lower()
        if method not in GRIDDATA_METHODS:
            raise MatlabError("MATLAB:griddata:UnknownMethod", "Unknown method: use 'linear', 'nearest', "
                              "'natural', 'cubic' or 'v4'.")
    if method == "natural":
        raise MatlabError("MATLAB:griddata:unsupportedMethod", "griddata's 'natural' method is not supported: "
                          "use 'linear', 'nearest', 'cubic' or 'v4'.")
    if len(values) not in (5, 7):
        raise MatlabError("MATLAB:griddata:nargin", "griddata takes (x, y, v, xq, yq) or (x, y, z, v, xq, yq, zq), "
                          "then an optional method.")
    d = 2 if len(values) == 5 else 3
    arrays = [_floats("griddata", a) for a in values]
    samples = [a.ravel(order="F") for a in arrays[:d + 1]]
    if any(s.size != samples[0].size for s in samples):
        raise MatlabError("MATLAB:griddata:InputSizeMismatch", "The sample coordinates and values must have "
                          "the same number of elements.")
    queries = arrays[d + 1:]
    if d == 2 and queries[0].shape != queries[1].shape:
        if not (queries[0].ndim == 2 and queries[1].ndim == 2 and 1 in queries[0].shape and 1 in queries[1].shape):
            raise MatlabError("MATLAB:griddata:QuerySizeMismatch", "The query coordinates must have one size or "
                              "be a row and a column.")
        queries = list(np.meshgrid(queries[0].ravel(), queries[1].ravel()))
    if any(q.shape != queries[0].shape for q in queries):
        raise MatlabError("MATLAB:griddata:QuerySizeMismatch", "The query coordinates must have one size.")
    known = np.all(np.isfinite(np.stack(samples[:d], axis=1)), axis=1)     # points at NaN or Inf are left out
    scattered = Scattered("griddata", np.stack(samples[:d], axis=1)[known], samples[d][known])
    flat = np.stack([q.ravel(order="F") for q in queries], axis=1)
    out = scattered.interpolate(method, flat)
    if method != "v4":
        out = np.where(scattered.inside(flat), out, np.nan)
    result = to_value(out.reshape(queries[0].shape, order="F"))
    if nargout <= 1:
        return result
    if d == 3:
        raise MatlabError("MATLAB:TooManyOutputs", "Too many output arguments.")
    return (to_value(queries[0]), to_value(queries[1]), result)[:nargout]


# ----------------------------------------------------------------------------------------------------
# scatteredInterpolant

METHODS = ("linear", "nearest")
EXTRAPOLATIONS = ("linear", "nearest", "none")


def _choice(word: str | None, allowed: tuple[str, ...]) -> str:
    if word is not None and word.lower() == "natural":
        raise MatlabError("MATLAB:scatteredInterpolant:unsupportedMethod",
                          "scatteredInterpolant's 'natural' method is not supported: use 'linear' or 'nearest'.")
    if word is None or word.lower() not in allowed:
        raise MatlabError("MATLAB:scatteredInterpolant:BadMethod", f"'{word}' is not a supported method: use "
                          + ", ".join(f"'{m}'" for m in allowed) + ".")
    return word.lower()


class ScatteredInterpolant(HandleObject):
    """F = scatteredInterpolant(...): the samples, the method and the extrapolation method."""
    matlab_class = "scatteredInterpolant"

    def __init__(self, points: np.ndarray, values: np.ndarray, method: str, extrapolation: str) -> None:
        self.method, self.extrapolation = method, extrapolation
        self.scattered = Scattered("scatteredInterpolant", points, values)

    def evaluate(self, queries: np.ndarray) -> np.ndarray:
        out = self.scattered.interpolate(self.method, queries)
        outside = ~self.scattered.inside(queries)
        if not outside.any() or self.extrapolation == self.method == "nearest":
            return out
        if self.extrapolation == "none":
            extra = np.full(outside.sum(), np.nan)
        elif self.extrapolation == "nearest":
            extra = self.scattered.interpolate("nearest", queries[outside])
        else:
            extra = self.scattered.extend_linearly(queries[outside])
        out[outside] = extra
        return out

    # ---- the HandleObject protocol
    def index(self, args: list) -> Value:
        if not args:
            return self
        d = self.scattered.points.shape[1]
        if len(args) == 1 and type(args[0]) is CellArray:
            vectors = [_floats("scatteredInterpolant", v).ravel() for v in args[0].data.ravel(order="F")]
            if len(vectors) != d:
                raise MatlabError("MATLAB:scatteredInterpolant:BadGridQuery", f"Give {d} grid vectors.")
            mesh = np.meshgrid(*vectors, indexing="ij")
            return to_value(self.evaluate(np.stack([m.ravel() for m in mesh], axis=1)).reshape(mesh[0].shape))
        if len(args) == 1:
            q = _floats("scatteredInterpolant", args[0])
            if q.ndim != 2 or q.shape[1] != d:
                raise MatlabError("MATLAB:scatteredInterpolant:BadQuery",
                                  f"The query points must be an m-by-{d} matrix or {d} coordinate arrays.")
            return to_value(self.evaluate(q).reshape(-1, 1))
        coords = [_floats("scatteredInterpolant", a) for a in args]
        if len(coords) != d or any(c.shape != coords[0].shape for c in coords):
            raise MatlabError("MATLAB:scatteredInterpolant:BadQuery", f"Give {d} coordinate arrays of one size.")
        points = np.stack([c.ravel(order="F") for c in coords], axis=1)
        return to_value(self.evaluate(points).reshape(coords[0].shape, order="F"))

    def get_field(self, name: str) -> Value:
        if name == "Points":
            return to_value(self.scattered.points.copy())
        if name == "Values":
            return to_value(self.scattered.values.reshape(-1, 1).copy())
        if name == "Method":
            return char_row(self.method)
        if name == "ExtrapolationMethod":
            return char_row(self.extrapolation)
        return super().get_field(name)

    def assign(self, path: list, rhs: Value) -> "ScatteredInterpolant":
        kind, name = path[0]
        if kind != "." or len(path) > 1:
            return super().assign(path, rhs)
        if name == "Values":
            values = _floats("scatteredInterpolant", rhs).ravel(order="F")
            if values.size != self.scattered.points.shape[0]:
                raise MatlabError("MATLAB:scatteredInterpolant:ValuesSizeMismatch",
                                  "The number of values must match the number of sample points.")
            self.scattered.values = values
        elif name == "Points":
            points = _floats("scatteredInterpolant", rhs)
            self.scattered = Scattered("scatteredInterpolant", points, self.scattered.values)
        elif name == "Method":
            self.method = _choice(option_text(rhs), METHODS)
        elif name == "ExtrapolationMethod":
            self.extrapolation = _choice(option_text(rhs), EXTRAPOLATIONS)
        else:
            raise MatlabError("MATLAB:noPublicFieldForClass",
                              f"Unrecognized property '{name}' for class 'scatteredInterpolant'.")
        return self

    def property_texts(self) -> list[tuple[str, str]]:
        n, d = self.scattered.points.shape
        return [("Points", f"[{n}\u00d7{d} double]"), ("Values", f"[{n}\u00d71 double]"),
                ("Method", f"'{self.method}'"), ("ExtrapolationMethod", f"'{self.extrapolation}'")]


@builtin("scatteredInterpolant", family="numerical")
def scatteredInterpolant(*args: Value) -> Any:
    """F = scatteredInterpolant(x, y, v), scatteredInterpolant(x, y, z, v), scatteredInterpolant(P, v), scatteredInterpolant(..., method, extrapolationMethod)
    An interpolant of scattered data in two or three dimensions, as an object.

    The samples are the points (x, y) or (x, y, z) (or the rows of P) with the values v. Methods:
    'linear' (the default, on the Delaunay triangulation) and 'nearest'; outside the convex hull
    extrapolationMethod 'linear' (the default of 'linear': the boundary triangle's linear function
    extended), 'nearest' (the default of 'nearest') or 'none' (NaN). F(xq, yq), F(Pq) and F({xg, yg})
    evaluate it; F.Points, F.Values, F.Method and F.ExtrapolationMethod are its properties (settable).
    Repeated points are averaged; 'natural' is not supported.

        F = scatteredInterpolant([0 1 0 1]', [0 0 1 1]', [1 2 3 4]');  F(0.5, 0.5)    % 2.5
    """
    rest = list(args)
    words = []
    while rest and option_text(rest[-1]) is not None:
        words.insert(0, option_text(rest.pop()))
    if len(words) > 2 or len(rest) not in (2, 3, 4):
        raise MatlabError("MATLAB:scatteredInterpolant:BadArguments", "scatteredInterpolant takes the sample "
                          "points (x, y[, z] or P), the values, then a method and an extrapolation method.")
    method = _choice(words[0], METHODS) if words else "linear"
    extrapolation = _choice(words[1], EXTRAPOLATIONS) if len(words) > 1 else method
    arrays = [_floats("scatteredInterpolant", a) for a in rest]
    if len(arrays) == 2:
        points = arrays[0]
        if points.ndim != 2 or points.shape[1] not in (2, 3):
            raise MatlabError("MATLAB:scatteredInterpolant:InvalidPoints", "P must be an m-by-2 or m-by-3 matrix.")
    else:
        points = np.stack([a.ravel(order="F") for a in arrays[:-1]], axis=1) if all(
            a.size == arrays[0].size for a in arrays[:-1]) else None
        if points is None:
            raise MatlabError("MATLAB:scatteredInterpolant:InputSizeMismatch",
                              "The sample coordinates must have the same number of elements.")
    values = arrays[-1].ravel(order="F")
    if values.size != points.shape[0]:
        raise MatlabError("MATLAB:scatteredInterpolant:InputSizeMismatch",
                          "The number of values must match the number of sample points.")
    return ScatteredInterpolant(points, values, method, extrapolation)


@builtin("delaunayn", family="numerical")
def delaunayn(points: Value, options: Value | None = None) -> Value:
    """T = delaunayn(X) | T = delaunayn(X, options)  Delaunay triangulation of the points of n dimensions
    in the rows of X (m-by-n, n >= 2).

    Each row of T holds the indices of one simplex's n + 1 corners (a tetrahedron in 3-D), by Qhull with
    MATLAB's options {'Qt', 'Qbb', 'Qc'} ({'Qt', 'Qbb', 'Qc', 'Qx'} from 4-D), or the Qhull options given
    as a cell array of texts ({} or [] for the defaults); simplices of zero volume, which 'Qt' may leave
    where points are degenerate, are removed, as MATLAB's delaunayn does. The simplices' order may
    differ from MATLAB's; the triangulation is the same where it is unique.

        T = delaunayn([0 0 0; 1 0 0; 0 1 0; 0 0 1; 1 1 1])
    """
    X = _floats("delaunayn", points)
    if X.ndim != 2 or X.shape[1] < 2:
        raise MatlabError("MATLAB:delaunayn:InvalidInput", "X must be a matrix of at least 2 columns.")
    if not np.isfinite(X).all():
        raise MatlabError("MATLAB:delaunayn:InvalidInput", "The points must be finite.")
    dim = X.shape[1]
    words = ["Qt", "Qbb", "Qc"] + (["Qx"] if dim >= 4 else [])
    if options is not None and not (isinstance(options, (CellArray, np.ndarray)) and np.size(options) == 0):
        texts = [option_text(v) for v in options.data.ravel()] if isinstance(options, CellArray) else \
            [option_text(options)]
        if any(t is None for t in texts):
            raise MatlabError("MATLAB:delaunayn:InvalidOptions", "options must be a cell array of Qhull option texts.")
        words = [w for t in texts for w in t.split()]
    if len(np.unique(X, axis=0)) <= dim:
        return np.zeros((0, dim + 1))
    try:
        simplices = scipy.spatial.Delaunay(X, qhull_options=" ".join(words)).simplices
    except scipy.spatial.QhullError as err:
        raise MatlabError("MATLAB:delaunayn:qhullError", f"Qhull could not triangulate the points: "
                          f"{str(err).strip().splitlines()[0]}") from None
    corners = X[simplices]
    volumes = np.abs(np.linalg.det(corners[:, 1:] - corners[:, :1]))
    keep = volumes > np.finfo(np.float64).eps ** 0.8 * max(float(np.abs(X).max()), 1.0) ** dim
    return to_value((simplices[keep] + 1).astype(np.float64))


@builtin("delaunay", family="numerical")
def delaunay(*args: Value) -> Value:
    """T = delaunay(x, y), delaunay(x, y, z), delaunay(P)
    Delaunay triangulation of points in 2-D or 3-D.

    Each row of T holds the indices (into x, y or the rows of P) of one triangle's corners (in 3-D of a
    tetrahedron's), by Qhull as MATLAB; triangles are counterclockwise. Their order may differ from
    MATLAB's; the triangulation is the same where it is unique (no four points on a circle). Repeated
    points appear once (the first of them).

        T = delaunay([0 1 0 1], [0 0 1 1])    % two triangles of the unit square
    """
    if len(args) == 1:
        points = _floats("delaunay", args[0])
        if points.ndim != 2 or points.shape[1] not in (2, 3):
            raise MatlabError("MATLAB:delaunay:InvalidInput", "P must be a matrix of 2 or 3 columns.")
    elif len(args) in (2, 3):
        coords = [_floats("delaunay", a).ravel(order="F") for a in args]
        if any(c.size != coords[0].size for c in coords):
            raise MatlabError("MATLAB:delaunay:InvalidInput", "The coordinate vectors must be the same length.")
        points = np.column_stack(coords)
    else:
        raise MatlabError("MATLAB:delaunay:InvalidInput", "delaunay takes (x, y), (x, y, z) or (P).")
    if not np.isfinite(points).all():
        raise MatlabError("MATLAB:delaunay:InvalidInput", "The points must be finite.")
    dim = points.shape[1]
    _, first = np.unique(points, axis=0, return_index=True)
    kept = np.sort(first)
    if kept.size <= dim:
        return np.zeros((0, dim + 1))
    try:
        simplices = kept[scipy.spatial.Delaunay(points[kept]).simplices]
    except scipy.spatial.QhullError:            # all points on a line (a plane in 3-D): no triangles
        return np.zeros((0, dim + 1))
    if dim == 2:
        a, b, c = (points[simplices[:, k]] for k in range(3))
        clockwise = (b[:, 0] - a[:, 0]) * (c[:, 1] - a[:, 1]) - (b[:, 1] - a[:, 1]) * (c[:, 0] - a[:, 0]) < 0
        simplices[clockwise] = simplices[clockwise][:, [0, 2, 1]]
    return to_value((simplices + 1).astype(np.float64))

