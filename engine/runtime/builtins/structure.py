"""Structure of a matrix: isdiag istril istriu isbanded issymmetric ishermitian bandwidth iscomplex.

The tests take numeric, logical or char arrays; an array with more than two dimensions is never
diagonal, triangular, banded or symmetric (MATLAB). Elements compare exactly (NaN is not zero and not
equal to itself), except issymmetric and ishermitian with a tolerance: norm(A - A.', 1) <= tol *
norm(A, 1) (MATLAB's rule).
"""
from __future__ import annotations

import numpy as np

from ..errors import MatlabError
from ..semantics import numeric
from ..values import Value, class_of
from .elementwise import ANY_NUMERIC
from .sizes import numeric_array, option_text
from .arguments import match_name, real_scalar
from .registry import builtin


def _matrix(fname: str, a: Value) -> np.ndarray | None:
    """A 2-D numeric array, or None for an N-D one (which has no matrix structure)."""
    arr = numeric_array(a, fname)
    return arr if arr.ndim == 2 else None


def _band(arr: np.ndarray) -> tuple[int, int]:
    """(lower, upper) bandwidth: the farthest diagonals below and above the main one with a nonzero."""
    rows, cols = np.nonzero(arr)
    if rows.size == 0:
        return 0, 0
    offset = cols - rows
    return int(max(0, -offset.min())), int(max(0, offset.max()))


@builtin("isdiag", family="linalg")
def isdiag(a: Value) -> bool:
    """tf = isdiag(A)  whether A is a diagonal matrix (every element off the main diagonal is zero).

    A may be rectangular; an N-D array is not diagonal.

        isdiag(eye(3))     % true
        isdiag([1 2; 0 1]) % false
    """
    arr = _matrix("isdiag", a)
    return arr is not None and _band(arr) == (0, 0)


@builtin("istril", family="linalg")
def istril(a: Value) -> bool:
    """tf = istril(A)  whether A is lower triangular (every element above the main diagonal is zero).

    A may be rectangular; an N-D array is not triangular.

        istril([1 0; 2 3])    % true
    """
    arr = _matrix("istril", a)
    return arr is not None and _band(arr)[1] == 0


@builtin("istriu", family="linalg")
def istriu(a: Value) -> bool:
    """tf = istriu(A)  whether A is upper triangular (every element below the main diagonal is zero).

    A may be rectangular; an N-D array is not triangular.

        istriu([1 2; 0 3])    % true
    """
    arr = _matrix("istriu", a)
    return arr is not None and _band(arr)[0] == 0


@builtin("isbanded", family="linalg")
def isbanded(a: Value, lower: Value, upper: Value) -> bool:
    """tf = isbanded(A, lower, upper)  whether every nonzero of A lies within lower diagonals below and
    upper diagonals above the main diagonal.

    lower and upper are nonnegative integer scalars; an N-D array is not banded.

        isbanded([1 2 0; 3 4 5; 0 6 7], 1, 1)    % true (tridiagonal)
    """
    limits = [real_scalar("isbanded", v, name) for v, name in ((lower, "lower"), (upper, "upper"))]
    if any(v < 0 or v != np.floor(v) for v in limits):
        raise MatlabError("MATLAB:isbanded:InvalidBandwidth",
                          "The lower and upper bandwidths must be nonnegative integer scalars.")
    arr = _matrix("isbanded", a)
    if arr is None:
        return False
    below, above = _band(arr)
    return below <= limits[0] and above <= limits[1]


@builtin("bandwidth", family="linalg")
def bandwidth(a: Value, which: Value | None = None, *, nargout: int = 1):
    """[lower, upper] = bandwidth(A), bandwidth(A, 'lower'), bandwidth(A, 'upper')  the lower and upper
    bandwidths of a matrix.

    lower is the farthest diagonal below the main one that has a nonzero, upper the farthest above (0
    for a diagonal matrix). With one output and no type, the lower bandwidth.

        [lo, up] = bandwidth([1 2 0; 3 4 5; 0 6 7])    % 1, 1
    """
    arr = numeric_array(a, "bandwidth")
    if arr.ndim != 2:
        raise MatlabError("MATLAB:bandwidth:inputMustBe2D", "Input must be a 2-D matrix.")
    below, above = _band(arr)
    if which is None:
        return (float(below), float(above))[:max(nargout, 1)]
    word = option_text(which)
    if word is None:
        raise MatlabError("MATLAB:bandwidth:invalidType", "Bandwidth type must be 'lower' or 'upper'.")
    return float(below if match_name("bandwidth", word, ("lower", "upper")) == "lower" else above)


def _symmetry(fname: str, a: Value, options: tuple[Value, ...], conjugate: bool) -> bool:
    """issymmetric / ishermitian: exact, or with a tolerance, 'skew' compares with -A.'."""
    skew, tol = False, None
    for opt in options:
        word = option_text(opt)
        if word is not None:
            skew = match_name(fname, word, ("skew", "nonskew")) == "skew"
        else:
            tol = real_scalar(fname, opt, "tol")
            if tol < 0:
                raise MatlabError(f"MATLAB:{fname}:InvalidTolerance", "Tolerance must be nonnegative.")
    arr = _matrix(fname, a)
    if arr is None or arr.shape[0] != arr.shape[1]:
        return False
    arr = arr.astype(np.result_type(arr.dtype, np.float64))
    other = arr.T.conj() if conjugate else arr.T
    if skew:
        other = -other
    if tol is None:
        return bool(np.array_equal(arr, other))
    if not np.all(np.isfinite(arr)):
        return False
    norm = np.abs(arr).sum(axis=0).max(initial=0.0)
    return bool(np.abs(arr - other).sum(axis=0).max(initial=0.0) <= tol * norm)


@builtin("issymmetric", family="linalg")
def issymmetric(a: Value, *options: Value) -> bool:
    """tf = issymmetric(A), issymmetric(A, 'skew'), issymmetric(A, tol)  whether A equals its transpose.

    'skew' tests A == -A.' instead. With tol, A counts as symmetric when norm(A - A.', 1) <= tol *
    norm(A, 1). A non-square or N-D array is not symmetric.

        issymmetric([1 2; 2 1])         % true
        issymmetric([0 1; -1 0], 'skew') % true
    """
    return _symmetry("issymmetric", a, options, conjugate=False)


@builtin("ishermitian", family="linalg")
def ishermitian(a: Value, *options: Value) -> bool:
    """tf = ishermitian(A), ishermitian(A, 'skew'), ishermitian(A, tol)  whether A equals its complex
    conjugate transpose.

    The forms of issymmetric, comparing with A' instead of A.'.

        ishermitian([1 2i; -2i 1])    % true
    """
    return _symmetry("ishermitian", a, options, conjugate=True)


@builtin("iscomplex", family="math")
def iscomplex(a: Value) -> bool:
    """tf = iscomplex(A)  whether A is stored with an imaginary part (the opposite of isreal).

    complex(1, 0) is complex although its imaginary part is zero; 1 + 0i is not (MATLAB drops a zero
    imaginary part of a computed result). Non-numeric values are not complex.

        iscomplex(3 + 4i)    % true
        iscomplex(5)         % false
    """
    return class_of(a) in ANY_NUMERIC and np.iscomplexobj(numeric(a))
