"""Random draws of the Statistics Toolbox: normrnd unifrnd exprnd randsample datasample mvnrnd, and binornd
poissrnd chi2rnd trnd gamrnd betarnd.

They draw from the session's generator (random.py) with the formulas of MATLAB's own functions:
normrnd is mu + sigma.*randn, unifrnd a + (b-a).*rand, exprnd -mu.*log(rand), randsample with
replacement ceil(n*rand) (randi's formula), weighted randsample the bin of each rand among the
cumulative weights, mvnrnd randn(n, d)*chol(Sigma) + mu. Where they use rand, the numbers are MATLAB's
for the same rng seed; where they use randn or a permutation (randsample and datasample without
replacement), they repeat per seed but are not MATLAB's (see randn and randperm). binornd, poissrnd,
chi2rnd, trnd, gamrnd and betarnd use numpy's samplers on the same generator: MATLAB does not document
its algorithms, so their numbers are not MATLAB's.
"""
from __future__ import annotations

from typing import Callable

import numpy as np
from scipy import linalg

from ..context import CallContext
from ..errors import MatlabError
from ..indexing import MAGIC_COLON, index
from ..semantics import cast_result, to_value
from ..values import Value, size_of
from .arguments import name_values, real_array
from .integers import FLINTMAX
from .distributions import expanded
from .random import generator
from .registry import builtin
from .sizes import first_nonsingleton, integer_values, numeric_array, option_text, size_from_args


def _parameters(fname: str, params: tuple[Value, ...], sizes: tuple[Value, ...]) -> tuple[list[np.ndarray], tuple[int, ...], str]:
    """The parameters expanded to the result size: the size arguments' if given (non-scalar parameters
    must have it), else the parameters' common size."""
    values, shape, cls = expanded(fname, params)
    if sizes:
        wanted = size_from_args(list(sizes), fname)
        if any(np.size(a) != 1 for a in (numeric_array(p, fname) for p in params)) and shape != wanted:
            raise MatlabError(f"stats:{fname}:InputSizeMismatch", "Size information is inconsistent.")
        values, shape = [np.broadcast_to(v, wanted) for v in values], wanted
    return values, shape, cls


def _uniform(ctx: CallContext, shape: tuple[int, ...]) -> np.ndarray:
    """rand(shape) from the session generator, filled in column-major order as rand fills it."""
    return generator(ctx.state).random_sample(int(np.prod(shape))).reshape(shape, order="F")


def _normal(ctx: CallContext, shape: tuple[int, ...]) -> np.ndarray:
    """randn(shape) from the session generator."""
    return generator(ctx.state).standard_normal(int(np.prod(shape))).reshape(shape, order="F")


def _result(values: np.ndarray, cls: str) -> Value:
    return to_value(cast_result(values, cls))


@builtin("normrnd", family="statistics")
def normrnd(ctx: CallContext, mu: Value, sigma: Value, *sizes: Value) -> Value:
    """normrnd(mu, sigma), normrnd(mu, sigma, n), normrnd(mu, sigma, m, n, ...), normrnd(mu, sigma, [m n ...])

    Normal random numbers with means mu and standard deviations sigma: mu + sigma.*randn(size), sized
    as the non-scalar parameters or the size arguments; sigma < 0 gives NaN. The draws repeat per rng
    seed but are not MATLAB's, because randn's are not (see randn).

        rng(0); r = normrnd(10, 2, 1, 5)
    """
    (m, s), shape, cls = _parameters("normrnd", (mu, sigma), sizes)
    with np.errstate(invalid="ignore"):
        return _result(m + np.where(s < 0, np.nan, s) * _normal(ctx, shape), cls)


@builtin("unifrnd", family="statistics")
def unifrnd(ctx: CallContext, a: Value, b: Value, *sizes: Value) -> Value:
    """unifrnd(a, b), unifrnd(a, b, n), unifrnd(a, b, m, n, ...), unifrnd(a, b, [m n ...])

    Continuous uniform random numbers on [a, b]: a + (b-a).*rand(size), sized as the non-scalar
    parameters or the size arguments; a > b gives NaN. Same numbers as MATLAB for the same rng seed.

        rng(0); r = unifrnd(-1, 1, 2, 2)
    """
    (lo, hi), shape, cls = _parameters("unifrnd", (a, b), sizes)
    bad = lo > hi
    with np.errstate(invalid="ignore"):
        return _result(np.where(bad, np.nan, lo + (hi - lo) * _uniform(ctx, shape)), cls)


