"""Probability distributions of the Statistics Toolbox: the xxxpdf, xxxcdf and xxxinv functions of ten
distributions, and the generic pdf, cdf and icdf that take a distribution name.

Each distribution is one ``Distribution`` record: its parameters (with MATLAB's defaults), the scipy.stats
distribution that computes it, and the rule that says which parameter values are valid. The arguments
follow MATLAB's scalar expansion (arrays of one size, scalars expanded to it); invalid parameters give
NaN where they occur, as MATLAB's functions do; the result is single if an argument is single.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

import numpy as np
import scipy

from ..errors import MatlabError
from ..semantics import cast_result, result_class, to_value
from ..values import Value
from .elementwise import FLOAT_INPUTS, check_classes
from .registry import builtin
from .sizes import is_text, numeric_array, option_text


@dataclass(frozen=True)
class Distribution:
    """One distribution: MATLAB's prefix and full name, its parameter names with defaults (None:
    required), the scipy.stats distribution's name with the keyword arguments that MATLAB's parameters
    make (not a frozen distribution: freezing costs a millisecond a call), and the mask of valid
    parameter values. ``rv`` looks the distribution up at its use: scipy.stats is a large import that a
    session without statistics need not pay for at its start."""
    prefix: str
    title: str
    params: tuple[tuple[str, float | None], ...]
    scipy_name: str
    arguments: Callable[..., dict]
    valid: Callable[..., np.ndarray]

    @property
    def rv(self) -> Any:
        return getattr(scipy.stats, self.scipy_name)


def _whole(n: np.ndarray) -> np.ndarray:
    return n == np.round(n)


DISTRIBUTIONS = {d.prefix: d for d in (
    Distribution("norm", "Normal", (("mu", 0.0), ("sigma", 1.0)),
                 "norm", lambda mu, s: {"loc": mu, "scale": s}, lambda mu, s: s > 0),
    Distribution("unif", "Uniform", (("a", 0.0), ("b", 1.0)),
                 "uniform", lambda a, b: {"loc": a, "scale": b - a}, lambda a, b: a < b),
    Distribution("exp", "Exponential", (("mu", 1.0),),
                 "expon", lambda mu: {"scale": mu}, lambda mu: mu > 0),
    Distribution("bino", "Binomial", (("n", None), ("p", None)),
                 "binom", lambda n, p: {"n": n, "p": p},
                 lambda n, p: (n >= 0) & _whole(n) & (p >= 0) & (p <= 1)),
    Distribution("poiss", "Poisson", (("lambda", None),),
                 "poisson", lambda lam: {"mu": lam}, lambda lam: lam >= 0),
    Distribution("chi2", "Chisquare", (("nu", None),),
                 "chi2", lambda nu: {"df": nu}, lambda nu: nu > 0),
    Distribution("t", "T", (("nu", None),),
                 "t", lambda nu: {"df": nu}, lambda nu: nu > 0),
    Distribution("f", "F", (("nu1", None), ("nu2", None)),
                 "f", lambda n1, n2: {"dfn": n1, "dfd": n2}, lambda n1, n2: (n1 > 0) & (n2 > 0)),
    Distribution("gam", "Gamma", (("a", None), ("b", 1.0)),
                 "gamma", lambda a, b: {"a": a, "scale": b}, lambda a, b: (a > 0) & (b > 0)),
    Distribution("beta", "Beta", (("a", None), ("b", None)),
                 "beta", lambda a, b: {"a": a, "b": b}, lambda a, b: (a > 0) & (b > 0)),
)}
DISCRETE = ("bino", "poiss")
NAMES = {**{d.title.lower(): d for d in DISTRIBUTIONS.values()}, **DISTRIBUTIONS,
         "chi-square": DISTRIBUTIONS["chi2"], "student's t": DISTRIBUTIONS["t"]}


def expanded(fname: str, args: tuple[Value, ...]) -> tuple[list[np.ndarray], tuple[int, ...], str]:
    """The arguments as float64 arrays of one common size (scalars expanded), that size, the result class."""
    check_classes(fname, args, FLOAT_INPUTS)
    arrays = [numeric_array(a, fname) for a in args]
    if any(a.dtype.kind == "c" for a in arrays):
        raise MatlabError(f"stats:{fname}:ComplexInput", f"{fname} supports real inputs only.")
    shapes = {a.shape for a in arrays if a.size != 1}
    if len(shapes) > 1:
        raise MatlabError(f"stats:{fname}:InputSizeMismatch", "Non-scalar arguments must match in size.")
    shape = shapes.pop() if shapes else (1, 1)
    return [np.broadcast_to(a.astype(np.float64), shape) for a in arrays], shape, result_class(*args)


def _arguments(fname: str, dist: Distribution, x: Value, params: tuple[Value, ...]) -> tuple[Value, ...]:
    """x and the parameters with MATLAB's defaults filled in; an error when a required one is missing."""
    if len(params) > len(dist.params):
        raise MatlabError(f"matfuse:{fname}:unsupported", f"{fname} with confidence bounds (a parameter "
                          f"covariance and alpha) is not supported; give X and {len(dist.params)} parameters.")
    filled = list(params)
    for name, default in dist.params[len(params):]:
        if default is None:
            raise MatlabError(f"stats:{fname}:TooFewInputs", f"{fname} requires the parameter {name}.")
        filled.append(default)
    return (x, *filled)


