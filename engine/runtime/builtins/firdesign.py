"""FIR filter design and frequency response of the Signal Processing Toolbox: fir1 freqz sinc.

fir1 is the window method: the ideal (brick-wall) impulse response of the bands, delayed by n/2,
times a window (Hamming by default), scaled as MATLAB scales it (unit gain at DC when the first band
passes, else at the Nyquist frequency when the last band passes up to it, else at the centre of the
first passband). freqz evaluates b(z)/a(z) (or the product of second-order sections') on the unit circle
through FFTs of the coefficients (n points) or polynomial evaluation (a vector of frequencies).
"""
from __future__ import annotations

import numpy as np
import scipy

from ..errors import MatlabError, check_size
from ..semantics import to_value
from ..values import CharArray, StringArray, Value, class_of, size_of
from .arguments import real_array
from .elementwise import FLOAT_INPUTS, check_classes
from .registry import builtin
from .sigplots import plot_response
from .sizes import numeric_array, option_text
from .windows import cosine_window

FIR1_TYPES = ("low", "high", "bandpass", "stop", "dc-0", "dc-1")


def real_vector(fname: str, value: Value, what: str) -> np.ndarray:
    """A real numeric vector argument (a scalar included) as a 1-D float64 array."""
    if isinstance(value, (CharArray, StringArray)):
        raise MatlabError(f"signal:{fname}:InvalidInput", f"{what} must be a real numeric vector.")
    arr = real_array(fname, value)
    if arr.ndim > 2 or min(arr.shape) > 1:
        raise MatlabError(f"signal:{fname}:InvalidInput", f"{what} must be a vector.")
    return arr.ravel(order="F").astype(np.float64)


def coefficients(fname: str, value: Value, what: str) -> np.ndarray:
    """Filter coefficients: a numeric vector (complex allowed) as a 1-D array."""
    check_classes(fname, (value,), FLOAT_INPUTS)
    arr = numeric_array(value, fname)
    if arr.ndim > 2 or min(arr.shape) > 1 and arr.size:
        raise MatlabError(f"signal:{fname}:InvalidDimensions", f"{what} must be a vector; second-order "
                          "section matrices are not supported.")
    flat = arr.ravel(order="F")
    return flat.astype(np.complex128 if flat.dtype.kind == "c" else np.float64)


def _fir1_arguments(args: tuple[Value, ...], edges: int) -> tuple[str, np.ndarray | None, bool]:
    """(filter type, window or None, scale) from fir1's arguments after n and Wn."""
    kind = "low" if edges == 1 else "bandpass" if edges == 2 else "dc-0"
    window, scale = None, True
    for arg in args:
        word = option_text(arg)
        if word is None:
            if window is not None:
                raise MatlabError("MATLAB:TooManyInputs", "Too many input arguments.")
            window = real_vector("fir1", arg, "The window") if numeric_array(arg, "fir1").size else None
            continue
        word = word.lower()
        if word in ("scale", "noscale"):
            scale = word == "scale"
        elif word in FIR1_TYPES or word in ("pass", "bandstop", "highpass", "lowpass"):
            kind = {"pass": "bandpass", "bandstop": "stop", "highpass": "high", "lowpass": "low"}.get(word, word)
        else:
            raise MatlabError("signal:fir1:InvalidFilterType", f"Unknown filter type '{word}': use 'low', 'high', "
                              "'bandpass', 'stop', 'DC-0' or 'DC-1', and 'scale' or 'noscale'.")
    needs = {"low": "1 cutoff", "high": "1 cutoff", "bandpass": "2 cutoffs", "stop": "2 cutoffs"}
    if needs.get(kind, "more than 2 cutoffs") != needs.get({1: "low", 2: "stop"}.get(edges, "dc-0"),
                                                          "more than 2 cutoffs"):
        raise MatlabError("signal:fir1:InvalidFilterType", f"The filter type '{kind}' needs "
                          f"{needs.get(kind, 'more than 2 cutoffs')} in Wn; {edges} given.")
    return kind, window, scale


