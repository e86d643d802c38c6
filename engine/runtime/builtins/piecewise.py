"""Piecewise polynomials: mkpp unmkpp ppval spline pchip makima.

A piecewise polynomial is MATLAB's struct with fields form ('pp'), breaks (a row), coefs (one row per
piece and component, highest power first, in the local variable x - breaks(j)), pieces, order and dim.
Row (j-1)*dim + i of coefs holds component i on piece j. spline is the not-a-knot cubic spline (one piece
through two or three points: the line or the parabola), clamped when y has two values more than x (the first and
last are the end slopes); pchip has MATLAB's shape-preserving Fritsch-Carlson slopes and makima the
modified Akima slopes (scipy's PchipInterpolator and Akima1DInterpolator). Values of y along the last
dimension belong to the points of x (a d-by-n y is a curve in d dimensions). ppval evaluates outside
the breaks with the end pieces.
"""
from __future__ import annotations

import numpy as np
import scipy

from ..context import CallContext
from ..errors import MatlabError
from ..semantics import to_value
from ..values import CharArray, StructArray, Value
from .arguments import real_array
from .registry import builtin

FIELDS = ("form", "breaks", "coefs", "pieces", "order", "dim")


def make_pp(breaks: np.ndarray, coefs: np.ndarray, dim: int) -> StructArray:
    """The pp struct of breaks (n + 1 values) and coefs ((n * dim) rows, order columns)."""
    return StructArray.scalar({"form": CharArray.from_str("pp"), "breaks": to_value(breaks.reshape(1, -1)),
                               "coefs": to_value(coefs), "pieces": float(breaks.size - 1),
                               "order": float(coefs.shape[1]), "dim": float(dim)})


def _pp_parts(fname: str, pp: Value) -> tuple[np.ndarray, np.ndarray, int]:
    """(breaks, coefs, dim) of a pp struct."""
    if type(pp) is not StructArray or pp.data.size != 1 or not set(FIELDS) <= set(pp.fields):
        raise MatlabError(f"MATLAB:{fname}:notPP", "The input must be a piecewise polynomial structure "
                          "(from mkpp, spline or pchip).")
    fields = pp.data.flat[0]
    breaks = real_array(fname, fields["breaks"]).ravel().astype(np.float64)
    coefs = np.asarray(real_array(fname, fields["coefs"]), dtype=np.float64)
    dim = int(real_array(fname, fields["dim"]).ravel()[0])
    return breaks, coefs.reshape(coefs.shape[0], -1), dim


