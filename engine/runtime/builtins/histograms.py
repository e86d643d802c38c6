"""Binning and grouping data: histcounts histcounts2 histc discretize accumarray.

Bins are half-open, edges(k) <= x < edges(k+1), and the last bin also holds its right edge (histc instead
counts x == edges(end) in a bin of its own). histcounts and discretize choose "nice" uniform edges as
MATLAB's binpicker does: a bin count given picks a width of few significant digits with the left edge at
a multiple of it; without one, integer data spanning at most 50 get one bin per integer (edges at the
halves) and other data a bin width from Scott's rule, 3.5*std(x)/numel(x)^(1/3), rounded to 1, 2, 3, 5
or 10 times a power of ten.
"""
from __future__ import annotations

import numpy as np

from ..categoricals import CategoricalArray
from ..context import CallContext
from ..errors import MatlabError
from ..semantics import cast_result, result_class, to_value
from ..values import CellArray, FunctionHandle, Value, class_of, simplify, size_of
from .elementwise import ANY_NUMERIC, check_classes
from .arguments import leading_positional, match_name, name_values, real_array
from .registry import builtin
from .sizes import (along_axis, check_size, dim_arg, first_nonsingleton, integer_values, is_text, numeric_array,
                    option_text)
from .textutil import cell_value, texts_of

NORMALIZATIONS = ("count", "probability", "percentage", "countdensity", "pdf", "cumcount", "cdf")


def _edges_vector(fname: str, value: Value) -> np.ndarray:
    edges = real_array(fname, value).ravel(order="F").astype(np.float64)
    if edges.size < 1 or np.any(np.diff(edges) < 0) or np.any(np.isnan(edges)):
        raise MatlabError(f"MATLAB:{fname}:InvalidEdges",
                          "Bin edges must be a vector that is real, numeric and monotonically nondecreasing.")
    return edges


def _bin_count(fname: str, value: Value) -> int:
    counts = integer_values(value, fname)
    if len(counts) != 1 or counts[0] < 1:
        raise MatlabError(f"MATLAB:{fname}:InvalidNumBins", "Number of bins must be a positive integer.")
    return check_size((1, counts[0] + 1))[1] - 1      # the edges


def binpicker(xmin: float, xmax: float, nbins: int | None, raw_width: float) -> np.ndarray:
    """MATLAB's nice uniform edges covering [xmin, xmax]: ``nbins`` of them, or as many of a width
    near ``raw_width`` as needed (nbins None)."""
    scale = max(abs(xmin), abs(xmax))
    span = xmax - xmin
    if not np.isfinite(raw_width):                  # std(x) overflowed: a quarter of the range
        raw_width = xmax / 4 - xmin / 4
    raw_width = max(raw_width, float(np.spacing(scale)))
    if span > max(np.sqrt(np.spacing(scale)), np.finfo(np.float64).tiny):
        power = 10.0 ** np.floor(np.log10(raw_width))
        relative = raw_width / power
        if nbins is None:
            width = power * next(m for limit, m in ((1.5, 1), (2.5, 2), (4, 3), (7.5, 5), (np.inf, 10))
                                 if relative < limit)
            left = max(min(width * np.floor(xmin / width), xmin), -np.finfo(np.float64).max)
            count = _bins_to_cover(left, xmax, width)
        else:
            width = power * np.floor(relative)
            left = max(min(width * np.floor(xmin / width), xmin), -np.finfo(np.float64).max)
            if nbins > 1:
                low, high = xmax / nbins - left / nbins, xmax / (nbins - 1) - left / (nbins - 1)
                step = 10.0 ** np.floor(np.log10(high - low))
                width = step * np.ceil(low / step) if np.isfinite(step) else low
            count = nbins
        right = min(max(left + count * width, xmax), np.finfo(np.float64).max)
    else:                                           # nearly constant data: bins centred on it
        count = nbins or 1
        spread = max(1.0, np.ceil(count * np.spacing(scale)))
        left, right = np.floor(2 * (xmin - spread / 4)) / 2, np.ceil(2 * (xmax + spread / 4)) / 2
        width = (right - left) / count
    if not np.isfinite(width):
        return np.linspace(left, right, count + 1)
    return np.concatenate([[left], left + np.arange(1, count) * width, [right]])


