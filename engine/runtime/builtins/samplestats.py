"""Descriptive statistics of the Statistics Toolbox: iqr skewness kurtosis zscore geomean harmmean moment
corr ksdensity ecdf.

skewness and kurtosis treat NaN as missing, as MATLAB's do; zscore and corr let NaN through (corr's
'Rows', 'complete' drops the rows that have one). Rank correlations use scipy.stats: Spearman's rho is
Pearson's of the ranks (ties get their mean rank), Kendall's tau is tau-b (corrected for ties).
"""
from __future__ import annotations

import warnings

import numpy as np
import scipy
from scipy import special

from ..context import CallContext
from ..errors import MatlabError
from ..semantics import cast_result, result_class, to_value, work_dtype
from ..values import Value
from .arguments import match_name, name_values, real_scalar
from .elementwise import FLOAT_INPUTS, check_classes
from .registry import builtin
from .sizes import along_axis, dim_arg, first_nonsingleton, is_text, numeric_array, option_text
from .statistics import prctile


def real_data(fname: str, x: Value) -> tuple[np.ndarray, str]:
    """A real double/single (logical, char) argument in its working precision, and the result class."""
    check_classes(fname, (x,), FLOAT_INPUTS)
    arr = numeric_array(x, fname)
    if arr.dtype.kind == "c":
        raise MatlabError(f"stats:{fname}:ComplexInput", f"{fname} supports real inputs only.")
    cls = result_class(x)
    return arr.astype(work_dtype(cls)), cls


def _working_axis(arr: np.ndarray, dim: Value | None) -> tuple[np.ndarray, int]:
    """The data and the axis to work along: the first non-singleton, dim, or all elements ('all')."""
    if dim is not None and is_text(dim, "all"):
        return arr.reshape(-1, 1, order="F"), 0
    return along_axis(arr, first_nonsingleton(arr.shape) if dim is None else dim_arg(dim))


def _flag(fname: str, flag: Value | None, default: int) -> int:
    """A 0/1 flag argument; None or [] give the default."""
    values = np.asarray([] if flag is None else numeric_array(flag, fname)).ravel()
    if values.size == 0:
        return default
    if values.size != 1 or values[0] not in (0, 1):
        raise MatlabError(f"stats:{fname}:BadFlag", "FLAG must be 0 or 1.")
    return int(values[0])


def _moments(fname: str, x: Value, flag: Value | None, dim: Value | None, order: int) -> tuple:
    """Sample size, ratio m_order / m2^(order/2) of central moments along the working axis (NaN
    ignored), the bias flag and the result class."""
    arr, axis, cls = _along(fname, x, dim)
    with warnings.catch_warnings(), np.errstate(all="ignore"):
        warnings.simplefilter("ignore", RuntimeWarning)
        n = np.sum(~np.isnan(arr), axis=axis, keepdims=True)
        centered = arr - np.nanmean(arr, axis=axis, keepdims=True)
        m2 = np.nanmean(centered ** 2, axis=axis, keepdims=True)
        ratio = np.nanmean(centered ** order, axis=axis, keepdims=True) / m2 ** (order / 2)
    return n.astype(np.float64), ratio, _flag(fname, flag, 1), cls


@builtin("skewness", family="statistics")
def skewness(x: Value, flag: Value | None = None, dim: Value | None = None) -> Value:
    """skewness(X), skewness(X, flag), skewness(X, flag, dim), skewness(X, flag, 'all')  sample skewness.

    The third central moment over the cube of the standard deviation (normalized by N), along the first
    non-singleton dimension or dim; flag 0 corrects for bias (sqrt(N*(N-1))/(N-2) times, NaN for
    fewer than 3 values), flag 1 (the default, or []) does not. NaN values are ignored.

        skewness([1 2 3 10])    % 1.0182
    """
    n, ratio, bias, cls = _moments("skewness", x, flag, dim, 3)
    if bias == 0:
        with np.errstate(all="ignore"):
            ratio = np.where(n >= 3, ratio * np.sqrt(n * (n - 1)) / (n - 2), np.nan)
    return to_value(cast_result(ratio, cls))


