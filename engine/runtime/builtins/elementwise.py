"""Elementwise math: abs sign sqrt exp log... floor ceil round fix mod rem real imag conj angle isnan...

Class rules come from runtime/semantics.py (``elementwise``): single in gives single out, logical and char
compute as double, integers are computed in float64 then rounded and saturated (so int64 values beyond
2^53 lose digits). Functions that MATLAB defines only for floating-point input (sqrt, exp, log, the trig
family, atan2, hypot, angle) reject integers as MATLAB does. Real inputs outside a function's real domain
(sqrt(-1), log(-1), asin(2)...) give complex results.

The transcendental functions are registered from one table (``_FLOAT_FUNCTIONS``); each entry is the
numpy function, its Operation record (registry.py: the real domain, the WGSL form the GPU computes, value
facts) and the help text. Every builtin here with elementwise semantics registers its Operation record.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, replace
from typing import Callable

import numpy as np

from ..errors import MatlabError
from ..ops import exact_integers
from ..semantics import (cast_result, elementwise, from_parts, numeric, result_class, round_half_away,
                         to_value, work_dtype)
from ..values import INTEGER_CLASSES, Value, class_of
from .registry import Operation, builtin, set_scalar_path
from .sizes import integer_values, is_text

FLOAT_INPUTS = ("double", "single", "logical", "char")
EPS = float(np.finfo(np.float64).eps)
BIG = float(np.finfo(np.float64).max)
TINY = math.ulp(0.0)                       # the smallest subnormal
ANY_NUMERIC = FLOAT_INPUTS + INTEGER_CLASSES

def check_classes(fname: str, values: tuple[Value, ...], allowed: tuple[str, ...]) -> None:
    """MATLAB's error for a function called with an argument class it has no method for."""
    for value in values:
        if class_of(value) not in allowed:
            raise MatlabError("MATLAB:UndefinedFunction",
                              f"Check for incorrect argument data type or missing argument in call to "
                              f"function '{fname}'.")


def _require_real(fname: str, values: tuple[Value, ...]) -> None:
    for value in values:
        if type(value) is complex or (type(value) is np.ndarray and value.dtype.kind == "c"):
            raise MatlabError(f"MATLAB:{fname}:complexArgs", "Inputs must be real.")


def apply(fn: Callable[..., np.ndarray], *values: Value,
          scalar: Callable[..., float | None] | None = None) -> Value:
    """``semantics.elementwise(fn, *values)``, or for real double scalars (Python floats) the fast
    ``scalar(*values)`` when given, unless it declines by returning None."""
    if scalar is not None and all(type(v) is float for v in values):
        out = scalar(*values)
        if out is not None:
            return out
    return elementwise(fn, *values)


def on_float64(fn: Callable[..., np.ndarray], op: Operation | None = None) -> Callable[..., float | None]:
    """A scalar fast path running ``fn`` on float64 scalars (as on arrays) when every argument lies in
    the real domain of ``op``; NaN and out-of-domain arguments are declined."""
    def run(*xs: float) -> float | None:
        if op is not None and op.domain is not None and not all(op.inside(x) for x in xs):
            return None
        with np.errstate(all="ignore"):
            return float(fn(*xs))
    return run


def _complex_outside(x: np.ndarray, op: Operation, odd: bool) -> np.ndarray:
    """``x`` as complex if some element lies outside the real domain of ``op`` (NaN counts as inside).

    ``odd`` picks the side of the branch cut that MATLAB uses for asin/acos: the imaginary zero takes
    the sign opposite to x, so that asin(2) = pi/2 - 1.317i and asin(-2) = -asin(2)."""
    if op.domain is None or x.dtype.kind == "c" or np.all(op.inside(x) | np.isnan(x)):
        return x
    z = x.astype(np.complex64 if x.dtype == np.float32 else np.complex128)
    if odd:
        z.imag = np.where(x > 0, -0.0, 0.0)
    return z


