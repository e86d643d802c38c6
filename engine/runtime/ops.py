"""MATLAB operators on engine values: the functions the VM calls for every operator.

    BINARY[op](a, b) -> Value   op in + - * / \\ ^ .* ./ .\\ .^ == ~= < <= > >= & |
    UNARY[op](a) -> Value       op in - + ~ ' .'
    truth(value) -> bool        the condition of if / while
    colon(start, step, stop)    a:b and a:step:b (step None for a:b)

Real double (and bool) scalars take a fast path that never touches numpy. Array results follow
semantics.py (class promotion, implicit expansion, integer rounding and saturation) and come back in the
engine's MATLAB form (1x1 double/logical as Python scalars, all-zero imaginary parts dropped). Every result
is a new object that shares no memory with the operands, so the VM may treat it as exclusively owned.
"""
from __future__ import annotations

import math
import warnings
from typing import Callable

import numpy as np

from .errors import (MAX_NUMEL, MatlabError, check_size, inner_dimensions, integer_matrix_operation, max_size_error,
                     warn)
from .semantics import (NUMERIC_CLASSES, broadcast_shape, cast_result, elementwise, expand_dims, numeric,
                        promote, python_ints, string_elements, to_value, work_dtype)
from .categoricals import route as route_categoricals
from .time_ops import colon as time_colon, route as route_times
from .times import TimeArray
from .values import (INTEGER_CLASSES, CellArray, CharArray, SparseMatrix, StringArray, StructArray, Value,
                     class_of, simplify, size_of)

Binary = Callable[[Value, Value], Value]

# ----------------------------------------------------------------------------------------------------
# operand checks


def unsupported(op: str, value: Value) -> MatlabError:
    return MatlabError("MATLAB:UndefinedFunction",
                       f"Operator '{op}' is not supported for operands of type '{class_of(value)}'.")


def _numeric_class(op: str, value: Value) -> str:
    cls = class_of(value)
    if cls not in NUMERIC_CLASSES:
        raise unsupported(op, value)
    return cls


def _operand_class(op: str, a: Value, b: Value) -> str:
    return promote(_numeric_class(op, a), _numeric_class(op, b))


def _is_scalar(value: Value) -> bool:
    return size_of(value) == (1, 1)


def nan_to_logical_error() -> MatlabError:
    return MatlabError("MATLAB:nologicalnan", "NaN's cannot be converted to logicals.")


# ----------------------------------------------------------------------------------------------------
# elementwise arithmetic