@builtin("kurtosis", family="statistics")
def kurtosis(x: Value, flag: Value | None = None, dim: Value | None = None) -> Value:
    """kurtosis(X), kurtosis(X, flag), kurtosis(X, flag, dim), kurtosis(X, flag, 'all')  sample kurtosis.

    The fourth central moment over the square of the variance (normalized by N; a normal sample gives
    about 3, not the excess 0), along the first non-singleton dimension or dim; flag 0 corrects for bias
    (NaN for fewer than 4 values), flag 1 (the default, or []) does not. NaN values are ignored.

        kurtosis([1 2 3 10])    % 2.1792
    """
    n, ratio, bias, cls = _moments("kurtosis", x, flag, dim, 4)
    if bias == 0:
        with np.errstate(all="ignore"):
            ratio = np.where(n >= 4, 3 + (n - 1) / ((n - 2) * (n - 3)) * ((n + 1) * ratio - 3 * (n - 1)), np.nan)
    return to_value(cast_result(ratio, cls))


@builtin("iqr", family="statistics")
def iqr(x: Value, dim: Value | None = None) -> Value:
    """iqr(X), iqr(X, dim), iqr(X, 'all')  interquartile range: prctile(X, 75) - prctile(X, 25).

    Of a vector, a scalar; of a matrix, one value per column (or along dim), with prctile's method
    (MATLAB's: linear interpolation between the points 100*((1:n)-0.5)/n); NaN values are ignored.

        iqr([1 2 3 4 10])    % 3.75
    """
    upper, lower = (numeric_array(prctile(x, q, *(() if dim is None else (dim,))), "iqr") for q in (75.0, 25.0))
    return to_value(cast_result(upper.astype(np.float64) - lower, result_class(x)))


@builtin("zscore", family="statistics")
def zscore(x: Value, flag: Value | None = None, dim: Value | None = None, *, nargout: int = 1) -> Value:
    """Z = zscore(X), zscore(X, flag), zscore(X, flag, dim), zscore(X, flag, 'all'), [Z, mu, sigma] = zscore(...)  standardized data.

    (X - mean(X)) ./ std(X) along the first non-singleton dimension or dim (or over all elements), with
    std normalized by N-1 (flag 0, the default, or []) or N (flag 1); a zero standard deviation divides
    by 1 instead. mu and sigma are the means and standard deviations used. NaN values give NaN (no
    'omitnan' option).

        z = zscore([2 4 6])    % -1 0 1
    """
    data, cls = real_data("zscore", x)
    if option_text(flag) is not None or (option_text(dim) is not None and not is_text(dim, "all")):
        raise MatlabError("matfuse:zscore:unsupported", "zscore takes X, flag and dim (or 'all') only; NaN "
                          "options are not supported.")
    ddof = 1 - _flag("zscore", flag, 0)
    if data.size == 0:
        return (to_value(cast_result(data, cls)),) * 3 if nargout > 1 else to_value(cast_result(data, cls))
    arr, axis = _working_axis(data, dim)
    with np.errstate(all="ignore"):
        mu = arr.mean(axis=axis, keepdims=True)
        sigma = arr.std(axis=axis, ddof=ddof if arr.shape[axis] > 1 else 0, keepdims=True)
        z = ((arr - mu) / np.where(sigma == 0, 1, sigma)).reshape(data.shape, order="F") \
            if dim is not None and is_text(dim, "all") else (arr - mu) / np.where(sigma == 0, 1, sigma)
    return tuple(to_value(cast_result(v, cls)) for v in (z, mu, sigma))[:max(nargout, 1)]


def _along(fname: str, x: Value, dim: Value | None) -> tuple[np.ndarray, int, str]:
    """The data, the working axis (first non-singleton, dim or 'all') and the result class."""
    data, cls = real_data(fname, x)
    if data.shape == (0, 0) and dim is None:
        data = data.reshape(0, 1)
    arr, axis = _working_axis(data, dim)
    return arr, axis, cls


@builtin("geomean", family="statistics")
def geomean(x: Value, dim: Value | None = None) -> Value:
    """geomean(X), geomean(X, dim), geomean(X, 'all')  geometric mean: exp(mean(log(X))).

    Along the first non-singleton dimension or dim. The data must be nonnegative (a zero gives 0); NaN
    gives NaN.

        geomean([1 2 4 8])    % 2.8284
    """
    arr, axis, cls = _along("geomean", x, dim)
    if np.any(arr < 0):
        raise MatlabError("stats:geomean:BadData", "The data in X must be nonnegative.")
    with np.errstate(all="ignore"):
        return to_value(cast_result(np.exp(np.mean(np.log(arr), axis=axis, keepdims=True)), cls))