def auto_edges(x: np.ndarray, dims: int = 1) -> np.ndarray:
    """histcounts' automatic edges for the finite values ``x`` (one dimension of histcounts2's data when
    ``dims`` is 2: Scott's rule in d dimensions divides by n^(1/(2+d)))."""
    if x.size == 0:
        return np.array([0.0, 1.0])
    xmin, xmax = float(x.min()), float(x.max())
    if np.all(x == np.round(x)) and xmax - xmin <= 50:
        return np.arange(np.round(xmin) - 0.5, np.round(xmax) + 1.0)
    spread = 3.5 * float(np.std(x, ddof=1 if x.size > 1 else 0))
    return binpicker(xmin, xmax, None, spread / x.size ** (1 / (2 + dims)))


def _count_edges(x: np.ndarray, nbins: int) -> np.ndarray:
    if x.size == 0:
        return np.linspace(0.0, 1.0, nbins + 1)
    xmin, xmax = float(x.min()), float(x.max())
    return binpicker(xmin, xmax, nbins, (xmax - xmin) / nbins)


def bin_index(x: np.ndarray, edges: np.ndarray, right: bool = False) -> np.ndarray:
    """1-based bin of each x (0 outside the edges or NaN); the last bin holds its right edge (with
    ``right``, bins hold their right edges and the first bin its left edge)."""
    nbins = edges.size - 1
    if nbins < 1:
        return np.zeros(x.shape, dtype=np.int64)
    if right:
        k = np.searchsorted(edges, x, side="left")
        k = np.where(x == edges[0], 1, k)
    else:
        k = np.searchsorted(edges, x, side="right")
        k = np.where(x == edges[-1], nbins, k)
    inside = (x >= edges[0]) & (x <= edges[-1])
    return np.where(inside, np.clip(k, 1, nbins), 0)


MAX_BINS = 65536      # histcounts' most bins for a given BinWidth (MATLAB's documented limit)
HISTCOUNTS_OPTIONS = ("BinWidth", "BinLimits", "Normalization", "NumBins", "BinEdges", "BinMethod")


def histcounts_edges(x: np.ndarray, positional: tuple[Value, ...], opts: dict[str, Value],
                     fname: str = "histcounts", dims: int = 1) -> np.ndarray:
    """The bin edges of histcounts (and histogram) for the data x, an nbins or edges argument and the
    BinEdges, BinLimits, NumBins, BinWidth and BinMethod options (``dims`` 2: one dimension of
    histcounts2)."""
    finite = x[np.isfinite(x)]
    if positional:
        spec = numeric_array(positional[0], fname)
        if spec.size == 1:
            opts = {**opts, "NumBins": positional[0]}
        else:
            opts = {**opts, "BinEdges": positional[0]}
    if "BinMethod" in opts and not is_text(opts["BinMethod"], "auto"):
        raise MatlabError(f"MATLAB:{fname}:InvalidBinMethod",
                          f"{fname} supports 'BinMethod' 'auto' only; give 'NumBins' or 'BinWidth' instead.")
    if "BinEdges" in opts:
        return _edges_vector(fname, opts["BinEdges"])
    if "BinLimits" in opts:
        limits = real_array(fname, opts["BinLimits"]).ravel().astype(np.float64)
        if limits.size != 2 or not limits[0] <= limits[1]:
            raise MatlabError(f"MATLAB:{fname}:InvalidBinLimits",
                              "Bin limits must be a 2-element vector of increasing values.")
        finite = finite[(finite >= limits[0]) & (finite <= limits[1])]
        if "NumBins" in opts:
            return np.linspace(limits[0], limits[1], _bin_count(fname, opts["NumBins"]) + 1)
        if "BinWidth" not in opts:
            raise MatlabError(f"MATLAB:{fname}:BinLimitsAlone",
                              f"{fname} supports 'BinLimits' together with 'NumBins' or 'BinWidth'.")
        width = _bin_width(fname, opts["BinWidth"], limits[0], limits[1])
        count = _bins_to_cover(limits[0], limits[1], width)
        return np.concatenate([limits[0] + np.arange(count) * width, [limits[1]]])
    if "NumBins" in opts:
        return _count_edges(finite, _bin_count(fname, opts["NumBins"]))
    if "BinWidth" in opts:
        if finite.size == 0:
            return np.array([0.0, _bin_width(fname, opts["BinWidth"], 0.0, 0.0)])
        low, high = float(finite.min()), float(finite.max())
        width = _bin_width(fname, opts["BinWidth"], low, high)
        left = width * np.floor(low / width)
        count = min(_bins_to_cover(left, high, width), MAX_BINS)
        with np.errstate(over="ignore"):        # a range past realmax: the last edges stop at realmax
            edges = np.concatenate([left + np.arange(count) * width, [max(left + count * width, high)]])
        return np.minimum(edges, np.finfo(np.float64).max)
    return auto_edges(finite, dims)


