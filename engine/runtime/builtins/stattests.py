"""Parameter estimates, tests and linear regression of the Statistics Toolbox: normfit ttest ttest2 regress
crosstab.

normfit and the t tests work down the columns of a matrix (or along a vector, or along 'Dim'); ttest and
ttest2 ignore NaN as MATLAB's do, regress leaves out the rows with NaN. Critical values and p-values come
from Student's t, chi-square and F distributions in scipy.stats.
"""
from __future__ import annotations

import warnings

import numpy as np
import scipy

from ..categoricals import CategoricalArray
from ..errors import MatlabError
from ..semantics import cast_result, to_value
from ..graphics_args import text_list
from ..values import CellArray, CharArray, StringArray, StructArray, Value, class_of
from .arguments import match_name, name_values, real_scalar
from .registry import builtin
from .samplestats import option_word, real_data
from .sizes import along_axis, dim_arg, first_nonsingleton, option_text


def _alpha(fname: str, value: Value | None) -> float:
    alpha = 0.05 if value is None else real_scalar(fname, value, "ALPHA")
    if not 0 < alpha < 1:
        raise MatlabError(f"stats:{fname}:BadAlpha", "ALPHA must be a scalar between 0 and 1.")
    return alpha


@builtin("normfit", family="statistics")
def normfit(x: Value, alpha: Value | None = None, *rest: Value, nargout: int = 1) -> Value:
    """[muHat, sigmaHat, muCI, sigmaCI] = normfit(x), normfit(x, alpha)  normal parameter estimates and confidence intervals.

    muHat is the sample mean and sigmaHat the standard deviation (normalized by N-1) of a vector, or of
    each column of a matrix; muCI and sigmaCI hold the lower and upper 100(1-alpha)% confidence bounds
    (alpha 0.05 by default) in their two rows, from Student's t and the chi-square distribution. Censoring
    and frequency arguments are not supported.

        [mu, s, muci] = normfit([4.2 5.1 3.9 4.8 5.5])
    """
    if rest:
        raise MatlabError("matfuse:normfit:unsupported", "normfit with censoring or frequencies is not supported.")
    level = _alpha("normfit", None if alpha is None or np.size(alpha) == 0 else alpha)
    data, cls = real_data("normfit", x)
    if data.ndim != 2:
        raise MatlabError("stats:normfit:InputDim", "X must be a vector or a matrix.")
    if data.shape[0] == 1:
        data = data.reshape(-1, 1)
    n = data.shape[0]
    with warnings.catch_warnings(), np.errstate(all="ignore"):
        warnings.simplefilter("ignore", RuntimeWarning)
        mu = data.mean(axis=0, keepdims=True)
        sigma = data.std(axis=0, ddof=1 if n > 1 else 0, keepdims=True)
        half = scipy.stats.t.ppf(1 - level / 2, n - 1) * sigma / np.sqrt(n)
        mu_ci = np.vstack([mu - half, mu + half])
        sigma_ci = np.vstack([sigma * np.sqrt((n - 1) / scipy.stats.chi2.ppf(1 - level / 2, n - 1)),
                              sigma * np.sqrt((n - 1) / scipy.stats.chi2.ppf(level / 2, n - 1))])
    return tuple(to_value(cast_result(v, cls)) for v in (mu, sigma, mu_ci, sigma_ci))[:max(nargout, 1)]


TAILS = ("both", "right", "left")


