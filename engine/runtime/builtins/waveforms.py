"""Waveforms of the Signal Processing Toolbox: square sawtooth chirp, the aperiodic pulses rectpuls
tripuls, and pulstran's trains of delayed pulses; the Symbolic Math Toolbox's rectangularPulse of numbers.

square and sawtooth have period 2*pi in t (MATLAB's convention: square(2*pi*f*t) for frequency f);
rectpuls and tripuls are centred on t = 0;
chirp is cos(2*pi*(integral of its instantaneous frequency) + phi) for MATLAB's sweeps. All are
elementwise in t, whose shape the result keeps.
"""
from __future__ import annotations

from typing import Callable

import numpy as np

from ..context import CallContext
from ..errors import MatlabError
from ..semantics import to_value
from ..values import CharArray, FunctionHandle, StringArray, Value
from .arguments import real_array
from .firdesign import real_vector
from .funfun import callable_of
from .numerical import INTERP_METHODS, _interp_vector
from .registry import builtin
from .sizes import option_text

CHIRP_METHODS = {"linear": "linear", "li": "linear", "lin": "linear", "quadratic": "quadratic", "q": "quadratic",
                 "quad": "quadratic", "logarithmic": "logarithmic", "lo": "logarithmic", "log": "logarithmic"}


def _times(fname: str, t: Value) -> np.ndarray:
    return real_array(fname, t).astype(np.float64)


def _scalar(fname: str, value: Value | None, default: float, what: str) -> float:
    if value is None:
        return default
    arr = real_vector(fname, value, what)
    if arr.size == 0:
        return default
    if arr.size != 1:
        raise MatlabError(f"signal:{fname}:InvalidParameter", f"{what} must be a real scalar.")
    return float(arr[0])


@builtin("square", family="numerical")
def square(t: Value, duty: Value | None = None) -> Value:
    """square(t), square(t, duty)  square wave of period 2*pi: 1 for the first duty percent (default 50)
    of each period, -1 for the rest.

    s = 1 where mod(t, 2*pi) < 2*pi*duty/100, else -1. (square is MATLAB's Signal Processing Toolbox
    function.)

        square([0 1 3 4 6])    % 1 1 1 -1 -1
    """
    times = _times("square", t)
    percent = _scalar("square", duty, 50.0, "DUTY")
    if not 0 <= percent <= 100:
        raise MatlabError("signal:square:InvalidRange", "DUTY must be a number between 0 and 100.")
    return to_value(2.0 * (np.mod(times, 2 * np.pi) < 2 * np.pi * percent / 100) - 1)


@builtin("sawtooth", family="numerical")
def sawtooth(t: Value, width: Value | None = None) -> Value:
    """sawtooth(t), sawtooth(t, xmax)  sawtooth (or triangle) wave of period 2*pi.

    Each period rises linearly from -1 to 1 over its first fraction xmax (default 1: a sawtooth), then
    falls linearly back to -1; xmax = 0.5 gives a symmetric triangle wave. (sawtooth is MATLAB's Signal
    Processing Toolbox function.)

        sawtooth([0 pi/2 pi], 0.5)    % -1  0  1
    """
    times = _times("sawtooth", t)
    peak = _scalar("sawtooth", width, 1.0, "XMAX")
    if not 0 <= peak <= 1:
        raise MatlabError("signal:sawtooth:InvalidRange", "XMAX must be a number between 0 and 1.")
    phase = np.mod(times, 2 * np.pi)
    edge = 2 * np.pi * peak
    with np.errstate(divide="ignore", invalid="ignore"):
        rising = -1 + 2 * phase / edge
        falling = 1 - 2 * (phase - edge) / (2 * np.pi - edge)
    return to_value(np.where(phase < edge, rising, falling))


def _width(fname: str, w: Value | None) -> float:
    width = _scalar(fname, w, 1.0, "Width")
    if not width > 0:
        raise MatlabError(f"signal:{fname}:InvalidWidth", "Width must be a positive real scalar.")
    return width


@builtin("rectpuls", family="numerical")
def rectpuls(t: Value, w: Value | None = None) -> Value:
    """rectpuls(t), rectpuls(t, w)  rectangular pulse of unit height and width w (default 1) centred on
    t = 0.

    y = 1 where -w/2 <= t < w/2 (the interval is open on the right: rectpuls(-0.5) is 1, rectpuls(0.5)
    is 0), else 0. (rectpuls is MATLAB's Signal Processing Toolbox function.)

        rectpuls([-1 -0.5 0 0.5 1])    % 0 1 1 0 0
    """
    times = _times("rectpuls", t)
    half = _width("rectpuls", w) / 2
    return to_value(((-half <= times) & (times < half)).astype(np.float64))