def _bins_to_cover(low: float, high: float, width: float) -> int:
    span = high - low
    return max(1, int(np.ceil(span / width if np.isfinite(span) else high / width - low / width)))


def _bin_width(fname: str, value: Value, low: float, high: float) -> float:
    """The BinWidth option for data in [low, high]: as MATLAB documents, a width that would need more than
    MAX_BINS bins is widened to the width of MAX_BINS bins."""
    width = numeric_array(value, fname).ravel()
    if width.size != 1 or not width[0] > 0 or not np.isfinite(width[0]):
        raise MatlabError(f"MATLAB:{fname}:InvalidBinWidth", "Bin width must be a finite positive scalar.")
    return max(float(width[0]), high / MAX_BINS - low / MAX_BINS)


def _normalize_counts(counts: np.ndarray, edges: np.ndarray, total: int, how: str) -> np.ndarray:
    widths = np.diff(edges)
    with np.errstate(all="ignore"):
        return {"count": lambda: counts, "cumcount": lambda: np.cumsum(counts),
                "probability": lambda: counts / total, "percentage": lambda: 100 * counts / total,
                "countdensity": lambda: counts / widths, "pdf": lambda: counts / total / widths,
                "cdf": lambda: np.cumsum(counts / total)}[how]()


@builtin("histcounts", family="data")
def histcounts(x: Value, *args: Value, nargout: int = 1) -> Value:
    """[N, edges, bin] = histcounts(X), histcounts(X, nbins), histcounts(X, edges), histcounts(..., Name, Value)
    Histogram bin counts.

    Counts the elements of X in bins: automatic nice uniform bins, nbins of them, or the given edges
    (x in bin k when edges(k) <= x < edges(k+1); the last bin also holds edges(end)). Options
    'BinWidth', 'BinLimits' (with 'NumBins' or 'BinWidth'), 'NumBins', 'BinEdges', and 'Normalization'
    ('count', 'probability', 'percentage', 'countdensity', 'pdf', 'cumcount', 'cdf'). bin gives each
    element's bin (0 for none). NaN elements are not counted.

        [N, edges] = histcounts([2 3 5 7 11 13 17 19 23 29], 6)   % N = 2 2 2 2 1 1, edges 0:4.9:29.4
    """
    data = real_array("histcounts", x)
    split = leading_positional(args, HISTCOUNTS_OPTIONS)
    if split > 1:
        raise MatlabError("MATLAB:TooManyInputs", "Too many input arguments.")
    opts = name_values("histcounts", args[split:], HISTCOUNTS_OPTIONS)
    values = data.astype(np.float64)
    edges = histcounts_edges(values, args[:split], opts)
    bins = bin_index(values, edges)
    counts = np.bincount(bins.ravel(), minlength=edges.size)[1:].astype(np.float64)
    how = "count"
    if "Normalization" in opts:
        how = match_name("histcounts", option_text(opts["Normalization"]) or "", NORMALIZATIONS)
    counts = _normalize_counts(counts, edges, data.size, how)
    edge_cls = "single" if class_of(x) == "single" else "double"
    outputs = (to_value(counts.reshape(1, -1)), to_value(cast_result(edges.reshape(1, -1), edge_cls)),
               to_value(bins.astype(np.float64).reshape(data.shape)))
    return outputs[:max(nargout, 1)] if nargout > 1 else outputs[0]


HISTCOUNTS2_OPTIONS = ("BinWidth", "XBinLimits", "YBinLimits", "Normalization", "NumBins", "XBinEdges",
                       "YBinEdges", "BinMethod")
NORMALIZATIONS2 = ("count", "probability", "percentage", "countdensity", "pdf", "cumcount", "cdf")