@dataclass(frozen=True)
class FloatFunction:
    fn: Callable[[np.ndarray], np.ndarray]
    summary: str
    example: str
    op: Operation                             # its record (name filled in by the registry)
    odd_branch: bool = False
    safe: tuple[float, float] = (-BIG, BIG)   # where the result is real and finite: no FP exception


def _on_float64_unary(spec: FloatFunction) -> Callable[[float], float | None]:
    """``on_float64`` for one argument, without the floating-point error state where ``spec.safe`` says
    no exception can occur (NaN, infinities and the edges take the general scalar path)."""
    fn = spec.fn
    lo, hi = spec.safe
    general = on_float64(fn, spec.op)

    def run(x: float) -> float | None:
        if lo <= x <= hi:
            return float(fn(x))
        return general(x)
    return run


INF = math.inf
NONNEG, UNIT = (0.0, INF), (-1.0, 1.0)       # real domains


def _gpu(name: str, domain: tuple[float, float] | None = None, nonneg: str = "") -> Operation:
    """The record of a transcendental the WGSL math library computes (m64_name / m32_name)."""
    return Operation(wgsl=f"{{m}}_{name}({{a}})", domain=domain, nonneg=nonneg, costly=True)


_FLOAT_FUNCTIONS: dict[str, FloatFunction] = {
    "sqrt": FloatFunction(np.sqrt, "square root", "sqrt([4 -1])    % 2 + 0i, 0 + 1i",
                          Operation(wgsl="{m}_sqrt({a})", domain=NONNEG, nonneg="always"), safe=(0.0, BIG)),
    "exp": FloatFunction(np.exp, "exponential e^x", "exp(1)    % 2.7183", _gpu("exp", nonneg="always"),
                         safe=(-708.0, 709.0)),
    "log": FloatFunction(np.log, "natural logarithm", "log(-1)    % 0 + 3.1416i", _gpu("log", NONNEG),
                         safe=(TINY, BIG)),
    "log10": FloatFunction(np.log10, "common (base 10) logarithm", "log10(1000)    % 3",
                           _gpu("log10", NONNEG), safe=(TINY, BIG)),
    "log1p": FloatFunction(np.log1p, "log(1 + x), accurate for small x", "log1p(1e-20)    % 1e-20",
                           _gpu("log1p", (-1.0, INF), "kept"), safe=(math.nextafter(-1.0, 0.0), BIG)),
    "expm1": FloatFunction(np.expm1, "exp(x) - 1, accurate for small x", "expm1(1e-20)    % 1e-20",
                           _gpu("expm1"), safe=(-BIG, 709.0)),
    "sin": FloatFunction(np.sin, "sine (radians)", "sin(pi/2)    % 1", _gpu("sin")),
    "cos": FloatFunction(np.cos, "cosine (radians)", "cos(0)    % 1", _gpu("cos")),
    "tan": FloatFunction(np.tan, "tangent (radians)", "tan(pi/4)    % 1.0000", _gpu("tan")),
    "asin": FloatFunction(np.arcsin, "inverse sine (radians)", "asin(1)    % 1.5708", _gpu("asin", UNIT),
                          True, (-1.0, 1.0)),
    "acos": FloatFunction(np.arccos, "inverse cosine (radians)", "acos(-1)    % 3.1416", _gpu("acos", UNIT),
                          True, (-1.0, 1.0)),
    "atan": FloatFunction(np.arctan, "inverse tangent (radians)", "atan(1)    % 0.7854",
                          _gpu("atan", nonneg="kept")),
    "sinh": FloatFunction(np.sinh, "hyperbolic sine", "sinh(1)    % 1.1752", _gpu("sinh", nonneg="kept"),
                          safe=(-709.0, 709.0)),
    "cosh": FloatFunction(np.cosh, "hyperbolic cosine", "cosh(0)    % 1", _gpu("cosh", nonneg="always"),
                          safe=(-709.0, 709.0)),
    "tanh": FloatFunction(np.tanh, "hyperbolic tangent", "tanh(1)    % 0.7616", _gpu("tanh", nonneg="kept")),
    "asinh": FloatFunction(np.arcsinh, "inverse hyperbolic sine", "asinh(1)    % 0.8814", Operation()),
    "acosh": FloatFunction(np.arccosh, "inverse hyperbolic cosine", "acosh(2)    % 1.3170",
                           Operation(domain=(1.0, INF)), safe=(1.0, BIG)),
    "atanh": FloatFunction(np.arctanh, "inverse hyperbolic tangent", "atanh(0.5)    % 0.5493",
                           Operation(domain=UNIT),
                           safe=(math.nextafter(-1.0, 0.0), math.nextafter(1.0, 0.0))),
}


