"""Special functions: gamma gammaln gammainc gammaincinv psi beta betaln betainc betaincinv, the erf family,
expint, besselj bessely besseli besselk besselh airy, ellipke ellipj, legendre.

The numerics are scipy.special's, computed in float64 (single inputs give single results, rounded once).
Like MATLAB, these take double or single (logical and char count as double), and real arguments unless
the help says otherwise (erf family and gamma family are real-only; expint and the Bessel functions take
complex arguments); several arguments combine by implicit expansion.
"""
from __future__ import annotations

import math
from typing import Callable

import numpy as np
import scipy.special as sp

from ..errors import MatlabError
from ..semantics import broadcast_shape, elementwise, numeric, result_class, to_value
from ..values import Value, class_of
from .elementwise import FLOAT_INPUTS, _require_real, check_classes
from .registry import Operation, builtin
from .sizes import check_size, option_text, whole_scalar


def _real_special(fname: str, fn: Callable[..., np.ndarray], *values: Value) -> Value:
    """``fn`` on real double/single arguments, computed in float64; the result has their class."""
    check_classes(fname, values, FLOAT_INPUTS)
    _require_real(fname, values)
    return elementwise(lambda *a: fn(*(x.astype(np.float64) for x in a)), *values)


def _complex_special(fname: str, fn: Callable[..., np.ndarray], *values: Value) -> Value:
    """``fn`` on double/single arguments that may be complex, computed in (complex) float64."""
    check_classes(fname, values, FLOAT_INPUTS)

    def run(*arrays: np.ndarray) -> np.ndarray:
        return fn(*(a.astype(np.complex128 if a.dtype.kind == "c" else np.float64) for a in arrays))
    return elementwise(run, *values)


def _tail(value: Value | None, fname: str, tails: tuple[str, ...]) -> str:
    if value is None:
        return tails[0]
    word = option_text(value)
    if word is None or word.lower() not in tails:
        raise MatlabError(f"MATLAB:{fname}:InvalidTailArg",
                          f"TAIL must be one of {', '.join(repr(t) for t in tails)}.")
    return word.lower()


# -- the gamma family ---------------------------------------------------------------------------------

def _gamma(x: np.ndarray) -> np.ndarray:
    """scipy's gamma, with MATLAB's Inf (not NaN) at the negative integers."""
    return np.where((x < 0) & (x == np.floor(x)), np.inf, sp.gamma(x))


@builtin("gamma", family="math", op=Operation())
def gamma(x: Value) -> Value:
    """gamma(X)  the gamma function of each element, integral of t^(X-1)*exp(-t) over t > 0.

    gamma(n) is factorial(n-1) for positive integers n. Poles give Inf (gamma(0), gamma(-1)); gamma(-0)
    is -Inf; results beyond realmax (X > 171.6) are Inf. X must be real double or single.

        gamma([0.5 5])    % 1.7725  24
    """
    return _real_special("gamma", _gamma, x)


@builtin("gammaln", family="math", op=Operation())
def gammaln(x: Value) -> Value:
    """gammaln(X)  log(gamma(X)) of each element, without the overflow of gamma.

    X must be real and nonnegative; gammaln(0) is Inf. As in MATLAB, negative elements give Inf
    (Octave returns the complex logarithm instead).

        gammaln(200)    % 857.9337
    """
    return _real_special("gammaln", lambda a: np.where(a < 0, np.inf, sp.gammaln(a)), x)


def _scaled_gammainc(x: np.ndarray, a: np.ndarray, upper: bool) -> np.ndarray:
    """gammainc times Gamma(a+1) exp(x) / x^a (MATLAB's 'scaledlower'/'scaledupper'), in logs."""
    core = sp.gammaincc(a, x) if upper else sp.gammainc(a, x)
    return core * np.exp(sp.gammaln(a + 1) + x - a * np.log(x))