def _per_dimension(fname: str, value: Value, what: str) -> list[Value]:
    """A scalar or 2-element NumBins / BinWidth as the value for each dimension."""
    arr = real_array(fname, value).ravel().astype(np.float64)
    if arr.size not in (1, 2):
        raise MatlabError(f"MATLAB:{fname}:Invalid{what}", f"{what} must be a scalar or a 2-element vector.")
    return [float(arr[0]), float(arr[-1])]


def _histcounts2_options(positional: tuple, opts: dict[str, Value]) -> list[dict[str, Value]]:
    """The histcounts options of each dimension (x, y) from histcounts2's arguments."""
    per = [{}, {}]
    if len(positional) == 1:
        for k, n in enumerate(_per_dimension("histcounts2", positional[0], "NumBins")):
            per[k]["NumBins"] = n
    elif len(positional) == 2:
        per[0]["BinEdges"], per[1]["BinEdges"] = positional
    elif positional:
        raise MatlabError("MATLAB:TooManyInputs", "Too many input arguments.")
    for name in ("NumBins", "BinWidth"):
        if name in opts:
            for k, v in enumerate(_per_dimension("histcounts2", opts[name], name)):
                per[k][name] = v
    for k, axis in enumerate("XY"):
        for name in ("BinEdges", "BinLimits"):
            if f"{axis}{name}" in opts:
                per[k][name] = opts[f"{axis}{name}"]
        if "BinMethod" in opts:
            per[k]["BinMethod"] = opts["BinMethod"]
    return per


@builtin("histcounts2", family="data")
def histcounts2(x: Value, y: Value, *args: Value, nargout: int = 1) -> Value:
    """[N, Xedges, Yedges, binX, binY] = histcounts2(X, Y), histcounts2(X, Y, nbins), histcounts2(X, Y, Xedges, Yedges), histcounts2(..., Name, Value)
    Bivariate histogram bin counts.

    N(i, j) counts the pairs (X(k), Y(k)) with X(k) in x-bin i and Y(k) in y-bin j (bins hold their left
    edges, the last bins their right edges too); X and Y have one size. The bins of each dimension are
    chosen as histcounts chooses them (automatic nice uniform bins, Scott's rule for two dimensions),
    nbins of them (a scalar, or [nx ny]), or given by Xedges and Yedges. Options 'NumBins', 'BinWidth'
    (scalar or [wx wy]), 'XBinEdges', 'YBinEdges', 'XBinLimits', 'YBinLimits' and 'Normalization'
    ('count', 'probability', 'percentage', 'countdensity', 'pdf', 'cumcount', 'cdf'). binX and binY
    give each pair's bins (0 for a pair that is not counted); pairs with NaN are not counted.

        [N, xe, ye] = histcounts2([1 1 2 3 2 2 1 1 2 3], [5 6 3 8 9 1 2 7 5 1], [3 4])   % N = 3x4
    """
    xs, ys = real_array("histcounts2", x), real_array("histcounts2", y)
    if xs.size != ys.size:
        raise MatlabError("MATLAB:histcounts2:unequalNumel", "X and Y must have the same number of elements.")
    split = leading_positional(args, HISTCOUNTS2_OPTIONS)
    opts = name_values("histcounts2", args[split:], HISTCOUNTS2_OPTIONS)
    xv, yv = xs.ravel(order="F").astype(np.float64), ys.ravel(order="F").astype(np.float64)
    both = np.isfinite(xv) & np.isfinite(yv)
    per = _histcounts2_options(args[:split], opts)
    edges = [histcounts_edges(v[both], (), o, "histcounts2", dims=2) for v, o in zip((xv, yv), per)]
    bins = [bin_index(v, e) for v, e in zip((xv, yv), edges)]
    counted = (bins[0] > 0) & (bins[1] > 0)
    bins = [np.where(counted, b, 0) for b in bins]
    counts = np.zeros((edges[0].size - 1, edges[1].size - 1))
    np.add.at(counts, (bins[0][counted] - 1, bins[1][counted] - 1), 1.0)
    how = "count"
    if "Normalization" in opts:
        how = match_name("histcounts2", option_text(opts["Normalization"]) or "", NORMALIZATIONS2)
    counts = _normalize_counts2(counts, edges, xs.size, how)
    edge_cls = "single" if "single" in (class_of(x), class_of(y)) else "double"
    outputs = (to_value(counts), *(to_value(cast_result(e.reshape(1, -1), edge_cls)) for e in edges),
               *(to_value(b.astype(np.float64).reshape(xs.shape, order="F")) for b in bins))
    return outputs[:max(nargout, 1)] if nargout > 1 else outputs[0]


