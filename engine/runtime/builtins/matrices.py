"""Specialized matrices: blkdiag toeplitz hankel vander pascal hilb invhilb wilkinson rosser compan hadamard
gallery peaks, and logspace.

Each takes its sizes as whole numbers and, where MATLAB does, a trailing class name ('double' or
'single'). Matrices built from given vectors keep their class (blkdiag and compan by MATLAB's
concatenation and arithmetic rules).
"""
from __future__ import annotations

import math

import numpy as np
import scipy

from ..errors import MatlabError, check_size
from ..semantics import cast_result, elementwise, numeric, result_class, to_value
from ..values import Value, class_of
from .elementwise import ANY_NUMERIC, FLOAT_INPUTS, check_classes
from .construct import linspace
from .registry import builtin
from .sizes import integer_values, option_text, whole_scalar

ROSSER = np.array([
    [611, 196, -192, 407, -8, -52, -49, 29], [196, 899, 113, -192, -71, -43, -8, -44],
    [-192, 113, 899, 196, 61, 49, 8, 52], [407, -192, 196, 611, 8, 44, 59, -23],
    [-8, -71, 61, 8, 411, -599, 208, 208], [-52, -43, 49, 44, -599, 411, 208, 208],
    [-49, -8, 8, 59, 208, 208, 99, -911], [29, -44, 52, -23, 208, 208, -911, 99]], dtype=np.float64)


def _order(value: Value, fname: str) -> int:
    """A matrix order argument: a nonnegative whole-number scalar."""
    n = whole_scalar(value)
    if n is None or n < 0:
        raise MatlabError(f"MATLAB:{fname}:InvalidOrder", "N must be a nonnegative integer scalar.")
    check_size((n, n))
    return n


def _float_class(args: tuple[Value, ...], fname: str) -> tuple[tuple[Value, ...], str]:
    """Split a trailing class name ('double' or 'single') from the arguments."""
    name = option_text(args[-1]) if args else None
    if name is None:
        return args, "double"
    if name not in ("double", "single"):
        raise MatlabError(f"MATLAB:{fname}:InvalidClassName", "CLASSNAME must be 'double' or 'single'.")
    return args[:-1], name


def _vector(value: Value, fname: str) -> np.ndarray:
    check_classes(fname, (value,), ANY_NUMERIC)
    arr = numeric(value)
    if arr.ndim != 2 or min(arr.shape) > 1:
        raise MatlabError(f"MATLAB:{fname}:InputNotVector", "Inputs must be vectors.")
    return arr.ravel(order="F")


@builtin("blkdiag", family="construct")
def blkdiag(*blocks: Value) -> Value:
    """blkdiag(A, B, ...)  block-diagonal matrix with A, B, ... on the diagonal and zeros elsewhere.

    The blocks are matrices (2-D) of any numeric or logical class; the result has the class their
    concatenation would have.

        blkdiag([1 2], 3)    % [1 2 0; 0 0 3]
    """
    if not blocks:
        return np.zeros((0, 0))
    check_classes("blkdiag", blocks, ANY_NUMERIC)
    arrays = [numeric(b) for b in blocks]
    if any(a.ndim != 2 for a in arrays):
        raise MatlabError("MATLAB:blkdiag:NDArrayInput", "Inputs must be 2-D.")
    cls = result_class(*blocks) if not all(class_of(b) == "logical" for b in blocks) else "logical"
    complex_ = any(a.dtype.kind == "c" for a in arrays)
    out = np.zeros((sum(a.shape[0] for a in arrays), sum(a.shape[1] for a in arrays)),
                   dtype=np.complex128 if complex_ else np.float64)
    row = col = 0
    for a in arrays:
        out[row:row + a.shape[0], col:col + a.shape[1]] = a
        row, col = row + a.shape[0], col + a.shape[1]
    return to_value(cast_result(out, cls))


