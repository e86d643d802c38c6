"""Clustering of the Statistics Toolbox: kmeans, and statset (the options structure kmeans reads).

kmeans is MATLAB's algorithm: k-means++ seeding ('plus', the first seed uniform, each next one drawn with
probability proportional to the distance to the nearest seed so far), then batch updates (Lloyd's
iterations: every point to its nearest centroid, ties kept where they are, the centroids recomputed for
the clusters that changed) until no point moves, a cluster that empties taking the point farthest from its
centroid, and the best of the replicates by the total sum of distances. The random draws come from the
session's generator (rng(seed) repeats them), through the same uniform draws as randsample and
datasample; they are not claimed to be MATLAB's.
"""
from __future__ import annotations

from typing import Callable

import numpy as np

from ..context import CallContext
from ..errors import MatlabError
from ..semantics import cast_result, to_value
from ..values import StructArray, Value
from .arguments import name_values, options_from, options_struct, real_array, real_scalar
from .registry import builtin
from .samplestats import real_data
from .sizes import integer_values, is_text, numeric_array, option_text
from .textutil import char_value
from .statdraws import _indices, _uniform

OPTIONS = ("Distance", "Start", "Replicates", "MaxIter", "EmptyAction", "Display", "OnlinePhase", "Options")
STATSET_FIELDS = ("Display", "MaxFunEvals", "MaxIter", "TolBnd", "TolFun", "TolTypeFun", "TolX", "TolTypeX",
                  "GradObj", "Jacobian", "DerivStep", "FunValCheck", "Robust", "RobustWgtFun", "WgtFun", "Tune",
                  "UseParallel", "UseSubstreams", "Streams", "OutputFcn")
STATSET_DEFAULTS: dict[str, dict[str, Value]] = {"kmeans": {"Display": "notify", "MaxIter": 100.0}}


@builtin("statset", family="statistics")
def statset(*args: Value) -> Value:
    """options = statset(Name, Value, ...), statset(oldopts, Name, Value, ...), statset(oldopts, newopts), statset('kmeans')
    An options structure for the Statistics Toolbox functions (kmeans reads Display and MaxIter).

    A structure with MATLAB's statset fields (Display, MaxFunEvals, MaxIter, TolBnd, TolFun, TolTypeFun,
    TolX, TolTypeX, GradObj, Jacobian, DerivStep, FunValCheck, Robust, RobustWgtFun, WgtFun, Tune,
    UseParallel, UseSubstreams, Streams, OutputFcn; [] where not set); names match case-insensitively,
    later values override earlier ones and option structures merge. statset('kmeans') gives kmeans'
    defaults (Display 'notify', MaxIter 100).

        opts = statset('Display', 'final', 'MaxIter', 200);
    """
    values: dict[str, Value] = {}
    rest = list(args)
    if len(rest) == 1 and option_text(rest[0]) is not None:
        name = option_text(rest[0]).lower()
        if name not in STATSET_DEFAULTS:
            raise MatlabError("stats:statset:BadFunctionName", f"No default options available for the function '{name}'.")
        values = {k: char_value(v) if isinstance(v, str) else v for k, v in STATSET_DEFAULTS[name].items()}
        rest = []
    values.update(options_from("statset", rest, STATSET_FIELDS, "statset"))
    return StructArray.scalar({f: values.get(f, np.zeros((0, 0))) for f in STATSET_FIELDS})
DISTANCES = ("sqeuclidean", "cityblock", "cosine", "correlation")


def _distances(points: np.ndarray, centers: np.ndarray, metric: str) -> np.ndarray:
    """n-by-k distances from every point to every center: squared Euclidean, city block, or (the points
    already normalized by _prepared) one minus the cosine or correlation with the center."""
    if metric in ("cosine", "correlation"):
        if metric == "correlation":
            centers = centers - centers.mean(axis=1, keepdims=True)
        with np.errstate(all="ignore"):
            unit = centers / np.sqrt(np.sum(centers * centers, axis=1, keepdims=True))
        return np.maximum(1 - points @ unit.T, 0)
    diff = points[:, None, :] - centers[None, :, :]
    return np.sum(diff * diff if metric == "sqeuclidean" else np.abs(diff), axis=2)


def _centroid(members: np.ndarray, metric: str) -> np.ndarray:
    """The centroid of a cluster's points: the median for city block, else the mean (of the normalized
    points for cosine and correlation)."""
    return np.median(members, axis=0) if metric == "cityblock" else members.mean(axis=0)


