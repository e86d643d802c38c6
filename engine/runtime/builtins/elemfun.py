"""More elementary math: trigonometry in degrees (sind ... atan2d), the reciprocal trigonometric and
hyperbolic functions (sec csc cot, their inverses and hyperbolic forms), sinpi cospi, deg2rad rad2deg,
pow2, nthroot, realsqrt reallog realpow, nextpow2, and the coordinate transforms cart2pol pol2cart
cart2sph sph2cart.

These follow the class rules of elementwise.py (double or single in, the same class out; logical and char
count as double; integers are rejected) and expand their arguments against each other. The inverse
functions give complex results outside their real domain, through the radian builtins they are built on.
"""
from __future__ import annotations

from typing import Callable

import numpy as np

from ..errors import MatlabError
from ..semantics import (broadcast_shape, elementwise, expand_dims, numeric, result_class, to_value,
                         work_dtype)
from ..values import INTEGER_CLASSES, Value, class_of, to_array
from .elementwise import ANY_NUMERIC, FLOAT_INPUTS, _require_real, check_classes
from .registry import BUILTINS, Operation, builtin

DEGREES_PER_RADIAN = 180 / np.pi


def _float_map(fname: str, fn: Callable[..., np.ndarray], *values: Value) -> Value:
    """``fn`` elementwise on double/single (logical, char) arguments."""
    check_classes(fname, values, FLOAT_INPUTS)
    return elementwise(fn, *values)


def _via(radian_name: str, before: Callable[[np.ndarray], np.ndarray] | None,
         after: Callable[[np.ndarray], np.ndarray] | None) -> Callable[[Value], Value]:
    """A function computed as ``after(radian_fn(before(x)))`` with the registered radian builtin, so
    that its real domain and complex results are that builtin's."""
    def run(x: Value) -> Value:
        inner = BUILTINS[radian_name].impl
        arg = elementwise(before, x) if before is not None else x
        out = inner(arg)
        return elementwise(after, out) if after is not None else out
    return run


def _register(name: str, summary: str, example: str, run: Callable[[Value], Value],
              op: Operation | None = None) -> None:
    def impl(x: Value) -> Value:
        check_classes(name, (x,), FLOAT_INPUTS)
        return run(x)

    impl.__name__ = name
    impl.__doc__ = (f"{name}(X)  {summary}, element by element.\n\nSingle input gives single output; "
                    f"integer inputs are not supported.\n\n    {example}\n")
    builtin(name, family="math", op=op)(impl)


# -- degrees ------------------------------------------------------------------------------------------

def _sind(x: np.ndarray) -> np.ndarray:
    """sin of degrees, reduced to [-180, 180) first so that multiples of 180 give exactly 0 and odd
    multiples of 90 exactly +-1 (Octave's method; its values agree with MATLAB's)."""
    if x.dtype.kind == "c":
        reduced = np.mod(x.real - 180, 360) - 180
        y = np.sin((reduced + 1j * x.imag) / 180 * np.pi)
        return np.where(reduced == -180, 1j * y.imag, y)
    reduced = np.mod(x - 180, 360) - 180
    return np.where(reduced == -180, 0.0, np.sin(reduced / 180 * np.pi)).astype(x.dtype)


def _cosd(x: np.ndarray) -> np.ndarray:
    return _sind(x + 90)


def _tand(x: np.ndarray) -> np.ndarray:
    """tan of degrees: exactly 0 at multiples of 180 and +-Inf at odd multiples of 90 (Inf at 90, -Inf
    at -90 and 270, as MATLAB's tand(90) = Inf and the sign of sind there)."""
    turns = x / 180
    y = np.tan(turns * np.pi)
    if x.dtype.kind == "c":
        return y
    pole = (x - 90) / 180
    y = np.where((turns == np.trunc(turns)) & np.isfinite(turns), 0.0, y)
    y = np.where((pole == np.trunc(pole)) & np.isfinite(pole), np.copysign(np.inf, _sind(x)), y)
    return y.astype(x.dtype)


def _inverse(y: np.ndarray) -> np.ndarray:
    return 1 / y


def _to_degrees(y: np.ndarray) -> np.ndarray:
    return y * 180 / np.pi