@builtin("exprnd", family="statistics")
def exprnd(ctx: CallContext, mu: Value, *sizes: Value) -> Value:
    """exprnd(mu), exprnd(mu, n), exprnd(mu, m, n, ...), exprnd(mu, [m n ...])

    Exponential random numbers with means mu: -mu.*log(rand(size)), sized as mu or the size
    arguments; mu < 0 gives NaN. Same numbers as MATLAB for the same rng seed.

        rng(0); r = exprnd(2, 1, 4)
    """
    (m,), shape, cls = _parameters("exprnd", (mu,), sizes)
    with np.errstate(invalid="ignore"):
        return _result(-np.where(m < 0, np.nan, m) * np.log(_uniform(ctx, shape)), cls)


PERMUTED_POPULATION = 1 << 24    # populations up to this size are drawn from a permutation of 1:N


def _count(fname: str, value: Value, what: str) -> int:
    counts = integer_values(value, fname) if size_of(value) == (1, 1) else []
    if len(counts) != 1 or counts[0] < 0 or counts[0] > FLINTMAX:
        raise MatlabError(f"stats:{fname}:BadSampleSize" if what == "K" else f"stats:{fname}:BadPopulation",
                          f"{what} must be a nonnegative integer no greater than flintmax (2^53).")
    return counts[0]


def _weighted(ctx: CallContext, fname: str, weights: Value, n: int, k: int) -> np.ndarray:
    """k indices (1-based) drawn with replacement with probabilities proportional to the weights: the
    bin of each rand among the cumulative weights, as histc(rand(k, 1), edges) finds it."""
    w = real_array(fname, weights).astype(np.float64).ravel(order="F")
    if w.size != n or np.any(w < 0) or not np.all(np.isfinite(w)) or w.sum() <= 0:
        raise MatlabError(f"stats:{fname}:InputSizeMismatch" if w.size != n else f"stats:{fname}:BadWeights",
                          "The weights must have one element per population element." if w.size != n else
                          "The weights must be nonnegative finite numbers with a positive sum.")
    edges = np.minimum(np.concatenate([[0.0], np.cumsum(w / w.sum())]), 1.0)
    edges[-1] = 1.0
    return np.searchsorted(edges, _uniform(ctx, (k,)), side="right").astype(np.float64)


def _indices(ctx: CallContext, fname: str, n: int, k: int, replace: bool, weights: Value | None) -> np.ndarray:
    """k indices into 1:n (float, 1-based): uniform or weighted, with or without replacement."""
    if weights is not None:
        if not replace:
            raise MatlabError(f"matfuse:{fname}:unsupported",
                              "Weighted sampling without replacement is not supported.")
        return _weighted(ctx, fname, weights, n, k)
    if replace:
        if n == 0 and k > 0:
            raise MatlabError(f"stats:{fname}:EmptyPopulation", "The population must not be empty.")
        return np.ceil(n * _uniform(ctx, (k,)))
    if k > n:
        raise MatlabError(f"stats:{fname}:SampleTooLarge", "The sample size K must be less than or equal to "
                          "the population size N when sampling without replacement.")
    rs = generator(ctx.state)
    if n > PERMUTED_POPULATION:
        return _floyd(rs, n, k) + 1.0
    return rs.permutation(n)[:k] + 1.0


def _floyd(rs: np.random.RandomState, n: int, k: int) -> np.ndarray:
    """k distinct indices of 0..n-1 in random order, drawn in O(k) time and memory (Floyd's algorithm,
    then a shuffle), for populations too large to permute."""
    seen: set[int] = set()
    picks = []
    for j in range(n - k, n):
        t = int(rs.randint(0, j + 1, dtype=np.int64))
        pick = j if t in seen else t
        seen.add(pick)
        picks.append(pick)
    out = np.array(picks, dtype=np.float64)
    rs.shuffle(out)
    return out