@builtin("harmmean", family="statistics")
def harmmean(x: Value, dim: Value | None = None) -> Value:
    """harmmean(X), harmmean(X, dim), harmmean(X, 'all')  harmonic mean: N ./ sum(1 ./ X).

    Along the first non-singleton dimension or dim; NaN gives NaN.

        harmmean([1 2 4])    % 1.7143
    """
    arr, axis, cls = _along("harmmean", x, dim)
    with np.errstate(all="ignore"):
        return to_value(cast_result(arr.shape[axis] / np.sum(1 / arr, axis=axis, keepdims=True), cls))


@builtin("moment", family="statistics")
def moment(x: Value, order: Value, dim: Value | None = None) -> Value:
    """moment(X, order), moment(X, order, dim), moment(X, order, 'all')  central moment of the sample.

    mean((X - mean(X)).^order) along the first non-singleton dimension or dim (normalized by N);
    order is a positive integer. NaN gives NaN.

        moment([1 2 3 10], 3)    % 45
    """
    arr, axis, cls = _along("moment", x, dim)
    power = real_scalar("moment", order, "ORDER")
    if power != np.round(power) or power < 1:
        raise MatlabError("stats:moment:BadOrder", "ORDER must be a positive integer scalar.")
    with warnings.catch_warnings(), np.errstate(all="ignore"):
        warnings.simplefilter("ignore", RuntimeWarning)
        centered = arr - arr.mean(axis=axis, keepdims=True)
        return to_value(cast_result(np.mean(centered ** int(power), axis=axis, keepdims=True), cls))


CORR_TYPES = ("Pearson", "Kendall", "Spearman")


def _columns(fname: str, value: Value) -> tuple[np.ndarray, str]:
    data, cls = real_data(fname, value)
    if data.ndim != 2:
        raise MatlabError(f"stats:{fname}:InputDim", "X and Y must be 2-D matrices.")
    return data.astype(np.float64), cls


def _pearson(x: np.ndarray, y: np.ndarray) -> np.ndarray:
    with warnings.catch_warnings(), np.errstate(all="ignore"):
        warnings.simplefilter("ignore", RuntimeWarning)     # no rows: NaN
        xc, yc = x - x.mean(axis=0), y - y.mean(axis=0)
        scale = np.sqrt((xc ** 2).sum(axis=0))[:, None] * np.sqrt((yc ** 2).sum(axis=0))[None, :]
        return np.clip((xc.T @ yc) / scale, -1, 1)


def _kendall(x: np.ndarray, y: np.ndarray) -> np.ndarray:
    out = np.full((x.shape[1], y.shape[1]), np.nan)
    with warnings.catch_warnings(), np.errstate(all="ignore"):
        warnings.simplefilter("ignore")
        for i in range(x.shape[1]):
            for j in range(y.shape[1]):
                if not (np.isnan(x[:, i]).any() or np.isnan(y[:, j]).any()):
                    out[i, j] = scipy.stats.kendalltau(x[:, i], y[:, j]).statistic
    return out


def _ranks(a: np.ndarray) -> np.ndarray:
    """Ranks down each column (ties: mean rank); a column with NaN is all NaN."""
    ranked = scipy.stats.rankdata(a, axis=0) if a.shape[0] else a
    return np.where(np.isnan(a).any(axis=0), np.nan, ranked)


def option_word(fname: str, name: str, options: dict[str, Value], default: str) -> str:
    """The text value of a name-value option, or its default."""
    if name not in options:
        return default
    text = option_text(options[name])
    if text is None:
        raise MatlabError(f"stats:{fname}:BadOption", f"The value of '{name}' must be text.")
    return text