@builtin("toeplitz", family="construct")
def toeplitz(ctx, c: Value, r: Value | None = None) -> Value:
    """toeplitz(c, r)  Toeplitz matrix with first column c and first row r; toeplitz(r)  the symmetric
    (Hermitian for complex r) one with first row r.

    Where c(1) and r(1) differ, c(1) is used (with a warning).

        toeplitz([1 2 3])    % [1 2 3; 2 1 2; 3 2 1]
    """
    if r is None:
        row = _vector(c, "toeplitz")
        col = np.conj(row)
        if col.size:
            col[0] = row[0]
        cls = result_class(c)
    else:
        col, row = _vector(c, "toeplitz"), _vector(r, "toeplitz")
        if col.size and row.size and col[0] != row[0]:
            ctx.warn("MATLAB:toeplitz:DiagonalConflict", "First element of input column does not match first "
                     "element of input row. \n         Column wins diagonal conflict.")
        cls = result_class(c, r)
    out = scipy.linalg.toeplitz(col, row) if col.size and row.size else np.zeros((col.size, row.size))
    return to_value(cast_result(out, cls))


@builtin("hankel", family="construct")
def hankel(ctx, c: Value, r: Value | None = None) -> Value:
    """hankel(c), hankel(c, r)  Hankel matrix with first column c (and last row r): constant along
    anti-diagonals.

    hankel(c) is zero below the first anti-diagonal. Where c(end) and r(1) differ, c(end) is used (with a
    warning).

        hankel([1 2 3])    % [1 2 3; 2 3 0; 3 0 0]
    """
    col = _vector(c, "hankel")
    if r is None:
        row = np.zeros(col.size, dtype=col.dtype)
        if col.size:
            row[0] = col[-1]
        cls = result_class(c)
    else:
        row = _vector(r, "hankel")
        if col.size and row.size and col[-1] != row[0]:
            ctx.warn("MATLAB:hankel:AntiDiagonalConflict", "Last element of input column does not match "
                     "first element of input row. \n         Column wins anti-diagonal conflict.")
        cls = result_class(c, r)
    out = scipy.linalg.hankel(col, row) if col.size and row.size else np.zeros((col.size, row.size))
    return to_value(cast_result(out, cls))


@builtin("vander", family="construct")
def vander(v: Value) -> Value:
    """vander(v)  Vandermonde matrix whose columns are powers of the vector v: A(i, j) = v(i)^(n-j).

    The last column is all ones; the class of v is kept.

        vander([1 2 3])    % [1 1 1; 4 2 1; 9 3 1]
    """
    values = _vector(v, "vander")
    check_classes("vander", (v,), FLOAT_INPUTS + ("int8", "int16", "int32", "int64", "uint8", "uint16",
                                                  "uint32", "uint64"))
    out = np.vander(values.astype(np.complex128 if values.dtype.kind == "c" else np.float64))
    return to_value(cast_result(out, result_class(v)))


def _pascal_factor(n: int) -> np.ndarray:
    """The lower-triangular Cholesky factor of pascal(n), with alternating column signs (MATLAB's)."""
    p = np.diag((-1.0) ** np.arange(n))
    if n:
        p[:, 0] = 1
    for j in range(1, n - 1):
        for i in range(j + 1, n):
            p[i, j] = p[i - 1, j] - p[i - 1, j - 1]
    return p


@builtin("pascal", family="construct")
def pascal(*args: Value) -> Value:
    """pascal(n), pascal(n, k), pascal(..., className)  Pascal matrix of order n.

    k = 0 (default): the symmetric positive definite matrix of binomial coefficients; k = 1: its
    lower-triangular Cholesky factor up to signs (an involution); k = 2: a transposed and permuted form
    of k = 1 (a cube root of the identity).

        pascal(4)    % [1 1 1 1; 1 2 3 4; 1 3 6 10; 1 4 10 20]
    """
    args, cls = _float_class(args, "pascal")
    if not args or len(args) > 2:
        raise MatlabError("MATLAB:pascal:InvalidArguments", "Use pascal(n), pascal(n, k) with k 0, 1 or 2.")
    n = _order(args[0], "pascal")
    k = integer_values(args[1], "pascal") if len(args) == 2 else [0]
    if k not in ([0], [1], [2]):
        raise MatlabError("MATLAB:pascal:InvalidK", "K must be 0, 1, or 2.")
    p = _pascal_factor(n)
    if k == [0]:
        p = np.round(p @ p.T)
    elif k == [2]:
        p = np.rot90(p, -1).copy()
        if n % 2 == 0:
            p = -p
    return to_value(cast_result(p + 0.0, cls))