def _register_float_function(name: str, spec: FloatFunction) -> None:
    scalar = _on_float64_unary(spec)

    def impl(x: Value) -> Value:
        check_classes(name, (x,), FLOAT_INPUTS)
        return apply(lambda a: spec.fn(_complex_outside(a, spec.op, spec.odd_branch)), x,
                     scalar=scalar)

    domain = " Inputs outside the real domain give complex results." if spec.op.domain else ""
    impl.__name__ = name
    impl.__doc__ = (f"{name}(X)  {spec.summary} of each element of X.\n\n"
                    f"Complex inputs give complex results.{domain} Single input gives single output; "
                    f"integer inputs are not supported.\n\n    {spec.example}\n")
    op = spec.op if spec.op.domain else replace(spec.op, host=spec.fn)     # real everywhere: no checks
    builtin(name, family="math", op=op)(impl)
    set_scalar_path(name, 1, scalar)


for _name, _spec in _FLOAT_FUNCTIONS.items():
    _register_float_function(_name, _spec)


LOG2 = _gpu("log2", NONNEG)


@builtin("log2", family="math", op=LOG2)
def log2(x: Value, *, nargout: int = 1) -> Value:
    """log2(X)  base 2 logarithm; [F, E] = log2(X)  mantissa and exponent with X = F .* 2.^E.

    With two outputs, 0.5 <= abs(F) < 1 (F = 0 and E = 0 for X = 0); complex X uses its real part.
    Negative X gives a complex logarithm. Integer inputs are not supported.

        [f, e] = log2(8)    % f = 0.5, e = 4
    """
    check_classes("log2", (x,), FLOAT_INPUTS)
    if nargout < 2:
        return apply(lambda a: np.log2(_complex_outside(a, LOG2, False)), x,
                     scalar=on_float64(np.log2, LOG2))
    arr = numeric(x)
    arr = arr.real if arr.dtype.kind == "c" else arr
    mantissa, exponent = np.frexp(arr.astype(work_dtype(result_class(x))))
    return to_value(mantissa), to_value(exponent.astype(mantissa.dtype))


@builtin("abs", family="math", op=Operation(wgsl="abs({a})", nonneg="always"))
def abs_(x: Value) -> Value:
    """abs(X)  absolute value of each element; the magnitude of complex elements.

    The class is kept (logical and char give double); integers saturate, so abs(int8(-128)) is 127.

        abs([-2 3+4i])    % 2  5
    """
    check_classes("abs", (x,), ANY_NUMERIC)
    return abs(x) if type(x) is float else elementwise(np.abs, x, exact=True)


set_scalar_path("abs", 1, abs)


@builtin("sign", family="math", op=Operation(wgsl="{m}_sign({a})", nonneg="kept"))
def sign(x: Value) -> Value:
    """sign(X)  signum of each element: -1, 0 or 1; X./abs(X) for complex elements.

    The class is kept (logical and char give double).

        sign([-3 0 2])    % -1  0  1
    """
    check_classes("sign", (x,), ANY_NUMERIC)

    def signum(a: np.ndarray) -> np.ndarray:
        if a.dtype.kind != "c":
            return np.sign(a)
        mag = np.abs(a)
        safe = np.where(mag == 0, 1, mag)
        return np.where(mag == 0, 0, a.real / safe + 1j * (a.imag / safe))
    return apply(signum, x, scalar=on_float64(np.sign))