def _flag(fname: str, value: Value) -> bool:
    flags = numeric_array(value, fname).ravel()
    if flags.size != 1:
        raise MatlabError(f"stats:{fname}:BadReplace", "REPLACEMENT must be a logical scalar.")
    return bool(flags[0])


@builtin("randsample", family="statistics")
def randsample(ctx: CallContext, population: Value, k: Value, *args: Value) -> Value:
    """randsample(n, k), randsample(population, k), randsample(..., replacement), randsample(..., true, w)

    k values drawn at random from 1:n (a column vector) or from the elements of a population vector
    (shaped as it), without replacement unless replacement is true; weights w (one per element, with
    replacement) make draws proportional to them. With replacement the draws are MATLAB's for the same rng
    seed (ceil(n*rand), and the bins of rand among the cumulative weights); without replacement they are a
    permutation of the session generator (Floyd's algorithm past 2^24 elements), not MATLAB's. n is at most
    flintmax. A RandStream first argument is not supported.

        rng(0); y = randsample(10, 3, true)
    """
    if len(args) > 2:
        raise MatlabError("MATLAB:TooManyInputs", "Too many input arguments.")
    replace = _flag("randsample", args[0]) if args else False
    count = _count("randsample", k, "K")
    numeric_n = size_of(population) == (1, 1) and option_text(population) is None and \
        numeric_array(population, "randsample").dtype.kind in "fiub"
    n = _count("randsample", population, "N") if numeric_n else int(np.prod(size_of(population)))
    picks = _indices(ctx, "randsample", n, count, replace, args[1] if len(args) == 2 else None)
    if numeric_n:
        return to_value(picks.reshape(-1, 1))
    return index(population, [picks.reshape(-1, 1)])


@builtin("datasample", family="statistics")
def datasample(ctx: CallContext, data: Value, k: Value, *args: Value, nargout: int = 1) -> Value:
    """y = datasample(data, k), datasample(data, k, dim), datasample(..., 'Replace', tf, 'Weights', w), [y, idx] = datasample(...)

    k observations drawn at random from data: the elements of a vector (the result shaped as it), or the
    rows of a matrix (its columns with dim 2), with replacement by default ('Replace', false: without);
    'Weights' makes draws proportional to one nonnegative weight per observation. idx are the indices
    drawn, y = data(idx, :). The draws repeat per rng seed; MATLAB does not document its algorithm, so
    they are not claimed to be MATLAB's. A RandStream first argument is not supported.

        rng(1); [y, idx] = datasample([10 20 30 40], 3)
    """
    dim = None
    if args and option_text(args[0]) is None:
        dim, args = integer_values(args[0], "datasample"), args[1:]
        if len(dim) != 1 or dim[0] not in (1, 2):
            raise MatlabError("stats:datasample:BadDim", "DIM must be 1 or 2.")
    options = name_values("datasample", args, ("Replace", "Weights"))
    shape = size_of(data)
    if len(shape) != 2:
        raise MatlabError("matfuse:datasample:unsupported", "datasample supports vectors and matrices only.")
    axis = (first_nonsingleton(shape) if 1 in shape else 0) if dim is None else dim[0] - 1
    replace = _flag("datasample", options["Replace"]) if "Replace" in options else True
    picks = _indices(ctx, "datasample", shape[axis], _count("datasample", k, "K"), replace, options.get("Weights"))
    idx = picks.reshape(1, -1)
    if dim is None and 1 in shape:
        y = index(data, [idx.reshape(-1, 1) if shape[1] == 1 else idx])
    else:
        y = index(data, [idx, MAGIC_COLON] if axis == 0 else [MAGIC_COLON, idx])
    return (y, to_value(idx))[:max(nargout, 1)]