def _normalize_counts2(counts: np.ndarray, edges: list[np.ndarray], total: int, how: str) -> np.ndarray:
    area = np.outer(np.diff(edges[0]), np.diff(edges[1]))
    with np.errstate(all="ignore"):
        return {"count": lambda: counts, "cumcount": lambda: counts.cumsum(0).cumsum(1),
                "probability": lambda: counts / total, "percentage": lambda: 100 * counts / total,
                "countdensity": lambda: counts / area, "pdf": lambda: counts / total / area,
                "cdf": lambda: counts.cumsum(0).cumsum(1) / total}[how]()


@builtin("histc", family="data")
def histc(x: Value, edges: Value, dim: Value | None = None, *, nargout: int = 1) -> Value:
    """[n, idx] = histc(x, edges), histc(x, edges, dim)  histogram counts (not recommended: use
    histcounts).

    n(k) counts the x with edges(k) <= x < edges(k+1), and n(end) those equal to edges(end); a matrix
    is counted along its first non-singleton dimension (or dim). idx gives each element's bin (0 when
    outside the edges).

        histc([1 2 2 3 5], 1:5)    % 1 2 1 0 1
    """
    data = real_array("histc", x).astype(np.float64)
    bounds = _edges_vector("histc", edges)
    data, axis = along_axis(data, first_nonsingleton(data.shape) if dim is None else dim_arg(dim), bounds.size)
    k = np.searchsorted(bounds, data, side="right")
    idx = np.where((data >= bounds[0]) & (data <= bounds[-1]), k, 0)
    counts = np.stack([np.sum(idx == j, axis=axis) for j in range(1, bounds.size + 1)], axis=axis)
    n = to_value(counts.astype(np.float64))
    return (n, to_value(idx.astype(np.float64))) if nargout > 1 else n


def _bin_names(edges: np.ndarray, right: bool) -> list[str]:
    """The category names of discretize's bins: "[A, B)" with the last "[A, B]" ("(A, B]" with the first
    "[A, B]" for bins that hold their right edges), the edges as %g writes them."""
    texts = [format(float(e), "g") for e in edges]
    names = [f"({a}, {b}]" if right else f"[{a}, {b})" for a, b in zip(texts[:-1], texts[1:])]
    k = 0 if right else len(names) - 1
    names[k] = f"[{texts[k]}, {texts[k + 1]}]"
    return names


@builtin("discretize", family="data")
def discretize(x: Value, spec: Value, *args: Value, nargout: int = 1) -> Value:
    """[Y, E] = discretize(X, edges), discretize(X, N), discretize(..., values), discretize(..., 'categorical'),
    discretize(..., 'categorical', categoryNames), discretize(..., 'IncludedEdge', side)
    The bins (or values, or categories) that data fall into.

    The bin of each element of X (NaN outside the bins): edges(j) <= x < edges(j+1), the last bin
    holding both edges ('IncludedEdge', 'right': bins hold their right edges, the first both). N
    divides the range of X into N uniform bins with nice edges E. values gives values(j) instead of j;
    'categorical' an ordinal categorical array of the bins, named categoryNames or "[A, B)" ("[A, B]"
    for the last bin) from the edges.

        discretize([1 1 2 3 6 5 8 10 4 4], 2:2:10)    % NaN NaN 1 1 3 2 4 4 2 2
    """
    data = real_array("discretize", x).astype(np.float64)
    spec_arr = numeric_array(spec, "discretize")
    if spec_arr.size == 1:
        finite = data[np.isfinite(data)]
        edges = _count_edges(finite, _bin_count("discretize", spec))
    else:
        edges = _edges_vector("discretize", spec)
    split = leading_positional(args, ("IncludedEdge",))
    categorical = split > 0 and is_text(args[0], "categorical")
    if split > (2 if categorical else 1):
        raise MatlabError("MATLAB:TooManyInputs", "Too many input arguments.")
    opts = name_values("discretize", args[split:], ("IncludedEdge",))
    side = option_text(opts.get("IncludedEdge", "left")) if "IncludedEdge" in opts else "left"
    if side is None or side.lower() not in ("left", "right"):
        raise MatlabError("MATLAB:discretize:InvalidIncludedEdge", "'IncludedEdge' must be 'left' or 'right'.")
    bins = bin_index(data, edges, right=side.lower() == "right").astype(np.float64)
    bins[bins == 0] = np.nan
    if categorical:
        names = _bin_names(edges, side.lower() == "right") if split == 1 else texts_of(args[1], "discretize").items
        if len(names) != edges.size - 1 or any(n is None for n in names):
            raise MatlabError("MATLAB:discretize:CategoryNamesLengthMismatch",
                              "categoryNames must have one name per bin.")
        result = CategoricalArray(bins.reshape(data.shape), tuple(names), ordinal=True, protected=True)
    elif split:
        values = numeric_array(args[0], "discretize").ravel(order="F")
        if values.size != edges.size - 1:
            raise MatlabError("MATLAB:discretize:ValuesClassLengthMismatch",
                              "values must be a vector with one element per bin.")
        picked = values[np.where(np.isnan(bins), 0, bins).astype(np.int64) - 1]
        out = np.where(np.isnan(bins), np.nan, picked) if values.dtype.kind == "f" else picked
        result = to_value(out.reshape(data.shape))
    else:
        result = to_value(bins)
    if nargout > 1:
        return result, to_value(cast_result(edges.reshape(1, -1), result_class(x)))
    return result