@builtin("hilb", family="construct")
def hilb(n: Value, class_name: Value | None = None) -> Value:
    """hilb(n), hilb(n, className)  the Hilbert matrix H(i, j) = 1/(i+j-1).

    A famously ill-conditioned test matrix (cond(hilb(12)) is about 1e16); invhilb gives its exact
    inverse. className is 'double' (default) or 'single'.

        hilb(3)    % [1 1/2 1/3; 1/2 1/3 1/4; 1/3 1/4 1/5]
    """
    _, cls = _float_class((class_name,) if class_name is not None else (), "hilb")
    size = _order(n, "hilb")
    i = np.arange(1, size + 1, dtype=np.float64)
    return to_value(cast_result(1 / (i[:, None] + i[None, :] - 1), cls))


@builtin("invhilb", family="construct")
def invhilb(n: Value, class_name: Value | None = None) -> Value:
    """invhilb(n), invhilb(n, className)  the exact inverse of hilb(n), a matrix of integers.

    The integers are exact below order 13; larger orders overflow flintmax and are rounded.

        invhilb(3)    % [9 -36 30; -36 192 -180; 30 -180 180]
    """
    _, cls = _float_class((class_name,) if class_name is not None else (), "invhilb")
    size = _order(n, "invhilb")
    out = np.zeros((size, size))
    p = size
    for i in range(1, size + 1):
        if i > 1:
            p = (size - i + 1) * p * (size + i - 1) // (i - 1) ** 2
        r = p * p
        out[i - 1, i - 1] = r // (2 * i - 1)
        for j in range(i + 1, size + 1):
            r = -((size - j + 1) * r * (size + j - 1)) // (j - 1) ** 2
            out[i - 1, j - 1] = out[j - 1, i - 1] = r // (i + j - 1)
    return to_value(cast_result(out, cls))


@builtin("wilkinson", family="construct")
def wilkinson(n: Value) -> Value:
    """wilkinson(n)  Wilkinson's eigenvalue test matrix.

    A symmetric tridiagonal matrix with ones next to the diagonal and abs(-m:m) on it (m = (n-1)/2); its
    largest eigenvalues come in nearly equal pairs.

        wilkinson(3)    % [1 1 0; 1 0 1; 0 1 1]
    """
    size = _order(n, "wilkinson")
    m = (size - 1) / 2
    return to_value(np.diag(np.abs(np.arange(-m, m + 1))) + np.diag(np.ones(max(size - 1, 0)), 1)
                    + np.diag(np.ones(max(size - 1, 0)), -1))


@builtin("rosser", family="construct")
def rosser(class_name: Value | None = None) -> Value:
    """rosser, rosser(className)  Rosser's 8-by-8 symmetric eigenvalue test matrix.

    It has a double eigenvalue, three nearly equal ones, a zero and a small nonzero one.

        eig(rosser)    % includes 1000 twice and about 0.098
    """
    _, cls = _float_class((class_name,) if class_name is not None else (), "rosser")
    return to_value(cast_result(ROSSER.copy(), cls))