def evaluate(fname: str, dist: Distribution, kind: str, x: Value, params: tuple[Value, ...]) -> Value:
    """pdf, cdf, upper (the complement of the cdf) or inv of ``dist`` at x, MATLAB's way."""
    values, shape, cls = expanded(fname, _arguments(fname, dist, x, params))
    at, parameters = values[0], values[1:]
    valid = dist.valid(*parameters) if parameters else np.ones(shape, dtype=bool)
    safe = [np.where(valid, p, default if default is not None else 1.0)
            for p, (_, default) in zip(parameters, dist.params)]
    method = {"pdf": "pmf" if dist.prefix in DISCRETE else "pdf", "cdf": "cdf", "upper": "sf",
              "inv": "ppf"}[kind]
    with np.errstate(all="ignore"):
        out = np.asarray(getattr(dist.rv, method)(at, **dist.arguments(*safe)), dtype=np.float64)
        if kind == "inv":
            if dist.prefix in DISCRETE:         # scipy's ppf(0) is one below the support
                out = np.where(at == 0, 0.0, out)
            out = np.where((at >= 0) & (at <= 1), out, np.nan)
    out = np.where(valid & ~np.isnan(at), out, np.nan).reshape(shape)
    return to_value(cast_result(out, cls))


def _tail(fname: str, params: tuple[Value, ...]) -> tuple[tuple[Value, ...], str]:
    """The parameters without a trailing 'upper' or 'lower', and the kind of cdf it asks for."""
    if params and option_text(params[-1]) is not None:
        if is_text(params[-1], "upper"):
            return params[:-1], "upper"
        if is_text(params[-1], "lower"):
            return params[:-1], "cdf"
        raise MatlabError(f"stats:{fname}:UpperTailOption", "Invalid tail option: use 'upper' or 'lower'.")
    return params, "cdf"


def _register(kind: str, dist: Distribution, help_text: str) -> None:
    name = dist.prefix + kind

    def function(x: Value, *params: Value) -> Value:
        if kind == "cdf":
            params, which = _tail(name, params)
            return evaluate(name, dist, which, x, params)
        return evaluate(name, dist, kind, x, params)

    function.__name__ = name
    function.__doc__ = help_text
    builtin(name, family="statistics")(function)


_register("pdf", DISTRIBUTIONS["norm"], """normpdf(X), normpdf(X, mu), normpdf(X, mu, sigma)  the normal probability density.

    exp(-(X-mu).^2./(2*sigma.^2)) ./ (sigma*sqrt(2*pi)) with mean mu (default 0) and standard deviation
    sigma (default 1); arguments of one size or scalars; sigma <= 0 gives NaN.

        normpdf([-1 0 1])    % 0.2420 0.3989 0.2420""")
