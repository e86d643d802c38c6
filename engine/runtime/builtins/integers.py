"""Number theory: gcd lcm nchoosek factorial perms primes isprime factor rat rats.

Class rules follow MATLAB: integer classes are kept (results saturate), doubles that must hold whole
numbers are checked (an error, not a silent rounding), and two different integer classes do not mix
(semantics.promote). Exact integer work uses numpy's integer types; doubles beyond flintmax are not
whole-number safe, as in MATLAB.
"""
from __future__ import annotations

import itertools
import math

import numpy as np

from ..errors import MatlabError, check_size
from ..rational import continued_fraction, rats_field, rats_tolerance
from ..semantics import broadcast_shape, cast_result, expand_dims, numeric, result_class, to_value
from ..values import CharArray, Value, class_of
from .elementwise import ANY_NUMERIC, _require_real, check_classes
from .registry import Operation, builtin
from .sizes import whole_scalar

FLINTMAX = 2.0 ** 53


def _whole(fname: str, values: tuple[Value, ...], identifier: str, message: str) -> list[np.ndarray]:
    """The arguments as real arrays that hold whole numbers (else the MATLAB error given)."""
    check_classes(fname, values, ANY_NUMERIC)
    arrays = []
    for value in values:
        arr = numeric(value)
        if arr.dtype.kind == "c" or (arr.dtype.kind == "f" and not np.all(arr == np.round(arr))):
            raise MatlabError(identifier, message)
        arrays.append(arr)
    return arrays


def expanded(arrays: list[np.ndarray]) -> list[np.ndarray]:
    """The arrays broadcast to their common MATLAB size (implicit expansion; incompatible sizes error)."""
    shape = arrays[0].shape
    for arr in arrays[1:]:
        shape = broadcast_shape(shape, arr.shape)
    return [np.broadcast_to(a, shape) for a in expand_dims(arrays)]


def _as_integers(arr: np.ndarray, cls: str) -> np.ndarray:
    """Whole-number values as uint64 (class uint64) or int64 (any other class), for exact work."""
    return arr.astype(np.uint64 if cls == "uint64" else np.int64)


# -- gcd, lcm -----------------------------------------------------------------------------------------

def _bezout(a: int, b: int) -> tuple[int, int, int]:
    """(g, u, v) with a*u + b*v = g = gcd(a, b), by MATLAB's extended Euclid."""
    u, v = [1, 0, abs(a)], [0, 1, abs(b)]
    while v[2]:
        q = u[2] // v[2]
        u, v = v, [x - q * y for x, y in zip(u, v)]
    return u[2], u[0] * (1 if a >= 0 else -1), u[1] * (1 if b >= 0 else -1)


@builtin("gcd", family="math", op=Operation(arity=2))
def gcd(a: Value, b: Value, *, nargout: int = 1) -> Value:
    """gcd(A, B), [G, U, V] = gcd(A, B)  greatest common divisor of corresponding elements.

    A and B hold integers (double or an integer class) and expand against each other; G is nonnegative,
    gcd(0, 0) is 0. U and V are Bezout coefficients: A.*U + B.*V = G.

        [g, u, v] = gcd(12, 18)    % g = 6, u = -1, v = 1
    """
    x, y = _whole("gcd", (a, b), "MATLAB:gcd:NonIntInputs", "Inputs must be real integers.")
    cls = result_class(a, b)
    x, y = expanded([x, y])
    g = np.gcd(_as_integers(x, cls), _as_integers(y, cls))
    if nargout < 2:
        return to_value(cast_result(g, cls))
    triples = [_bezout(int(p), int(q)) for p, q in zip(x.ravel(), y.ravel())]
    outs = [np.array([t[k] for t in triples], dtype=np.float64).reshape(x.shape) for k in range(3)]
    return tuple(to_value(cast_result(o, cls)) for o in outs)


@builtin("lcm", family="math", op=Operation(arity=2))
def lcm(a: Value, b: Value) -> Value:
    """lcm(A, B)  least common multiple of corresponding elements of two arrays of positive integers.

    A and B are double or an integer class and expand against each other.

        lcm([4 6], [6 4])    % 12  12
    """
    message = ("MATLAB:lcm:InputNotPosInt", "Input arguments must contain positive integers.")
    x, y = _whole("lcm", (a, b), *message)
    if np.any(x < 1) or np.any(y < 1):
        raise MatlabError(*message)
    cls = result_class(a, b)
    x, y = expanded([x, y])
    g = np.gcd(_as_integers(x, cls), _as_integers(y, cls)).astype(np.float64)
    return to_value(cast_result(x.astype(np.float64) * (y.astype(np.float64) / g), cls))