def _factor(fname: str, sigma: np.ndarray) -> np.ndarray:
    """T with T'*T = Sigma: the Cholesky factor, or for a positive semi-definite Sigma the scaled
    eigenvectors of its positive eigenvalues (as cholcov)."""
    bad = MatlabError(f"stats:{fname}:BadCovariance2",
                      "SIGMA must be a square, symmetric, positive semi-definite matrix.")
    if sigma.ndim != 2 or sigma.shape[0] != sigma.shape[1] or not np.all(np.isfinite(sigma)) or \
            not np.allclose(sigma, sigma.T, rtol=1e-12, atol=0):
        raise bad
    try:
        return linalg.cholesky(sigma, lower=False)
    except linalg.LinAlgError:
        values, vectors = linalg.eigh((sigma + sigma.T) / 2)
        tolerance = 10 * np.finfo(float).eps * max(abs(values).max(), 1.0) * sigma.shape[0]
        if values.min() < -tolerance:
            raise bad from None
        keep = values > tolerance
        return np.sqrt(values[keep])[:, None] * vectors[:, keep].T


@builtin("mvnrnd", family="statistics")
def mvnrnd(ctx: CallContext, mu: Value, sigma: Value, n: Value | None = None) -> Value:
    """mvnrnd(mu, Sigma), mvnrnd(mu, Sigma, n)  random vectors from the multivariate normal distribution.

    mu is a 1-by-d mean (or an n-by-d matrix of means, one per row) and Sigma a d-by-d symmetric positive
    semi-definite covariance (a 1-by-d row: the diagonal of a diagonal one); the n-by-d result is
    randn(n, d)*chol(Sigma) + mu (for a singular Sigma, the factor of its positive eigenvalues, as
    cholcov). The draws repeat per rng seed but are not MATLAB's (see randn). Sigma as a 3-D array
    of covariances is not supported.

        rng(0); R = mvnrnd([0 0], [1 0.5; 0.5 2], 1000); C = cov(R)
    """
    means = real_array("mvnrnd", mu).astype(np.float64)
    cov = real_array("mvnrnd", sigma).astype(np.float64)
    if means.ndim != 2 or cov.ndim != 2:
        raise MatlabError("matfuse:mvnrnd:unsupported", "mvnrnd supports a 2-D MU and SIGMA only.")
    d = means.shape[1]
    if cov.shape == (1, d) and d > 1:
        cov = np.diag(cov.ravel())
    if cov.shape != (d, d):
        raise MatlabError("stats:mvnrnd:InputSizeMismatch", "SIGMA must be a D-by-D matrix, D = size(MU, 2).")
    rows = means.shape[0] if n is None else _count("mvnrnd", n, "N")
    if n is not None and means.shape[0] not in (1, rows):
        raise MatlabError("stats:mvnrnd:InputSizeMismatch", "MU must be a row vector, or have N rows.")
    factor = _factor("mvnrnd", cov)
    return to_value(_normal(ctx, (rows, factor.shape[0])) @ factor + means)


def _numpy_draws(ctx: CallContext, fname: str, params: tuple[Value, ...], sizes: tuple[Value, ...],
                 valid: Callable[..., np.ndarray], draw: Callable[..., np.ndarray]) -> Value:
    """Draws of numpy's RandomState method ``draw`` on the session generator, one per element of the
    result in column-major order; NaN where the parameters are invalid."""
    values, shape, cls = _parameters(fname, params, sizes)
    ok = valid(*values)
    columns = [np.where(ok, v, 1.0).ravel(order="F") for v in values]
    try:
        drawn = draw(generator(ctx.state), *columns).astype(np.float64) if ok.size else np.zeros(0)
    except ValueError:          # numpy's samplers refuse parameters past their range (n or lambda near 1e19)
        raise MatlabError(f"matfuse:{fname}:unsupported", f"{fname} cannot draw for parameters this large.") from None
    return _result(np.where(ok.ravel(order="F"), drawn, np.nan).reshape(shape, order="F"), cls)


