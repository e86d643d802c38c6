"""griddedInterpolant: interpolation of gridded data in any number of dimensions, as an object.

``F = griddedInterpolant(...)`` is a handle object (values.HandleObject) over a full grid in ndgrid form:
``F(xq)``, ``F(x1q, x2q, ...)`` and ``F({g1, g2, ...})`` evaluate it, ``F.Values``, ``F.GridVectors``,
``F.Method`` and ``F.ExtrapolationMethod`` read its properties and ``F.Values = V`` (and the two methods)
change them. Methods 'linear' (default) and 'pchip' go through scipy's RegularGridInterpolator,
'nearest' is computed here (a point halfway between grid points takes the upper one, as in MATLAB), 'spline' (the tensor-product not-a-knot cubic spline, at least four points per
dimension) through gridded.tensor_spline, 'makima' through Akima1DInterpolator in one dimension. Points outside the grid are extrapolated by the
ExtrapolationMethod (by default the Method; 'none' gives NaN, 'nearest' the nearest grid value).
The cubic methods of values holding NaN or Inf give NaN everywhere (scipy fits only finite values).
"""
from __future__ import annotations

from typing import Any

import numpy as np
import scipy

from ..device import DeviceArray
from ..errors import MatlabError
from ..semantics import to_value
from ..values import CellArray, HandleObject, Value
from .gridded import tensor_spline
from .registry import builtin
from .sizes import numeric_array, option_text
from .textutil import char_row

METHODS = ("linear", "nearest", "pchip", "spline", "makima")
EXTRAPOLATIONS = METHODS + ("none",)
SCIPY_METHOD = {"linear": "linear", "pchip": "pchip"}


def _method(word: str | None, allowed: tuple[str, ...]) -> str:
    if word is None or word.lower() not in allowed:
        raise MatlabError("MATLAB:griddedInterpolant:BadMethod", f"'{word}' is not a supported method: use "
                          + ", ".join(f"'{m}'" for m in allowed) + ".")
    return word.lower()


def _floats(value: Value) -> np.ndarray:
    if isinstance(value, DeviceArray):          # query points F(xq) may be gpuArrays: F works on the host
        value = value.gather()
    arr = numeric_array(value, "griddedInterpolant")
    if np.iscomplexobj(arr):
        raise MatlabError("MATLAB:griddedInterpolant:ComplexData", "The grid and the values must be real.")
    return arr.astype(np.float64)


def _nearest_index(grid: np.ndarray, q: np.ndarray) -> np.ndarray:
    """Index of the grid point nearest to each q in [grid[0], grid[-1]], ties going up (scipy's
    'nearest' sends them down)."""
    k = np.clip(np.searchsorted(grid, q, side="right") - 1, 0, grid.size - 2)
    return k + (q - grid[k] >= (grid[k + 1] - grid[k]) / 2)


