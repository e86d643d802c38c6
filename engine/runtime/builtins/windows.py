"""Window functions of the Signal Processing Toolbox: hamming hann blackman kaiser rectwin triang bartlett
gausswin, and window(@fn, L, ...).

Every window is a column vector of L elements, computed by MATLAB's formulas in MATLAB's order of
operations: the generalized cosine windows (hamming, hann, blackman) compute their first half and mirror
it, so the result is exactly symmetric; their 'periodic' form is the symmetric window of L + 1 points
without its last point (the form for spectral analysis). L is checked as MATLAB's check_order does: a
fraction is rounded with a warning, L = 0 gives an empty 0x1 window and L = 1 the window 1.
"""
from __future__ import annotations

import numpy as np
import scipy.special

from ..errors import MatlabError
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

    fn is a handle to a window function (hamming, hann, blackman, kaiser, rectwin, triang, bartlett,
    gausswin or a function of your own); the further arguments (a sampling flag, Kaiser's beta,
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