@builtin("gammainc", family="math", op=Operation(arity=2))
def gammainc(x: Value, a: Value, tail: Value | None = None) -> Value:
    """gammainc(X, A), gammainc(X, A, tail)  regularized incomplete gamma function.

    P(X, A) = 1/gamma(A) * integral from 0 to X of t^(A-1)*exp(-t) (note the order of arguments: X
    first). tail is 'lower' (default), 'upper' (1 - P, computed without cancellation), 'scaledlower' or
    'scaledupper' (multiplied by gamma(A+1)*exp(X)/X^A). X and A are real with X >= 0 and A >= 0; they
    expand against each other.

        gammainc([0.5 2], [1 3])    % 0.3935  0.3233
    """
    kind = _tail(tail, "gammainc", ("lower", "upper", "scaledlower", "scaledupper"))
    _check_nonnegative("gammainc", (x, a), "X and A must be real and nonnegative.")
    upper = kind.endswith("upper")
    if kind.startswith("scaled"):
        return _real_special("gammainc", lambda p, q: _scaled_gammainc(p, q, upper), x, a)
    fn = sp.gammaincc if upper else sp.gammainc
    return _real_special("gammainc", lambda p, q: fn(q, p), x, a)


def _check_nonnegative(fname: str, values: tuple[Value, ...], message: str) -> None:
    check_classes(fname, values, FLOAT_INPUTS)
    for value in values:
        arr = numeric(value)
        if arr.dtype.kind == "c" or np.any(arr < 0):
            raise MatlabError(f"MATLAB:{fname}:InvalidArg", message)


@builtin("psi", family="math")
def psi(k_or_x: Value, x: Value | None = None) -> Value:
    """psi(X), psi(K, X)  digamma function (derivative of gammaln); its K-th derivative (polygamma).

    X must be real and nonnegative (psi(0) is -Inf); K is a nonnegative integer scalar.

        psi(1)    % -0.5772 (minus Euler's constant)
    """
    if x is None:
        k, x = 0, k_or_x
    else:
        k = whole_scalar(k_or_x)
        if k is None or k < 0:
            raise MatlabError("MATLAB:psi:InvalidK", "K must be a nonnegative integer scalar.")
    _check_nonnegative("psi", (x,), "X must be real and nonnegative.")
    if k == 0:
        return _real_special("psi", lambda a: np.where(a == 0, -np.inf, sp.psi(a)), x)
    return _real_special("psi", lambda a: sp.polygamma(k, a), x)


@builtin("beta", family="math", op=Operation(arity=2))
def beta(z: Value, w: Value) -> Value:
    """beta(Z, W)  the beta function gamma(Z).*gamma(W)./gamma(Z+W) of each pair of elements.

    Z and W are real; they expand against each other.

        beta([1 2], [3 4])    % 0.3333  0.0500
    """
    return _real_special("beta", sp.beta, z, w)


@builtin("betaln", family="math", op=Operation(arity=2))
def betaln(z: Value, w: Value) -> Value:
    """betaln(Z, W)  log(beta(Z, W)), without the underflow of beta for large arguments.

    Z and W are real; they expand against each other.

        betaln(2, 3)    % -2.4849
    """
    return _real_special("betaln", sp.betaln, z, w)


@builtin("betainc", family="math")
def betainc(x: Value, z: Value, w: Value, tail: Value | None = None) -> Value:
    """betainc(X, Z, W), betainc(X, Z, W, tail)  regularized incomplete beta function.

    I_X(Z, W) = 1/beta(Z, W) * integral from 0 to X of t^(Z-1)*(1-t)^(W-1); tail 'upper' gives
    1 - I_X(Z, W) without cancellation. X must lie in [0, 1]; Z and W are nonnegative.

        betainc(0.5, 2, 3)    % 0.6875
    """
    upper = _tail(tail, "betainc", ("lower", "upper")) == "upper"
    check_classes("betainc", (x, z, w), FLOAT_INPUTS)
    xs = numeric(x)
    if xs.dtype.kind == "c" or np.any((xs < 0) | (xs > 1)):
        raise MatlabError("MATLAB:betainc:XOutOfRange", "X must be in the interval [0,1].")
    if upper:
        return _real_special("betainc", lambda p, a, b: sp.betainc(b, a, 1 - p), x, z, w)
    return _real_special("betainc", lambda p, a, b: sp.betainc(a, b, p), x, z, w)