_DEGREE_FUNCTIONS = {
    "sind": ("sine of the angle in degrees", "sind([30 180])    % 0.5000  0", _sind),
    "cosd": ("cosine of the angle in degrees", "cosd([60 90])    % 0.5000  0", _cosd),
    "tand": ("tangent of the angle in degrees (+-Inf at odd multiples of 90)", "tand([45 90])    % 1  Inf",
             _tand),
    "secd": ("secant of the angle in degrees, 1./cosd(X)", "secd(60)    % 2.0000",
             lambda x: 1 / _cosd(x)),
    "cscd": ("cosecant of the angle in degrees, 1./sind(X)", "cscd(30)    % 2.0000",
             lambda x: 1 / _sind(x)),
    "cotd": ("cotangent of the angle in degrees, 1./tand(X)", "cotd(45)    % 1.0000",
             lambda x: 1 / _tand(x)),
}

for _name, (_summary, _example, _fn) in _DEGREE_FUNCTIONS.items():
    _register(_name, _summary, _example, lambda x, fn=_fn: elementwise(fn, x), Operation())

_INVERSE_DEGREE_FUNCTIONS = {
    "asind": ("asin", None, "inverse sine in degrees (complex outside [-1, 1])", "asind(0.5)    % 30.0000"),
    "acosd": ("acos", None, "inverse cosine in degrees (complex outside [-1, 1])", "acosd(0.5)    % 60.0000"),
    "atand": ("atan", None, "inverse tangent in degrees", "atand(1)    % 45"),
    "asecd": ("acos", _inverse, "inverse secant in degrees", "asecd(2)    % 60.0000"),
    "acscd": ("asin", _inverse, "inverse cosecant in degrees", "acscd(2)    % 30.0000"),
    "acotd": ("atan", _inverse, "inverse cotangent in degrees", "acotd(1)    % 45"),
}

_DEGREE_DOMAINS = {"asind": Operation(domain=(-1.0, 1.0)), "acosd": Operation(domain=(-1.0, 1.0)),
                   "atand": Operation(), "acotd": Operation()}   # asecd, acscd: real outside (-1, 1)

for _name, (_radian, _before, _summary, _example) in _INVERSE_DEGREE_FUNCTIONS.items():
    _register(_name, _summary, _example, _via(_radian, _before, _to_degrees), _DEGREE_DOMAINS.get(_name))

_RECIPROCAL_FUNCTIONS = {
    "sec": ("cos", _inverse, "secant, 1./cos(X)", "sec(pi/3)    % 2.0000"),
    "csc": ("sin", _inverse, "cosecant, 1./sin(X)", "csc(pi/6)    % 2.0000"),
    "cot": ("tan", _inverse, "cotangent, 1./tan(X)", "cot(pi/4)    % 1.0000"),
    "sech": ("cosh", _inverse, "hyperbolic secant, 1./cosh(X)", "sech(0)    % 1"),
    "csch": ("sinh", _inverse, "hyperbolic cosecant, 1./sinh(X)", "csch(1)    % 0.8509"),
    "coth": ("tanh", _inverse, "hyperbolic cotangent, 1./tanh(X)", "coth(1)    % 1.3130"),
}

for _name, (_radian, _after, _summary, _example) in _RECIPROCAL_FUNCTIONS.items():
    _register(_name, _summary, _example, _via(_radian, None, _after), Operation())

_INVERSE_RECIPROCAL_FUNCTIONS = {
    "asec": ("acos", "inverse secant, acos(1./X) (complex for abs(X) < 1)", "asec(2)    % 1.0472"),
    "acsc": ("asin", "inverse cosecant, asin(1./X) (complex for abs(X) < 1)", "acsc(2)    % 0.5236"),
    "acot": ("atan", "inverse cotangent, atan(1./X)", "acot(1)    % 0.7854"),
    "asech": ("acosh", "inverse hyperbolic secant, acosh(1./X)", "asech(0.5)    % 1.3170"),
    "acsch": ("asinh", "inverse hyperbolic cosecant, asinh(1./X)", "acsch(1)    % 0.8814"),
    "acoth": ("atanh", "inverse hyperbolic cotangent, atanh(1./X) (complex for abs(X) < 1)",
              "acoth(2)    % 0.5493"),
}

for _name, (_radian, _summary, _example) in _INVERSE_RECIPROCAL_FUNCTIONS.items():
    _register(_name, _summary, _example, _via(_radian, _inverse, None))