@builtin("mkpp", family="numerical")
def mkpp(breaks: Value, coefs: Value, d: Value | None = None) -> Value:
    """pp = mkpp(breaks, coefs), mkpp(breaks, coefs, d)  make a piecewise polynomial from its breaks and
    coefficients.

    breaks holds the L + 1 increasing ends of the L pieces; coefs has L*d rows (d components, default
    1) of coefficients, highest power first, in the local variable x - breaks(j). The struct has fields
    form, breaks, coefs, pieces, order and dim.

        pp = mkpp([0 1 2], [1 0; -1 1]);  ppval(pp, [0.5 1.5])    % 0.5 0.5
    """
    edges = real_array("mkpp", breaks).ravel(order="F").astype(np.float64)
    dim = 1 if d is None else real_array("mkpp", d).ravel()
    if d is not None:
        if dim.size != 1 or not 1 <= dim[0] < np.inf or dim[0] != np.floor(dim[0]):
            raise MatlabError("MATLAB:mkpp:unsupportedDim", "mkpp supports a positive integer scalar d.")
        dim = int(dim[0])
    pieces = edges.size - 1
    if pieces < 1 or np.any(np.diff(edges) <= 0):
        raise MatlabError("MATLAB:mkpp:BreaksNotIncreasing",
                          "The breaks must be at least two strictly increasing values.")
    values = np.asarray(real_array("mkpp", coefs), dtype=np.float64)
    rows = dim * pieces
    if values.size == 0 or values.size % rows:
        raise MatlabError("MATLAB:mkpp:PPNumberMismatchCoeffs",
                          f"The number of coefficients ({values.size}) is not a multiple of the number of "
                          f"pieces times the dimension ({rows}).")
    return make_pp(edges, values.reshape((rows, values.size // rows), order="F"), dim)


@builtin("unmkpp", family="numerical")
def unmkpp(pp: Value, *, nargout: int = 1):
    """[breaks, coefs, l, k, d] = unmkpp(pp)  the parts of a piecewise polynomial.

    breaks, coefs, the number of pieces l, the order k and the dimension d (see mkpp).

        [b, c, l, k] = unmkpp(spline(0:2, [0 1 0]))    % l = 2, k = 4
    """
    breaks, coefs, dim = _pp_parts("unmkpp", pp)
    outs = (to_value(breaks.reshape(1, -1)), to_value(coefs), float(breaks.size - 1), float(coefs.shape[1]),
            float(dim))
    return outs[:max(nargout, 1)] if nargout > 1 else outs[0]


def evaluate(breaks: np.ndarray, coefs: np.ndarray, dim: int, xq: np.ndarray) -> np.ndarray:
    """Values at the points xq (flat) as a dim-by-numel(xq) array (NaN at NaN points)."""
    pieces = breaks.size - 1
    k = np.clip(np.searchsorted(breaks, xq, side="right") - 1, 0, pieces - 1)
    local = xq - breaks[k]
    out = np.zeros((dim, xq.size))
    for i in range(dim):
        rows = coefs[k * dim + i]
        acc = np.zeros(xq.size)
        for power in range(coefs.shape[1]):
            acc = acc * local + rows[:, power]
        out[i] = acc
    out[:, np.isnan(xq)] = np.nan
    return out


def _shaped(values: np.ndarray, dim: int, xq: np.ndarray) -> Value:
    """ppval's result shape: size(xq) for dim 1, else [dim, numel(xq)] for a vector xq, [dim size(xq)]."""
    if dim == 1:
        return to_value(values.reshape(xq.shape, order="F"))
    if xq.ndim == 2 and 1 in xq.shape:
        return to_value(values)
    return to_value(values.reshape((dim,) + xq.shape, order="F"))


@builtin("ppval", family="numerical")
def ppval(pp: Value, xq: Value) -> Value:
    """v = ppval(pp, xq)  values of a piecewise polynomial at the points xq.

    Points outside the breaks use the first or last piece. For a scalar-valued pp, v has the size of
    xq; for dimension d, v is d-by-numel(xq) for a vector xq (else d-by-size(xq)).

        ppval(spline(0:3, [0 1 8 27]), 1.5)    % 3.375
    """
    breaks, coefs, dim = _pp_parts("ppval", pp)
    points = real_array("ppval", xq)
    return _shaped(evaluate(breaks, coefs, dim, points.ravel(order="F").astype(np.float64)), dim, points)


def _samples(fname: str, x: Value, y: Value, extra: int = 0) -> tuple[np.ndarray, np.ndarray, tuple]:
    """(x sorted, values with one row per point and one column per component, shape of one value):
    y's last dimension runs along x (a vector y: one component); ``extra`` more values are allowed."""
    xs = real_array(fname, x).ravel(order="F").astype(np.float64)
    ys = np.asarray(real_array(fname, y), dtype=np.float64)
    if ys.size == 0:
        raise MatlabError(f"MATLAB:{fname}:NotEnoughPts", "There should be at least two data points.")
    if ys.ndim == 2 and 1 in ys.shape:
        comp_shape, table = (), ys.reshape(-1, 1, order="F")
    else:
        comp_shape = ys.shape[:-1]
        table = ys.reshape(-1, ys.shape[-1], order="F").T
    if table.shape[0] not in (xs.size, xs.size + extra):
        raise MatlabError(f"MATLAB:{fname}:XYLengthMismatch",
                          "The number of sites, x, must equal the number of values in y" +
                          (" (or two more, the end slopes)." if extra else "."))
    if xs.size < 2:
        raise MatlabError(f"MATLAB:{fname}:NotEnoughPts", "There should be at least two data points.")
    order = np.argsort(xs, kind="stable")
    if np.any(np.diff(xs[order]) == 0):
        raise MatlabError(f"MATLAB:{fname}:RepeatedSites", "The data sites should be distinct.")
    if table.shape[0] == xs.size:
        table = table[order]
    return xs[order], table, comp_shape


def _without_nan_sites(ctx: CallContext, fname: str, xs: np.ndarray,
                       table: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """MATLAB (chckxy) ignores the data points whose value has a NaN, with a warning; an infinite value
    leaves no finite interpolant, which MATLAB does not define either: an error."""
    sites = table[1:-1] if table.shape[0] == xs.size + 2 else table
    nan = np.isnan(sites).any(axis=1)
    if nan.any():
        ctx.warn("MATLAB:chckxy:IgnoreNaN", "All data points with NaN in their value will be ignored.")
        keep = np.flatnonzero(~nan) + (table.shape[0] - sites.shape[0]) // 2
        rows = np.concatenate([[0], keep, [table.shape[0] - 1]]) if sites is not table else keep
        xs, table = xs[~nan], table[rows]
        if xs.size < 2:
            raise MatlabError(f"MATLAB:{fname}:NotEnoughPts", "There should be at least two data points.")
    if not np.isfinite(table).all():
        raise MatlabError(f"MATLAB:{fname}:InfValues", f"{fname} needs finite values of y (or NaN, ignored).")
    return xs, table


def _pp_of(poly, dim: int) -> StructArray:
    """The pp struct of a scipy piecewise polynomial over (pieces, components)."""
    c = np.asarray(poly.c).reshape(poly.c.shape[0], poly.c.shape[1], dim)
    return make_pp(np.asarray(poly.x), c.transpose(1, 2, 0).reshape(-1, c.shape[0]), dim)


def _fit(ctx: CallContext, fname: str, args: tuple[Value, ...], build) -> Value:
    """spline / pchip / makima: the pp of (x, y), or with xq its values there."""
    if len(args) not in (2, 3):
        raise MatlabError("MATLAB:narginchk:notEnoughInputs" if len(args) < 2 else "MATLAB:TooManyInputs",
                          "Not enough input arguments." if len(args) < 2 else "Too many input arguments.")
    xs, table, comp_shape = _samples(fname, args[0], args[1], 2 if fname == "spline" else 0)
    xs, table = _without_nan_sites(ctx, fname, xs, table)
    try:
        with np.errstate(over="ignore", invalid="ignore"):
            fitted = build(xs, table)
    except ValueError:                          # scipy: slopes past realmax (values near it)
        fitted = None
    if fitted is None or not np.isfinite(fitted.c).all():
        raise MatlabError(f"MATLAB:{fname}:InfValues", f"{fname} needs finite values of y (or NaN, ignored).")
    pp = _pp_of(fitted, table.shape[1])
    if len(args) == 2:
        return pp
    breaks, coefs, dim = _pp_parts(fname, pp)
    points = real_array(fname, args[2])
    values = evaluate(breaks, coefs, dim, points.ravel(order="F").astype(np.float64))
    if not comp_shape:
        return to_value(values.reshape(points.shape, order="F"))
    if points.ndim == 2 and 1 in points.shape:
        return to_value(values.reshape(comp_shape + (points.size,), order="F"))
    return to_value(values.reshape(comp_shape + points.shape, order="F"))


def _spline(xs: np.ndarray, table: np.ndarray) -> scipy.interpolate.PPoly:
    if table.shape[0] == xs.size + 2:
        return scipy.interpolate.CubicSpline(xs, table[1:-1], bc_type=((1, table[0]), (1, table[-1])))
    if xs.size <= 3:        # MATLAB: one piece, the line or parabola through the points (divided differences)
        slopes = np.diff(table, axis=0) / np.diff(xs)[:, None]
        if xs.size == 2:
            return scipy.interpolate.PPoly(np.stack([slopes[0], table[0]])[:, None, :], xs)
        curve = (slopes[1] - slopes[0]) / (xs[2] - xs[0])
        c = np.stack([curve, slopes[0] - curve * (xs[1] - xs[0]), table[0]])
        return scipy.interpolate.PPoly(c[:, None, :], xs[[0, 2]])
    return scipy.interpolate.CubicSpline(xs, table, bc_type="not-a-knot")


@builtin("spline", family="numerical")
def spline(ctx: CallContext, *args: Value) -> Value:
    """pp = spline(x, y), yq = spline(x, y, xq)  cubic spline interpolation.

    The not-a-knot cubic spline through the points (x, y) (a line through two points, a parabola
    through three), or the clamped spline when y has two values more than x: y(1) and y(end) are then
    the slopes at the ends. A d-by-n y gives a spline curve in d dimensions. With xq, the values there
    (extrapolated with the end pieces), else the piecewise polynomial for ppval.

        spline(0:3, [0 1 8 27], 1.5)    % 3.375
    """
    return _fit(ctx, "spline", args, _spline)


@builtin("pchip", family="numerical")
def pchip(ctx: CallContext, *args: Value) -> Value:
    """pp = pchip(x, y), yq = pchip(x, y, xq)  shape-preserving piecewise cubic Hermite interpolation.

    Slopes by MATLAB's Fritsch-Carlson rule, so the interpolant does not overshoot the data and is
    monotone where the data are; the forms of spline (without end slopes).

        pchip(1:4, [1 2 2 3], 2.5)    % 2
    """
    return _fit(ctx, "pchip", args, lambda xs, table: scipy.interpolate.PchipInterpolator(xs, table))


@builtin("makima", family="numerical")
def makima(ctx: CallContext, *args: Value) -> Value:
    """pp = makima(x, y), yq = makima(x, y, xq)  modified Akima piecewise cubic Hermite interpolation.

    Slopes by the modified Akima rule: less wiggle than spline, without pchip's flattening at local
    extrema; the forms of spline (without end slopes). Two points give a line.

        makima(1:5, [1 2 4 2 1], 2.5)
    """
    return _fit(ctx, "makima", args, lambda xs, table: scipy.interpolate.Akima1DInterpolator(
        xs, table, method="makima"))