@builtin("corr", family="statistics")
def corr(x: Value, *args: Value, nargout: int = 1) -> Value:
    """rho = corr(X), corr(X, Y), corr(..., 'Type', t, 'Rows', r), [rho, pval] = corr(...)  linear or rank correlation.

    The correlation of each pair of columns of X (observations in rows), or of each column of X with each
    column of Y (the same number of rows): Pearson's r (the default), or 'Type' 'Spearman' (rho of the
    ranks, ties averaged) or 'Kendall' (tau-b). 'Rows' 'all' (the default: NaN gives NaN) or 'complete'
    (rows with NaN dropped). pval, for Pearson only, tests zero correlation against the two-sided
    alternative with Student's t on N-2 degrees of freedom. 'Rows' 'pairwise', 'Tail' and rank p-values
    are not supported.

        rho = corr([1 2 3 4]', [2 4 5 9]')    % 0.9628
    """
    y = args[0] if args and option_text(args[0]) is None else None
    options = name_values("corr", args[1:] if y is not None else args, ("Type", "Rows", "Tail"))
    kind = match_name("corr", option_word("corr", "Type", options, "Pearson"), CORR_TYPES)
    rows = option_word("corr", "Rows", options, "all")
    if rows.lower() not in ("all", "complete") or ("Tail" in options and not is_text(options["Tail"], "both")):
        raise MatlabError("matfuse:corr:unsupported", "corr supports 'Rows' 'all' or 'complete' and the "
                          "two-sided test only.")
    if nargout > 1 and kind != "Pearson":
        raise MatlabError("matfuse:corr:unsupported", f"corr does not compute p-values for {kind}'s coefficient.")
    a, cls = _columns("corr", x)
    b, other = _columns("corr", y) if y is not None else (a, cls)
    if a.shape[0] != b.shape[0]:
        raise MatlabError("stats:corr:InputSizeMismatch", "X and Y must have the same number of rows.")
    if rows.lower() == "complete":
        keep = ~(np.isnan(a).any(axis=1) | np.isnan(b).any(axis=1))
        a, b = a[keep], b[keep]
    rho = _kendall(a, b) if kind == "Kendall" else _pearson(*((_ranks(a), _ranks(b)) if kind == "Spearman"
                                                              else (a, b)))
    if y is None:
        diagonal = np.diag(rho).copy()
        np.fill_diagonal(rho, np.where(np.isnan(diagonal), np.nan, 1.0))
    result_cls = "single" if "single" in (cls, other) else "double"
    if nargout < 2:
        return to_value(cast_result(rho, result_cls))
    n = a.shape[0]
    with np.errstate(all="ignore"):
        t = rho * np.sqrt((n - 2) / (1 - rho ** 2))
        pval = 2 * scipy.stats.t.sf(np.abs(t), n - 2) if n > 2 else np.full(rho.shape, np.nan)
    return to_value(cast_result(rho, result_cls)), to_value(cast_result(pval, result_cls))


KSDENSITY_OPTIONS = ("Bandwidth", "Function", "Kernel", "NumPoints")


@builtin("ksdensity", family="statistics")
def ksdensity(ctx: CallContext, x: Value, *args: Value, nargout: int = 0) -> Value:
    """[f, xi, bw] = ksdensity(x), ksdensity(x, pts), ksdensity(..., 'Bandwidth', bw, 'Function', fn, 'NumPoints', n)  kernel density estimate.

    The normal-kernel estimate of the density of the sample x (NaN ignored) at the points pts, or at n
    (100) equally spaced points from min(x) - 3*bw to max(x) + 3*bw, returned in xi. The default bandwidth is
    MATLAB's normal-approximation rule, bw = sigma*(4/(3*N))^(1/5) with sigma = median(abs(x -
    median(x)))/0.6745 (a sample with no such deviation, for which MATLAB documents no rule, gets the
    range of its values in place of sigma, or 1). 'Function' 'cdf' estimates the cumulative
    distribution instead. Without outputs
    it plots the estimate. Other kernels, 'Support', weights and censoring are not supported.

        [f, xi] = ksdensity([1 3 2 5]);
    """
    data, cls = real_data("ksdensity", x)
    sample = data.astype(np.float64).ravel(order="F")
    sample = sample[~np.isnan(sample)]
    points = args[0] if args and option_text(args[0]) is None else None
    options = name_values("ksdensity", args[1:] if points is not None else args, KSDENSITY_OPTIONS)
    if option_word("ksdensity", "Kernel", options, "normal").lower() != "normal":
        raise MatlabError("matfuse:ksdensity:unsupported", "ksdensity supports the normal kernel only.")
    function = match_name("ksdensity", option_word("ksdensity", "Function", options, "pdf"), ("pdf", "cdf"))
    if sample.size == 0:
        raise MatlabError("stats:ksdensity:NanX", "X must contain at least one value that is not NaN.")
    width = _bandwidth(sample) if "Bandwidth" not in options else real_scalar("ksdensity", options["Bandwidth"], "BW")
    if not width > 0:
        raise MatlabError("stats:ksdensity:BadBandwidth", "The bandwidth must be a positive scalar.")
    if points is None:
        count = int(real_scalar("ksdensity", options["NumPoints"], "NumPoints")) if "NumPoints" in options else 100
        grid = np.linspace(sample.min() - 3 * width, sample.max() + 3 * width, count).reshape(1, -1)
    else:
        grid = real_data("ksdensity", points)[0].astype(np.float64)
    f = _kernel_sums(grid.ravel(order="F"), sample, width, function).reshape(grid.shape, order="F")
    if nargout == 0:
        ctx.call("plot", [grid, f], 0)
        return None
    return tuple(to_value(cast_result(v, cls)) for v in (f, grid, np.array([[width]])))[:nargout]