def _parts(fn: Callable[[np.ndarray], np.ndarray]) -> Callable[[np.ndarray], np.ndarray]:
    """A real rounding function extended to complex numbers part by part."""
    def apply(a: np.ndarray) -> np.ndarray:
        if a.dtype.kind == "c":
            return from_parts(fn(a.real), fn(a.imag))
        return fn(a)
    return apply


def _register_rounding(name: str, fn: Callable[[np.ndarray], np.ndarray], wgsl: str, summary: str,
                       example: str) -> None:
    def scalar(v: float) -> float:
        return float(fn(v))

    def impl(x: Value) -> Value:
        check_classes(name, (x,), ANY_NUMERIC)
        if class_of(x) in INTEGER_CLASSES:
            return x
        return apply(_parts(fn), x, scalar=scalar)

    impl.__name__ = name
    impl.__doc__ = (f"{name}(X)  {summary}.\n\nComplex elements are rounded in their real and imaginary "
                    f"parts separately; integer classes are returned unchanged, single stays single, "
                    f"logical and char give double.\n\n    {example}\n")
    builtin(name, family="math", op=Operation(wgsl=wgsl, nonneg="kept"))(impl)
    set_scalar_path(name, 1, scalar)


_register_rounding("floor", np.floor, "floor({a})", "round each element toward minus infinity",
                   "floor(-2.5)    % -3")
_register_rounding("ceil", np.ceil, "{m}_ceil({a})", "round each element toward plus infinity",
                   "ceil(-2.5)    % -2")
_register_rounding("fix", np.trunc, "trunc({a})", "round each element toward zero", "fix(-2.5)    % -2")


@builtin("round", family="math", op=Operation(wgsl="{m}_round({a})", nonneg="kept"))
def round_(x: Value, digits: Value | None = None, kind: Value | None = None) -> Value:
    """round(X), round(X, N), round(X, N, type)  round to the nearest integer, or to N digits; halves
    away from 0.

    round(2.5) is 3 and round(-2.5) is -3 (not the even neighbour). With N, round to N digits right of
    the decimal point (N < 0: to the left); type 'significant' rounds to N significant digits instead
    ('decimals', the default, is the former). Integer classes are unchanged, except that N < 0 rounds
    them to tens, hundreds... (exactly, saturating).

        round([2.5 -2.5 pi])                   % 3  -3  3
        round(pi, 2)                           % 3.1400
        round(863178137, 2, 'significant')     % 860000000
    """
    check_classes("round", (x,), ANY_NUMERIC)
    significant = kind is not None and is_text(kind, "significant")
    if kind is not None and not significant and not is_text(kind, "decimals"):
        raise MatlabError("MATLAB:round:unsupportedType", "Type must be 'decimals' or 'significant'.")
    if digits is None:
        return x if class_of(x) in INTEGER_CLASSES else apply(_parts(_round_array), x, scalar=_round_scalar)
    count = integer_values(digits, "round")
    if len(count) != 1:
        raise MatlabError("MATLAB:round:invalidDigits", "N must be an integer scalar.")
    if significant and count[0] < 1:
        raise MatlabError("MATLAB:round:invalidSignificantDigits",
                          "N must be a positive integer when rounding to significant digits.")
    if class_of(x) in INTEGER_CLASSES:
        return _round_integers(x, count[0], significant)
    if significant:
        return apply(_parts(lambda a: _round_significant(a, count[0])), x)
    return apply(_parts(lambda a: _round_digits(a, count[0])), x)


def _round_integers(x: Value, digits: int, significant: bool) -> Value:
    """An integer-class array rounded to 10^-digits (or to ``digits`` significant digits), exactly."""
    arr = numeric(x)

    def nearest(value: int) -> int:
        places = len(str(abs(value))) - digits if significant else -digits
        if places <= 0 or value == 0:
            return value
        unit = 10 ** places
        whole, rest = divmod(abs(value), unit)
        return (1 if value > 0 else -1) * (whole + (2 * rest >= unit)) * unit
    rounded = np.frompyfunc(lambda v: nearest(int(v)), 1, 1)(arr)
    return to_value(cast_result(np.asarray(rounded, dtype=object).reshape(arr.shape), class_of(x)))