_register("cdf", DISTRIBUTIONS["norm"], """normcdf(X), normcdf(X, mu), normcdf(X, mu, sigma), normcdf(..., 'upper')  the normal cumulative distribution.

    The probability that a normal variable with mean mu (default 0) and standard deviation sigma
    (default 1) is at most X; 'upper' gives the complement, computed accurately in the far tail.
    sigma <= 0 gives NaN. The confidence-bound forms ([p, plo, pup] with pcov, alpha) are not supported.

        normcdf([-1.96 0 1.96])    % 0.0250 0.5000 0.9750""")
_register("inv", DISTRIBUTIONS["norm"], """norminv(P), norminv(P, mu), norminv(P, mu, sigma)  the inverse of the normal cumulative distribution.

    The X with normcdf(X, mu, sigma) = P; P outside [0, 1] or sigma <= 0 gives NaN, P = 0 and 1 give
    -Inf and Inf. The confidence-bound forms are not supported.

        norminv([0.025 0.975])    % -1.9600 1.9600""")
_register("pdf", DISTRIBUTIONS["unif"], """unifpdf(X), unifpdf(X, a, b)  the continuous uniform probability density.

    1/(b-a) for a <= X <= b and 0 elsewhere (a = 0, b = 1 by default); a >= b gives NaN.

        unifpdf([0.5 2], 0, 4)    % 0.25 0.25""")
_register("cdf", DISTRIBUTIONS["unif"], """unifcdf(X), unifcdf(X, a, b), unifcdf(..., 'upper')  the continuous uniform cumulative distribution.

    (X-a)/(b-a) clipped to [0, 1] (a = 0, b = 1 by default); 'upper' gives the complement; a >= b
    gives NaN.

        unifcdf([1 3 5], 0, 4)    % 0.25 0.75 1""")
_register("inv", DISTRIBUTIONS["unif"], """unifinv(P), unifinv(P, a, b)  the inverse of the continuous uniform cumulative distribution.

    a + P.*(b-a) (a = 0, b = 1 by default); P outside [0, 1] or a >= b gives NaN.

        unifinv(0.25, 0, 4)    % 1""")
_register("pdf", DISTRIBUTIONS["exp"], """exppdf(X), exppdf(X, mu)  the exponential probability density with mean mu.

    exp(-X/mu)/mu for X >= 0 and 0 for X < 0 (mu = 1 by default); mu <= 0 gives NaN.

        exppdf([0 1 2], 2)    % 0.5000 0.3033 0.1839""")
_register("cdf", DISTRIBUTIONS["exp"], """expcdf(X), expcdf(X, mu), expcdf(..., 'upper')  the exponential cumulative distribution with mean mu.

    1 - exp(-X/mu) for X >= 0 (mu = 1 by default); 'upper' gives exp(-X/mu); mu <= 0 gives NaN.

        expcdf(1, 2)    % 0.3935""")
_register("inv", DISTRIBUTIONS["exp"], """expinv(P), expinv(P, mu)  the inverse of the exponential cumulative distribution.

    -mu*log(1-P) (mu = 1 by default); P outside [0, 1] or mu <= 0 gives NaN.

        expinv(0.5, 2)    % 1.3863""")
_register("pdf", DISTRIBUTIONS["bino"], """binopdf(X, n, p)  the binomial probability of X successes in n trials of probability p.

    nchoosek(n, X) * p^X * (1-p)^(n-X); 0 for X not an integer in 0:n; n not a nonnegative integer or
    p outside [0, 1] gives NaN.

        binopdf(0:3, 3, 0.5)    % 0.125 0.375 0.375 0.125""")
_register("cdf", DISTRIBUTIONS["bino"], """binocdf(X, n, p), binocdf(..., 'upper')  the binomial cumulative distribution.

    The probability of at most floor(X) successes in n trials of probability p; 'upper' gives the
    probability of more than X. Invalid n or p gives NaN.

        binocdf(1, 3, 0.5)    % 0.5""")
_register("inv", DISTRIBUTIONS["bino"], """binoinv(Y, n, p)  the inverse of the binomial cumulative distribution.

    The smallest integer X with binocdf(X, n, p) >= Y; Y outside [0, 1] or invalid n or p gives NaN.

        binoinv([0.1 0.5 0.9], 10, 0.5)    % 3 5 7""")
