"""Pairwise distances of the Statistics Toolbox: pdist squareform.

pdist computes on scipy.spatial.distance, whose pair order (1,2), (1,3), ..., (1,m), (2,3), ... is
MATLAB's; squareform turns that row into the symmetric matrix and back, reading the lower triangle
column by column as MATLAB does.
"""
from __future__ import annotations

import warnings

import numpy as np
from scipy import stats
from scipy.spatial import distance

from ..errors import MatlabError
from ..semantics import cast_result, to_value
from ..values import Value
from .arguments import match_name, real_array, real_scalar
from .registry import builtin
from .samplestats import real_data
from .sizes import is_text, option_text

METRICS = ("euclidean", "squaredeuclidean", "seuclidean", "mahalanobis", "cityblock", "minkowski", "chebychev",
           "cosine", "correlation", "spearman", "hamming", "jaccard")
SCIPY_NAMES = {"squaredeuclidean": "sqeuclidean", "chebychev": "chebyshev", "spearman": "correlation"}


def _metric_options(metric: str, data: np.ndarray, extra: Value | None) -> dict:
    """scipy's keyword arguments for the metric's optional parameter (MATLAB's defaults when absent)."""
    if metric == "minkowski":
        p = 2.0 if extra is None else real_scalar("pdist", extra, "The exponent P")
        if not p > 0:
            raise MatlabError("stats:pdist:BadMinExp", "The exponent for the Minkowski metric must be positive.")
        return {"p": p}
    if metric == "seuclidean":
        scale = np.std(data, axis=0, ddof=1) if extra is None else real_array("pdist", extra).astype(np.float64).ravel()
        if scale.size != data.shape[1] or np.any(scale < 0):
            raise MatlabError("stats:pdist:InvalidWeights", "The scale vector must have one nonnegative "
                              "element per column of X.")
        return {"V": scale ** 2}
    if metric == "mahalanobis":
        complete = data[~np.isnan(data).any(axis=1)]            # MATLAB's default: cov of the rows without NaN
        cov = np.atleast_2d(np.cov(complete, rowvar=False)) if extra is None else \
            real_array("pdist", extra).astype(np.float64)
        if cov.shape != (data.shape[1],) * 2:
            raise MatlabError("stats:pdist:InvalidCov", "The covariance matrix must be square with one row per "
                              "column of X.")
        if not np.isfinite(cov).all():          # X holding Inf (or a given C): every distance NaN
            return {"VI": np.full(cov.shape, np.nan)}
        return {"VI": np.linalg.pinv(cov)}
    if extra is not None:
        raise MatlabError("MATLAB:TooManyInputs", f"The '{metric}' distance takes no parameter.")
    return {}


def _jaccard(data: np.ndarray) -> np.ndarray:
    """MATLAB's Jaccard distance: the share of the coordinates nonzero in either row that differ (scipy's
    treats the values as booleans)."""
    first, second = np.triu_indices(data.shape[0], 1)
    a, b = data[first], data[second]
    either = (a != 0) | (b != 0)
    return np.sum((a != b) & either, axis=1) / np.sum(either, axis=1)


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
    if metric is not None and option_text(metric) is None:
        raise MatlabError("matfuse:pdist:unsupported", "pdist takes the distance as a name; function handles are "
                          "not supported.")
    name = match_name("pdist", option_text(metric), METRICS) if metric is not None else "euclidean"
    data = data.astype(np.float64)
    with warnings.catch_warnings(), np.errstate(all="ignore"):      # cov/std of one row or none: NaN
        warnings.simplefilter("ignore", RuntimeWarning)
        options = _metric_options(name, data, extra)
    if name == "spearman":
        data = stats.rankdata(data, axis=1)
    with np.errstate(all="ignore"):
        if data.shape[0] < 2:
            out = np.zeros(0)
        elif name == "jaccard":
            out = _jaccard(data)
        else:
            out = distance.pdist(data, SCIPY_NAMES.get(name, name), **options)
    return to_value(cast_result(out.reshape(1, -1), cls))


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