# -- accumarray --------------------------------------------------------------------------------------

def _subscripts(subs: Value) -> np.ndarray:
    """accumarray's subscripts as an n-by-d matrix of 0-based integers."""
    if type(subs) is CellArray:
        columns = [_indices(integer_values(c, "accumarray")) for c in subs.data.ravel(order="F")]
        if len({c.size for c in columns}) > 1:
            raise MatlabError("MATLAB:accumarray:cellSubsSizeMismatch",
                              "All subscript vectors in the cell must have the same length.")
        matrix = np.stack(columns, axis=1) if columns else np.zeros((0, 0), dtype=np.int64)
    else:
        arr = numeric_array(subs, "accumarray")
        matrix = _indices(integer_values(subs, "accumarray")).reshape(arr.shape, order="F")
        if matrix.ndim != 2:
            raise MatlabError("MATLAB:accumarray:InvalidSubs", "Subscripts must be a matrix of positive integers.")
    return matrix - 1


def _indices(values: list[int]) -> np.ndarray:
    """Subscripts as int64: positive, and one past what an array can hold is MATLAB's size error."""
    if values and min(values) < 1:
        raise MatlabError("MATLAB:accumarray:nonPosSubs", "Index into output array must be a positive integer.")
    if values:
        check_size((max(values), 1))
    return np.asarray(values, dtype=np.int64)


def _output_shape(subs: np.ndarray, sz: Value | None) -> tuple[int, ...]:
    needed = tuple(int(m) + 1 for m in subs.max(axis=0)) if subs.size else (0,) * subs.shape[1]
    if subs.shape[1] == 1:
        needed = (needed[0] if needed else 0, 1)
    if sz is None or numeric_array(sz, "accumarray").size == 0:
        return needed
    shape = tuple(integer_values(sz, "accumarray"))
    if len(shape) < 2 or (subs.shape[1] > 1 and len(shape) != subs.shape[1]) or \
            any(s < n for s, n in zip(shape, needed)) or (subs.shape[1] == 1 and shape[1] != 1):
        raise MatlabError("MATLAB:accumarray:dimensionMismatch",
                          "Dimensions of the output must match the subscripts and be at least max(subs).")
    return check_size(shape)


