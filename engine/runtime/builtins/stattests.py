"""Parameter estimates and t tests of the Statistics Toolbox: normfit ttest.

Both work down the columns of a matrix (or along a vector, or along 'Dim'); ttest ignores NaN as MATLAB's
does. Critical values and p-values come from Student's t and the chi-square distribution in scipy.stats.
"""
from __future__ import annotations

import warnings

import numpy as np
from scipy import stats

from ..errors import MatlabError
from ..semantics import cast_result, to_value
from ..values import StructArray, Value
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
        half = stats.t.ppf(1 - level / 2, n - 1) * sigma / np.sqrt(n)
        mu_ci = np.vstack([mu - half, mu + half])
        sigma_ci = np.vstack([sigma * np.sqrt((n - 1) / stats.chi2.ppf(1 - level / 2, n - 1)),
                              sigma * np.sqrt((n - 1) / stats.chi2.ppf(level / 2, n - 1))])
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
    if len(args) > 1 and option_text(args[1]) is None:
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
    with warnings.catch_warnings(), np.errstate(all="ignore"):
        warnings.simplefilter("ignore", RuntimeWarning)
        n = np.sum(~np.isnan(arr), axis=axis, keepdims=True).astype(np.float64)
        mean = np.nanmean(arr, axis=axis, keepdims=True)
        sd = np.nanstd(arr, axis=axis, ddof=1, keepdims=True)
        df = np.maximum(n - 1, 0)
        se = sd / np.sqrt(n)
        tstat = (mean - mean0) / se
        p, crit = _tail_probability(tail, tstat, df, alpha)
        low = mean - crit * se if tail != "left" else np.full(mean.shape, -np.inf)
        high = mean + crit * se if tail != "right" else np.full(mean.shape, np.inf)
    h = np.where(np.isnan(p), np.nan, (p <= alpha).astype(np.float64))
    ci = np.concatenate([low, high], axis=axis)
    fields = {"tstat": tstat, "df": df, "sd": sd}
    summary = StructArray.scalar({k: to_value(cast_result(v, cls)) for k, v in fields.items()})
    return tuple(to_value(cast_result(v, cls)) for v in (h, p, ci))[:max(nargout, 1)] + \
        ((summary,) if nargout > 3 else ())


def _tail_probability(tail: str, t: np.ndarray, df: np.ndarray, alpha: float) -> tuple[np.ndarray, np.ndarray]:
    """The p-value of t and the critical value of the confidence interval for the tail."""
    if tail == "both":
        return 2 * stats.t.sf(np.abs(t), df), stats.t.ppf(1 - alpha / 2, df)
    return (stats.t.sf(t, df) if tail == "right" else stats.t.cdf(t, df)), stats.t.ppf(1 - alpha, df)
