"""Window functions of the Signal Processing Toolbox: hamming hann hanning blackman blackmanharris
nuttallwin flattopwin kaiser rectwin triang bartlett gausswin tukeywin, and window(@fn, L, ...).

Every window is a column vector of L elements, computed by MATLAB's formulas in MATLAB's order of
operations: the generalized cosine windows (hamming, hann, blackman) compute their first half and mirror
it, so the result is exactly symmetric (blackmanharris, nuttallwin and flattopwin evaluate their sums
of cosines at every point, as MATLAB does); their 'periodic' form is the symmetric window of L + 1 points
without its last point (the form for spectral analysis). L is checked as MATLAB's check_order does: a
fraction is rounded with a warning, L = 0 gives an empty 0x1 window and L = 1 the window 1.
"""
from __future__ import annotations

import numpy as np
import scipy

from ..errors import MatlabError, check_size
from ..semantics import to_value
from ..values import CharArray, FunctionHandle, StringArray, Value
from .arguments import real_array
from .registry import builtin
from .sizes import option_text

SAMPLINGS = ("symmetric", "periodic")


def window_length(ctx, fname: str, value: Value) -> int:
    """The window length L: a real scalar, rounded to an integer with MATLAB's warning, not negative."""
    arr = real_array(fname, value).ravel() if not isinstance(value, (CharArray, StringArray)) else None
    if arr is None or arr.size != 1 or not np.isfinite(arr[0]):
        raise MatlabError("signal:check_order:InvalidOrder", "The order N must be a real, finite scalar.")
    n = float(arr[0])
    if n != round(n):
        ctx.warn("signal:check_order:InvalidOrderRounding", "Rounding order to nearest integer.")
        n = float(np.round(n))
    if n < 0:
        raise MatlabError("signal:check_order:InvalidOrderNegative", "Order cannot be less than zero.")
    check_size((int(n), 1))
    return int(n)


def _column(w: np.ndarray) -> Value:
    return to_value(np.asarray(w, dtype=np.float64).reshape(-1, 1))


def _trivial(n: int) -> np.ndarray | None:
    """MATLAB's windows of 0 and 1 points (0x1 and 1), else None."""
    return np.zeros(0) if n == 0 else np.ones(1) if n == 1 else None


def _cosine_half(kind: str, m: int, n: int) -> np.ndarray:
    """The first m points of the symmetric n-point window (MATLAB's gencoswin's calc_window)."""
    x = np.arange(m) / (n - 1)
    if kind == "hann":
        return 0.5 - 0.5 * np.cos(2 * np.pi * x)
    if kind == "hamming":
        return 0.54 - 0.46 * np.cos(2 * np.pi * x)
    return 0.42 - 0.5 * np.cos(2 * np.pi * x) + 0.08 * np.cos(4 * np.pi * x)


