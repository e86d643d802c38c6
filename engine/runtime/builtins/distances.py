"""Pairwise distances of the Statistics Toolbox: pdist pdist2 squareform.

pdist and pdist2 share the metrics (their names, parameters and MATLAB's defaults) and compute on
scipy.spatial.distance: pdist's pair order (1,2), (1,3), ..., (1,m), (2,3), ... is MATLAB's, pdist2 gives the
matrix of every row of X against every row of Y. squareform turns pdist's row into the symmetric matrix
and back, reading the lower triangle column by column as MATLAB does.
"""
from __future__ import annotations

import warnings

import numpy as np
import scipy
from scipy.spatial import distance

from ..errors import MatlabError
from ..semantics import cast_result, to_value
from ..values import Value
from .arguments import match_name, real_array, real_scalar
from .registry import builtin
from .samplestats import real_data
from .sizes import is_text, numeric_array, option_text

METRICS = ("euclidean", "squaredeuclidean", "seuclidean", "mahalanobis", "cityblock", "minkowski", "chebychev",
           "cosine", "correlation", "spearman", "hamming", "jaccard")
SCIPY_NAMES = {"squaredeuclidean": "sqeuclidean", "chebychev": "chebyshev", "spearman": "correlation"}


def _metric_options(fname: str, metric: str, data: np.ndarray, extra: Value | None) -> dict:
    """scipy's keyword arguments for the metric's optional parameter (MATLAB's defaults, from X's rows
    ``data``, when absent)."""
    if metric == "minkowski":
        p = 2.0 if extra is None else real_scalar(fname, extra, "The exponent P")
        if not p > 0:
            raise MatlabError(f"stats:{fname}:BadMinExp", "The exponent for the Minkowski metric must be positive.")
        return {"p": p}
    if metric == "seuclidean":
        scale = np.std(data, axis=0, ddof=1) if extra is None else real_array(fname, extra).astype(np.float64).ravel()
        if scale.size != data.shape[1] or np.any(scale < 0):
            raise MatlabError(f"stats:{fname}:InvalidWeights", "The scale vector must have one nonnegative "
                              "element per column of X.")
        return {"V": scale ** 2}
    if metric == "mahalanobis":
        complete = data[~np.isnan(data).any(axis=1)]            # MATLAB's default: cov of the rows without NaN
        cov = np.atleast_2d(np.cov(complete, rowvar=False)) if extra is None else \
            real_array(fname, extra).astype(np.float64)
        if cov.shape != (data.shape[1],) * 2:
            raise MatlabError(f"stats:{fname}:InvalidCov", "The covariance matrix must be square with one row per "
                              "column of X.")
        if not np.isfinite(cov).all():          # X holding Inf (or a given C): every distance NaN
            return {"VI": np.full(cov.shape, np.nan)}
        return {"VI": np.linalg.pinv(cov)}
    if extra is not None:
        raise MatlabError("MATLAB:TooManyInputs", f"The '{metric}' distance takes no parameter.")
    return {}