def _prepared(points: np.ndarray, metric: str) -> np.ndarray:
    """The points as the metric compares them: for 'correlation' centered, then for it and 'cosine' scaled
    to unit length (MATLAB's error for a zero or constant row)."""
    if metric not in ("cosine", "correlation"):
        return points
    if metric == "correlation":
        points = points - points.mean(axis=1, keepdims=True)
    norms = np.sqrt(np.sum(points * points, axis=1, keepdims=True))
    if np.any(norms == 0):
        raise MatlabError("stats:kmeans:ZeroDataForCos" if metric == "cosine" else "stats:kmeans:ConstantDataForCorr",
                          "Some points have small relative magnitudes, making them effectively zero. Either remove "
                          "those points, or choose a distance other than 'cosine'." if metric == "cosine" else
                          "Some points have small relative standard deviations, making them effectively constant. "
                          "Either remove those points, or choose a distance other than 'correlation'.")
    return points / norms


def _plus_seeds(ctx: CallContext, points: np.ndarray, k: int, metric: str) -> np.ndarray:
    """k-means++ seeds: the first uniform among the points, each next one with probability proportional
    to the distance to the nearest seed so far (uniform without replacement once those are all zero)."""
    n = points.shape[0]
    seeds = [int(_indices(ctx, "kmeans", n, 1, True, None)[0]) - 1]
    nearest = np.full(n, np.inf)
    for _ in range(1, k):
        nearest = np.minimum(nearest, _distances(points, points[seeds[-1]][None, :], metric)[:, 0])
        total = nearest.sum()
        if not 0 < total < np.inf:
            rest = np.setdiff1d(np.arange(n), seeds)
            picks = _indices(ctx, "kmeans", rest.size, k - len(seeds), False, None).astype(int) - 1
            seeds.extend(int(rest[p]) for p in picks)
            break
        seeds.append(int(_indices(ctx, "kmeans", n, 1, True, to_value(nearest / total))[0]) - 1)
    return points[seeds].copy()


class _Empty(Exception):
    """A cluster lost all its points under EmptyAction 'error' (at iteration ``args[0]``)."""


def _batch(points: np.ndarray, centers: np.ndarray, metric: str, max_iter: int, empty_action: str,
           dropped: Callable[[int], None]) -> tuple[np.ndarray, np.ndarray, np.ndarray, int, bool]:
    """MATLAB's batch phase from the given centers: (idx 0-based, centers, n-by-k distances, iterations
    counted as MATLAB counts them, converged). Clusters dropped by EmptyAction 'drop' (``dropped`` is
    told the iteration) get NaN centers and distances."""
    n, k = points.shape[0], centers.shape[0]
    centers = centers.astype(np.float64).copy()
    dist = _distances(points, centers, metric)
    idx = np.argmin(dist, axis=1)
    alive = np.ones(k, dtype=bool)
    changed = np.arange(k)
    previous_idx = np.full(n, -1)
    previous_total = np.inf
    iteration, converged = 0, False
    while True:
        iteration += 1
        counts = np.bincount(idx, minlength=k)
        for c in changed:
            if alive[c] and counts[c]:
                centers[c] = _centroid(points[idx == c], metric)
        dist[:, changed] = _distances(points, centers[changed], metric)
        for c in [c for c in changed if alive[c] and counts[c] == 0]:
            if empty_action == "error":
                raise _Empty(iteration)
            if empty_action == "drop":
                dropped(iteration)
                alive[c] = False
                centers[c] = np.nan
                dist[:, c] = np.nan
                continue
            own = dist[np.arange(n), idx]          # singleton: the point farthest from its centroid moves
            lonely = int(np.nanargmax(own))
            source = idx[lonely]
            if counts[source] < 2:
                source = int(np.flatnonzero(counts > 1)[0])
                lonely = int(np.flatnonzero(idx == source)[0])
            centers[c] = points[lonely]
            idx[lonely] = c
            counts[c], counts[source] = 1, counts[source] - 1
            dist[:, c] = _distances(points, centers[c][None, :], metric)[:, 0]
            centers[source] = _centroid(points[idx == source], metric)
            dist[:, source] = _distances(points, centers[source][None, :], metric)[:, 0]
            changed = np.union1d(changed, [source])
        total = float(np.sum(dist[np.arange(n), idx]))
        if iteration > 1 and previous_total <= total:   # no decrease: back out the last step
            idx = previous_idx
            counts = np.bincount(idx, minlength=k)
            for c in changed:
                if alive[c] and counts[c]:
                    centers[c] = _centroid(points[idx == c], metric)
            dist = _distances(points, centers, metric)
            dist[:, ~alive] = np.nan
            iteration -= 1
            break
        if iteration >= max_iter:
            break
        previous_idx, previous_total = idx.copy(), total
        masked = np.where(alive[None, :], dist, np.inf)
        nearest = np.argmin(masked, axis=1)
        moved = np.flatnonzero(nearest != previous_idx)
        moved = moved[dist[moved, previous_idx[moved]] > masked[moved, nearest[moved]]]     # ties stay
        if moved.size == 0:
            converged = True
            break
        idx = idx.copy()
        idx[moved] = nearest[moved]
        changed = np.union1d(idx[moved], previous_idx[moved])
    return idx, centers, dist, iteration, converged