_register("pdf", DISTRIBUTIONS["poiss"], """poisspdf(X, lambda)  the Poisson probability of X events with mean lambda.

    lambda^X * exp(-lambda) / X!; 0 for X not a nonnegative integer; lambda < 0 gives NaN.

        poisspdf(0:2, 2)    % 0.1353 0.2707 0.2707""")
_register("cdf", DISTRIBUTIONS["poiss"], """poisscdf(X, lambda), poisscdf(..., 'upper')  the Poisson cumulative distribution.

    The probability of at most floor(X) events with mean lambda; 'upper' gives the probability of more
    than X; lambda < 0 gives NaN.

        poisscdf(2, 2)    % 0.6767""")
_register("inv", DISTRIBUTIONS["poiss"], """poissinv(P, lambda)  the inverse of the Poisson cumulative distribution.

    The smallest integer X with poisscdf(X, lambda) >= P (Inf for P = 1); P outside [0, 1] or
    lambda < 0 gives NaN.

        poissinv(0.5, 2)    % 2""")
_register("pdf", DISTRIBUTIONS["chi2"], """chi2pdf(X, nu)  the chi-square probability density with nu degrees of freedom.

    0 for X < 0; nu <= 0 gives NaN.

        chi2pdf(1, 2)    % 0.3033""")
_register("cdf", DISTRIBUTIONS["chi2"], """chi2cdf(X, nu), chi2cdf(..., 'upper')  the chi-square cumulative distribution with nu degrees of freedom.

    gammainc(X/2, nu/2); 'upper' gives the complement (a test's p-value); nu <= 0 gives NaN.

        chi2cdf(3.8415, 1)    % 0.9500""")
_register("inv", DISTRIBUTIONS["chi2"], """chi2inv(P, nu)  the inverse of the chi-square cumulative distribution.

    The X with chi2cdf(X, nu) = P; P outside [0, 1] or nu <= 0 gives NaN.

        chi2inv(0.95, 1)    % 3.8415""")
_register("pdf", DISTRIBUTIONS["t"], """tpdf(X, nu)  Student's t probability density with nu degrees of freedom.

    nu <= 0 gives NaN; nu = Inf gives the standard normal density.

        tpdf(0, 5)    % 0.3796""")
_register("cdf", DISTRIBUTIONS["t"], """tcdf(X, nu), tcdf(..., 'upper')  Student's t cumulative distribution with nu degrees of freedom.

    'upper' gives the complement, accurate in the far tail; nu <= 0 gives NaN.

        tcdf(2.0150, 5)    % 0.9500""")
_register("inv", DISTRIBUTIONS["t"], """tinv(P, nu)  the inverse of Student's t cumulative distribution.

    The X with tcdf(X, nu) = P: the critical values of t tests; P outside [0, 1] or nu <= 0 gives NaN.

        tinv(0.975, 10)    % 2.2281""")
_register("pdf", DISTRIBUTIONS["f"], """fpdf(X, nu1, nu2)  the F probability density with nu1 and nu2 degrees of freedom.

    0 for X < 0; nu1 or nu2 <= 0 gives NaN.

        fpdf(1, 5, 10)    % 0.4955""")
_register("cdf", DISTRIBUTIONS["f"], """fcdf(X, nu1, nu2), fcdf(..., 'upper')  the F cumulative distribution.

    'upper' gives the complement (the p-value of an F test); nu1 or nu2 <= 0 gives NaN.

        fcdf(3.3258, 5, 10)    % 0.9500""")
_register("inv", DISTRIBUTIONS["f"], """finv(P, nu1, nu2)  the inverse of the F cumulative distribution.

    The X with fcdf(X, nu1, nu2) = P; P outside [0, 1] or nu1 or nu2 <= 0 gives NaN.

        finv(0.95, 5, 10)    % 3.3258""")
_register("pdf", DISTRIBUTIONS["gam"], """gampdf(X, a), gampdf(X, a, b)  the gamma probability density with shape a and scale b.

    X.^(a-1).*exp(-X/b) ./ (b^a*gamma(a)) for X >= 0 (b = 1 by default); a or b <= 0 gives NaN.

        gampdf(2, 2, 1)    % 0.2707""")