def _cosine_symmetric(kind: str, n: int) -> np.ndarray:
    if n % 2 == 0:
        half = _cosine_half(kind, n // 2, n)
        return np.concatenate([half, half[::-1]])
    half = _cosine_half(kind, (n + 1) // 2, n)
    return np.concatenate([half, half[-2::-1]])


def cosine_window(kind: str, n: int, periodic: bool = False) -> np.ndarray:
    """The hann, hamming or blackman window of n points as a 1-D array."""
    trivial = _trivial(n)
    if trivial is not None:
        return trivial
    return _cosine_symmetric(kind, n + 1)[:-1] if periodic else _cosine_symmetric(kind, n)


def _sampling(fname: str, flag: Value | None) -> bool:
    """Whether the sampling flag asks for the 'periodic' window ('symmetric' is the default)."""
    if flag is None:
        return False
    word = option_text(flag)
    if word is None or word.lower() not in SAMPLINGS:
        given = "" if word is None else f", not '{word}'"
        raise MatlabError(f"signal:{fname}:InvalidSamplingFlag",
                          f"The sampling flag must be 'symmetric' or 'periodic'{given}.")
    return word.lower() == "periodic"


def _cosine_builtin(ctx, kind: str, fname: str, n: Value, flag: Value | None) -> Value:
    return _column(cosine_window(kind, window_length(ctx, fname, n), _sampling(fname, flag)))


@builtin("hamming", family="numerical")
def hamming(ctx, n: Value, flag: Value | None = None) -> Value:
    """hamming(L), hamming(L, sflag)  Hamming window of L points, a column vector.

    w(k+1) = 0.54 - 0.46*cos(2*pi*k/(L-1)), k = 0, ..., L-1 (sflag 'symmetric', the default); 'periodic'
    is the first L points of the window of L+1 points (for spectral analysis). (hamming is MATLAB's
    Signal Processing Toolbox function.)

        hamming(3)    % [0.08; 1; 0.08]
    """
    return _cosine_builtin(ctx, "hamming", "hamming", n, flag)


@builtin("hann", family="numerical")
def hann(ctx, n: Value, flag: Value | None = None) -> Value:
    """hann(L), hann(L, sflag)  Hann (raised cosine) window of L points, a column vector.

    w(k+1) = 0.5 - 0.5*cos(2*pi*k/(L-1)), k = 0, ..., L-1: the symmetric window (the default) starts
    and ends with 0 (unlike Octave's hanning); 'periodic' is the first L points of the window of L+1
    points. (hann is MATLAB's Signal Processing Toolbox function.)

        hann(3)    % [0; 1; 0]
    """
    return _cosine_builtin(ctx, "hann", "hann", n, flag)


@builtin("blackman", family="numerical")
def blackman(ctx, n: Value, flag: Value | None = None) -> Value:
    """blackman(L), blackman(L, sflag)  Blackman window of L points, a column vector.

    w(k+1) = 0.42 - 0.5*cos(2*pi*k/(L-1)) + 0.08*cos(4*pi*k/(L-1)), k = 0, ..., L-1 ('symmetric', the
    default); 'periodic' is the first L points of the window of L+1 points. (blackman is MATLAB's Signal
    Processing Toolbox function.)

        blackman(3)    % [-1.3878e-17; 1; -1.3878e-17]
    """
    return _cosine_builtin(ctx, "blackman", "blackman", n, flag)


def kaiser_window(n: int, beta: float) -> np.ndarray:
    trivial = _trivial(n)
    if trivial is not None:
        return trivial
    odd = n % 2
    half = (n + 1) // 2
    xi = 4 * (np.arange(half) + 0.5 * (1 - odd)) ** 2
    w = scipy.special.i0(beta * np.sqrt(1 - xi / (n - 1) ** 2)) / abs(scipy.special.i0(beta))
    return np.abs(np.concatenate([w[half - 1:odd - 1 if odd else None:-1], w]))


@builtin("hanning", family="numerical")
def hanning(ctx, n: Value, flag: Value | None = None) -> Value:
    """hanning(L), hanning(L, sflag)  MATLAB's older Hann window of L points, without its zero end points.

    w(k) = 0.5*(1 - cos(2*pi*k/(L+1))), k = 1, ..., L (sflag 'symmetric', the default: hann(L+2)
    without its first and last points); 'periodic' is [0; hanning(L-1)]. (hanning is MATLAB's Signal
    Processing Toolbox function; Octave's hanning is MATLAB's hann.)

        hanning(3)    % [0.5; 1; 0.5]
    """
    length = window_length(ctx, "hanning", n)
    periodic = _sampling("hanning", flag)
    trivial = _trivial(length)
    if trivial is not None:
        return _column(trivial)
    symmetric = length - 1 if periodic else length
    half = (symmetric + 1) // 2
    w = 0.5 * (1 - np.cos(2 * np.pi * np.arange(1, half + 1) / (symmetric + 1)))
    w = np.concatenate([w, w[::-1] if symmetric % 2 == 0 else w[-2::-1]])
    return _column(np.concatenate([np.zeros(1), w]) if periodic else w)


FOUR_TERM = {"blackmanharris": (0.35875, 0.48829, 0.14128, 0.01168),
             "nuttallwin": (0.3635819, 0.4891775, 0.1365995, 0.0106411),
             "flattopwin": (0.21557895, 0.41663158, 0.277263158, 0.083578947, 0.006947368)}


def _cosine_sum(ctx, fname: str, n: Value, flag: Value | None) -> Value:
    """w = a0 - a1*cos(x) + a2*cos(2*x) - ..., x = 2*pi*k/(L-1) ('symmetric') or 2*pi*k/L ('periodic')."""
    length = window_length(ctx, fname, n)
    periodic = _sampling(fname, flag)
    trivial = _trivial(length)
    if trivial is not None:
        return _column(trivial)
    x = np.arange(length) * 2 * np.pi / (length if periodic else length - 1)
    terms = FOUR_TERM[fname]
    w = np.full(length, terms[0])
    for k, a in enumerate(terms[1:], start=1):
        w = w - a * np.cos(k * x) if k % 2 else w + a * np.cos(k * x)
    return _column(w)


@builtin("blackmanharris", family="numerical")
def blackmanharris(ctx, n: Value, flag: Value | None = None) -> Value:
    """blackmanharris(L), blackmanharris(L, sflag)  minimum four-term Blackman-Harris window, a column.

    w = 0.35875 - 0.48829*cos(x) + 0.14128*cos(2*x) - 0.01168*cos(3*x), x = 2*pi*k/(L-1), k = 0, ...,
    L-1 (sflag 'symmetric', the default) or x = 2*pi*k/L ('periodic'). (blackmanharris is MATLAB's
    Signal Processing Toolbox function.)

        blackmanharris(3)    % [6.0000e-05; 1; 6.0000e-05]
    """
    return _cosine_sum(ctx, "blackmanharris", n, flag)


@builtin("nuttallwin", family="numerical")
def nuttallwin(ctx, n: Value, flag: Value | None = None) -> Value:
    """nuttallwin(L), nuttallwin(L, sflag)  Nuttall's four-term Blackman-Harris window, a column.

    w = 0.3635819 - 0.4891775*cos(x) + 0.1365995*cos(2*x) - 0.0106411*cos(3*x), x = 2*pi*k/(L-1)
    ('symmetric', the default) or 2*pi*k/L ('periodic'). (nuttallwin is MATLAB's Signal Processing
    Toolbox function.)

        nuttallwin(3)    % [3.6280e-04; 1; 3.6280e-04]
    """
    return _cosine_sum(ctx, "nuttallwin", n, flag)


@builtin("flattopwin", family="numerical")
def flattopwin(ctx, n: Value, flag: Value | None = None) -> Value:
    """flattopwin(L), flattopwin(L, sflag)  flat top window (for measuring amplitudes), a column.

    w = a0 - a1*cos(x) + a2*cos(2*x) - a3*cos(3*x) + a4*cos(4*x), a = 0.21557895, 0.41663158,
    0.277263158, 0.083578947, 0.006947368, x = 2*pi*k/(L-1) ('symmetric', the default) or 2*pi*k/L
    ('periodic'). (flattopwin is MATLAB's Signal Processing Toolbox function.)

        flattopwin(3)    % [-4.2105e-04; 1; -4.2105e-04]
    """
    return _cosine_sum(ctx, "flattopwin", n, flag)


@builtin("tukeywin", family="numerical")
def tukeywin(ctx, n: Value, ratio: Value | None = None) -> Value:
    """tukeywin(L), tukeywin(L, r)  Tukey (tapered cosine) window of L points, a column vector.

    A fraction r (default 0.5) of the window is inside the cosine tapers, half at each end; r <= 0 gives
    rectwin(L), r >= 1 hann(L). (tukeywin is MATLAB's Signal Processing Toolbox function.)

        tukeywin(5, 0.5)    % [0; 1; 1; 1; 0]
    """
    length = window_length(ctx, "tukeywin", n)
    r = 0.5 if ratio is None else _real_parameter("tukeywin", ratio, "R")
    if np.isnan(r):
        raise MatlabError("signal:tukeywin:InvalidParameter", "R must be a real scalar, not NaN.")
    trivial = _trivial(length)
    if trivial is not None:
        return _column(trivial)
    if r <= 0:
        return _column(np.ones(length))
    if r >= 1:
        return _column(cosine_window("hann", length))
    t = np.linspace(0, 1, length)
    per = r / 2
    low = int(np.floor(per * (length - 1))) + 1
    high = length - low + 1
    rise = (1 + np.cos(np.pi / per * (t[:low] - per))) / 2
    fall = (1 + np.cos(np.pi / per * (t[high - 1:] - 1 + per))) / 2
    return _column(np.concatenate([rise, np.ones(high - low - 1), fall]))


@builtin("kaiser", family="numerical")
def kaiser(ctx, n: Value, beta: Value | None = None) -> Value:
    """kaiser(L), kaiser(L, beta)  Kaiser window of L points, a column vector.

    w(k+1) = besseli(0, beta*sqrt(1 - ((k - N/2)/(N/2))^2)) / besseli(0, beta), k = 0, ..., N = L-1;
    beta (default 0.5) trades main-lobe width for side-lobe height. (kaiser is MATLAB's Signal Processing
    Toolbox function.)

        kaiser(3, 2)    % [0.4386; 1; 0.4386]
    """
    length = window_length(ctx, "kaiser", n)
    b = 0.5 if beta is None else _real_parameter("kaiser", beta, "BETA")
    return _column(kaiser_window(length, b))


def _real_parameter(fname: str, value: Value, what: str) -> float:
    arr = real_array(fname, value).ravel() if not isinstance(value, (CharArray, StringArray)) else None
    if arr is None or arr.size != 1:
        raise MatlabError(f"signal:{fname}:InvalidParameter", f"{what} must be a real scalar.")
    return float(arr[0])


@builtin("rectwin", family="numerical")
def rectwin(ctx, n: Value) -> Value:
    """rectwin(L)  rectangular window of L points: ones(L, 1).

    (rectwin is MATLAB's Signal Processing Toolbox function.)

        rectwin(3)    % [1; 1; 1]
    """
    return _column(np.ones(window_length(ctx, "rectwin", n)))


def triangular(n: int) -> np.ndarray:
    trivial = _trivial(n)
    if trivial is not None:
        return trivial
    if n % 2:
        w = 2 * np.arange(1, (n + 1) // 2 + 1) / (n + 1)
        return np.concatenate([w, w[(n - 1) // 2 - 1::-1]])
    w = (2 * np.arange(1, (n + 1) // 2 + 1) - 1) / n
    return np.concatenate([w, w[n // 2 - 1::-1]])


@builtin("triang", family="numerical")
def triang(ctx, n: Value) -> Value:
    """triang(L)  triangular window of L points, a column vector, that does not reach zero at its ends.

    For odd L, w(k) = 2k/(L+1) up to the middle; for even L, w(k) = (2k-1)/L; then mirrored. (triang is
    MATLAB's Signal Processing Toolbox function; bartlett is the triangle with zeros at the ends.)

        triang(3)    % [0.5; 1; 0.5]
    """
    return _column(triangular(window_length(ctx, "triang", n)))


@builtin("bartlett", family="numerical")
def bartlett(ctx, n: Value) -> Value:
    """bartlett(L)  Bartlett window of L points: a triangle, a column vector, zero at both ends.

    w(k+1) = 2k/(L-1) for k = 0, ..., (L-1)/2, then mirrored. (bartlett is MATLAB's Signal Processing
    Toolbox function.)

        bartlett(5)    % [0; 0.5; 1; 0.5; 0]
    """
    length = window_length(ctx, "bartlett", n)
    trivial = _trivial(length)
    if trivial is not None:
        return _column(trivial)
    w = 2 * np.arange((length - 1) // 2 + 1) / (length - 1)
    tail = w[(length - 1) // 2 - 1::-1] if length % 2 else w[length // 2 - 1::-1]
    return _column(np.concatenate([w, tail]))


@builtin("gausswin", family="numerical")
def gausswin(ctx, n: Value, alpha: Value | None = None) -> Value:
    """gausswin(L), gausswin(L, alpha)  Gaussian window of L points, a column vector.

    w(k+1) = exp(-(1/2)*(alpha*(k - N/2)/(N/2))^2), k = 0, ..., N = L-1; alpha (default 2.5) is
    inversely proportional to the width (the standard deviation is N/(2*alpha)). (gausswin is MATLAB's
    Signal Processing Toolbox function.)

        gausswin(3, 1)    % [0.6065; 1; 0.6065]
    """
    length = window_length(ctx, "gausswin", n)
    a = 2.5 if alpha is None else _real_parameter("gausswin", alpha, "ALPHA")
    trivial = _trivial(length)
    if trivial is not None:
        return _column(trivial)
    half = (length - 1) / 2
    k = np.arange(length) - half
    return _column(np.exp(-0.5 * (a * k / half) ** 2))


@builtin("window", family="numerical")
def window(ctx, fn: Value, n: Value, *args: Value) -> Value:
    """window(@fn, L), window(@fn, L, ...)  the window fn(L, ...): window(@hamming, 64) is hamming(64).

    fn is a handle to a window function (hamming, hann, blackman, kaiser, tukeywin, gausswin, ... or a
    function of your own); the further arguments (a sampling flag, Kaiser's beta,
    gausswin's alpha) are passed on. (window is MATLAB's Signal Processing Toolbox function.)

        window(@gausswin, 3, 1)    % [0.6065; 1; 0.6065]
    """
    if type(fn) is not FunctionHandle:
        raise MatlabError("signal:window:InvalidWindow", "The window must be given as a function handle, "
                          "as in window(@hamming, 64).")
    out = ctx.call(fn, [n, *args], 1)
    if not out:
        raise MatlabError("signal:window:NoOutput", "The window function must return a value.")
    return out[0]