@builtin("ttest", family="statistics")
def ttest(x: Value, *args: Value, nargout: int = 1) -> Value:
    """[h, p, ci, stats] = ttest(x), ttest(x, m), ttest(x, y), ttest(..., 'Alpha', a, 'Tail', t, 'Dim', d)  one-sample and paired t test.

    Tests whether the data in x (or the differences x - y of paired samples of the same size) have mean
    m (0 by default) at significance level alpha (0.05): h is 1 when the test rejects the mean, 0 if not;
    p is its p-value; ci the 100(1-alpha)% confidence interval of the mean of x (or of x - y), its two
    bounds along the working dimension; stats a struct with tstat, df and sd. 'Tail' 'right' or 'left'
    tests against a larger or smaller mean. A matrix is tested column by column (or along 'Dim'); NaN
    values are ignored. The old positional forms ttest(x, m, alpha, tail) are not supported.

        [h, p] = ttest([5.1 4.9 5.6 5.8 6.0 5.7], 5)
    """
    positional = [a for a in args[:1] if option_text(a) is None]
    if positional and len(args) > 1 and option_text(args[1]) is None:
        raise MatlabError("matfuse:ttest:unsupported", "The positional forms ttest(x, m, alpha, tail, dim) are not "
                          "supported; use the 'Alpha', 'Tail' and 'Dim' name-value arguments.")
    options = name_values("ttest", args[len(positional):], ("Alpha", "Tail", "Dim"))
    data, cls = real_data("ttest", x)
    mean0 = 0.0
    if positional:
        other, _ = real_data("ttest", positional[0])
        if other.size == 1:
            mean0 = float(other.ravel()[0])
        elif other.shape == data.shape:
            data = data.astype(np.float64) - other
        else:
            raise MatlabError("stats:ttest:InputSizeMismatch", "The data in a paired t-test must be the same size.")
    alpha = _alpha("ttest", options.get("Alpha"))
    tail = match_name("ttest", option_word("ttest", "Tail", options, "both"), TAILS)
    arr, axis = along_axis(data.astype(np.float64), first_nonsingleton(data.shape) if "Dim" not in options
                           else dim_arg(options["Dim"]))
    n, mean, variance = _sample(arr, axis)
    with np.errstate(all="ignore"):
        sd = np.sqrt(variance)
        return _t_test(mean, mean0, sd / np.sqrt(n), np.maximum(n - 1, 0), sd, tail, alpha, axis, cls, nargout)