# -- counting -----------------------------------------------------------------------------------------

@builtin("factorial", family="math", op=Operation())
def factorial(n: Value) -> Value:
    """factorial(N)  the product 1*2*...*N of each element of an array of nonnegative integers.

    factorial(0) is 1; results beyond realmax (N > 170) are Inf, beyond 34 Inf in single; integer
    classes saturate. Results past flintmax (N > 21) are the nearest double, not exact.

        factorial([0 5 10])    % 1  120  3628800
    """
    (arr,) = _whole("factorial", (n,), "MATLAB:factorial:NNegativeInt",
                    "N must be an array of real non-negative integers.")
    if np.any(arr < 0) or np.any(np.isnan(arr.astype(np.float64))):
        raise MatlabError("MATLAB:factorial:NNegativeInt",
                          "N must be an array of real non-negative integers.")
    index = np.minimum(arr.astype(np.float64), FACTORIALS.size - 1).astype(np.intp)
    return to_value(cast_result(FACTORIALS[index], result_class(n)))


FACTORIALS = np.array([float(math.factorial(k)) for k in range(171)] + [math.inf])
"""0! ... 170! as the nearest doubles, then Inf for every larger n."""


@builtin("nchoosek", family="math")
def nchoosek(ctx, v: Value, k: Value) -> Value:
    """nchoosek(n, k)  binomial coefficient "n choose k"; nchoosek(v, k)  all k-element combinations.

    For scalar n, the number of ways to choose k of n things (a warning says when the result passes
    flintmax and may not be exact). For a vector v, a matrix whose rows are the combinations of k of its
    elements, in order of position. The class of n or v is kept.

        nchoosek(5, 2)          % 10
        nchoosek([1 2 3], 2)    % [1 2; 1 3; 2 3]
    """
    count = whole_scalar(k)
    if count is None or count < 0:
        raise MatlabError("MATLAB:nchoosek:InvalidArg2", "K must be an integer between 0 and N.")
    shape = v.shape if hasattr(v, "shape") else (1, 1)
    if shape[0] * shape[1] == 1 and len(shape) == 2 and type(v) is not CharArray:
        return _binomial(ctx, v, count)
    if len(shape) != 2 or min(shape) > 1:
        raise MatlabError("MATLAB:nchoosek:InvalidArg1", "The first input must be a scalar or a vector.")
    items = v.codes.ravel(order="F") if type(v) is CharArray else numeric(v).ravel(order="F")
    if count > items.size:
        raise MatlabError("MATLAB:nchoosek:KOutOfRange", "K must be an integer between 0 and N.")
    check_size((math.comb(items.size, count), count), items.dtype.itemsize)
    rows = list(itertools.combinations(range(items.size), count))
    index = np.array(rows, dtype=np.intp).reshape(len(rows), count)
    out = items[index]
    return CharArray(out) if type(v) is CharArray else to_value(out)


def _binomial(ctx, n: Value, k: int) -> Value:
    (arr,) = _whole("nchoosek", (n,), "MATLAB:nchoosek:InvalidArg1", "N must be a nonnegative integer.")
    total = arr.ravel()[0]
    if not 0 <= total < math.inf:
        raise MatlabError("MATLAB:nchoosek:InvalidArg1", "N must be a nonnegative integer.")
    if k > total:
        raise MatlabError("MATLAB:nchoosek:KOutOfRange", "K must be an integer between 0 and N.")
    fewer = min(k, int(total) - k)
    if fewer and fewer * math.log(total / fewer) > 710:      # C(n, k) >= (n/k)^k: past the doubles
        exact = math.inf
    else:
        exact = math.comb(int(total), k)
    if exact > FLINTMAX:
        ctx.warn("MATLAB:nchoosek:LargeCoefficient", f"Result may not be exact. Coefficient is greater than "
                 f"{FLINTMAX:.6e} and is only accurate to 15 digits")
    value = float(exact) if exact < 1e308 else math.inf
    return to_value(cast_result(np.array([[value]]), result_class(n)))