class GriddedInterpolant(HandleObject):
    """One interpolant: ``grid`` (a vector per dimension), ``values`` and the two methods."""
    matlab_class = "griddedInterpolant"

    def __init__(self, grid: list[np.ndarray], values: np.ndarray, method: str, extrapolation: str) -> None:
        self.grid, self.method, self.extrapolation = grid, method, extrapolation
        self.values = self._checked(values)

    def _checked(self, values: np.ndarray) -> np.ndarray:
        shape = tuple(g.size for g in self.grid)
        data = values.reshape(-1) if len(shape) == 1 else values
        if data.shape != shape:
            raise MatlabError("MATLAB:griddedInterpolant:GridValuesMismatch",
                              "The size of the values must match the sizes of the grid vectors.")
        if self.method == "spline" and min(shape) < 4:
            raise MatlabError("MATLAB:griddedInterpolant:SplineTooFewPoints",
                              "'spline' needs at least four grid points in each dimension.")
        return data

    # ---- evaluation
    def evaluate(self, points: np.ndarray) -> np.ndarray:
        """Values at points (one row per point, one column per dimension)."""
        lows = np.array([g[0] for g in self.grid])
        highs = np.array([g[-1] for g in self.grid])
        outside = np.any((points < lows) | (points > highs), axis=1)
        inside = self._interpolate(self.method, np.clip(points, lows, highs))
        if not outside.any():
            return inside
        if self.extrapolation == "none":
            extra = np.full(points.shape[0], np.nan)
        elif self.extrapolation == "nearest":
            extra = self._interpolate("nearest", np.clip(points, lows, highs))
        else:
            extra = self._interpolate(self.extrapolation, points)
        return np.where(outside, extra, inside)

    def _interpolate(self, method: str, points: np.ndarray) -> np.ndarray:
        if method not in ("linear", "nearest") and not np.isfinite(self.values).all():
            return np.full(points.shape[0], np.nan)     # a NaN or Inf value leaves no cubic through the grid
        if method == "makima":
            if len(self.grid) != 1:
                raise MatlabError("MATLAB:griddedInterpolant:MakimaDims", "'makima' is supported in one dimension.")
            curve = scipy.interpolate.Akima1DInterpolator(self.grid[0], self.values, method="makima",
                                                          extrapolate=True)
            return curve(points[:, 0])
        if method == "spline":
            return tensor_spline(tuple(self.grid), self.values)(points)
        if method == "nearest":                 # a point halfway between grid points takes the upper one
            return self.values[tuple(_nearest_index(g, points[:, d]) for d, g in enumerate(self.grid))]
        surface = scipy.interpolate.RegularGridInterpolator(tuple(self.grid), self.values,
                                                            method=SCIPY_METHOD[method], bounds_error=False,
                                                            fill_value=None)
        return surface(points)

    # ---- the HandleObject protocol: F(...), F.name, F.name = v
    def index(self, args: list) -> Value:
        if not args:
            return self
        n = len(self.grid)
        if len(args) == 1 and type(args[0]) is CellArray:
            vectors = [_floats(v).ravel() for v in args[0].data.ravel(order="F")]
            if len(vectors) != n:
                raise MatlabError("MATLAB:griddedInterpolant:BadGridQuery", f"Give {n} grid vectors.")
            mesh = np.meshgrid(*vectors, indexing="ij")
            out = self.evaluate(np.stack([m.ravel() for m in mesh], axis=1)).reshape(mesh[0].shape)
            return to_value(out if out.ndim > 1 else out.reshape(-1, 1))
        if len(args) == 1:
            q = _floats(args[0])
            if n == 1:
                return to_value(self.evaluate(q.reshape(-1, 1, order="F")).reshape(q.shape, order="F"))
            if q.ndim != 2 or q.shape[1] != n:
                raise MatlabError("MATLAB:griddedInterpolant:BadQuery",
                                  f"The query points must be an m-by-{n} matrix, {n} arrays or a cell of grid vectors.")
            return to_value(self.evaluate(q).reshape(-1, 1))
        if len(args) != n:
            raise MatlabError("MATLAB:griddedInterpolant:BadQuery", f"Give {n} coordinate arrays.")
        coords = [_floats(a) for a in args]
        if any(c.shape != coords[0].shape for c in coords):
            raise MatlabError("MATLAB:griddedInterpolant:QuerySizeMismatch", "The coordinate arrays must have one size.")
        points = np.stack([c.ravel(order="F") for c in coords], axis=1)
        return to_value(self.evaluate(points).reshape(coords[0].shape, order="F"))

    def get_field(self, name: str) -> Value:
        if name == "GridVectors":
            data = np.empty((1, len(self.grid)), dtype=object)
            for k, g in enumerate(self.grid):
                data[0, k] = to_value(g.reshape(1, -1))
            return CellArray(data)
        if name == "Values":
            return to_value(self.values.reshape(-1, 1) if len(self.grid) == 1 else self.values)
        if name == "Method":
            return char_row(self.method)
        if name == "ExtrapolationMethod":
            return char_row(self.extrapolation)
        return super().get_field(name)

    def assign(self, path: list, rhs: Value) -> "GriddedInterpolant":
        kind, name = path[0]
        if kind != "." or len(path) > 1:
            return super().assign(path, rhs)
        if name == "Values":
            self.values = self._checked(_floats(rhs))
        elif name in ("Method", "ExtrapolationMethod"):
            word = _method(option_text(rhs), METHODS if name == "Method" else EXTRAPOLATIONS)
            setattr(self, "method" if name == "Method" else "extrapolation", word)
        else:
            raise MatlabError("MATLAB:noPublicFieldForClass",
                              f"Unrecognized property '{name}' for class 'griddedInterpolant'.")
        return self

    def property_texts(self) -> list[tuple[str, str]]:
        sizes = "\u00d7".join(str(n) for n in np.shape(self.get_field("Values")))
        return [("GridVectors", f"{{1\u00d7{len(self.grid)} cell}}"), ("Values", f"[{sizes} double]"),
                ("Method", f"'{self.method}'"), ("ExtrapolationMethod", f"'{self.extrapolation}'")]