@builtin("tripuls", family="numerical")
def tripuls(t: Value, w: Value | None = None, s: Value | None = None) -> Value:
    """tripuls(t), tripuls(t, w), tripuls(t, w, s)  triangular pulse of unit height and width w (default
    1) centred on t = 0, its peak at t = s*w/2.

    The skew s (default 0: symmetric) lies in [-1, 1]; y rises linearly from 0 at -w/2 to 1 at the peak
    and falls back to 0 at w/2 (the interval from the peak is open on the right), and is 0 outside. (tripuls is MATLAB's Signal Processing Toolbox
    function.)

        tripuls([-0.5 -0.25 0 0.25 0.5])    % 0 0.5 1 0.5 0
    """
    times = _times("tripuls", t)
    width = _width("tripuls", w)
    skew = _scalar("tripuls", s, 0.0, "Skew")
    if not -1 <= skew <= 1:
        raise MatlabError("signal:tripuls:InvalidSkew", "Skew must be a real scalar between -1 and 1.")
    half, peak = width / 2, skew * width / 2
    with np.errstate(divide="ignore", invalid="ignore"):
        rising = (times + half) / (peak + half)
        falling = (half - times) / (half - peak)
    y = np.where((-half < times) & (times < peak), rising, 0.0)
    return to_value(np.where((peak <= times) & (times < half), falling, y))


@builtin("chirp", family="numerical")
def chirp(t: Value, f0: Value | None = None, t1: Value | None = None, f1: Value | None = None,
          method: Value | None = None, phi: Value | None = None, shape: Value | None = None) -> Value:
    """chirp(t), chirp(t, f0, t1, f1), chirp(t, f0, t1, f1, method), chirp(t, f0, t1, f1, method, phi)
    swept-frequency cosine: its instantaneous frequency goes from f0 at t = 0 to f1 at t = t1.

    y = cos(2*pi*(integral of f from 0 to t) + phi*pi/180) with f(t) = f0 + (f1 - f0)*t/t1 ('linear',
    the default), f0 + (f1 - f0)*(t/t1)^2 ('quadratic', for f0 <= f1: MATLAB's default shape of an upsweep) or
    f0*(f1/f0)^(t/t1) ('logarithmic', f1 > f0 > 0). Defaults: f0 = 0, t1 = 1, f1 = 100, phi = 0 (in
    degrees). The quadratic downsweep and the 'convex'/'concave' shape argument are not supported.
    (chirp is MATLAB's Signal Processing Toolbox function.)

        y = chirp(0:0.001:1, 0, 1, 50);    % 0 Hz to 50 Hz in one second
    """
    times = _times("chirp", t)
    start = _scalar("chirp", f0, 0.0, "F0")
    end_time = _scalar("chirp", t1, 1.0, "T1")
    end = _scalar("chirp", f1, 100.0, "F1")
    kind = "linear"
    if method is not None:
        word = option_text(method)
        if word is None or word.lower() not in CHIRP_METHODS:
            raise MatlabError("signal:chirp:InvalidMethod", "The sweep method must be 'linear', 'quadratic' or "
                              "'logarithmic'.")
        kind = CHIRP_METHODS[word.lower()]
    offset = _scalar("chirp", phi, 0.0, "PHI") / 360
    if shape is not None or kind == "quadratic" and start > end:
        raise MatlabError("signal:chirp:UnsupportedShape", "Only the quadratic upsweep (f0 <= f1) of the "
                          "default shape is supported: no downsweep, no 'convex'/'concave' argument.")
    if end_time == 0:
        raise MatlabError("signal:chirp:InvalidT1", "T1 must be nonzero.")
    if kind == "linear":
        rate = (end - start) / end_time
        cycles = start * times + rate / 2 * times ** 2
    elif kind == "quadratic":
        rate = (end - start) / end_time ** 2
        cycles = start * times + rate / 3 * times ** 3
    else:
        if not end > start > 0:
            raise MatlabError("signal:chirp:InvalidLogFreqs", "For a logarithmic chirp, F1 must be greater than "
                              "F0 and F0 greater than 0.")
        growth = (end / start) ** (1 / end_time)
        cycles = start * (growth ** times - 1) / np.log(growth)
    return to_value(np.cos(2 * np.pi * (cycles + offset)))


def _prototype_pulse(p: np.ndarray, rate: float, method: str) -> Callable[[np.ndarray], np.ndarray]:
    """The sampled pulse p (sample k at time k/rate) interpolated by interp1's method at any time, 0
    outside its span."""
    times = np.arange(p.size) / rate
    if p.size == 1:
        return lambda x: np.where(x == 0, p[0], 0.0)
    return lambda x: np.where((x >= 0) & (x <= times[-1]), _interp_vector(times, p, x, method), 0.0)