@builtin("atan2d", family="math", op=Operation(arity=2))
def atan2d(y: Value, x: Value) -> Value:
    """atan2d(Y, X)  four-quadrant inverse tangent of Y./X in degrees, in [-180, 180].

    Y and X are real; they expand against each other.

        atan2d(1, -1)    % 135
    """
    check_classes("atan2d", (y, x), FLOAT_INPUTS)
    _require_real("atan2d", (y, x))
    return elementwise(lambda a, b: np.arctan2(a, b) * 180 / np.pi, y, x)


def _angle_conversion(fname: str, x: Value, factor: float) -> Value:
    if class_of(x) not in ("double", "single"):
        raise MatlabError(f"MATLAB:{fname}:nonFloatInput", "Input must be floating point.")
    return elementwise(lambda a: a * a.dtype.type(factor) if a.dtype.kind == "c" else factor * a, x)


@builtin("deg2rad", family="math", op=Operation())
def deg2rad(x: Value) -> Value:
    """deg2rad(D)  angles converted from degrees to radians, (pi/180)*D.

    D must be double or single (the class is kept).

        deg2rad(180)    % 3.1416
    """
    return _angle_conversion("deg2rad", x, np.pi / 180)


@builtin("rad2deg", family="math", op=Operation())
def rad2deg(x: Value) -> Value:
    """rad2deg(R)  angles converted from radians to degrees, (180/pi)*R.

    R must be double or single (the class is kept).

        rad2deg(pi)    % 180
    """
    return _angle_conversion("rad2deg", x, 180 / np.pi)


@builtin("heaviside", family="math", op=Operation())
def heaviside(x: Value) -> Value:
    """heaviside(X)  the Heaviside step function: 0 where X < 0, 1/2 at 0, 1 where X > 0, NaN at NaN.

    The Symbolic Math Toolbox's function on numbers (its default value at the origin, 1/2). X is real
    double or single (logical and char as double); the class is kept.

        heaviside([-1 0 2])    % 0  0.5000  1
    """
    if np.iscomplexobj(to_array(x)):
        raise MatlabError("MATLAB:heaviside:complexInput", "Input must be real.")
    return _float_map("heaviside", lambda a: np.heaviside(a, a.dtype.type(0.5)), x)


@builtin("sinpi", family="math", op=Operation())
def sinpi(x: Value) -> Value:
    """sinpi(X)  sin(pi*X), computed without the rounding of pi*X: exactly 0 at integers, +-1 at
    half-integers.

    Single input gives single output; integer inputs are not supported.

        sinpi([1 0.5])    % 0  1
    """
    return _float_map("sinpi", lambda a: _sind(a * 180), x)


@builtin("cospi", family="math", op=Operation())
def cospi(x: Value) -> Value:
    """cospi(X)  cos(pi*X), computed without the rounding of pi*X: exactly 0 at half-integers, +-1 at
    integers.

    Single input gives single output; integer inputs are not supported.

        cospi([1 0.5])    % -1  0
    """
    return _float_map("cospi", lambda a: _cosd(a * 180), x)


@builtin("pow2", family="math", op=Operation())
def pow2(f: Value, e: Value | None = None) -> Value:
    """pow2(Y)  2.^Y; pow2(F, E)  F.*2.^E, computed exactly by scaling the exponent (ldexp).

    F and E are real and expand against each other; single input gives single output.

        pow2([0.5 0.75], [2 3])    % 2  6
    """
    if e is None:
        return _float_map("pow2", lambda a: np.exp2(a), f)
    check_classes("pow2", (f, e), FLOAT_INPUTS)
    _require_real("pow2", (f, e))
    return elementwise(lambda a, b: a * np.exp2(b) if not np.all(b == np.round(b)) else
                       np.ldexp(a, np.clip(b, -2000, 2000).astype(np.int64)), f, e)


# -- coordinate systems -------------------------------------------------------------------------------

def _coordinates(fname: str, values: tuple[Value, ...],
                 fn: Callable[..., tuple[np.ndarray, ...]]) -> tuple[Value, ...]:
    """Outputs of ``fn`` on real double/single arguments expanded to one size, each of their class."""
    check_classes(fname, values, FLOAT_INPUTS)
    _require_real(fname, values)
    dtype = work_dtype(result_class(*values))
    shape = numeric(values[0]).shape
    for value in values[1:]:
        shape = broadcast_shape(shape, numeric(value).shape)     # MATLAB's error for incompatible sizes
    arrays = expand_dims([numeric(v).astype(dtype) for v in values])
    with np.errstate(all="ignore"):
        outs = np.broadcast_arrays(*fn(*arrays))
    return tuple(to_value(o.astype(dtype)) for o in outs)