def _grid_of(arrays: list[np.ndarray], values: np.ndarray) -> list[np.ndarray]:
    """Grid vectors from vectors or from full ndgrid arrays (vector k varies along dimension k)."""
    grid = []
    for k, arr in enumerate(arrays):
        if arr.ndim == 2 and 1 in arr.shape:
            vec = arr.ravel()
        elif arr.size and k < arr.ndim:
            vec = np.moveaxis(arr, k, 0).reshape(arr.shape[k], -1)[:, 0]
        else:                                   # empty, or no dimension k: no grid vector
            vec = np.zeros(0)
        if vec.size < 2 or not np.all(np.diff(vec) > 0):     # NaN differences fail too
            raise MatlabError("MATLAB:griddedInterpolant:NonMonotonicCompVecs",
                              "The grid vectors must be strictly increasing, with at least two points each.")
        grid.append(vec)
    return grid


@builtin("griddedInterpolant", family="numerical")
def griddedInterpolant(*args: Value) -> Any:
    """F = griddedInterpolant(x, v), griddedInterpolant(X1, X2, ..., V), griddedInterpolant({x1, x2, ...}, V),
    griddedInterpolant(V), griddedInterpolant(..., method, extrapolationMethod)  an interpolant of gridded data.

    The grid is given by a vector per dimension ({x1, x2}), by full ndgrid arrays, or is 1:n along each
    dimension of V; V holds the values (size numel(x1)-by-numel(x2)...). Methods: 'linear' (default),
    'nearest', 'pchip', 'spline' and, in one dimension, 'makima'; extrapolation by the method unless
    extrapolationMethod says otherwise ('none' gives NaN). F(xq), F(x1q, x2q, ...) and F({g1, g2})
    evaluate it; F.Values, F.GridVectors, F.Method, F.ExtrapolationMethod are its properties.

        F = griddedInterpolant([1 2 3], [10 20 40]);  F(2.5)    % 30
    """
    rest = list(args)
    words = []
    while rest and option_text(rest[-1]) is not None:
        words.insert(0, option_text(rest.pop()))
    if len(words) > 2 or not rest:
        raise MatlabError("MATLAB:griddedInterpolant:BadArguments",
                          "griddedInterpolant takes the grid, the values, then a method and an extrapolation method.")
    method = _method(words[0], METHODS) if words else "linear"
    extrapolation = _method(words[1], EXTRAPOLATIONS) if len(words) > 1 else method
    values = _floats(rest.pop())
    if not rest:
        shape = (values.size,) if values.ndim == 2 and 1 in values.shape else values.shape
        grid = [np.arange(1.0, n + 1) for n in shape]
    elif len(rest) == 1 and type(rest[0]) is CellArray:
        grid = _grid_of([_floats(v) for v in rest[0].data.ravel(order="F")], values)
    else:
        grid = _grid_of([_floats(v) for v in rest], values)
    return GriddedInterpolant(grid, values, method, extrapolation)