@builtin("kmeans", family="statistics")
def kmeans(ctx: CallContext, x: Value, k: Value, *args: Value, nargout: int = 1):
    """idx = kmeans(X, k), kmeans(..., Name, Value), [idx, C, sumd, D] = kmeans(...)
    k-means clustering of the rows of X.

    Partitions the n rows (observations) of X into k clusters minimizing the sum of the distances of the
    points to their cluster centroids: idx (n-by-1) the cluster of each row, C (k-by-p) the centroids,
    sumd (k-by-1) the within-cluster sums of distances, D (n-by-k) the distance of every point to every
    centroid. Options: 'Distance' 'sqeuclidean' (the default; centroids are means), 'cityblock'
    (centroids are medians), 'cosine' or 'correlation' (one minus the cosine of the angle between the
    points, or between the points centered; centroids are means of the points scaled to unit length,
    centered first for correlation); 'Start' 'plus' (k-means++, the default), 'sample' (k distinct
    random rows), 'uniform' (uniform in the range of X) or a k-by-p matrix of seeds (k may then be []; a
    k-by-p-by-r array gives r replicates); 'Replicates' (1: the best of that many runs is returned);
    'MaxIter' (100; past it, a warning); 'EmptyAction' 'singleton' (the default: the point farthest from
    its centroid starts the emptied cluster), 'error' (with replicates, a warning and the next one) or
    'drop' (a warning; the centroid NaN, its sum 0); 'Display' 'off', 'notify' (the
    default), 'final'; 'Options', a statset structure whose Display and MaxIter count where those
    arguments are not given (UseParallel runs the replicates one after another). Rows with NaN are left
    out (NaN in idx). Random starts draw from the session's generator (rng(seed) repeats them; not
    MATLAB's draws). 'hamming', 'Start' 'cluster', 'OnlinePhase' 'on' and statset's Streams and
    UseSubstreams are not supported.

        rng(1); idx = kmeans([randn(20, 2); randn(20, 2) + 8], 2);
    """
    data, cls = real_data("kmeans", x)
    if data.ndim != 2:
        raise MatlabError("stats:kmeans:InputDim", "X must be a 2-D matrix.")
    opts = name_values("kmeans", args, OPTIONS)
    if "OnlinePhase" in opts and not is_text(opts["OnlinePhase"], "off"):
        raise MatlabError("matfuse:kmeans:unsupported", "kmeans supports the OnlinePhase 'off' here.")
    settings = options_struct("kmeans", opts.get("Options"), STATSET_FIELDS, "statset")
    for name in ("UseSubstreams", "Streams"):
        if name in settings and not (name == "UseSubstreams" and not np.any(numeric_array(settings[name], "kmeans"))):
            raise MatlabError("matfuse:kmeans:unsupported", f"kmeans does not support the statset option {name} here.")
    for name in ("Display", "MaxIter"):         # the name-value arguments override the Options structure
        if name not in opts and name in settings:
            opts[name] = settings[name]
    metric = _word("Distance", opts, DISTANCES, "sqeuclidean")
    empty_action = _word("EmptyAction", opts, ("singleton", "error", "drop"), "singleton")
    display = _word("Display", opts, ("off", "notify", "final"), "notify")
    iterations = real_scalar("kmeans", opts["MaxIter"], "MaxIter") if "MaxIter" in opts else 100.0
    if not iterations >= 1:
        raise MatlabError("stats:kmeans:BadMaxIter", "MaxIter must be a positive integer.")
    max_iter = int(min(iterations, 2 ** 31 - 1))
    complete = ~np.isnan(data).any(axis=1)
    points = data[complete].astype(np.float64)
    n, p = points.shape
    start = opts.get("Start")
    seeds = None
    if start is not None and option_text(start) is None:
        seeds = real_array("kmeans", start).astype(np.float64)
        if seeds.ndim == 2:
            seeds = seeds[:, :, None]
        if seeds.ndim != 3 or seeds.shape[1] != p:
            raise MatlabError("stats:kmeans:BadStart", "The Start matrix must have one column per column of X.")
    count_given = numeric_array(k, "kmeans").size if not isinstance(k, str) else 1
    if count_given == 0 and seeds is None:
        raise MatlabError("stats:kmeans:MissingK", "You must specify the number of clusters, K, or a Start matrix.")
    clusters = seeds.shape[0] if count_given == 0 else _positive_int("K", k)
    if seeds is not None and seeds.shape[0] != clusters:
        raise MatlabError("stats:kmeans:StartBadRowSize", "The Start matrix must have K rows.")
    replicates = _positive_int("Replicates", opts["Replicates"]) if "Replicates" in opts else \
        (seeds.shape[2] if seeds is not None else 1)
    if seeds is not None and seeds.shape[2] != replicates:
        raise MatlabError("stats:kmeans:StartBadThirdDimSize", "The third dimension of the Start array must "
                          "equal the number of replicates.")
    if n < clusters:
        raise MatlabError("stats:kmeans:TooManyClusters", "X must have more rows than the number of clusters.")
    how = "matrix" if seeds is not None else _word("Start", opts, ("plus", "sample", "uniform"), "plus")
    if how == "uniform" and metric in ("cosine", "correlation"):
        raise MatlabError("stats:kmeans:UniformStartForCorrOrCos", "Cannot use 'Start','uniform' with the "
                          f"'{metric}' distance.")
    points = _prepared(points, metric)

    best, failures = None, 0
    for replicate in range(replicates):
        if how == "matrix":
            centers = seeds[:, :, replicate]
        elif how == "plus":
            centers = _plus_seeds(ctx, points, clusters, metric)
        elif how == "sample":
            centers = points[_indices(ctx, "kmeans", n, clusters, False, None).astype(int) - 1]
        else:
            low, high = points.min(axis=0), points.max(axis=0)
            centers = low + (high - low) * _uniform(ctx, (clusters, p))
        where = "." if replicates == 1 else f" during replicate {replicate + 1}."
        suffix = "" if replicates == 1 else "Rep"
        try:
            idx, centers, dist, iterations, converged = _batch(
                points, centers, metric, max_iter, empty_action,
                lambda at: ctx.warn(f"stats:kmeans:EmptyCluster{suffix}", f"Empty cluster created at iteration {at}"
                                    + where))
        except _Empty as empty:
            message = f"Empty cluster created at iteration {empty.args[0]}" + where
            if replicates == 1:
                raise MatlabError("stats:kmeans:EmptyCluster", message) from None
            failures += 1                       # another replicate may still succeed
            ctx.warn("stats:kmeans:EmptyClusterInBatchUpdate", message)
            if failures == replicates:
                raise MatlabError("stats:kmeans:EmptyClusterAllReps", "An empty cluster error occurred in every "
                                  "replicate.") from None
            continue
        if not converged:
            ctx.warn(f"stats:kmeans:FailedToConverge{suffix}", f"Failed to converge in {max_iter} iterations" + where)
        total = float(np.nansum(dist[np.arange(n), idx]))
        if display == "final":
            ctx.write(f"Replicate {replicate + 1}, {iterations} iterations, total sum of distances = {total:g}.\n")
        if best is None or total < best[0]:
            best = (total, idx, centers, dist)
    total, idx, centers, dist = best
    if display == "final" and replicates > 1:
        ctx.write(f"Best total sum of distances = {total:g}\n")
    full_idx = np.full(data.shape[0], np.nan)
    full_idx[complete] = idx + 1
    full_dist = np.full((data.shape[0], clusters), np.nan)
    full_dist[complete] = dist
    sums = np.array([np.sum(dist[idx == c, c]) for c in range(clusters)])      # 0 for a dropped cluster
    outs = [to_value(full_idx.reshape(-1, 1)), to_value(cast_result(centers, cls)),
            to_value(cast_result(sums.reshape(-1, 1), cls)), to_value(cast_result(full_dist, cls))]
    return outs[0] if nargout <= 1 else tuple(outs[:nargout])


def _word(name: str, opts: dict[str, Value], choices: tuple[str, ...], default: str) -> str:
    if name not in opts:
        return default
    word = option_text(opts[name])
    if word is None or word.lower() not in choices:
        raise MatlabError(f"stats:kmeans:Bad{name}", f"kmeans supports the {name} values "
                          f"{', '.join(repr(c) for c in choices)} here.")
    return word.lower()


def _positive_int(what: str, value: Value) -> int:
    counts = integer_values(value, "kmeans") if numeric_array(value, "kmeans").size == 1 else []
    if len(counts) != 1 or counts[0] < 1:
        raise MatlabError(f"stats:kmeans:Bad{what}", f"{what} must be a positive integer.")
    return counts[0]