@builtin("perms", family="math")
def perms(v: Value) -> Value:
    """perms(v)  all permutations of the elements of vector v, one per row, in reverse lexicographic
    order of positions (the first row is v reversed).

    The result has factorial(n) rows and n columns, of v's class (char stays char).

        perms([1 2 3])    % [3 2 1; 3 1 2; 2 3 1; 2 1 3; 1 3 2; 1 2 3]
    """
    if type(v) is not CharArray:
        check_classes("perms", (v,), ANY_NUMERIC)
    items = v.codes if type(v) is CharArray else numeric(v)
    if items.ndim != 2 or min(items.shape) > 1:
        raise MatlabError("MATLAB:perms:invalidInput", "Input must be a vector.")
    flat = items.ravel(order="F")
    n = flat.size
    check_size((math.factorial(n), n), flat.dtype.itemsize)
    order = np.array(list(itertools.permutations(range(n - 1, -1, -1))), dtype=np.intp).reshape(-1, n) \
        if n else np.zeros((1, 0), dtype=np.intp)
    out = flat[order]
    return CharArray(out) if type(v) is CharArray else to_value(out)


# -- primes -------------------------------------------------------------------------------------------

def _sieve(limit: int) -> np.ndarray:
    """The primes up to ``limit`` (int64), by the sieve of Eratosthenes."""
    if limit < 2:
        return np.zeros(0, dtype=np.int64)
    check_size((limit + 1, 1), 1)
    is_prime = np.ones(limit + 1, dtype=bool)
    is_prime[:2] = False
    for p in range(2, math.isqrt(limit) + 1):
        if is_prime[p]:
            is_prime[p * p::p] = False
    return np.flatnonzero(is_prime).astype(np.int64)


@builtin("primes", family="math")
def primes(n: Value) -> Value:
    """primes(n)  row vector of the prime numbers less than or equal to n, of n's class.

    n is a real scalar; primes(1) is a 1x0 empty row.

        primes(20)    % 2 3 5 7 11 13 17 19
    """
    check_classes("primes", (n,), ANY_NUMERIC)
    arr = numeric(n)
    if arr.size != 1 or arr.dtype.kind == "c":
        raise MatlabError("MATLAB:primes:InputNotScalar", "N must be a real scalar.")
    limit = float(arr.ravel()[0])
    if math.isnan(limit):
        raise MatlabError("MATLAB:primes:InputNotScalar", "N must be a real scalar.")
    found = _sieve(int(min(max(limit, 0), 2.0 ** 62)))
    return to_value(cast_result(found.reshape(1, -1).astype(np.float64), result_class(n)))


_WITNESSES = (2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37)   # decide Miller-Rabin exactly below 3.3e24


def _is_prime(n: int) -> bool:
    if n < 2:
        return False
    for p in _WITNESSES:
        if n % p == 0:
            return n == p
    d, s = n - 1, 0
    while d % 2 == 0:
        d, s = d // 2, s + 1
    for a in _WITNESSES:
        x = pow(a, d, n)
        if x in (1, n - 1):
            continue
        for _ in range(s - 1):
            x = x * x % n
            if x == n - 1:
                break
        else:
            return False
    return True


@builtin("isprime", family="math", op=Operation(result="logical"))
def isprime(x: Value) -> Value:
    """isprime(X)  logical array, true where the element of X is a prime number.

    X must hold nonnegative integers (double or an integer class).

        isprime([1 2 9 97])    % 0  1  0  1
    """
    message = ("MATLAB:isprime:InputNotPosInt", "All entries of X must be nonnegative integers.")
    (arr,) = _whole("isprime", (x,), *message)
    if np.any(arr < 0) or not np.all(np.isfinite(arr.astype(np.float64))):
        raise MatlabError(*message)
    if arr.dtype.kind == "f":
        arr = np.where(arr > FLINTMAX, 0, arr)     # a double past flintmax is even
    values = _as_integers(arr, class_of(x))
    largest = int(values.max(initial=0))
    if largest <= 1 << 24:
        table = np.zeros(largest + 1, dtype=bool)
        table[_sieve(largest)] = True
        return to_value(table[values])
    return to_value(np.vectorize(lambda k: _is_prime(int(k)), otypes=[bool])(values))


@builtin("factor", family="math")
def factor(n: Value) -> Value:
    """factor(n)  row vector of the prime factors of n, in ascending order with repeats.

    n is a nonnegative integer scalar (double up to flintmax, or an integer class, which is kept);
    factor(0) is 0 and factor(1) is 1.

        factor(60)    % 2 2 3 5
    """
    message = ("MATLAB:factor:InputNotPosInt", "N must be a nonnegative integer.")
    (arr,) = _whole("factor", (n,), *message)
    if arr.size != 1:
        raise MatlabError("MATLAB:factor:NonScalarInput", "N must be a scalar.")
    value = arr.ravel()[0]
    if value < 0 or (arr.dtype.kind == "f" and value > FLINTMAX):
        raise MatlabError(*message)
    rest = int(value)
    factors = []
    if rest > 3:
        for p in _sieve(math.isqrt(rest)).tolist():
            while rest % p == 0:
                factors.append(p)
                rest //= p
            if p * p > rest:
                break
    if rest > 1 or not factors:
        factors.append(rest)
    out = np.array([factors], dtype=arr.dtype if arr.dtype.kind in "iu" else np.float64)
    return to_value(out if arr.dtype.kind in "iu" else cast_result(out, result_class(n)))