def _round_significant(a: np.ndarray, digits: int) -> np.ndarray:
    """Round to ``digits`` significant digits: to the decimal place of each element's leading digit."""
    with np.errstate(divide="ignore"):
        leading = np.floor(np.log10(np.abs(a)))
    places = np.where(np.isfinite(leading), digits - 1 - leading, 0)
    scale = 10.0 ** np.abs(places)
    out = np.where(places >= 0, round_half_away(a * scale) / scale, round_half_away(a / scale) * scale)
    return np.where(np.isfinite(a) & (a != 0), out, a).astype(a.dtype)


def _round_array(a: np.ndarray) -> np.ndarray:
    """round_half_away keeping the sign of zero results (round(-0.4) is -0, as in MATLAB)."""
    return np.copysign(round_half_away(a), a)


def _round_scalar(x: float) -> float:
    """round_half_away for a Python float (exact: x - trunc(x) has no rounding error)."""
    if not math.isfinite(x):
        return x
    whole = math.copysign(float(math.trunc(x)), x)
    return whole + math.copysign(1.0, x) if abs(x - whole) >= 0.5 else whole


set_scalar_path("round", 1, _round_scalar)


def _round_digits(a: np.ndarray, digits: int) -> np.ndarray:
    if digits > 400:   # beyond any float's precision: nothing to round
        return a
    if digits < -400:  # beyond any float's magnitude: everything rounds to (signed) zero
        return a * 0
    if digits >= 0:
        scale = a.dtype.type(10.0 ** digits)
        return round_half_away(a * scale) / scale
    scale = a.dtype.type(10.0 ** -digits)
    return round_half_away(a / scale) * scale


def _require_real_numeric(fname: str, values: tuple[Value, ...]) -> None:
    check_classes(fname, values, ANY_NUMERIC)
    _require_real(fname, values)


def _near_whole(q: np.ndarray, y: np.ndarray) -> np.ndarray:
    """Where x./y is within round-off of a whole number for a non-integer y (the result is then 0)."""
    nearest = np.round(q)
    eps = np.finfo(q.dtype).eps
    return (y != np.trunc(y)) & (np.abs(q - nearest) < eps * np.abs(nearest))


def _signed_zeros(r: np.ndarray, sign: np.ndarray) -> np.ndarray:
    """Zero results take the sign of ``sign`` (mod: of Y, rem: of X), as in MATLAB."""
    return np.where(r == 0, np.copysign(np.zeros_like(r), sign), r)


def _mod(x: np.ndarray, y: np.ndarray) -> np.ndarray:
    q = x / y
    r = np.where(_near_whole(q, y), 0, x - np.floor(q) * y)
    return np.where(y == 0, x, _signed_zeros(r, y))


def _rem(x: np.ndarray, y: np.ndarray) -> np.ndarray:
    q = x / y
    return _signed_zeros(np.where(_near_whole(q, y), 0, x - np.trunc(q) * y), x)


def _division_scalar(x: float, y: float, whole: Callable[[float], int], sign: float) -> float | None:
    """x - whole(x/y)*y for Python floats with the round-off rule of ``_near_whole`` and a zero result
    signed like ``sign``; None (decline) where the quotient or y is not finite."""
    q = x / y
    if not (-BIG <= q <= BIG and -BIG <= y <= BIG):      # not finite (NaN fails both comparisons)
        return None
    if not y.is_integer():
        nearest = round(q)
        if abs(q - nearest) < EPS * abs(nearest):
            return math.copysign(0.0, sign)
    r = x - whole(q) * y
    return r if r else math.copysign(0.0, sign)


def _mod_scalar(x: float, y: float) -> float | None:
    return x if y == 0 else _division_scalar(x, y, math.floor, y)