@builtin("gammaincinv", family="math", op=Operation(arity=2))
def gammaincinv(y: Value, a: Value, tail: Value | None = None) -> Value:
    """gammaincinv(Y, A), gammaincinv(Y, A, tail)  inverse of the regularized incomplete gamma function:
    the X with gammainc(X, A, tail) = Y.

    tail is 'lower' (default) or 'upper'. Y lies in [0, 1] and A > 0; they expand against each other.

        gammaincinv(0.5, 2)    % 1.6783
    """
    upper = _tail(tail, "gammaincinv", ("lower", "upper")) == "upper"
    fn = sp.gammainccinv if upper else sp.gammaincinv
    return _real_special("gammaincinv", lambda p, q: fn(q, p), y, a)


@builtin("betaincinv", family="math")
def betaincinv(y: Value, z: Value, w: Value, tail: Value | None = None) -> Value:
    """betaincinv(Y, Z, W), betaincinv(Y, Z, W, tail)  inverse of the regularized incomplete beta
    function: the X with betainc(X, Z, W, tail) = Y.

    tail is 'lower' (default) or 'upper'. Y lies in [0, 1]; the arguments expand against each other.

        betaincinv(0.5, 2, 3)    % 0.3857
    """
    upper = _tail(tail, "betaincinv", ("lower", "upper")) == "upper"
    if upper:
        return _real_special("betaincinv", lambda p, a, b: sp.betaincinv(a, b, 1 - p), y, z, w)
    return _real_special("betaincinv", lambda p, a, b: sp.betaincinv(a, b, p), y, z, w)


# -- the error function family ------------------------------------------------------------------------

def _register_real(name: str, fn: Callable[[np.ndarray], np.ndarray], summary: str, example: str) -> None:
    def impl(x: Value) -> Value:
        return _real_special(name, fn, x)

    impl.__name__ = name
    impl.__doc__ = (f"{name}(X)  {summary}\n\nX must be real double or single; single input gives single "
                    f"output.\n\n    {example}\n")
    builtin(name, family="math", op=Operation())(impl)


_register_real("erf", sp.erf, "error function, 2/sqrt(pi) times the integral of exp(-t^2) from 0 to X.",
               "erf(0.5)    % 0.5205")
_register_real("erfc", sp.erfc, "complementary error function, 1 - erf(X), accurate for large X.",
               "erfc(3)    % 2.2090e-05")
_register_real("erfcx", sp.erfcx, "scaled complementary error function, exp(X.^2).*erfc(X).",
               "erfcx(30)    % 0.0188")
_register_real("erfinv", sp.erfinv, "inverse error function: erf(erfinv(X)) is X for X in [-1, 1] "
               "(+-1 give +-Inf, outside is NaN).", "erfinv(0.5)    % 0.4769")
_register_real("erfcinv", sp.erfcinv, "inverse complementary error function, for X in [0, 2] "
               "(0 gives Inf, 2 gives -Inf, outside is NaN).", "erfcinv(0.5)    % 0.4769")



@builtin("qfunc", family="math")
def qfunc(x: Value) -> Value:
    """qfunc(X)  the Q function: the probability that a standard normal variable exceeds X,
    0.5*erfc(X/sqrt(2)), elementwise.

    X must be real double or single; single input gives single output. (qfunc is MATLAB's Communications
    Toolbox function.)

        qfunc(1)    % 0.1587
    """
    return _real_special("qfunc", lambda v: 0.5 * sp.erfc(v / np.sqrt(2)), x)


@builtin("qfuncinv", family="math")
def qfuncinv(y: Value) -> Value:
    """qfuncinv(Y)  the inverse Q function, sqrt(2)*erfcinv(2*Y): qfunc(qfuncinv(Y)) is Y for Y in [0, 1]
    (0 gives Inf, 1 gives -Inf, outside is NaN).

    Y must be real double or single. (qfuncinv is MATLAB's Communications Toolbox function.)

        qfuncinv(0.1587)    % 1.0002
    """
    return _real_special("qfuncinv", lambda v: np.sqrt(2) * sp.erfcinv(2 * v), y)