def _power(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """a .^ b; a negative real base with a non-integer exponent gives a complex result there."""
    if a.dtype.kind == "c" or b.dtype.kind == "c":
        return np.power(a, b)
    if b.size == 1 and b.flat[0] == np.trunc(b.flat[0]):       # x.^2: a whole exponent is never complex
        # x.^2 as x.*x: one rounding, as the GPU's kernels compute it (pow took 3x as long in single)
        return np.square(a) if b.flat[0] == 2 and a.dtype == b.dtype else np.power(a, b)
    negative = (a < 0) & (b != np.trunc(b))
    if not negative.any():
        return np.power(a, b)
    complex_ = np.power(a.astype(np.complex64 if a.dtype == np.float32 else np.complex128), b)
    return np.where(negative, complex_, np.power(a, b))


def _integer_power(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """a .^ b for an integer result: a complex power keeps its real part (as Octave does)."""
    return np.real(_power(a, b))


def _round_div(p: int, q: int, limit: tuple[int, int]) -> int:
    """p / q for Python ints, rounded half away from zero; division by zero saturates."""
    if q == 0:
        return 0 if p == 0 else (limit[1] if p > 0 else limit[0])
    sign = -1 if (p < 0) != (q < 0) else 1
    return sign * ((2 * abs(p) + abs(q)) // (2 * abs(q)))


_EXACT_OPS: dict[str, Callable] = {"+": lambda p, q, lim: p + q, "-": lambda p, q, lim: p - q,
                                   ".*": lambda p, q, lim: p * q, "./": _round_div,
                                   ".\\": lambda p, q, lim: _round_div(q, p, lim)}


def exact_integers(fn: Callable[[int, int], int], a: Value, b: Value, cls: str) -> Value | None:
    """``fn`` on the elements of a and b as Python ints (with implicit expansion), saturated to integer
    class ``cls``: int64/uint64 arithmetic without float64's loss of digits past 2^53. None if an operand
    is not integer-valued (the float path is exact enough then)."""
    pa, pb = python_ints(numeric(a)), python_ints(numeric(b))
    if pa is None or pb is None:
        return None
    broadcast_shape(pa.shape, pb.shape)
    pa, pb = expand_dims([pa, pb])
    return to_value(cast_result(np.asarray(np.frompyfunc(fn, 2, 1)(pa, pb), dtype=object), cls))


def _exact_int64(op: str, a: Value, b: Value, cls: str) -> Value | None:
    info = np.iinfo(np.dtype(cls))
    limit = (int(info.min), int(info.max))
    return exact_integers(lambda p, q: _EXACT_OPS[op](p, q, limit), a, b, cls)


def _string_operands(op: str, a: Value, b: Value) -> tuple[np.ndarray, np.ndarray]:
    """Both operands of a string operator as string storage (numbers and chars convert)."""
    for v in (a, b):
        if type(v) not in (StringArray, CharArray) and class_of(v) not in NUMERIC_CLASSES:
            raise unsupported(op, v)
    return string_elements(a), string_elements(b)


def _string_plus(a: Value, b: Value) -> StringArray:
    sa, sb = _string_operands("+", a, b)
    broadcast_shape(sa.shape, sb.shape)
    sa, sb = expand_dims([sa, sb])
    join = np.frompyfunc(lambda p, q: None if p is None or q is None else p + q, 2, 1)
    return StringArray(np.asarray(join(sa, sb), dtype=object).reshape(broadcast_shape(sa.shape, sb.shape)))


def _array_arith(op: str, fn: Callable, a: Value, b: Value) -> Value:
    if op == "+" and (type(a) is StringArray or type(b) is StringArray):
        return _string_plus(a, b)
    cls = _operand_class(op, a, b)
    if cls in ("int64", "uint64") and op in _EXACT_OPS:
        exact = _exact_int64(op, a, b, cls)
        if exact is not None:
            return exact
    if fn is _power and cls in INTEGER_CLASSES:
        fn = _integer_power
    return elementwise(fn, a, b, cls=cls)


def _same_shape_doubles(a: Value, b: Value) -> bool:
    """Both real double arrays of one shape, or a real double array and a double scalar."""
    ta, tb = type(a), type(b)
    if ta is np.ndarray and a.dtype == np.float64:
        return tb is float or (tb is np.ndarray and b.dtype == np.float64 and a.shape == b.shape)
    return ta is float and tb is np.ndarray and b.dtype == np.float64


def _arith(op: str, scalar: Callable[[float, float], float], fn: Callable) -> Binary:
    """A binary elementwise operator with fast paths for real double scalars (pure Python) and real
    double arrays of one shape (numpy directly)."""
    def operator(a: Value, b: Value) -> Value:
        if type(a) is float and type(b) is float:
            try:
                r = scalar(a, b)
            except (ZeroDivisionError, OverflowError):
                return _array_arith(op, fn, a, b)
            return r if type(r) is float else to_value(np.array([[r]]))
        if fn is not _power and _same_shape_doubles(a, b):
            with np.errstate(all="ignore"):
                return simplify(fn(a, b))
        return _array_arith(op, fn, a, b)
    operator.__name__ = f"op{op}"
    return operator


plus = _arith("+", lambda x, y: x + y, np.add)
minus = _arith("-", lambda x, y: x - y, np.subtract)
times = _arith(".*", lambda x, y: x * y, np.multiply)
rdivide = _arith("./", lambda x, y: x / y, np.divide)
ldivide = _arith(".\\", lambda x, y: y / x, lambda x, y: np.divide(y, x))
power = _arith(".^", lambda x, y: x ** y, _power)

# ----------------------------------------------------------------------------------------------------
# comparisons and logical operators


def _string_compare(op: str, cmp: Callable, a: Value, b: Value) -> Value:
    sa, sb = _string_operands(op, a, b)
    shape = broadcast_shape(sa.shape, sb.shape)
    sa, sb = expand_dims([sa, sb])
    missing_result = op == "~="
    pick = np.frompyfunc(lambda p, q: missing_result if p is None or q is None else cmp(p, q), 2, 1)
    return to_value(np.asarray(pick(sa, sb), dtype=np.bool_).reshape(shape))


def _comparison(op: str, cmp: Callable) -> Binary:
    ordering = op not in ("==", "~=")

    def operator(a: Value, b: Value) -> Value:
        ta, tb = type(a), type(b)
        if (ta is float or ta is bool) and (tb is float or tb is bool):
            return cmp(a, b)
        if type(a) is StringArray or type(b) is StringArray:
            return _string_compare(op, cmp, a, b)
        _numeric_class(op, a), _numeric_class(op, b)
        pa, pb = numeric(a), numeric(b)
        broadcast_shape(pa.shape, pb.shape)
        if ordering:
            pa, pb = pa.real, pb.real
        pa, pb = expand_dims([pa, pb])
        return to_value(np.asarray(cmp(pa, pb)))
    operator.__name__ = f"op{op}"
    return operator


eq = _comparison("==", lambda x, y: x == y)
ne = _comparison("~=", lambda x, y: x != y)
lt = _comparison("<", lambda x, y: x < y)
le = _comparison("<=", lambda x, y: x <= y)
gt = _comparison(">", lambda x, y: x > y)
ge = _comparison(">=", lambda x, y: x >= y)


def logical_array(op: str, value: Value) -> np.ndarray:
    """A numeric value as a logical array for & | ~ xor (NaN is an error)."""
    _numeric_class(op, value)
    arr = numeric(value)
    if arr.dtype == np.bool_:
        return arr
    if arr.dtype.kind in "fc" and np.isnan(arr).any():
        raise nan_to_logical_error()
    return arr != 0


def _scalar_logical(x: float | bool) -> bool:
    if x != x:
        raise nan_to_logical_error()
    return bool(x)


def _logical(op: str, fn: Callable) -> Binary:
    def operator(a: Value, b: Value) -> Value:
        ta, tb = type(a), type(b)
        if (ta is float or ta is bool) and (tb is float or tb is bool):
            return bool(fn(_scalar_logical(a), _scalar_logical(b)))
        pa, pb = logical_array(op, a), logical_array(op, b)
        broadcast_shape(pa.shape, pb.shape)
        return to_value(np.asarray(fn(*expand_dims([pa, pb]))))
    operator.__name__ = f"op{op}"
    return operator


and_ = _logical("&", np.logical_and)
or_ = _logical("|", np.logical_or)
xor = _logical("xor", np.logical_xor)

# ----------------------------------------------------------------------------------------------------
# matrix operators


def _matrix_operands(name: str, a: Value, b: Value) -> tuple[np.ndarray, np.ndarray, str]:
    """Both operands as 2-D float arrays of the working precision, and the result class."""
    cls = _operand_class(name, a, b)
    pa, pb = numeric(a), numeric(b)
    if pa.ndim > 2 or pb.ndim > 2:
        raise MatlabError("MATLAB:mtimes:ndArrays", f"Arguments must be 2-D, or at least one argument "
                                                    f"must be scalar. Use {_ELEMENTWISE_NAME[name]} "
                                                    f"for elementwise operation.")
    if cls in INTEGER_CLASSES:
        raise integer_matrix_operation(_MATRIX_NAME[name])
    dtype = work_dtype(cls)
    fix = (lambda x: x if x.dtype.kind == "c" else x.astype(dtype, copy=False))
    return fix(pa), fix(pb), cls


_ELEMENTWISE_NAME = {"*": "TIMES (.*)", "/": "RDIVIDE (./)", "\\": "LDIVIDE (.\\)", "^": "POWER (.^)"}
_MATRIX_NAME = {"*": "MTIMES (*)", "/": "MRDIVIDE (/)", "\\": "MLDIVIDE (\\)", "^": "MPOWER (^)"}


def mtimes(a: Value, b: Value) -> Value:
    """a * b: matrix product (elementwise when either operand is scalar)."""
    if type(a) is float and type(b) is float:
        return a * b
    if (type(a) is float or type(b) is float) and _same_shape_doubles(a, b):   # a double scalar times doubles
        return times(a, b)
    if _is_scalar(a) or _is_scalar(b):
        _operand_class("*", a, b)
        return times(a, b)
    pa, pb, cls = _matrix_operands("*", a, b)
    if pa.shape[1] != pb.shape[0]:
        raise inner_dimensions()
    return to_value(cast_result(pa @ pb, cls))


def _solve(A: np.ndarray, B: np.ndarray) -> np.ndarray:
    """A \\ B as MATLAB's mldivide chooses for a square A: a substitution for a triangular A, a Cholesky
    solve for a Hermitian positive definite one, else LU (singular gives Inf/NaN and MATLAB's warning);
    least squares for a rectangular A."""
    if A.size == 0 or B.size == 0:
        return np.zeros((A.shape[1], B.shape[1]), dtype=np.result_type(A, B, np.float64))
    if A.shape[0] == A.shape[1]:
        import scipy.linalg  # imported on first use: it costs a second at start-up
        with warnings.catch_warnings(), np.errstate(all="ignore"):
            warnings.simplefilter("ignore")
            solved = _structured_solve(A, B)
            if solved is not None:
                return solved
            lu = scipy.linalg.lu_factor(A, check_finite=False)
            warn_if_singular(A, lu[0])
            return scipy.linalg.lu_solve(lu, B, check_finite=False)
    if not (np.isfinite(A).all() and np.isfinite(B).all()):    # LAPACK would complain on stdout
        return np.full((A.shape[1], B.shape[1]), np.nan, dtype=np.result_type(A, B, np.float64))
    return basic_solution(A, B)


def _structured_solve(A: np.ndarray, B: np.ndarray) -> np.ndarray | None:
    """A \\ B for a finite square A that is triangular with a nonzero diagonal (back or forward
    substitution) or Hermitian with a positive real diagonal whose Cholesky factorization succeeds, with
    MATLAB's near-singular warning; None otherwise (the LU path, which a zero on a triangle's diagonal
    takes too: Inf/NaN and the singular warning)."""
    import scipy.linalg
    if not np.isfinite(A).all():
        return None
    diagonal = np.diagonal(A)
    low, high = A[-1, 0], A[0, -1]                     # the corners rule most matrices out at once
    upper = low == 0 and not np.tril(A, -1).any()
    if (upper or high == 0 and not np.triu(A, 1).any()) and diagonal.all():
        trcon, = scipy.linalg.get_lapack_funcs(("trcon",), (A,))
        _warn_nearly_singular(trcon(A, norm="1", uplo="U" if upper else "L")[0], A.dtype)
        return scipy.linalg.solve_triangular(A, B, lower=not upper, check_finite=False)
    if low != np.conj(high) or not np.isreal(diagonal).all() or not (diagonal.real > 0).all() \
            or not np.array_equal(A, A.conj().T):
        return None
    try:
        factor, lower = scipy.linalg.cho_factor(A, check_finite=False)
    except np.linalg.LinAlgError:                      # not positive definite
        return None
    pocon, = scipy.linalg.get_lapack_funcs(("pocon",), (factor,))
    rcond, _ = pocon(factor, float(np.abs(A).sum(axis=0).max()), uplo="L" if lower else "U")
    _warn_nearly_singular(rcond, A.dtype)
    return scipy.linalg.cho_solve((factor, lower), B, check_finite=False)


def _warn_nearly_singular(rcond: float, dtype: np.dtype) -> None:
    if rcond < np.finfo(dtype).eps:
        warn("MATLAB:nearlySingularMatrix", "Matrix is close to singular or badly scaled. Results may be "
             f"inaccurate. RCOND = {rcond: e}.")


def inverse(A: np.ndarray) -> np.ndarray:
    """inv(A) of a nonempty square matrix: Inf everywhere when it is exactly singular, with MATLAB's
    warnings (warn_if_singular)."""
    import scipy.linalg
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", scipy.linalg.LinAlgWarning)   # reported below as MATLAB does
        lu, piv = scipy.linalg.lu_factor(A, check_finite=False)
    if warn_if_singular(A, lu):
        return np.full(A.shape, np.inf, dtype=A.dtype)
    identity = np.eye(A.shape[0], dtype=A.dtype)
    return scipy.linalg.lu_solve((lu, piv), identity, check_finite=False).astype(A.dtype)


def lu_rcond(A: np.ndarray, lu: np.ndarray) -> float:
    """LAPACK's estimate of the reciprocal 1-norm condition number of A from its LU factors ``lu``."""
    import scipy.linalg
    gecon, = scipy.linalg.get_lapack_funcs(("gecon",), (lu,))
    rcond, _ = gecon(lu, float(np.abs(A).sum(axis=0).max()), norm="1")
    return float(rcond)


def warn_if_singular(A: np.ndarray, lu: np.ndarray) -> bool:
    """MATLAB's warnings for a square system whose LU factors are ``lu``: "Matrix is singular to working
    precision." for a zero pivot (returns True), "Matrix is close to singular or badly scaled. ...
    RCOND = ..." when the reciprocal condition number is below eps."""
    if not np.all(np.diag(lu)):
        warn("MATLAB:singularMatrix", "Matrix is singular to working precision.")
        return True
    _warn_nearly_singular(lu_rcond(A, lu), lu.dtype)
    return False


def basic_solution(A: np.ndarray, B: np.ndarray) -> np.ndarray:
    """MATLAB's least-squares A \\ B for rectangular A: QR with column pivoting, and the "basic"
    solution with at most rank(A) nonzero components (not numpy's minimum-norm one: [1 1] \\ 2 is
    [2; 0], not [1; 1]). The rank counts |R(k, k)| above max(size(A)) * eps * |R(1, 1)|."""
    import scipy.linalg
    q, r, perm = scipy.linalg.qr(A, mode="economic", pivoting=True, check_finite=False)
    diagonal = np.abs(np.diag(r))
    eps = np.finfo(r.real.dtype).eps
    rank = int(np.sum(diagonal > max(A.shape) * eps * diagonal[0])) if diagonal.size else 0
    x = np.zeros((A.shape[1], B.shape[1]), dtype=np.result_type(A, B, np.float64))
    if rank < min(A.shape):
        warn("MATLAB:rankDeficientMatrix",
             f"Rank deficient, rank = {rank}, tol = {max(A.shape) * eps * diagonal[0]: e}.")
    if rank:
        y = q[:, :rank].conj().T @ B
        x[perm[:rank]] = scipy.linalg.solve_triangular(r[:rank, :rank], y, check_finite=False)
    return x


def mldivide(a: Value, b: Value) -> Value:
    """a \\ b: solves a * x = b (elementwise b ./ a when a is scalar)."""
    if _is_scalar(a):
        _operand_class("\\", a, b)
        return ldivide(a, b)
    pa, pb, cls = _matrix_operands("\\", a, b)
    if pa.shape[0] != pb.shape[0]:
        raise MatlabError("MATLAB:dimagree", "Matrix dimensions must agree.")
    return to_value(cast_result(_solve(pa, pb), cls))


def mrdivide(a: Value, b: Value) -> Value:
    """a / b: solves x * b = a (elementwise a ./ b when b is scalar)."""
    if type(b) is float or _is_scalar(b):
        _operand_class("/", a, b)
        return rdivide(a, b)
    pa, pb, cls = _matrix_operands("/", a, b)
    if pa.shape[1] != pb.shape[1]:
        raise MatlabError("MATLAB:dimagree", "Matrix dimensions must agree.")
    return to_value(cast_result(_solve(pb.T, pa.T).T.copy(), cls))


def mpower(a: Value, b: Value) -> Value:
    """a ^ b: scalar power, square matrix to a scalar power, or scalar to a square matrix power."""
    if type(a) is float and type(b) is float:
        return power(a, b)
    a_scalar, b_scalar = _is_scalar(a), _is_scalar(b)
    if a_scalar and b_scalar:
        _operand_class("^", a, b)
        return power(a, b)
    pa, pb, cls = _matrix_operands("^", a, b)
    if not (a_scalar or b_scalar) or (a_scalar and pb.shape[0] != pb.shape[1]) or \
            (b_scalar and pa.shape[0] != pa.shape[1]):
        raise MatlabError("MATLAB:mpower:notScalarAndSquareMatrix",
                          "Incorrect dimensions for raising a matrix to a power. Check that the matrix is "
                          "square and the power is a scalar. To operate on each element of the matrix "
                          "individually, use POWER (.^) for elementwise power.")
    import scipy.linalg  # imported on first use: it costs a second at start-up
    with warnings.catch_warnings(), np.errstate(all="ignore"):
        warnings.simplefilter("ignore")
        out = _matrix_power(pa, pb.item()) if b_scalar else scipy.linalg.expm(np.log(pa.item() + 0j) * pb)
    return to_value(cast_result(np.asarray(out), cls))


def _matrix_power(A: np.ndarray, p: complex | float) -> np.ndarray:
    if A.size == 0:                      # []^p is [] for every p
        return A.copy()
    integer = not isinstance(p, complex) and math.isfinite(p) and p == int(p)
    if not integer and not np.isfinite(A).all():
        return np.full(A.shape, np.nan)
    if isinstance(p, complex) or not math.isfinite(p):
        w, V = np.linalg.eig(A)          # MATLAB's route for non-integer powers: V * diag(w.^p) / V
        return V @ np.diag(w.astype(np.complex128) ** p) @ np.linalg.inv(V)
    if not integer:
        import scipy.linalg
        return scipy.linalg.fractional_matrix_power(A, p)
    p = int(p)
    return np.linalg.matrix_power(A if p >= 0 else inverse(A), abs(p))     # A^-k is inv(A)^k


# ----------------------------------------------------------------------------------------------------
# unary operators


def uminus(a: Value) -> Value:
    """-a (integers saturate: -int8(-128) is 127)."""
    if type(a) is float or type(a) is complex:
        return -a
    cls = promote(_numeric_class("-", a), _numeric_class("-", a))
    return elementwise(np.negative, a, cls=cls, exact=True)


def uplus(a: Value) -> Value:
    """+a: numeric values unchanged (a copy), char and logical become double."""
    if type(a) is float or type(a) is complex:
        return a
    if type(a) is StringArray:
        return StringArray(a.data.copy())
    cls = promote(_numeric_class("+", a), _numeric_class("+", a))
    return to_value(cast_result(numeric(a), cls).copy())


def not_(a: Value) -> Value:
    """~a: logical negation (NaN is an error)."""
    if type(a) is bool:
        return not a
    if type(a) is float:
        if a != a:
            raise nan_to_logical_error()
        return a == 0.0
    return to_value(~logical_array("~", a))


def _transposed(value: Value, conjugate: bool) -> Value:
    t = type(value)
    if t is float or t is bool:
        return value
    if t is complex:
        return value.conjugate() if conjugate else value
    if len(size_of(value)) > 2:
        raise MatlabError("MATLAB:transpose:NDArray", "Transpose on ND array is not defined. Use PERMUTE "
                                                      "instead.")
    if t is np.ndarray:
        value = value.conj() if conjugate and value.dtype.kind == "c" else value
        if 1 in value.shape:        # a row or column: the same elements in the same order, a reshape
            return value.reshape(value.shape[::-1])
        return value.T.copy()
    if t is CharArray:
        return CharArray(value.codes.T.copy())
    if t is StringArray or t is CellArray:
        return t(value.data.T.copy())
    if t is StructArray:
        return StructArray(list(value.fields), value.data.T.copy(), value.classname)
    raise unsupported("'" if conjugate else ".'", value)


def ctranspose(a: Value) -> Value:
    """a': complex conjugate transpose."""
    return _transposed(a, True)


def transpose(a: Value) -> Value:
    """a.': transpose without conjugation."""
    return _transposed(a, False)


# ----------------------------------------------------------------------------------------------------
# conditions and ranges


def truth(value: Value) -> bool:
    """MATLAB's if/while condition: nonempty and every element nonzero (real part); NaN is an error."""
    t = type(value)
    if t is bool:
        return value
    if t is float:
        if value != value:
            raise nan_to_logical_error()
        return value != 0.0
    if t in (StringArray, CellArray, StructArray) or class_of(value) not in NUMERIC_CLASSES:
        raise MatlabError("MATLAB:invalidConversion",
                          f"Conversion to logical from {class_of(value)} is not possible.")
    arr = numeric(value)
    if arr.dtype.kind == "c":
        arr = arr.real
    if arr.dtype.kind == "f" and np.isnan(arr).any():
        raise nan_to_logical_error()
    return bool(arr.size) and bool(arr.all())


def short_circuit_operand(value: Value) -> bool:
    """An operand of && or ||: a numeric, logical or char scalar (NaN is an error, as in if)."""
    if type(value) is bool:
        return value
    if class_of(value) == "gpuArray":
        value = value.gather()
    if type(value) is float or class_of(value) in NUMERIC_CLASSES and math.prod(size_of(value)) == 1:
        return truth(value)
    raise MatlabError("MATLAB:nonLogicalConditional",
                      "Operands to the logical AND (&&) and OR (||) operators must be convertible to logical "
                      "scalar values. Use the ANY or ALL functions to reduce operands to logical scalar values.")


def decides(value: Value, op: str) -> bool:
    """``a | b`` and ``a & b`` in an if/while condition short-circuit (MATLAB): whether ``a`` decides the
    condition alone, being a numeric, logical or char scalar that is true (for ``|``) or false (for
    ``&``). Any other ``a`` (an array, a cell) does not: ``b`` is evaluated and the condition is the
    element-wise result. NaN is an error, as in if."""
    if type(value) is bool:
        return value is (op == "|")
    if class_of(value) == "gpuArray":
        value = value.gather()
    if type(value) is float or class_of(value) in NUMERIC_CLASSES and math.prod(size_of(value)) == 1:
        return truth(value) == (op == "|")
    return False




def _colon_count(a: float, d: float, b: float) -> int:
    """Number of intervals n of a:d:b (MATLAB's colonop algorithm); -1 for an empty range."""
    if d == 0 or (a < b and d < 0) or (b < a and d > 0):
        return -1
    span = (b - a) / d
    if math.isinf(span):                 # b - a past realmax (-1e308:1e308:1e308)
        span = b / d - a / d
    if not abs(span) < MAX_NUMEL:
        raise max_size_error()
    if a == math.floor(a) and d == 1:
        return int(math.floor(b) - a)
    if a == math.floor(a) and d == math.floor(d):
        q = math.floor(a / d)
        return int(math.floor((b - (a - q * d)) / d) - q)
    n = round((b - a) / d)
    if math.copysign(1.0, d) * (a + n * d - b) > 2.0 * np.finfo(float).eps * max(abs(a), abs(b)):
        n -= 1
    return int(n)




def _colon_values(a: float, d: float, b: float) -> np.ndarray:
    """a:d:b as a row of doubles, symmetric about its midpoint like MATLAB's."""
    if math.isnan(a) or math.isnan(d) or math.isnan(b):
        return np.array([[math.nan]])
    if math.isinf(a) or math.isinf(b) or math.isinf(d):
        if d == 0 or (a < b and d < 0) or (b < a and d > 0):
            return np.zeros((1, 0))
        if math.isinf(d) and not (math.isinf(a) or math.isinf(b)):
            return np.array([[a]])          # an infinite step from a finite start: a alone (0:Inf:5)
        raise max_size_error()
    n = _colon_count(a, d, b)
    if n < 0:
        return np.zeros((1, 0))
    check_size((1, n + 1))
    tol = 2.0 * np.finfo(float).eps * max(abs(a), abs(b))
    c = a + n * d
    if math.copysign(1.0, d) * (c - b) > -tol:
        c = b
    v = np.empty(n + 1)
    k = np.arange(n // 2 + 1)
    v[k] = a + k * d
    v[n - k] = c - k * d
    if n % 2 == 0:
        middle = (a + c) / 2
        v[n // 2] = middle if math.isfinite(middle) else a / 2 + c / 2    # 1e308:1e308
    return v.reshape(1, n + 1)


def _colon_operand(value: Value) -> tuple[float | None, str]:
    """The scalar a colon operand stands for (its first element; None if empty) and its class."""
    cls = class_of(value)
    if cls not in NUMERIC_CLASSES:
        raise MatlabError("MATLAB:colon:invalidType", f"Colon operands must be numeric, char or logical; "
                                                      f"got {cls}.")
    if type(value) is float:
        return value, cls
    if type(value) is SparseMatrix:
        return (None if 0 in value.shape else float(value.data[0, 0].real)), cls
    arr = numeric(value)
    if arr.size == 0:
        return None, cls
    first = arr.flat[0]
    return float(first.real if arr.dtype.kind == "c" else first), cls


def colon(start: Value, step: Value | None, stop: Value) -> Value:
    """start:stop or start:step:stop as a row vector (1x0 when empty). Integer operands give an integer
    range, two char endpoints give a char row, single gives single; otherwise double."""
    if type(start) is float and type(stop) is float and (step is None or type(step) is float):
        return _colon_result(_colon_values(start, 1.0 if step is None else step, stop), "double")
    if isinstance(start, TimeArray) or isinstance(stop, TimeArray):
        return time_colon(start, step, stop)
    operands = [start, stop] if step is None else [start, step, stop]
    parsed = [_colon_operand(v) for v in operands]
    if any(x is None for x, _ in parsed):
        return np.zeros((1, 0))
    classes = [c for _, c in parsed]
    cls = classes[0]
    for other in classes[1:]:
        cls = promote(cls, other)
    a, b = parsed[0][0], parsed[-1][0]
    d = 1.0 if step is None else parsed[1][0]
    if classes[0] == "char" and classes[-1] == "char":
        return CharArray(_colon_values(a, d, b).astype(np.uint16))
    return _colon_result(_colon_values(a, d, b), cls)


def _colon_result(values: np.ndarray, cls: str) -> Value:
    if values.shape == (1, 1) and cls == "double":
        return float(values[0, 0])
    return cast_result(values, cls) if cls != "double" else values


BINARY: dict[str, Binary] = {
    "+": plus, "-": minus, "*": mtimes, "/": mrdivide, "\\": mldivide, "^": mpower,
    ".*": times, "./": rdivide, ".\\": ldivide, ".^": power,
    "==": eq, "~=": ne, "<": lt, "<=": le, ">": gt, ">=": ge, "&": and_, "|": or_,
}

UNARY: dict[str, Callable[[Value], Value]] = {
    "-": uminus, "+": uplus, "~": not_, "'": ctranspose, ".'": transpose,
}

# the operators themselves, for operands of PLAIN_NUMERIC types (values.py), which no routing below
# concerns: the VM calls these directly and skips the wrappers' type checks
HOST_BINARY = dict(BINARY)
HOST_UNARY = dict(UNARY)

# engine/accel, when imported, wraps these tables in place (and replaces ``truth``) so that device
# operands run on the device (engine/accel/dispatch.py route_operators); host operands never leave here.

# Sparse operands take their own path (sparse_ops.py): the tables and ``truth`` are routed once, here.
from .sparse_ops import route as _route_sparse  # noqa: E402  (it reads the operators defined above)

truth = _route_sparse(BINARY, UNARY, truth)
route_times(BINARY, UNARY)      # datetime and duration operands (time_ops.py), around the sparse routing
route_categoricals(BINARY, UNARY)   # categorical operands (categoricals.py)