def _rem_scalar(x: float, y: float) -> float | None:
    return math.nan if y == 0 else _division_scalar(x, y, math.trunc, x)


def _wide_integers(fn: Callable[[int, int], int], x: Value, y: Value) -> Value | None:
    """``fn`` on int64/uint64 operands in exact integer arithmetic (ops.exact_integers); None for other
    classes, whose values float64 holds exactly."""
    if type(x) is float and type(y) is float:
        return None
    cls = result_class(x, y)
    return exact_integers(fn, x, y, cls) if cls in ("int64", "uint64") else None


@builtin("mod", family="math", op=Operation(arity=2))
def mod(x: Value, y: Value) -> Value:
    """mod(X, Y)  remainder after floored division: X - floor(X./Y).*Y, with the sign of Y.

    mod(X, 0) is X; mod(-1, 3) is 2. Results within round-off of a multiple of Y are exactly 0. Works for
    integer classes (mod(int8(-7), int8(3)) is 2) with implicit expansion; inputs must be real.

        mod([-1 5 7], 3)    % 2  2  1
    """
    _require_real_numeric("mod", (x, y))
    exact = _wide_integers(lambda p, q: p % q if q else p, x, y)
    return exact if exact is not None else apply(_mod, x, y, scalar=_mod_scalar)


set_scalar_path("mod", 2, _mod_scalar)


@builtin("rem", family="math", op=Operation(arity=2))
def rem(x: Value, y: Value) -> Value:
    """rem(X, Y)  remainder after truncated division: X - fix(X./Y).*Y, with the sign of X.

    rem(X, 0) is NaN for floating-point X (0 for integer classes); rem(-1, 3) is -1. Works for integer
    classes with implicit expansion; inputs must be real.

        rem([-1 5 7], 3)    % -1  2  1
    """
    _require_real_numeric("rem", (x, y))
    exact = _wide_integers(lambda p, q: (abs(p) % abs(q)) * (1 if p >= 0 else -1) if q else 0, x, y)
    return exact if exact is not None else apply(_rem, x, y, scalar=_rem_scalar)


set_scalar_path("rem", 2, _rem_scalar)


@builtin("atan2", family="math", op=Operation(arity=2, wgsl="{m}_atan2({a}, {b})", costly=True))
def atan2(y: Value, x: Value) -> Value:
    """atan2(Y, X)  four-quadrant inverse tangent of Y./X, in [-pi, pi].

    Inputs must be real and of floating-point (or logical/char) class; implicit expansion applies.

        atan2(1, -1)    % 2.3562
    """
    check_classes("atan2", (y, x), FLOAT_INPUTS)
    _require_real("atan2", (y, x))
    return apply(np.arctan2, y, x, scalar=on_float64(np.arctan2))


@builtin("hypot", family="math", op=Operation(arity=2, wgsl="{m}_hypot({a}, {b})", costly=True,
                                               nonneg="always"))
def hypot(a: Value, b: Value) -> Value:
    """hypot(A, B)  sqrt(abs(A).^2 + abs(B).^2) without overflow or underflow.

    Complex inputs use their magnitudes; implicit expansion applies; integer inputs are not supported.

        hypot(3, 4)    % 5
    """
    check_classes("hypot", (a, b), FLOAT_INPUTS)
    return apply(lambda p, q: np.hypot(np.abs(p), np.abs(q)), a, b, scalar=on_float64(np.hypot))


@builtin("real", family="math", fusion="elementwise")
def real(x: Value) -> Value:
    """real(Z)  real part of each element.

    The class is kept; for real input real(Z) is Z (logical and char give double).

        real(3 + 4i)    % 3
    """
    check_classes("real", (x,), ANY_NUMERIC)
    return apply(np.real, x, scalar=lambda v: v)


@builtin("imag", family="math", fusion="elementwise")
def imag(x: Value) -> Value:
    """imag(Z)  imaginary part of each element (zeros for real input).

    The class is kept (logical and char give double).

        imag(3 + 4i)    % 4
    """
    check_classes("imag", (x,), ANY_NUMERIC)
    return apply(lambda a: np.imag(a).copy() if a.dtype.kind == "c" else np.zeros_like(a), x,
                 scalar=lambda v: 0.0)