def _exp1(x: np.ndarray) -> np.ndarray:
    """E1 with negative real arguments taken as complex (-Ei(-x) - i*pi), as MATLAB does."""
    if x.dtype.kind != "c" and np.any(x < 0):
        x = x.astype(np.complex128)
    return sp.exp1(x)


@builtin("expint", family="math", op=Operation(domain=(0.0, math.inf)))
def expint(x: Value) -> Value:
    """expint(X)  exponential integral E1(X), the integral of exp(-t)/t from X to Inf.

    Negative real and complex X give complex results (E1(-x) = -Ei(x) - pi*i); expint(0) is Inf.

        expint(1)    % 0.2194
    """
    return _complex_special("expint", _exp1, x)


# -- Bessel functions ---------------------------------------------------------------------------------

def _scale_flag(value: Value | None, fname: str) -> bool:
    if value is None:
        return False
    flag = numeric(value) if class_of(value) in FLOAT_INPUTS else np.array([])
    if flag.size != 1 or flag.ravel()[0] not in (0, 1):
        raise MatlabError(f"MATLAB:{fname}:InvalidScale", "The scaling option must be 0 or 1.")
    return bool(flag.ravel()[0])


def _bessel(fname: str, plain: Callable, scaled: Callable, any_order: bool,
            nu: Value, z: Value, scale: Value | None, nargout: int) -> Value:
    """A Bessel function of order nu at z. Negative real z is evaluated as complex where the function is
    complex there: for every order when ``any_order``, else for non-integer orders only (the other
    points stay real, so that poles at 0 keep their infinite values)."""
    fn = scaled if _scale_flag(scale, fname) else plain
    _require_real(fname, (nu,))

    def run(order: np.ndarray, arg: np.ndarray) -> np.ndarray:
        if arg.dtype.kind == "c":
            return fn(order, arg)
        negative = (arg < 0) & (any_order | (order != np.floor(order)))
        if not np.any(negative):
            return fn(order, arg)
        return np.where(negative, fn(order, arg.astype(np.complex128)), fn(order, arg))

    out = _complex_special(fname, run, nu, z)
    return (out, _zero_flags(nu, z)) if nargout > 1 else out


def _zero_flags(nu: Value, z: Value) -> Value:
    """The ierr output of the Bessel functions: 0 (no error) for every element."""
    return to_value(np.zeros(broadcast_shape(numeric(nu).shape, numeric(z).shape)))


@builtin("besselj", family="math")
def besselj(nu: Value, z: Value, scale: Value | None = None, *, nargout: int = 1) -> Value:
    """besselj(nu, Z), besselj(nu, Z, 1), [J, ierr] = besselj(...)  Bessel function of the first kind.

    nu is a real order, Z real or complex; they expand against each other (a row of orders and a column
    of points give a table). scale 1 multiplies by exp(-abs(imag(Z))). Negative Z with a non-integer
    order gives complex results. ierr is all zeros (no computation fails).

        besselj(0, [0 1])    % 1.0000  0.7652
    """
    return _bessel("besselj", sp.jv, sp.jve, False, nu, z, scale, nargout)


@builtin("bessely", family="math")
def bessely(nu: Value, z: Value, scale: Value | None = None, *, nargout: int = 1) -> Value:
    """bessely(nu, Z), bessely(nu, Z, 1), [Y, ierr] = bessely(...)  Bessel function of the second kind.

    nu is a real order, Z real or complex; they expand against each other. bessely(nu, 0) is -Inf;
    negative Z gives complex results. scale 1 multiplies by exp(-abs(imag(Z))).

        bessely(0, 1)    % 0.0883
    """
    return _bessel("bessely", sp.yv, sp.yve, True, nu, z, scale, nargout)