@builtin("pulstran", family="numerical")
def pulstran(ctx: CallContext, t: Value, d: Value, func: Value, *args: Value) -> Value:
    """y = pulstran(t, d, func), pulstran(t, d, func, p1, p2, ...), pulstran(t, d, p), pulstran(t, d, p, fs),
    pulstran(t, d, p, fs, method)  pulse train: copies of a pulse delayed by d, summed at the times t.

    y(t) = sum over i of a(i)*pulse(t - d(i)): d is a vector of delays (each copy of unit amplitude) or
    a two-column matrix [delays amplitudes]. The pulse is a function, by name or handle, of the time
    ('rectpuls', 'tripuls', 'gauspuls', ...; p1, p2, ... are passed on after the time), or a sampled
    prototype p, its sample k at time (k-1)/fs (fs default 1) and 0 outside, interpolated by one of
    interp1's methods ('linear', the default, 'nearest', 'pchip', 'spline', ...). y has t's shape. (pulstran is MATLAB's Signal
    Processing Toolbox function.)

        pulstran(0:5, [1 3], 'rectpuls')    % 0 1 0 1 0 0
    """
    times = _times("pulstran", t)
    delays = real_array("pulstran", d).astype(np.float64)
    if delays.ndim == 2 and delays.shape[1] == 2 and delays.shape[0] != 1:
        delays, gains = delays[:, 0], delays[:, 1]
    elif delays.ndim <= 2 and min(delays.shape, default=0) <= 1:
        delays = delays.ravel(order="F")
        gains = np.ones_like(delays)
    else:
        raise MatlabError("signal:pulstran:InvalidD", "D must be a vector of delays or a two-column matrix of "
                          "delays and amplitudes.")
    if isinstance(func, (CharArray, StringArray, FunctionHandle)):
        call = callable_of(ctx, "pulstran", func)

        def pulse(x: np.ndarray) -> np.ndarray:
            out = real_array("pulstran", call(to_value(x), *args)).astype(np.float64)
            if out.size != x.size:
                raise MatlabError("signal:pulstran:InvalidFunc", "The pulse function must return one value for "
                                  "each time.")
            return out.reshape(x.shape)
    else:
        if len(args) > 2:
            raise MatlabError("MATLAB:TooManyInputs", "pulstran(t, d, p, fs, method) takes at most five arguments.")
        rate = _scalar("pulstran", args[0] if args else None, 1.0, "FS")
        word = option_text(args[1]) if len(args) > 1 else "linear"
        if word is None or word.lower() not in INTERP_METHODS:
            raise MatlabError("signal:pulstran:InvalidMethod", "The interpolation method must be one of interp1's: "
                              f"{', '.join(INTERP_METHODS)}.")
        pulse = _prototype_pulse(real_vector("pulstran", func, "P"), rate, word.lower())
    y = np.zeros(times.shape)
    for delay, gain in zip(delays, gains):
        y = y + gain * pulse(times - delay)
    return to_value(y)


@builtin("rectangularPulse", family="numerical")
def rectangular_pulse(*args: Value) -> Value:
    """rectangularPulse(x), rectangularPulse(a, b, x)  the rectangular pulse function: 1 where a < x < b, 1/2
    at x = a and x = b, 0 elsewhere (a = -1/2, b = 1/2 by default; 0 everywhere when a = b).

    Elementwise, with implicit expansion of a, b and x, for numeric arguments (the Symbolic Math Toolbox's
    function, whose numeric form this is; a must not exceed b).

        rectangularPulse(-1, 2, [-2 -1 0 2 3])    % 0 0.5 1 0.5 0
    """
    if len(args) not in (1, 3):
        raise MatlabError("MATLAB:narginchk:notEnoughInputs" if len(args) < 3 else "MATLAB:TooManyInputs",
                          "rectangularPulse takes x, or a, b and x.")
    low, high, x = ((np.array(-0.5), np.array(0.5)) if len(args) == 1 else
                    tuple(real_array("rectangularPulse", v).astype(np.float64) for v in args[:2])) + \
        (real_array("rectangularPulse", args[-1]).astype(np.float64),)
    try:
        low, high, x = np.broadcast_arrays(low, high, x)
    except ValueError:
        raise MatlabError("MATLAB:sizeDimensionsMustMatch", "Arrays have incompatible sizes for this operation.") \
            from None
    if np.any(low > high):
        raise MatlabError("symbolic:rectangularPulse:InvalidInterval", "The pulse's start a must not exceed its end b.")
    inside = (low < x) & (x < high)
    edge = ((x == low) | (x == high)) & (low < high)
    return to_value(np.where(inside, 1.0, np.where(edge, 0.5, 0.0)))