@builtin("conj", family="math", fusion="elementwise")
def conj(x: Value) -> Value:
    """conj(Z)  complex conjugate of each element.

    Real input is returned with its class kept (logical and char give double).

        conj(3 + 4i)    % 3 - 4i
    """
    check_classes("conj", (x,), ANY_NUMERIC)
    return apply(np.conj, x, scalar=lambda v: v)


@builtin("angle", family="math", fusion="elementwise")
def angle(x: Value) -> Value:
    """angle(Z)  phase angle of each element in radians, atan2(imag(Z), real(Z)).

    Real input gives 0 or pi. Integer inputs are not supported.

        angle(-1)    % 3.1416
    """
    check_classes("angle", (x,), FLOAT_INPUTS)
    return apply(np.angle, x, scalar=on_float64(np.angle))


def _register_predicate(name: str, fn: Callable[[np.ndarray], np.ndarray], wgsl: str, summary: str,
                        example: str) -> None:
    def scalar(x: float) -> bool:
        return bool(fn(x))

    def impl(x: Value) -> Value:
        if type(x) is float:
            return scalar(x)
        check_classes(name, (x,), ANY_NUMERIC)
        return to_value(fn(numeric(x)))

    impl.__name__ = name
    impl.__doc__ = (f"{name}(X)  logical array, true where the element of X {summary}.\n\n"
                    f"For complex elements both parts are tested; integer, logical and char arrays "
                    f"hold no NaN or Inf.\n\n    {example}\n")
    builtin(name, family="math", op=Operation(wgsl=wgsl, result="logical"))(impl)
    set_scalar_path(name, 1, scalar)


_register_predicate("isnan", np.isnan, "{m}_isnan({a})", "is NaN", "isnan([1 NaN])    % 0  1")
_register_predicate("isinf", np.isinf, "{m}_isinf({a})", "is Inf or -Inf", "isinf([1 -Inf])    % 0  1")
_register_predicate("isfinite", np.isfinite, "!({m}_isnan({a}) || {m}_isinf({a}))",
                    "is neither NaN nor infinite", "isfinite([1 Inf])    % 1  0")


@builtin("complex", family="math")
def complex_(a: Value, b: Value = 0.0) -> Value:
    """complex(A, B)  the complex array A + Bi; complex(A) gives A a zero imaginary part.

    Unlike A + B*1i, the result stays complex where B is 0: isreal(complex(1, 0)) is false. A and B
    are real double, single, logical or char arrays of one size (either may be a scalar); the result is
    single if either is single.

        z = complex(1, 0)    % z = 1.0000 + 0.0000i
    """
    check_classes("complex", (a, b), FLOAT_INPUTS)
    _require_real("complex", (a, b))
    re, im = numeric(a), numeric(b)
    if re.shape != im.shape and re.size != 1 and im.size != 1:
        raise MatlabError("MATLAB:complex:mismatchedSize", "Input arrays must have the same size.")
    single = class_of(a) == "single" or class_of(b) == "single"
    out = from_parts(np.asarray(re, dtype=np.float64), np.asarray(im, dtype=np.float64))
    out = out.astype(np.complex64 if single else np.complex128)
    if out.shape == (1, 1) and not single:
        return complex(out[0, 0])          # a complex scalar keeps its zero imaginary part
    return out


@builtin("isreal", family="math")
def isreal(x: Value) -> bool:
    """isreal(A)  true if A has no imaginary part (its storage is not complex).

    Numeric, logical and char arrays are real unless complex; cell, struct and other values are not
    real. complex(1, 0) would be complex, while 1 + 0i is real (MATLAB drops zero imaginary parts).

        isreal(3)    % true
    """
    cls = class_of(x)
    if cls not in ANY_NUMERIC:
        return False
    return not np.iscomplexobj(numeric(x))