@builtin("compan", family="construct")
def compan(u: Value) -> Value:
    """compan(u)  companion matrix of the polynomial with coefficients u (highest power first).

    Its first row is -u(2:n)/u(1), with ones on the subdiagonal; its eigenvalues are the roots of u.
    A vector of fewer than two elements gives [].

        compan([1 2 3 4])    % [-2 -3 -4; 1 0 0; 0 1 0]
    """
    check_classes("compan", (u,), FLOAT_INPUTS)
    coeffs = _vector(u, "compan")
    n = coeffs.size
    if n < 2:
        return np.zeros((0, 0))
    if coeffs[0] == 0:
        raise MatlabError("MATLAB:compan:ZeroLeadingCoef",
                          "First coefficient of the polynomial must be nonzero.")
    out = np.diag(np.ones(n - 2), -1).astype(coeffs.dtype if coeffs.dtype.kind == "c" else np.float64)
    out[0, :] = -coeffs[1:] / coeffs[0]
    return to_value(cast_result(out, result_class(u)))


_H12_UPPER = [-1, 1, -1, 1, 1, 1, -1, -1, -1, 1, -1]
_H12_LOWER = [-1, -1, 1, -1, -1, -1, 1, 1, 1, -1, 1]
_H20_UPPER = [1, -1, -1, 1, 1, 1, 1, -1, 1, -1, 1, -1, -1, -1, -1, 1, 1, -1, -1]
_H20_LOWER = [1, -1, -1, 1, 1, -1, -1, -1, -1, 1, -1, 1, -1, 1, 1, 1, 1, -1, -1]


def _hadamard_base(order: int) -> np.ndarray:
    """The Hadamard matrices of order 1, 12 and 20 that larger orders double (Octave's constructions)."""
    base = np.ones((order, order))
    if order == 12:
        base[1:, 1:] = scipy.linalg.toeplitz(_H12_UPPER, _H12_LOWER)
    elif order == 20:
        base[1:, 1:] = np.fliplr(scipy.linalg.toeplitz(_H20_UPPER, _H20_LOWER))
    return base