@builtin("cart2pol", family="math")
def cart2pol(x: Value, y: Value, z: Value | None = None, *, nargout: int = 1) -> Value:
    """[theta, rho] = cart2pol(x, y), [theta, rho, z] = cart2pol(x, y, z)  Cartesian to polar (or
    cylindrical) coordinates.

    theta = atan2(y, x) in radians, rho = hypot(x, y); z passes through. The arguments expand against each
    other.

        [theta, rho] = cart2pol(1, 1)    % theta = 0.7854, rho = 1.4142
    """
    values = (x, y) if z is None else (x, y, z)
    outs = _coordinates("cart2pol", values, lambda a, b, *c: (np.arctan2(b, a), np.hypot(a, b), *c))
    return outs[:max(nargout, 1)] if nargout > 1 else outs[0]


@builtin("pol2cart", family="math")
def pol2cart(theta: Value, rho: Value, z: Value | None = None, *, nargout: int = 1) -> Value:
    """[x, y] = pol2cart(theta, rho), [x, y, z] = pol2cart(theta, rho, z)  polar (or cylindrical) to
    Cartesian coordinates.

    x = rho.*cos(theta), y = rho.*sin(theta) (theta in radians); z passes through.

        [x, y] = pol2cart(pi/4, 2)    % x = 1.4142, y = 1.4142
    """
    values = (theta, rho) if z is None else (theta, rho, z)
    outs = _coordinates("pol2cart", values, lambda t, r, *c: (r * np.cos(t), r * np.sin(t), *c))
    return outs[:max(nargout, 1)] if nargout > 1 else outs[0]


def _to_spherical(x: np.ndarray, y: np.ndarray, z: np.ndarray) -> tuple[np.ndarray, ...]:
    across = np.hypot(x, y)
    return np.arctan2(y, x), np.arctan2(z, across), np.hypot(across, z)


def _to_cartesian(azimuth: np.ndarray, elevation: np.ndarray, r: np.ndarray) -> tuple[np.ndarray, ...]:
    flat = r * np.cos(elevation)
    return flat * np.cos(azimuth), flat * np.sin(azimuth), r * np.sin(elevation)


@builtin("cart2sph", family="math")
def cart2sph(x: Value, y: Value, z: Value, *, nargout: int = 1) -> Value:
    """[azimuth, elevation, r] = cart2sph(x, y, z)  Cartesian to spherical coordinates.

    azimuth = atan2(y, x) and elevation = atan2(z, hypot(x, y)) in radians; r = hypot(hypot(x, y), z).

        [az, el, r] = cart2sph(1, 1, 1)    % 0.7854  0.6155  1.7321
    """
    outs = _coordinates("cart2sph", (x, y, z), _to_spherical)
    return outs[:max(nargout, 1)] if nargout > 1 else outs[0]


@builtin("sph2cart", family="math")
def sph2cart(azimuth: Value, elevation: Value, r: Value, *, nargout: int = 1) -> Value:
    """[x, y, z] = sph2cart(azimuth, elevation, r)  spherical to Cartesian coordinates.

    x = r.*cos(elevation).*cos(azimuth), y = r.*cos(elevation).*sin(azimuth), z = r.*sin(elevation).

        [x, y, z] = sph2cart(pi/4, pi/6, 2)    % 1.2247  1.2247  1.0000
    """
    outs = _coordinates("sph2cart", (azimuth, elevation, r), _to_cartesian)
    return outs[:max(nargout, 1)] if nargout > 1 else outs[0]


# -- roots and real-only forms ------------------------------------------------------------------------

def _nthroot(x: np.ndarray, n: np.ndarray) -> np.ndarray:
    """Real n-th root with one Newton step to correct the rounding of x.^(1/n) (MATLAB's nthroot.m)."""
    y = np.sign(x) * np.abs(x) ** (1 / n)
    fix = (y != 0) & np.isfinite(y) & np.isfinite(x)
    corrected = y - (y ** n - x) / (n * y ** (n - 1))
    return np.where(fix, corrected, y)