def _jaccard(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """MATLAB's Jaccard distance between the rows of a and b (the last axis; leading axes broadcast): the
    share of the coordinates nonzero in either row that differ (scipy's treats the values as booleans)."""
    either = (a != 0) | (b != 0)
    return np.sum((a != b) & either, axis=-1) / np.sum(either, axis=-1)


def _metric(fname: str, metric: Value | None, data: np.ndarray, extra: Value | None) -> tuple[str, dict]:
    """The metric's name (MATLAB's, matched case-insensitively by prefix) and scipy's keyword arguments."""
    if metric is not None and option_text(metric) is None:
        raise MatlabError(f"matfuse:{fname}:unsupported", f"{fname} takes the distance as a name; function "
                          "handles are not supported.")
    name = match_name(fname, option_text(metric), METRICS) if metric is not None else "euclidean"
    with warnings.catch_warnings(), np.errstate(all="ignore"):      # cov/std of one row or none: NaN
        warnings.simplefilter("ignore", RuntimeWarning)
        return name, _metric_options(fname, name, data, extra)


def cross_distances(a: np.ndarray, b: np.ndarray, name: str, options: dict) -> np.ndarray:
    """The m-by-n matrix of the distances (metric ``name``, scipy's ``options``) between the rows of a and
    those of b (float64 arrays of one column count)."""
    if name == "spearman":
        a, b = scipy.stats.rankdata(a, axis=1), scipy.stats.rankdata(b, axis=1)
    with np.errstate(all="ignore"):
        if a.shape[0] == 0 or b.shape[0] == 0:
            return np.zeros((a.shape[0], b.shape[0]))
        if name == "jaccard":
            return _jaccard(a[:, None, :], b[None, :, :])
        return distance.cdist(a, b, SCIPY_NAMES.get(name, name), **options)


@builtin("pdist", family="statistics")
def pdist(x: Value, metric: Value | None = None, extra: Value | None = None) -> Value:
    """pdist(X), pdist(X, distance), pdist(X, 'minkowski', P), pdist(X, 'seuclidean', S), pdist(X, 'mahalanobis', C)

    The distances between each pair of rows (observations) of X, as a row vector in the order (1,2),
    (1,3), ..., (1,m), (2,3), ..., (m-1,m) that squareform turns into a matrix. distance is 'euclidean'
    (the default), 'squaredeuclidean', 'seuclidean' (scaled by the standard deviations S, std(X) by
    default), 'mahalanobis' (covariance C, cov(X) by default), 'cityblock', 'minkowski' (exponent P, 2 by
    default), 'chebychev', 'cosine', 'correlation', 'spearman', 'hamming' or 'jaccard' (one minus a
    similarity for the last five). A function handle as distance is not supported.

        d = pdist([0 0; 3 4; 6 8])    % 5 10 5
    """
    data, cls = real_data("pdist", x)
    if data.ndim != 2:
        raise MatlabError("stats:pdist:InputDim", "X must be a 2-D matrix.")
    data = data.astype(np.float64)
    name, options = _metric("pdist", metric, data, extra)
    if name == "spearman":
        data = scipy.stats.rankdata(data, axis=1)
    with np.errstate(all="ignore"):
        if data.shape[0] < 2:
            out = np.zeros(0)
        elif name == "jaccard":
            first, second = np.triu_indices(data.shape[0], 1)
            out = _jaccard(data[first], data[second])
        else:
            out = distance.pdist(data, SCIPY_NAMES.get(name, name), **options)
    return to_value(cast_result(out.reshape(1, -1), cls))


@builtin("pdist2", family="statistics")
def pdist2(x: Value, y: Value, *args: Value, nargout: int = 1):
    """D = pdist2(X, Y), pdist2(X, Y, distance), pdist2(X, Y, distance, P), pdist2(..., 'Smallest', K), pdist2(..., 'Largest', K), [D, I] = pdist2(...)

    The distances between each row of X and each row of Y: D(i, j) is the distance from X(i,:) to Y(j,:)
    (X and Y need the same number of columns). distance is one of pdist's ('euclidean' by default,
    'squaredeuclidean', 'seuclidean' (scaled by std(X) or the given S), 'mahalanobis' (cov(X) or the
    given C), 'cityblock', 'minkowski' (exponent P, 2 by default), 'chebychev', 'cosine', 'correlation',
    'spearman', 'hamming', 'jaccard'). 'Smallest', K gives instead the K smallest distances from each row
    of Y, sorted in each column of a K-by-size(Y,1) D ('Largest': the largest, descending), and I the rows
    of X they belong to. A function handle as distance is not supported.

        D = pdist2([0 0; 3 4], [0 0; 6 8])    % [0 10; 5 5]
    """
    (a, cls_a), (b, cls_b) = real_data("pdist2", x), real_data("pdist2", y)
    if a.ndim != 2 or b.ndim != 2:
        raise MatlabError("stats:pdist2:InputDim", "X and Y must be 2-D matrices.")
    if a.shape[1] != b.shape[1]:
        raise MatlabError("stats:pdist2:SizeMismatch", "X and Y must have the same number of columns.")
    rest = list(args)
    pick = None
    if len(rest) >= 2 and is_text(rest[-2]) and option_text(rest[-2]).lower() in ("smallest", "largest"):
        counts = numeric_array(rest.pop(), "pdist2").ravel()
        pick = rest.pop()
        if counts.size != 1 or not counts[0] >= 1 or counts[0] != np.floor(counts[0]):
            raise MatlabError("stats:pdist2:BadK", "K must be a positive integer.")
        pick = (option_text(pick).lower(), int(counts[0]))
    if len(rest) > 2:
        raise MatlabError("MATLAB:TooManyInputs", "Too many input arguments.")
    a, b = a.astype(np.float64), b.astype(np.float64)
    name, options = _metric("pdist2", rest[0] if rest else None, a, rest[1] if len(rest) > 1 else None)
    out = cross_distances(a, b, name, options)
    cls = "single" if "single" in (cls_a, cls_b) else "double"
    if pick is None:
        if nargout > 1:
            raise MatlabError("stats:pdist2:TooManyOutputs", "The index output I needs 'Smallest' or 'Largest'.")
        return to_value(cast_result(out, cls))
    how, k = pick
    key = np.where(np.isnan(out), np.inf, out) if how == "smallest" else np.where(np.isnan(out), -np.inf, -out)
    order = np.argsort(key, axis=0, kind="stable")[:min(k, a.shape[0])]
    dist = np.take_along_axis(out, order, axis=0)
    result = to_value(cast_result(dist, cls))
    return (result, to_value((order + 1).astype(np.float64))) if nargout > 1 else result


@builtin("squareform", family="statistics")
def squareform(y: Value, direction: Value | None = None) -> Value:
    """Z = squareform(y), y = squareform(Z), squareform(..., 'tomatrix'), squareform(..., 'tovector')

    Converts between pdist's row of pairwise distances and the symmetric m-by-m matrix with zeros on the
    diagonal. Without a direction, a square matrix with a zero diagonal becomes the vector of its lower
    triangle (read column by column) and a vector of length m*(m-1)/2 becomes the matrix.

        Z = squareform(pdist([0 0; 3 4; 6 8]))    % [0 5 10; 5 0 5; 10 5 0]
    """
    data, cls = real_data("squareform", y)
    if data.ndim != 2:
        raise MatlabError("stats:squareform:BadInput", "The input must be a vector or a square matrix.")
    square = data.shape[0] == data.shape[1] and not np.any(np.diag(data))
    if direction is not None:
        if not (is_text(direction, "tovector") or is_text(direction, "tomatrix")):
            raise MatlabError("stats:squareform:BadDirection", "The direction must be 'tovector' or 'tomatrix'.")
        square = is_text(direction, "tovector")
    if square:
        if data.shape[0] != data.shape[1] or np.any(np.diag(data)):
            raise MatlabError("stats:squareform:BadInputMatrix",
                              "The input matrix must be square with zeros on the diagonal.")
        lower = np.tril(np.ones(data.shape, dtype=bool), -1)
        return to_value(cast_result(data.T[lower.T].reshape(1, -1), cls))
    if 1 not in data.shape:
        raise MatlabError("stats:squareform:BadInputVector", "The input must be a vector of pairwise distances "
                          "or a square matrix with zeros on the diagonal.")
    pairs = data.ravel()
    m = int(round((1 + np.sqrt(1 + 8 * pairs.size)) / 2))
    if m * (m - 1) // 2 != pairs.size:
        raise MatlabError("stats:squareform:BadInputVector",
                          "The number of elements of the vector must be m*(m-1)/2 for some integer m.")
    return to_value(cast_result(distance.squareform(pairs, checks=False) if pairs.size else np.zeros((1, 1)), cls))