# -- rational approximation ---------------------------------------------------------------------------

def _fraction_text(x: float, terms: list[int]) -> str:
    """MATLAB's continued-fraction text: '3 + 1/(7 + 1/16)', negative terms in parentheses."""
    if math.isinf(x):
        return "Inf" if x > 0 else "-Inf"
    if math.isnan(x):
        return "NaN"
    text = str(terms[0])
    for j, step in enumerate(terms[1:], start=1):
        last = j == len(terms) - 1
        term = str(step) if not math.isinf(step) else "Inf" if step > 0 else "-Inf"
        text += f" + 1/({term})" if step < 0 or not last else f" + 1/{term}"
        if not last:
            text = text[:-1]
    return text + ")" * max(len(terms) - 2, 0)


@builtin("rat", family="math")
def rat(x: Value, tol: Value | None = None, *, nargout: int = 1) -> Value:
    """rat(X), rat(X, tol)  continued-fraction text; [N, D] = rat(X, tol)  rational approximation N./D.

    The continued fraction is expanded until abs(X - N./D) < tol, by default 1e-6*norm(X(:), 1) over the
    finite elements. The text of a matrix has one row per element of X(:). Inf gives N = +-1, D = 0.

        rat(pi)              % '3 + 1/(7 + 1/16)'
        [n, d] = rat(0.75)   % n = 3, d = 4
    """
    check_classes("rat", (x,), ("double", "single", "logical", "char"))
    _require_real("rat", (x,))
    arr = numeric(x).astype(np.float64)
    flat = arr.ravel(order="F")
    finite = flat[np.isfinite(flat)]
    if tol is None:
        limit = 1e-6 * float(np.abs(finite).sum())
    else:
        limits = numeric(tol).ravel()
        if limits.size != 1 or not limits[0] > 0:
            raise MatlabError("MATLAB:rat:InvalidTolerance", "Tolerance must be a positive scalar.")
        limit = float(limits[0])
    results = [continued_fraction(0.0 if math.isinf(v) else v, limit) for v in flat.tolist()]
    if nargout <= 1:
        rows = [_fraction_text(v, terms) for v, (terms, _, _) in zip(flat.tolist(), results)]
        width = max((len(r) for r in rows), default=0)
        return CharArray.from_str("") if not rows else \
            CharArray(np.array([[ord(c) for c in r.ljust(width)] for r in rows], dtype=np.uint16))
    num = np.array([n * math.copysign(1, d) for _, n, d in results]).reshape(arr.shape, order="F")
    den = np.array([abs(d) for _, _, d in results]).reshape(arr.shape, order="F")
    num = np.where(np.isinf(arr), np.sign(arr), num)
    den = np.where(np.isinf(arr), 0.0, den)
    return to_value(num), to_value(den)


@builtin("rats", family="math")
def rats(x: Value, strlen: Value = 13.0) -> Value:
    """rats(X), rats(X, strlen)  rational approximations of the elements of X as text.

    Each element becomes N/D (an integer alone when D is 1), centered in strlen+1 characters (strlen
    is 13 by default); the rows of the text are the rows of X. The tolerance of rat is
    min(10^(-(strlen-1)/2)*norm(X(isfinite(X)), 1), 0.1), so a longer strlen gives closer fractions. An
    element that does not fit in strlen characters is shown as '*'.

        rats(pi)    % '    355/113   '
    """
    check_classes("rats", (x,), ("double", "single", "logical", "char"))
    _require_real("rats", (x,))
    width = whole_scalar(strlen)
    if width is None or width < 1:
        raise MatlabError("MATLAB:rats:InvalidLength", "STRLEN must be a positive integer scalar.")
    if numeric(x).size:
        check_size((numeric(x).size, width + 1), 2)
    arr = numeric(x).astype(np.float64)
    if arr.ndim != 2:
        raise MatlabError("MATLAB:rats:InputNot2D", "Input must be a 2-D array.")
    tol = rats_tolerance(arr, width)
    rows = ["".join(rats_field(value, tol, width) for value in row.tolist()) for row in arr]
    if not rows or not rows[0]:
        return CharArray(np.zeros((arr.shape[0], 0), dtype=np.uint16))
    return CharArray(np.array([[ord(c) for c in r] for r in rows], dtype=np.uint16))