def _sample(arr: np.ndarray, axis: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Count, mean and variance (normalized by N-1) along the axis, NaN ignored."""
    with warnings.catch_warnings(), np.errstate(all="ignore"):
        warnings.simplefilter("ignore", RuntimeWarning)
        return (np.sum(~np.isnan(arr), axis=axis, keepdims=True).astype(np.float64),
                np.nanmean(arr, axis=axis, keepdims=True), np.nanvar(arr, axis=axis, ddof=1, keepdims=True))


def _t_test(estimate: np.ndarray, null: float, se: np.ndarray, df: np.ndarray, sd: np.ndarray, tail: str,
            alpha: float, axis: int, cls: str, nargout: int) -> tuple:
    """h, p, the confidence interval of the estimate (its bounds along the axis) and the stats struct
    of a t test of estimate = null with standard error se."""
    with warnings.catch_warnings(), np.errstate(all="ignore"):
        warnings.simplefilter("ignore", RuntimeWarning)
        tstat = (estimate - null) / se
        p, crit = _tail_probability(tail, tstat, df, alpha)
        low = estimate - crit * se if tail != "left" else np.full(estimate.shape, -np.inf)
        high = estimate + crit * se if tail != "right" else np.full(estimate.shape, np.inf)
    h = np.where(np.isnan(p), np.nan, (p <= alpha).astype(np.float64))
    ci = np.concatenate([low, high], axis=axis)
    fields = {"tstat": tstat, "df": df, "sd": sd}
    summary = StructArray.scalar({k: to_value(cast_result(v, cls)) for k, v in fields.items()})
    return tuple(to_value(cast_result(v, cls)) for v in (h, p, ci))[:max(nargout, 1)] + \
        ((summary,) if nargout > 3 else ())


VARTYPES = ("equal", "unequal")


@builtin("ttest2", family="statistics")
def ttest2(x: Value, y: Value, *args: Value, nargout: int = 1) -> Value:
    """[h, p, ci, stats] = ttest2(x, y), ttest2(..., 'Alpha', a, 'Tail', t, 'Vartype', v, 'Dim', d)  two-sample t test.

    Tests whether the independent samples x and y (of any lengths) have equal means at significance level
    alpha (0.05): with equal unknown variances (the pooled standard deviation, N-2 degrees of freedom;
    'Vartype' 'equal', the default) or unequal ones (Welch's test with Satterthwaite's degrees of
    freedom; 'unequal'). h is 1 when the test rejects equal means; ci is the confidence interval of
    mean(x) - mean(y); stats has tstat, df and sd (the pooled standard deviation, or both sample ones).
    Matrices are tested column by column (or along 'Dim'); NaN values are ignored.

        [h, p] = ttest2([5.1 4.9 5.6 5.8 6.0], [4.2 4.8 4.4 5.0 4.6 4.9])
    """
    if args and option_text(args[0]) is None:
        raise MatlabError("matfuse:ttest2:unsupported", "The positional forms ttest2(x, y, alpha, tail, vartype, "
                          "dim) are not supported; use the name-value arguments.")
    options = name_values("ttest2", args, ("Alpha", "Tail", "Vartype", "Dim"))
    first, cls = real_data("ttest2", x)
    second, other = real_data("ttest2", y)
    cls = "single" if "single" in (cls, other) else "double"
    alpha = _alpha("ttest2", options.get("Alpha"))
    tail = match_name("ttest2", option_word("ttest2", "Tail", options, "both"), TAILS)
    equal = match_name("ttest2", option_word("ttest2", "Vartype", options, "equal"), VARTYPES) == "equal"
    if "Dim" in options:
        axis = dim_arg(options["Dim"])
    else:       # x's working dimension (y's for a scalar x); a vector y takes the orientation of a vector x
        axis = first_nonsingleton(first.shape if first.size != 1 else second.shape)
        if first.ndim == 2 and second.ndim == 2 and 1 in first.shape and 1 in second.shape:
            second = second.reshape((1, -1) if first.shape[0] == 1 and first.size > 1 else (-1, 1))
    (a, _), (b, _) = along_axis(first.astype(np.float64), axis), along_axis(second.astype(np.float64), axis)
    if np.delete(a.shape, axis).tolist() != np.delete(b.shape, axis).tolist():
        raise MatlabError("stats:ttest2:InputSizeMismatch", "The data in a 2-sample t-test must be commensurate.")
    (nx, mx, vx), (ny, my, vy) = _sample(a, axis), _sample(b, axis)
    with np.errstate(all="ignore"):
        if equal:
            df = np.maximum(nx + ny - 2, 0)
            sd = np.sqrt(((nx - 1) * vx + (ny - 1) * vy) / df)
            se = sd * np.sqrt(1 / nx + 1 / ny)
        else:
            ex, ey = vx / nx, vy / ny
            df = (ex + ey) ** 2 / (ex ** 2 / (nx - 1) + ey ** 2 / (ny - 1))
            se, sd = np.sqrt(ex + ey), np.sqrt(np.concatenate([vx, vy], axis=axis))
    return _t_test(mx - my, 0.0, se, df, sd, tail, alpha, axis, cls, nargout)


def _tail_probability(tail: str, t: np.ndarray, df: np.ndarray, alpha: float) -> tuple[np.ndarray, np.ndarray]:
    """The p-value of t and the critical value of the confidence interval for the tail."""
    if tail == "both":
        return 2 * scipy.stats.t.sf(np.abs(t), df), scipy.stats.t.ppf(1 - alpha / 2, df)
    return (scipy.stats.t.sf(t, df) if tail == "right" else scipy.stats.t.cdf(t, df)), scipy.stats.t.ppf(1 - alpha, df)


@builtin("regress", family="statistics")
def regress(y: Value, X: Value, alpha: Value | None = None, *, nargout: int = 1) -> Value:
    """[b, bint, r, rint, stats] = regress(y, X), regress(y, X, alpha)  multiple linear regression.

    The least-squares coefficients b of y = X*b (include a column of ones in X for an intercept), their
    100(1-alpha)% confidence intervals bint (alpha 0.05), the residuals r with intervals rint (from the
    leave-one-out error variance: an interval without 0 marks a possible outlier), and stats = [R^2, F,
    its p-value, the error variance]. Rows with NaN in y or X are left out (their r and rint are NaN). A
    rank-deficient X is not supported.

        x = (1:6)'; [b, bint] = regress([2.1 3.9 6.2 7.8 10.1 12.2]', [ones(6, 1) x])
    """
    level = _alpha("regress", None if alpha is None or np.size(alpha) == 0 else alpha)
    response, cls = real_data("regress", y)
    design, other = real_data("regress", X)
    cls = "single" if "single" in (cls, other) else "double"
    response, design = response.astype(np.float64), design.astype(np.float64)
    if response.ndim != 2 or response.shape[1] != 1 or design.ndim != 2 or design.shape[0] != response.shape[0]:
        raise MatlabError("stats:regress:InvalidData", "Y must be a column vector with one value per row of X.")
    keep = ~(np.isnan(response[:, 0]) | np.isnan(design).any(axis=1))
    yk, Xk = response[keep, 0], design[keep]
    n, p = Xk.shape
    q, r = np.linalg.qr(Xk)
    if p > n or np.linalg.matrix_rank(Xk) < p:
        raise MatlabError("matfuse:regress:unsupported", "regress of a rank-deficient X is not supported.")
    b = np.linalg.solve(r, q.T @ yk)
    residuals = yk - Xk @ b
    dfe = n - p
    with np.errstate(all="ignore"):
        mse = residuals @ residuals / dfe
        se = np.sqrt(np.sum(np.linalg.inv(r) ** 2, axis=1) * mse)
        half = scipy.stats.t.ppf(1 - level / 2, dfe) * se
        leverage = np.sum(q ** 2, axis=1)
        loo = np.sqrt(np.maximum(0, (dfe * mse - residuals ** 2 / (1 - leverage)) / (dfe - 1)))
        spread = scipy.stats.t.ppf(1 - level / 2, dfe - 1) * np.sqrt(1 - leverage) * loo
        total = np.sum((yk - yk.mean()) ** 2)
        r2 = 1 - residuals @ residuals / total
        f = (total - residuals @ residuals) / (p - 1) / mse
        summary = np.array([[r2, f, scipy.stats.f.sf(f, p - 1, dfe), mse]])
    full_r, full_rint = np.full(response.shape[0], np.nan), np.full((response.shape[0], 2), np.nan)
    full_r[keep] = residuals
    full_rint[keep] = np.column_stack([residuals - spread, residuals + spread])
    outputs = (b.reshape(-1, 1), np.column_stack([b - half, b + half]), full_r.reshape(-1, 1), full_rint, summary)
    return tuple(to_value(cast_result(v, cls)) for v in outputs)[:max(nargout, 1)]


def _group_codes(fname: str, value: Value) -> tuple[np.ndarray, list[str]]:
    """Group numbers (0-based, -1 for missing) of a grouping vector and the group labels: numeric groups
    in ascending order (NaN missing), text groups in order of first appearance, categorical groups in
    category order (<undefined> missing) (as grp2idx numbers them)."""
    if type(value) is CategoricalArray:
        flat = value.data.ravel(order="F")
        return np.where(np.isnan(flat), -1, flat - 1).astype(np.int64), list(value.cats)
    if isinstance(value, (CellArray, StringArray)) or class_of(value) == "char":
        keys = [str(k) for k in (text_list(value) if not class_of(value) == "char" else CharArray.rows(value))]
        order = list(dict.fromkeys(keys))
        return np.array([order.index(k) for k in keys]), order
    data, _ = real_data(fname, value)
    flat = data.astype(np.float64).ravel(order="F")
    groups = np.unique(flat[~np.isnan(flat)])
    codes = np.where(np.isnan(flat), -1, np.searchsorted(groups, flat))
    return codes, [f"{g:g}" for g in groups]


def _used(codes: np.ndarray, labels: list[str]) -> tuple[np.ndarray, list[str]]:
    """The codes renumbered over the groups that occur, and their labels, in the same order."""
    present = np.unique(codes)
    return np.searchsorted(present, codes), [labels[k] for k in present]


@builtin("crosstab", family="statistics")
def crosstab(x1: Value, x2: Value, *, nargout: int = 1) -> Value:
    """[tbl, chi2, p, labels] = crosstab(x1, x2)  cross-tabulation of two grouping variables.

    tbl(i, j) counts the observations in group i of x1 and group j of x2 (numeric groups in ascending
    order, categorical ones in category order, text groups, given as cell arrays, string arrays or char
    rows, in order of first appearance;
    NaN is missing, and an observation missing in either is left out); chi2 and p are the chi-square test of independence; labels is a
    cell array with the group names of x1 in its first column and of x2 in its second. More than two
    variables, or one, are not supported.

        tbl = crosstab([1 1 2 2 2], [1 2 1 1 2])    % [1 1; 2 1]
    """
    (a, first), (b, second) = _group_codes("crosstab", x1), _group_codes("crosstab", x2)
    if a.size != b.size:
        raise MatlabError("stats:crosstab:InputSizeMismatch", "All grouping variables must have the same length.")
    keep = (a >= 0) & (b >= 0)
    (a, first), (b, second) = _used(a[keep], first), _used(b[keep], second)
    table = np.zeros((len(first), len(second)))
    np.add.at(table, (a, b), 1)
    with np.errstate(all="ignore"):
        expected = table.sum(axis=1, keepdims=True) * table.sum(axis=0, keepdims=True) / table.sum()
        chi2 = float(np.sum((table - expected) ** 2 / expected))
        p = float(scipy.stats.chi2.sf(chi2, (table.shape[0] - 1) * (table.shape[1] - 1)))
    labels = np.empty((max(len(first), len(second)), 2), dtype=object)
    labels.fill(np.zeros((0, 0)))
    for column, names in enumerate((first, second)):
        for row, name in enumerate(names):
            labels[row, column] = CharArray.from_str(name)
    return (to_value(table), chi2, p, CellArray(labels))[:max(nargout, 1)]