@builtin("fir1", family="numerical")
def fir1(ctx, n: Value, wn: Value, *args: Value) -> Value:
    """b = fir1(n, Wn), fir1(n, Wn, ftype), fir1(n, Wn, window), fir1(n, Wn, ftype, window, scaleopt)
    window-based FIR filter design: the n+1 coefficients of an order-n filter, a row vector.

    Wn holds the cutoff frequencies, normalized so that 1 is the Nyquist frequency (0 < Wn < 1): one
    cutoff for a lowpass ('low', the default) or highpass ('high') filter, two for a bandpass (the
    default) or bandstop ('stop') filter, more for a multiband filter ('DC-0', the default: the first
    band stops; 'DC-1': it passes). The ideal response is windowed with window (a vector of n+1
    elements; default hamming(n+1)) and scaled to unit gain at DC, at the Nyquist frequency, or at the
    centre of the first passband ('noscale' leaves it). A highpass or bandstop filter of odd order is
    made one order higher, with MATLAB's warning. (fir1 is MATLAB's Signal Processing Toolbox function.)

        b = fir1(4, 0.5)    % 0  0.2037  0.5926  0.2037  0 (rounded; sum 1)
    """
    order = real_vector("fir1", n, "The filter order N")
    if order.size != 1 or not 1 <= order[0] < np.inf or order[0] != np.floor(order[0]):
        raise MatlabError("signal:fir1:InvalidOrder", "The filter order N must be a positive integer.")
    cutoffs = real_vector("fir1", wn, "The cutoff frequencies Wn")
    if cutoffs.size == 0 or np.any((cutoffs <= 0) | (cutoffs >= 1)) or np.any(np.diff(cutoffs) <= 0):
        raise MatlabError("signal:fir1:InvalidRange", "The cutoff frequencies must be within the interval of "
                          "(0,1), in increasing order.")
    kind, window, scale = _fir1_arguments(args, cutoffs.size)
    first_passes = kind in ("low", "stop", "dc-1")
    edges = np.concatenate([[0.0], cutoffs, [1.0]])
    passes = [(edges[k], edges[k + 1]) for k in range(edges.size - 1) if (k % 2 == 0) == first_passes]
    order_n = int(order[0])
    if passes[-1][1] == 1 and order_n % 2:
        ctx.warn("signal:fir1:OddOrderNyquist", "Odd order symmetric FIR filters must have a gain of zero at "
                 "the Nyquist frequency. The order is being increased by one.")
        order_n += 1
    length = check_size((order_n + 1,))[0]
    if window is None:
        window = cosine_window("hamming", length)
    elif window.size != length:
        raise MatlabError("signal:fir1:MismatchedWindowLength", "The window length must be the same as the "
                          "filter length.")
    m = np.arange(length) - order_n / 2
    ideal = sum(f2 * np.sinc(f2 * m) - f1 * np.sinc(f1 * m) for f1, f2 in passes)
    b = ideal * window
    if scale:
        if first_passes:
            b = b / b.sum()
        else:
            low, high = passes[0]
            f0 = 1.0 if high == 1 else (low + high) / 2
            b = b / abs(np.exp(-1j * np.pi * np.arange(length) * f0) @ b)
    return to_value(b.reshape(1, -1))


# -- freqz ------------------------------------------------------------------------------------------

def _fft_response(b: np.ndarray, a: np.ndarray, n: int, whole: bool) -> np.ndarray:
    """b(z)/a(z) at the n frequencies 2*pi*k/(s*n), k = 0..n-1 (s = 1 whole circle, 2 upper half), by
    FFTs of length s*n of the coefficients wrapped onto that length."""
    points = n if whole else 2 * n

    def spectrum(c: np.ndarray) -> np.ndarray:
        wrapped = np.zeros(points, dtype=c.dtype)
        np.add.at(wrapped, np.arange(c.size) % points, c)
        return scipy.fft.fft(wrapped)[:n]
    with np.errstate(divide="ignore", invalid="ignore"):
        return spectrum(b) / spectrum(a)


def _poly_response(b: np.ndarray, a: np.ndarray, w: np.ndarray) -> np.ndarray:
    """b(z)/a(z) at z = exp(1i*w)."""
    z = np.exp(-1j * w)
    with np.errstate(divide="ignore", invalid="ignore"):
        return np.polynomial.polynomial.polyval(z, b) / np.polynomial.polynomial.polyval(z, a)