SQRT_2PI = np.sqrt(2 * np.pi)
KERNEL_BLOCK = 2 ** 22     # kernel values computed at once: the points go in blocks of this many by the sample


def _kernel_sums(points: np.ndarray, sample: np.ndarray, width: float, function: str) -> np.ndarray:
    """The mean over the sample of the normal kernel (pdf / width, or cdf) at each point, in blocks of
    points so that memory stays bounded for large samples and grids."""
    out = np.empty(points.size)
    step = max(1, KERNEL_BLOCK // sample.size)
    for start in range(0, points.size, step):
        z = (points[start:start + step, None] - sample[None, :]) / width
        values = np.exp(-0.5 * z * z) / (SQRT_2PI * width) if function == "pdf" else special.ndtr(z)
        out[start:start + step] = values.mean(axis=1)
    return out


def _bandwidth(sample: np.ndarray) -> float:
    """MATLAB's default: the normal-approximation width from a robust sigma (the median absolute deviation
    over 0.6745); a sample with zero deviation falls back to the spread of its values, then 1."""
    sigma = np.median(np.abs(sample - np.median(sample))) / 0.6745
    if sigma <= 0:
        sigma = np.ptp(sample) or 1.0
    return float(sigma * (4 / (3 * sample.size)) ** 0.2)


ECDF_FUNCTIONS = ("cdf", "survivor")


@builtin("ecdf", family="statistics")
def ecdf(ctx: CallContext, y: Value, *args: Value, nargout: int = 0) -> Value:
    """[f, x] = ecdf(y), ecdf(y, 'Function', fn)  empirical cumulative distribution function.

    x holds the distinct values of y in ascending order, its smallest repeated first, and f the share of
    y at or below each (starting from 0), as column vectors; 'Function' 'survivor' gives 1 - f. NaN
    values are ignored. Without outputs it plots f as a staircase. Censoring, frequencies and the
    confidence bounds (flo, fup) are not supported.

        [f, x] = ecdf([3 1 2 2])    % f = [0; 0.25; 0.75; 1], x = [1; 1; 2; 3]
    """
    options = name_values("ecdf", args, ("Function",))
    function = match_name("ecdf", option_word("ecdf", "Function", options, "cdf"), ECDF_FUNCTIONS)
    if nargout > 2:
        raise MatlabError("matfuse:ecdf:unsupported", "ecdf's confidence bounds (flo, fup) are not supported.")
    data, cls = real_data("ecdf", y)
    sample = data.astype(np.float64).ravel(order="F")
    sample = sample[~np.isnan(sample)]
    if sample.size == 0:
        raise MatlabError("stats:ecdf:NoData", "Y must contain at least one value that is not NaN.")
    values, counts = np.unique(sample, return_counts=True)
    f = np.concatenate([[0.0], np.cumsum(counts) / sample.size])
    f = 1 - f if function == "survivor" else f
    x = np.concatenate([values[:1], values])
    if nargout == 0:
        ctx.call("stairs", [x.reshape(-1, 1), f.reshape(-1, 1)], 0)
        return None
    return tuple(to_value(cast_result(v.reshape(-1, 1), cls)) for v in (f, x))[:nargout]