_register("cdf", DISTRIBUTIONS["gam"], """gamcdf(X, a), gamcdf(X, a, b), gamcdf(..., 'upper')  the gamma cumulative distribution with shape a and scale b.

    gammainc(X/b, a) (b = 1 by default); 'upper' gives the complement; a or b <= 0 gives NaN.

        gamcdf(2, 2)    % 0.5940""")
_register("inv", DISTRIBUTIONS["gam"], """gaminv(P, a), gaminv(P, a, b)  the inverse of the gamma cumulative distribution.

    The X with gamcdf(X, a, b) = P (b = 1 by default); P outside [0, 1] or a or b <= 0 gives NaN.

        gaminv(0.5, 2, 3)    % 5.0350""")
_register("pdf", DISTRIBUTIONS["beta"], """betapdf(X, a, b)  the beta probability density.

    X.^(a-1).*(1-X).^(b-1) ./ beta(a, b) for X in [0, 1], 0 outside; a or b <= 0 gives NaN.

        betapdf(0.5, 2, 2)    % 1.5""")
_register("cdf", DISTRIBUTIONS["beta"], """betacdf(X, a, b), betacdf(..., 'upper')  the beta cumulative distribution.

    betainc(X, a, b) clipped to [0, 1]; 'upper' gives the complement; a or b <= 0 gives NaN.

        betacdf(0.5, 2, 3)    % 0.6875""")
_register("inv", DISTRIBUTIONS["beta"], """betainv(P, a, b)  the inverse of the beta cumulative distribution.

    The X in [0, 1] with betacdf(X, a, b) = P; P outside [0, 1] or a or b <= 0 gives NaN.

        betainv(0.5, 2, 2)    % 0.5""")


def _named(fname: str, name: Value) -> Distribution:
    text = option_text(name)
    dist = NAMES.get(text.lower()) if text is not None else None
    if dist is None:
        known = ", ".join(f"'{d.title}'" for d in DISTRIBUTIONS.values())
        raise MatlabError(f"stats:{fname}:BadDistribution",
                          f"Unrecognized distribution name: '{text}'. {fname} supports {known}."
                          if text is not None else "The first argument must be a distribution name.")
    return dist


@builtin("pdf", family="statistics")
def pdf(name: Value, x: Value, *params: Value) -> Value:
    """pdf(name, X, A), pdf(name, X, A, B)  the probability density (or mass) of a named distribution.

    name is 'Normal' ('norm'), 'Uniform' ('unif'), 'Exponential' ('exp'), 'Binomial' ('bino'),
    'Poisson' ('poiss'), 'Chisquare' ('chi2'), 'T' ('t'), 'F' ('f'), 'Gamma' ('gam') or 'Beta' ('beta'),
    in any case; the parameters are those of normpdf, unifpdf, ... with the same defaults. Probability
    distribution objects (makedist) are not supported.

        pdf('Normal', 0, 0, 1)    % 0.3989
    """
    return evaluate("pdf", _named("pdf", name), "pdf", x, params)


@builtin("cdf", family="statistics")
def cdf(name: Value, x: Value, *params: Value) -> Value:
    """cdf(name, X, A), cdf(name, X, A, B), cdf(..., 'upper')  the cumulative distribution of a named distribution.

    The names and parameters are those of pdf; 'upper' gives the complement. Probability distribution
    objects (makedist) are not supported.

        cdf('Poisson', 2, 2)    % 0.6767
    """
    params, which = _tail("cdf", params)
    return evaluate("cdf", _named("cdf", name), which, x, params)


@builtin("icdf", family="statistics")
def icdf(name: Value, p: Value, *params: Value) -> Value:
    """icdf(name, P, A), icdf(name, P, A, B)  the inverse cumulative distribution of a named distribution.

    The names and parameters are those of pdf. For the discrete distributions (Binomial, Poisson) it is
    the smallest integer X with cdf(name, X, ...) >= P. Probability distribution objects (makedist) are
    not supported.

        icdf('Normal', 0.975, 0, 1)    % 1.9600
    """
    return evaluate("icdf", _named("icdf", name), "inv", p, params)