@builtin("accumarray", family="data")
def accumarray(ctx: CallContext, subs: Value, vals: Value, sz: Value | None = None, fun: Value | None = None,
               fillval: Value | None = None, sparse: Value | None = None) -> Value:
    """A = accumarray(subs, val), accumarray(subs, val, sz), accumarray(subs, val, sz, fun, fillval)
    Accumulation of values at subscripts.

    Accumulates the elements of val (a vector with one element per row of subs, or a scalar) into A at
    the subscripts given by the rows of subs (a column of indices, an n-by-d matrix, or a cell of d
    index vectors). Groups are summed, or passed as column vectors to the function handle fun (whose
    results must be scalars, or all cells to make a cell array). Elements no subscript names are
    fillval (default 0). sz is the output size ([] for the smallest that fits). Sparse output is not
    supported.

        accumarray([1; 2; 1], [10; 20; 30])    % [40; 20]
        accumarray([1 1; 2 2; 1 1], 1)          % [2 0; 0 1]
    """
    if sparse is not None and bool(np.any(numeric_array(sparse, "accumarray"))):
        raise MatlabError("MATLAB:accumarray:sparseUnsupported", "accumarray does not support sparse output.")
    index = _subscripts(subs)
    check_classes("accumarray", (vals,), ANY_NUMERIC)
    values = numeric_array(vals, "accumarray").ravel(order="F")
    if values.size == 1:
        values = np.repeat(values, index.shape[0])
    if values.size != index.shape[0]:
        raise MatlabError("MATLAB:accumarray:nonMatchingSubsAndVals",
                          "Second input VAL must be a vector with one element for each row in SUBS, or a scalar.")
    shape = _output_shape(index, sz)
    padded = np.pad(index, ((0, 0), (0, len(shape) - index.shape[1])))
    linear = np.ravel_multi_index(tuple(padded.T), shape, order="F") if index.size else np.zeros(0, np.int64)
    custom = fun is not None and not (type(fun) is np.ndarray and fun.size == 0)
    if custom and type(fun) is not FunctionHandle:
        raise MatlabError("MATLAB:accumarray:invalidFun", "Fourth input FUN must be a function handle.")
    if not custom:
        return _summed(vals, values, linear, shape, fillval)
    return _grouped(ctx, fun, vals, values, linear, shape, fillval)


def _summed(vals: Value, values: np.ndarray, linear: np.ndarray, shape: tuple[int, ...],
            fillval: Value | None) -> Value:
    cls = class_of(vals)
    cls = cls if cls == "single" or cls.startswith(("int", "uint")) else "double"
    total = int(np.prod(shape))
    if values.dtype.kind == "c":
        out = np.zeros(total, np.complex128)
        np.add.at(out, linear, values)
    else:
        out = np.bincount(linear, weights=values.astype(np.float64), minlength=total)
    if fillval is not None and numeric_array(fillval, "accumarray").size:
        hit = np.bincount(linear, minlength=total) > 0
        out = np.where(hit, out, numeric_array(fillval, "accumarray").ravel()[0])
    return to_value(cast_result(out.reshape(shape, order="F"), cls))


def _grouped(ctx: CallContext, fun: FunctionHandle, vals: Value, values: np.ndarray, linear: np.ndarray,
             shape: tuple[int, ...], fillval: Value | None) -> Value:
    total = int(np.prod(shape))
    order = np.argsort(linear, kind="stable")
    groups = np.split(order, np.flatnonzero(np.diff(linear[order])) + 1) if order.size else []
    results: dict[int, Value] = {}
    for members in groups:
        out = ctx.call(fun, [simplify(values[members].reshape(-1, 1))], 1)
        if not out:
            raise MatlabError("MATLAB:accumarray:noOutput", "The function FUN must return a value.")
        results[int(linear[members[0]])] = out[0]
    outs = list(results.values())
    if outs and all(type(v) is CellArray for v in outs):
        return _cell_result(results, shape, total)
    if any(size_of(v) != (1, 1) or type(v) is CellArray for v in outs):
        raise MatlabError("MATLAB:accumarray:nonscalarFunOutput",
                          "The function FUN must return a scalar (or a cell).")
    fill = 0.0 if fillval is None or numeric_array(fillval, "accumarray").size == 0 else \
        numeric_array(fillval, "accumarray").ravel()[0]
    classes = {class_of(v) for v in outs}
    cls = classes.pop() if len(classes) == 1 else result_class(*outs) if outs else "double"
    data = np.full(total, fill, dtype=np.complex128 if any(np.iscomplexobj(v) for v in outs) else np.float64)
    for k, v in results.items():
        data[k] = numeric_array(v, "accumarray").ravel()[0]
    return to_value(cast_result(data.reshape(shape, order="F"), cls))


def _cell_result(results: dict[int, Value], shape: tuple[int, ...], total: int) -> CellArray:
    items: list[Value] = [np.zeros((0, 0)) for _ in range(total)]
    for k, v in results.items():
        if v.data.size != 1:
            raise MatlabError("MATLAB:accumarray:nonscalarFunOutput",
                              "The function FUN must return a scalar (or a 1x1 cell).")
        items[k] = v.data.ravel()[0]
    return cell_value(items, shape)