@builtin("besseli", family="math")
def besseli(nu: Value, z: Value, scale: Value | None = None, *, nargout: int = 1) -> Value:
    """besseli(nu, Z), besseli(nu, Z, 1), [I, ierr] = besseli(...)  modified Bessel function of the
    first kind.

    nu is a real order, Z real or complex; they expand against each other. scale 1 multiplies by
    exp(-abs(real(Z))). Negative Z with a non-integer order gives complex results.

        besseli(1, 2)    % 1.5906
    """
    return _bessel("besseli", sp.iv, sp.ive, False, nu, z, scale, nargout)


@builtin("besselk", family="math")
def besselk(nu: Value, z: Value, scale: Value | None = None, *, nargout: int = 1) -> Value:
    """besselk(nu, Z), besselk(nu, Z, 1), [K, ierr] = besselk(...)  modified Bessel function of the
    second kind.

    nu is a real order, Z real or complex; they expand against each other. besselk(nu, 0) is Inf;
    negative Z gives complex results. scale 1 multiplies by exp(Z).

        besselk(1, 2)    % 0.1399
    """
    return _bessel("besselk", sp.kv, sp.kve, True, nu, z, scale, nargout)


@builtin("besselh", family="math")
def besselh(nu: Value, *args: Value, nargout: int = 1) -> Value:
    """besselh(nu, Z), besselh(nu, K, Z), besselh(nu, K, Z, 1)  Bessel function of the third kind
    (Hankel function).

    K = 1 (default) gives J + iY, K = 2 gives J - iY; scale 1 multiplies by exp(-iZ) (K = 1) or exp(iZ)
    (K = 2). nu is a real order, Z real or complex; they expand against each other.

        besselh(0, 1)    % 0.7652 + 0.0883i
    """
    if not args or len(args) > 3:
        raise MatlabError("MATLAB:minrhs" if not args else "MATLAB:TooManyInputs",
                          "Not enough input arguments." if not args else "Too many input arguments.")
    if len(args) == 1:
        k, z, scale = 1.0, args[0], None
    else:
        k, z, scale = args[0], args[1], args[2] if len(args) == 3 else None
    kind = whole_scalar(k)
    if kind not in (1, 2):
        raise MatlabError("MATLAB:besselh:InvalidKind", "K must be 1 or 2.")
    plain, scaled = (sp.hankel1, sp.hankel1e) if kind == 1 else (sp.hankel2, sp.hankel2e)
    return _bessel("besselh", plain, scaled, True, nu, z, scale, nargout)


@builtin("airy", family="math")
def airy(*args: Value, nargout: int = 1) -> Value:
    """airy(Z), airy(k, Z), airy(k, Z, scale), [W, ierr] = airy(...)  Airy functions.

    k = 0 (default): Ai(Z); 1: its derivative Ai'(Z); 2: Bi(Z); 3: Bi'(Z). Z is real or complex. scale 1
    scales Ai and Ai' by exp(2/3*Z^(3/2)) and Bi and Bi' by exp(-abs(real(2/3*Z^(3/2)))). ierr is all
    zeros.

        airy(1)    % 0.1353
    """
    if not args or len(args) > 3:
        raise MatlabError("MATLAB:minrhs" if not args else "MATLAB:TooManyInputs",
                          "Not enough input arguments." if not args else "Too many input arguments.")
    kind, z = (0, args[0]) if len(args) == 1 else (_airy_kind(args[0]), args[1])
    scaled = _scale_flag(args[2] if len(args) == 3 else None, "airy")
    fn = sp.airye if scaled else sp.airy
    out = _complex_special("airy", lambda a: fn(a)[kind], z)
    return (out, _zero_flags(0.0, z)) if nargout > 1 else out


def _airy_kind(value: Value) -> int:
    kind = whole_scalar(value)
    if kind not in (0, 1, 2, 3):
        raise MatlabError("MATLAB:airy:InvalidK", "K must be 0, 1, 2, or 3.")
    return kind