@builtin("freqz", family="numerical")
def freqz(ctx, b: Value, *args: Value, nargout: int = 1):
    """[h, w] = freqz(b, a, n), freqz(b, a, n, 'whole'), [h, f] = freqz(b, a, n, fs), freqz(b, a, n,
    'whole', fs), h = freqz(b, a, w), h = freqz(b, a, f, fs), freqz(sos, n, ...)  frequency response of a
    digital filter.

    h is b(z)/a(z) on the unit circle, at n points (default 512) equally spaced on [0, pi), w =
    pi*(0:n-1)'/n (rad/sample), or on [0, 2*pi) with 'whole'; with a sampling rate fs the frequencies f
    are in Hz (fs/2 or fs in place of pi or 2*pi). a defaults to 1 ([] too). A vector of two or more
    frequencies (in rad/sample, or in Hz with fs) evaluates there instead, h in its shape. h and w are
    columns. With no output arguments it plots the magnitude (dB) above the unwrapped phase (degrees) in
    the current figure. freqz(sos, n, ...) takes a filter of second-order sections, the L-by-6 matrix of
    zp2sos (L > 1), in place of b and a. (freqz is MATLAB's Signal Processing Toolbox function.)

        [h, w] = freqz([1 1], 1, 4)    % h = 2, 1.7071-0.7071i, 1-1i, 0.2929-0.7071i; w = (0:3)'*pi/4
    """
    rest = list(args)
    whole = False
    for k, arg in enumerate(rest):
        word = option_text(arg)
        if word is not None:
            if word.lower() != "whole":
                raise MatlabError("signal:freqz:InvalidOption", f"Unknown option '{word}': freqz takes 'whole'.")
            whole = True
            del rest[k]
            break
    matrix = numeric_array(b, "freqz")
    if matrix.ndim == 2 and matrix.shape[0] > 1 and matrix.shape[1] == 6:     # second-order sections
        sections = [(row[:3], row[3:]) for row in matrix.astype(np.float64 if matrix.dtype.kind != "c" else
                                                               np.complex128)]
        rest.insert(0, None)
    else:
        num = coefficients("freqz", b, "b")
        den = coefficients("freqz", rest[0], "a") if rest and numeric_array(rest[0], "freqz").size else np.ones(1)
        sections = [(num if num.size else np.zeros(1), den)]
    if len(rest) > 3:
        raise MatlabError("MATLAB:TooManyInputs", "Too many input arguments.")
    fs = None
    if len(rest) == 3:
        fs_arr = real_vector("freqz", rest[2], "The sampling frequency fs")
        if fs_arr.size != 1 or not fs_arr[0] > 0:
            raise MatlabError("signal:freqz:InvalidFs", "The sampling frequency fs must be a positive scalar.")
        fs = float(fs_arr[0])
    points = rest[1] if len(rest) > 1 and numeric_array(rest[1], "freqz").size else 512.0
    grid = real_vector("freqz", points, "The number of points or the frequencies")
    if grid.size == 1:
        if not np.isfinite(grid[0]) or grid[0] != np.floor(grid[0]) or grid[0] < 1:
            raise MatlabError("signal:freqz:InvalidN", "The number of points n must be a positive integer.")
        n = check_size((2 * int(grid[0]), 1), 16)[0] // 2
        h = np.prod([_fft_response(num, den, n, whole) for num, den in sections], axis=0).reshape(-1, 1)
        span = (2 * np.pi if fs is None else fs) if whole else (np.pi if fs is None else fs / 2)
        w = (np.arange(n) * span / n).reshape(-1, 1)
    else:
        radians = grid if fs is None else 2 * np.pi * grid / fs
        shape = (1, -1) if size_of(points)[0] == 1 else (-1, 1)
        h = np.prod([_poly_response(num, den, radians) for num, den in sections], axis=0).reshape(shape)
        w = grid.reshape(shape)
    if nargout == 0:
        return plot_response(ctx, h.ravel(), w.ravel(), fs)
    h_value = to_value(h)
    return (h_value, to_value(w)) if nargout > 1 else h_value


@builtin("sinc", family="numerical")
def sinc(x: Value) -> Value:
    """sinc(X)  sin(pi*X)./(pi*X), elementwise, with sinc(0) = 1.

    The ideal lowpass filter's impulse response; double and single inputs (single stays single).
    (sinc is MATLAB's Signal Processing Toolbox function.)

        sinc([0 0.5 1])    % 1  0.6366  3.8982e-17
    """
    check_classes("sinc", (x,), FLOAT_INPUTS)
    arr = numeric_array(x, "sinc")
    dtype = np.float32 if class_of(x) == "single" else np.float64
    arr = arr.astype(np.result_type(dtype, arr.dtype) if arr.dtype.kind == "c" else dtype)
    y = np.pi * arr
    with np.errstate(divide="ignore", invalid="ignore"):
        out = np.where(arr == 0, 1, np.sin(y) / y)
    return to_value(out.astype(arr.dtype))