@builtin("binornd", family="statistics")
def binornd(ctx: CallContext, n: Value, p: Value, *sizes: Value) -> Value:
    """binornd(n, p), binornd(n, p, m, k, ...), binornd(n, p, [m k ...])  binomial random numbers.

    The number of successes in n trials of probability p, sized as the non-scalar parameters or the
    size arguments; n not a nonnegative integer or p outside [0, 1] gives NaN. The draws come from the
    session generator by numpy's binomial sampler: repeatable per rng seed, not MATLAB's numbers.

        rng(0); k = binornd(10, 0.5, 1, 5)
    """
    return _numpy_draws(ctx, "binornd", (n, p), sizes,
                        lambda n, p: (n >= 0) & (n == np.round(n)) & (p >= 0) & (p <= 1),
                        lambda rs, n, p: rs.binomial(n.astype(np.int64), p))


@builtin("poissrnd", family="statistics")
def poissrnd(ctx: CallContext, lam: Value, *sizes: Value) -> Value:
    """poissrnd(lambda), poissrnd(lambda, m, n, ...), poissrnd(lambda, [m n ...])  Poisson random numbers.

    Counts with mean lambda, sized as lambda or the size arguments; lambda < 0 gives NaN. Repeatable per
    rng seed (numpy's Poisson sampler on the session generator), not MATLAB's numbers.

        rng(0); k = poissrnd(4, 1, 5)
    """
    return _numpy_draws(ctx, "poissrnd", (lam,), sizes, lambda lam: lam >= 0, lambda rs, lam: rs.poisson(lam))


@builtin("chi2rnd", family="statistics")
def chi2rnd(ctx: CallContext, nu: Value, *sizes: Value) -> Value:
    """chi2rnd(nu), chi2rnd(nu, m, n, ...), chi2rnd(nu, [m n ...])  chi-square random numbers.

    nu degrees of freedom, sized as nu or the size arguments; nu <= 0 gives NaN. Repeatable per rng seed
    (numpy's sampler on the session generator), not MATLAB's numbers.

        rng(0); x = chi2rnd(3, 1, 4)
    """
    return _numpy_draws(ctx, "chi2rnd", (nu,), sizes, lambda nu: nu > 0, lambda rs, nu: rs.chisquare(nu))


@builtin("trnd", family="statistics")
def trnd(ctx: CallContext, nu: Value, *sizes: Value) -> Value:
    """trnd(nu), trnd(nu, m, n, ...), trnd(nu, [m n ...])  Student's t random numbers.

    nu degrees of freedom, sized as nu or the size arguments; nu <= 0 gives NaN. Repeatable per rng seed
    (numpy's sampler on the session generator), not MATLAB's numbers.

        rng(0); x = trnd(5, 1, 4)
    """
    return _numpy_draws(ctx, "trnd", (nu,), sizes, lambda nu: nu > 0, lambda rs, nu: rs.standard_t(nu))


@builtin("gamrnd", family="statistics")
def gamrnd(ctx: CallContext, a: Value, b: Value, *sizes: Value) -> Value:
    """gamrnd(a, b), gamrnd(a, b, m, n, ...), gamrnd(a, b, [m n ...])  gamma random numbers.

    Shape a and scale b (mean a*b), sized as the non-scalar parameters or the size arguments; a or b
    <= 0 gives NaN. Repeatable per rng seed (numpy's sampler on the session generator), not MATLAB's
    numbers.

        rng(0); x = gamrnd(2, 3, 1, 4)
    """
    return _numpy_draws(ctx, "gamrnd", (a, b), sizes, lambda a, b: (a > 0) & (b > 0),
                        lambda rs, a, b: rs.gamma(a, b))


@builtin("betarnd", family="statistics")
def betarnd(ctx: CallContext, a: Value, b: Value, *sizes: Value) -> Value:
    """betarnd(a, b), betarnd(a, b, m, n, ...), betarnd(a, b, [m n ...])  beta random numbers.

    Values in [0, 1] with parameters a and b, sized as the non-scalar parameters or the size arguments;
    a or b <= 0 gives NaN. Repeatable per rng seed (numpy's sampler on the session generator), not
    MATLAB's numbers.

        rng(0); x = betarnd(2, 5, 1, 4)
    """
    return _numpy_draws(ctx, "betarnd", (a, b), sizes, lambda a, b: (a > 0) & (b > 0),
                        lambda rs, a, b: rs.beta(a, b))