@builtin("ellipke", family="math")
def ellipke(m: Value, tol: Value | None = None, *, nargout: int = 1) -> Value:
    """ellipke(M), [K, E] = ellipke(M)  complete elliptic integrals of the first and second kind.

    M is the parameter (not the modulus), real in [0, 1]; ellipke(1) is Inf (E is 1). A tolerance
    argument is accepted for compatibility; the values are computed to full precision.

        [K, E] = ellipke(0.5)    % K = 1.8541, E = 1.3506
    """
    check_classes("ellipke", (m,), FLOAT_INPUTS)
    params = numeric(m)
    if params.dtype.kind == "c" or np.any((params < 0) | (params > 1)):
        raise MatlabError("MATLAB:ellipke:MOutOfRange", "M must be in the range 0 <= M <= 1.")
    k = _real_special("ellipke", sp.ellipk, m)
    return (k, _real_special("ellipke", sp.ellipe, m)) if nargout > 1 else k


@builtin("ellipj", family="math")
def ellipj(u: Value, m: Value, tol: Value | None = None, *, nargout: int = 1) -> Value:
    """[SN, CN, DN] = ellipj(U, M)  Jacobi elliptic functions of argument U and parameter M.

    U is real; M lies in [0, 1]; they expand against each other. A tolerance argument is accepted for
    compatibility.

        [sn, cn, dn] = ellipj(0.5, 0.3)    % 0.4742  0.8804  0.9657
    """
    check_classes("ellipj", (u, m), FLOAT_INPUTS)
    params = numeric(m)
    if params.dtype.kind == "c" or np.any((params < 0) | (params > 1)):
        raise MatlabError("MATLAB:ellipj:MOutOfRange", "M must be in the range 0 <= M <= 1.")
    parts = [_real_special("ellipj", lambda a, b, k=k: sp.ellipj(a, b)[k], u, m) for k in range(3)]
    return tuple(parts[:max(nargout, 1)]) if nargout > 1 else parts[0]


# -- Legendre functions -------------------------------------------------------------------------------

def _legendre_scale(n: int, m: np.ndarray, normalization: str) -> np.ndarray:
    """Factors turning P_n^m (with the Condon-Shortley phase) into MATLAB's 'sch' or 'norm' forms."""
    ratio = np.exp(sp.gammaln(n - m + 1) - sp.gammaln(n + m + 1))
    if normalization == "sch":
        return np.where(m == 0, 1.0, (-1.0) ** m * np.sqrt(2 * ratio))
    return (-1.0) ** m * np.sqrt((n + 0.5) * ratio)


@builtin("legendre", family="math")
def legendre(n: Value, x: Value, normalization: Value | None = None) -> Value:
    """legendre(n, X), legendre(n, X, normalization)  associated Legendre functions of degree n.

    The result has n+1 rows, P_n^m(X) for orders m = 0..n (with the Condon-Shortley phase (-1)^m), and
    one column per element of X (for a matrix or N-d X: size [n+1, size(X)]). normalization is 'unnorm'
    (default), 'sch' (Schmidt semi-normalized) or 'norm' (fully normalized). X must be real in [-1, 1].

        legendre(2, 0.5)    % -0.1250; -1.2990; 2.2500
    """
    deg = whole_scalar(n)
    if deg is None or deg < 0:
        raise MatlabError("MATLAB:legendre:InvalidN", "N must be a positive scalar integer.")
    kind = _tail(normalization, "legendre", ("unnorm", "sch", "norm"))
    check_classes("legendre", (x,), FLOAT_INPUTS)
    _require_real("legendre", (x,))
    points = numeric(x)
    if np.any(np.abs(points) > 1):
        raise MatlabError("MATLAB:legendre:outOfRange", "X must be real and in the range (-1,1).")
    cls = result_class(x)
    is_vector = points.ndim == 2 and min(points.shape) <= 1
    shape = check_size((deg + 1,) + ((points.size,) if is_vector else points.shape))
    if points.size == 0:
        return to_value(np.zeros(shape, dtype=np.float32 if cls == "single" else np.float64))
    orders = np.arange(deg + 1, dtype=np.float64).reshape(-1, 1)
    flat = points.astype(np.float64).ravel(order="F").reshape(1, -1)
    values = sp.lpmv(orders, deg, flat)
    if kind != "unnorm":
        values = values * _legendre_scale(deg, orders, kind)
    out = values.reshape(shape, order="F")
    return to_value(out.astype(np.float32) if cls == "single" else out)