@builtin("nthroot", family="math", op=Operation(arity=2))
def nthroot(x: Value, n: Value) -> Value:
    """nthroot(X, N)  the real N-th root of each element of X.

    For negative X, N must be an odd integer (nthroot(-27, 3) is -3, where (-27)^(1/3) is complex).
    N is a real scalar or an array of X's size; X and N must be real. The result is refined by a Newton
    step, so exact roots come out exact (Octave's nthroot(-27, 3) is -3.0000000000000004).

        nthroot([-27 16], [3 4])    % -3  2
    """
    check_classes("nthroot", (x, n), FLOAT_INPUTS)
    if np.iscomplexobj(numeric(x)) or np.iscomplexobj(numeric(n)):
        raise MatlabError("MATLAB:nthroot:ComplexInput", "Both X and N must be real.")
    xs, ns = numeric(x), numeric(n)
    if ns.size != 1 and xs.size != 1 and ns.shape != xs.shape:
        raise MatlabError("MATLAB:nthroot:NScalarOrMatchX",
                          "N must be a scalar or an array of the same size as X.")
    odd = (np.mod(ns, 2) == 1)
    if np.any((xs < 0) & ~odd):
        raise MatlabError("MATLAB:nthroot:negXNotOddIntN", "If X is negative, N must be an odd integer.")
    return elementwise(_nthroot, x, n)


def _real_result(fname: str, fn: Callable[..., np.ndarray], outside: Callable[..., np.ndarray],
                 *values: Value) -> Value:
    """``fn`` on real double/single arguments; arguments where ``outside`` holds (the result would be
    complex) are MATLAB's complexResult error."""
    check_classes(fname, values, FLOAT_INPUTS)
    if any(np.iscomplexobj(numeric(v)) for v in values) or \
            np.any(numeric(elementwise(outside, *values, cls="logical"))):
        raise MatlabError(f"MATLAB:{fname}:complexResult", f"{fname.capitalize()} produced complex result.")
    return elementwise(fn, *values)


@builtin("realsqrt", family="math", op=Operation())
def realsqrt(x: Value) -> Value:
    """realsqrt(X)  square root of each element of a nonnegative real array.

    A negative or complex element is an error (MATLAB:realsqrt:complexResult) instead of a complex result.

        realsqrt([4 9])    % 2  3
    """
    return _real_result("realsqrt", np.sqrt, lambda a: a < 0, x)


@builtin("reallog", family="math", op=Operation())
def reallog(x: Value) -> Value:
    """reallog(X)  natural logarithm of each element of a nonnegative real array.

    A negative or complex element is an error (MATLAB:reallog:complexResult); reallog(0) is -Inf.

        reallog(exp(2))    % 2
    """
    return _real_result("reallog", np.log, lambda a: a < 0, x)


@builtin("realpow", family="math", op=Operation(arity=2))
def realpow(x: Value, y: Value) -> Value:
    """realpow(X, Y)  X.^Y for real arrays whose result is real.

    A complex result (a negative base with a non-integer exponent) is an error
    (MATLAB:realpow:complexResult). X and Y expand against each other.

        realpow(2, [3 0.5])    % 8  1.4142
    """
    return _real_result("realpow", np.power, lambda a, b: (a < 0) & (b != np.floor(b)), x, y)


@builtin("nextpow2", family="math", op=Operation())
def nextpow2(x: Value) -> Value:
    """nextpow2(A)  the exponent P of the next power of 2, the smallest P with 2^P >= abs(A).

    nextpow2(0) is 0; Inf gives Inf and NaN gives NaN. Integer inputs give the same integer class (as
    MATLAB; Octave returns double); single stays single.

        nextpow2([1023 1024 1025])    % 10  10  11
    """
    check_classes("nextpow2", (x,), ANY_NUMERIC)
    _require_real("nextpow2", (x,))
    if class_of(x) in INTEGER_CLASSES:
        arr = numeric(x)
        magnitude = np.abs(arr.astype(np.float64))
        exponent = np.where(magnitude == 0, 0, np.ceil(np.log2(np.maximum(magnitude, 1))))
        return exponent.astype(arr.dtype)

    def exponent_of(a: np.ndarray) -> np.ndarray:
        fraction, power = np.frexp(np.abs(a))
        power = np.where(fraction == 0.5, power - 1, power).astype(a.dtype)
        return np.where(np.isfinite(a), power, np.abs(a))
    return elementwise(exponent_of, x)