@builtin("hadamard", family="construct")
def hadamard(n: Value, class_name: Value | None = None) -> Value:
    """hadamard(n), hadamard(n, className)  a Hadamard matrix: entries +-1, orthogonal columns
    (H'*H = n*I).

    n, n/12 or n/20 must be a power of 2; orders 2^k are Sylvester's [H H; H -H] construction.

        hadamard(4)    % [1 1 1 1; 1 -1 1 -1; 1 1 -1 -1; 1 -1 -1 1]
    """
    _, cls = _float_class((class_name,) if class_name is not None else (), "hadamard")
    size = _order(n, "hadamard")
    base = next((b for b in (1, 12, 20) if size % b == 0 and size // b >= 1
                 and (size // b) & (size // b - 1) == 0), None)
    if base is None:
        raise MatlabError("MATLAB:hadamard:Invalid", "N, N/12 or N/20 must be a power of 2.")
    h = _hadamard_base(base)
    for _ in range(int(math.log2(size // base))):
        h = np.block([[h, h], [h, -h]])
    return to_value(cast_result(h, cls))


def _sequence(value: Value, fname: str) -> np.ndarray:
    """A gallery vector argument: the vector itself (complex kept), or 1:n for a scalar n."""
    data = numeric(value)
    values = data.astype(np.complex128 if np.iscomplexobj(data) else np.float64).ravel(order="F")
    return np.arange(1.0, _order(value, fname) + 1) if values.size == 1 else values


def _gallery_scalar(args: tuple[Value, ...], k: int, default: float) -> float:
    """Parameter k (after the matrix's order) as a number, ``default`` when not given."""
    if len(args) <= k:
        return default
    data = numeric(args[k])
    if data.size != 1 or np.iscomplexobj(data):
        raise MatlabError("MATLAB:gallery:NonScalarParameter", "This gallery matrix's parameters after its "
                          "order must be real scalars.")
    return float(data.ravel()[0])


def _tridiag(args: tuple[Value, ...]) -> np.ndarray:
    """gallery('tridiag', n), ('tridiag', n, c, d, e) with scalars (Toeplitz), ('tridiag', c, d, e) with
    the sub-, main and superdiagonal as vectors (c and e one shorter than d)."""
    if len(args) == 3:
        parts = [numeric(a).ravel(order="F") for a in args]
        kind = np.complex128 if any(np.iscomplexobj(v) for v in parts) else np.float64
        sub, diag, sup = (v.astype(kind) for v in parts)
        if sub.size != diag.size - 1 or sup.size != diag.size - 1:
            raise MatlabError("MATLAB:gallery:tridiagLength", "In gallery('tridiag', c, d, e), c and e must "
                              "have one element less than d.")
        return np.diag(diag) + np.diag(sub, -1) + np.diag(sup, 1)
    if len(args) not in (1, 4):
        raise MatlabError("MATLAB:gallery:tridiagArguments", "gallery('tridiag') takes n, n with scalars c, d "
                          "and e, or vectors c, d and e.")
    n = _order(args[0], "gallery")
    sub, diag, sup = (_gallery_scalar(args, k, d) for k, d in ((1, -1.0), (2, 2.0), (3, -1.0)))
    return np.diag(np.full(n, diag)) + np.diag(np.full(max(n - 1, 0), sub), -1) + \
        np.diag(np.full(max(n - 1, 0), sup), 1)


def _gallery_matrix(name: str, args: tuple[Value, ...]) -> np.ndarray:
    """The matrix ``gallery(name, args...)`` for the supported names (see gallery's help)."""
    if name in ("circul", "fiedler", "cauchy"):
        v = _sequence(args[0], "gallery")
        if name == "circul":
            return np.array([np.roll(v, k) for k in range(v.size)]).reshape(v.size, v.size)
        if name == "fiedler":
            return np.abs(v[:, None] - v[None, :])
        w = _sequence(args[1], "gallery") if len(args) > 1 else v
        return 1 / (v[:, None] + w[None, :])
    if name == "tridiag":
        return _tridiag(args)
    n = _order(args[0], "gallery")
    i, j = np.indices((n, n)) + 1.0
    if name == "minij":
        return np.minimum(i, j)
    if name == "lehmer":
        return np.minimum(i, j) / np.maximum(i, j)
    if name == "kms":
        return _gallery_scalar(args, 1, 0.5) ** np.abs(i - j)
    if name == "ris":
        return 0.5 / (n - i - j + 1.5)
    if name == "parter":
        return 1 / (i - j + 0.5)
    if name == "pei":
        return _gallery_scalar(args, 1, 1.0) * np.eye(n) + np.ones((n, n))
    if name == "lotkin":
        return np.where(i == 1, 1.0, 1 / (i + j - 1))
    if name == "frank":
        return np.where(j >= i - 1, n + 1 - np.maximum(i, j), 0.0)
    upper = np.triu(np.full((n, n), _gallery_scalar(args, 1, -1.0)), 1) + np.eye(n)      # moler
    return upper.T @ upper


GALLERY_NAMES = ("cauchy", "circul", "fiedler", "frank", "kms", "lehmer", "lotkin", "minij", "moler",
                 "parter", "pei", "ris", "tridiag")
GALLERY_NUMBERED = {       # gallery(3): badly conditioned; gallery(5): nilpotent, eigenvalues sensitive to rounding
    3: [[-149, -50, -154], [537, 180, 546], [-27, -9, -25]],
    5: [[-9, 11, -21, 63, -252], [70, -69, 141, -421, 1684], [-575, 575, -1149, 3451, -13801],
        [3891, -3891, 7782, -23345, 93365], [1024, -1024, 2048, -6144, 24572]],
}


@builtin("gallery", family="construct")
def gallery(name: Value, *args: Value) -> Value:
    """gallery(name, n, ...), gallery(..., className)  test matrices from Higham's collection.

    Supported: 'cauchy' (x, y), 'circul' (v), 'fiedler' (c), 'frank' (n), 'kms' (n, rho), 'lehmer' (n),
    'lotkin' (n), 'minij' (n), 'moler' (n, alpha), 'parter' (n), 'pei' (n, alpha), 'ris' (n),
    'tridiag' (n; n, c, d, e scalars; or c, d, e vectors: the sub-, main and superdiagonal; MATLAB
    returns it sparse, here it is full).
    A vector argument given as a scalar n means 1:n. Other names are an error. gallery(3) is MATLAB's
    badly conditioned 3-by-3 matrix and gallery(5) its 5-by-5 nilpotent eigenvalue test.

        gallery('minij', 3)    % [1 1 1; 1 2 2; 1 2 3]
    """
    word = option_text(name)
    if word is None and not args and whole_scalar(name) in GALLERY_NUMBERED:
        return to_value(np.array(GALLERY_NUMBERED[whole_scalar(name)], dtype=np.float64))
    if word is None:
        raise MatlabError("MATLAB:gallery:UnsupportedMatrix", "gallery takes a matrix name, or the number "
                          "3 or 5 alone.")
    if word.lower() not in GALLERY_NAMES:
        raise MatlabError("MATLAB:gallery:UnsupportedMatrix", f"gallery supports the matrices "
                          f"{', '.join(GALLERY_NAMES)}; '{word}' is not one of them.")
    args, cls = _float_class(args, "gallery")
    if not args:
        raise MatlabError("MATLAB:minrhs", "Not enough input arguments.")
    check_classes("gallery", args, FLOAT_INPUTS)
    return to_value(cast_result(_gallery_matrix(word.lower(), args), cls))


def _peaks(x: np.ndarray, y: np.ndarray) -> np.ndarray:
    return (3 * (1 - x) ** 2 * np.exp(-x ** 2 - (y + 1) ** 2)
            - 10 * (x / 5 - x ** 3 - y ** 5) * np.exp(-x ** 2 - y ** 2)
            - 1 / 3 * np.exp(-(x + 1) ** 2 - y ** 2))


@builtin("peaks", family="construct")
def peaks(*args: Value, nargout: int = 1) -> Value:
    """peaks, peaks(n), peaks(v), peaks(X, Y), [X, Y, Z] = peaks(...)  MATLAB's sample surface, a
    mixture of translated and scaled Gaussians.

    peaks(n) samples an n-by-n grid over [-3, 3] (n = 49 by default); peaks(v) the grid meshgrid(v);
    peaks(X, Y) the given points. With three outputs the grid X, Y comes first.

        surf(peaks(25))
    """
    if len(args) > 2:
        raise MatlabError("MATLAB:TooManyInputs", "Too many input arguments.")
    check_classes("peaks", args, FLOAT_INPUTS)
    if any(numeric(a).dtype.kind == "c" for a in args):
        raise MatlabError("MATLAB:peaks:complexInput", "peaks supports real inputs only.")
    if len(args) == 2:
        x, y = numeric(args[0]).astype(np.float64), numeric(args[1]).astype(np.float64)
        if x.shape != y.shape:
            raise MatlabError("MATLAB:peaks:SizeMismatch", "X and Y must be the same size.")
    else:
        v = numeric(args[0]).astype(np.float64).ravel(order="F") if args else np.array([49.0])
        if v.size == 1:
            v = np.linspace(-3, 3, _order(float(v[0]), "peaks"))
        x, y = np.meshgrid(v, v)
    z = to_value(_peaks(x, y))
    return (to_value(x), to_value(y), z) if nargout > 1 else z


@builtin("logspace", family="construct")
def logspace(a: Value, b: Value, n: Value = 50.0) -> Value:
    """logspace(a, b), logspace(a, b, n)  row of n (default 50) points spaced logarithmically from 10^a
    to 10^b, 10.^linspace(a, b, n).

    If b is pi, the points end at pi instead of 10^pi (for digital signal processing). The result is
    single if a or b is single.

        logspace(0, 2, 3)    % 1  10  100
    """
    check_classes("logspace", (a, b, n), FLOAT_INPUTS)
    stop = numeric(b)
    if stop.size == 1 and stop.ravel()[0] == np.pi:
        b = elementwise(np.log10, b)
    return elementwise(lambda e: 10 ** e, linspace(a, b, n))
