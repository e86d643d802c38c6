"""The analytic signal and what is built on it, and covariance sequences (Signal Processing Toolbox):
hilbert envelope xcov; Savitzky-Golay smoothing: sgolay sgolayfilt.

hilbert is MATLAB's FFT method: the spectrum of each column with its negative frequencies zeroed and its
positive ones doubled, transformed back. sgolay's projection matrix comes from the QR factorization of
the (weighted) Vandermonde matrix of the frame, as MATLAB computes it; sgolayfilt applies its middle row
inside the data and the fits of the first and last frames at the ends.
"""
from __future__ import annotations

import numpy as np
import scipy

from ..errors import MatlabError, check_size
from ..semantics import to_value
from ..values import Value, class_of, size_of
from .firdesign import real_vector
from .registry import builtin
from .resampling import columns
from .signal import xcorr
from .sizes import numeric_array, option_text


def _analytic(arr: np.ndarray, n: int) -> np.ndarray:
    """The analytic signals of the columns of a real 2-D array, over n points (padded or truncated)."""
    spectrum = scipy.fft.fft(arr, n=n, axis=0)
    h = np.zeros(n)
    h[0] = 1
    if n % 2 == 0:
        h[1:n // 2] = 2
        h[n // 2] = 1
    else:
        h[1:(n + 1) // 2] = 2
    return scipy.fft.ifft(spectrum * h[:, None], axis=0)


def _real_columns(ctx, fname: str, x: Value) -> tuple[np.ndarray, bool]:
    arr, row = columns(fname, x)
    if arr.dtype.kind == "c":
        ctx.warn(f"signal:{fname}:Ignore", f"{fname.upper()} ignores imaginary part of input.")
        arr = arr.real
    return arr.astype(np.float32 if class_of(x) == "single" else np.float64), row


@builtin("hilbert", family="numerical")
def hilbert(ctx, x: Value, n: Value | None = None) -> Value:
    """hilbert(x), hilbert(x, n)  the discrete-time analytic signal x + 1i*H(x), H the Hilbert transform.

    Computed by FFT (MATLAB's method): each column's spectrum (n points, default its length: x padded
    or truncated) keeps DC and Nyquist, doubles the positive frequencies and zeroes the negative ones,
    then is transformed back; the real part is x. A row vector gives a row; a complex x's imaginary part
    is ignored, with MATLAB's warning. (hilbert is MATLAB's Signal Processing Toolbox function.)

        hilbert([1 2 3 4])    % 1+1i  2-1i  3-1i  4+1i
    """
    arr, row = _real_columns(ctx, "hilbert", x)
    length = arr.shape[0]
    if n is not None:
        given = real_vector("hilbert", n, "N")
        if given.size != 1 or not 1 <= given[0] < np.inf or given[0] != np.floor(given[0]):
            raise MatlabError("signal:hilbert:InvalidN", "N must be a positive integer.")
        length = check_size((int(given[0]), arr.shape[1]), 16)[0]
    if arr.size == 0:
        return to_value(arr.astype(np.complex128))
    out = _analytic(arr, length).astype(np.complex64 if arr.dtype == np.float32 else np.complex128)
    return to_value(out.reshape(1, -1) if row else out)


@builtin("envelope", family="numerical")
def envelope(x: Value, *args: Value, nargout: int = 1):
    """[yupper, ylower] = envelope(x)  upper and lower envelopes of x: its mean plus and minus the
    magnitude of the analytic signal of x with its mean removed.

    Works on the columns of a matrix (a row vector gives rows). The other methods (envelope(x, fl,
    'analytic') with a Hilbert FIR filter, 'rms' and 'peak') and plotting (no output arguments) are not
    supported. (envelope is MATLAB's Signal Processing Toolbox function.)

        [up, lo] = envelope([1 2 3 4])    % up = 4.3028 3.6180 3.6180 4.3028, lo = 5 - up
    """
    if args:
        raise MatlabError("signal:envelope:UnsupportedMethod", "Only envelope(x), the analytic signal envelope "
                          "over the whole signal, is supported: the filter length and the 'rms' and 'peak' "
                          "methods are not.")
    if nargout == 0:
        raise MatlabError("signal:envelope:NoPlot", "envelope with no output arguments plots the envelopes, "
                          "which is not supported: ask for [yupper, ylower] = envelope(x).")
    arr, row = columns("envelope", x)
    if arr.dtype.kind == "c":
        raise MatlabError("signal:envelope:ComplexInput", "envelope supports real inputs only.")
    arr = arr.astype(np.float32 if class_of(x) == "single" else np.float64)
    mean = arr.mean(axis=0, keepdims=True) if arr.shape[0] else arr[:0]
    amplitude = np.abs(_analytic(arr - mean, arr.shape[0])) if arr.size else arr
    upper, lower = (np.asarray(v, dtype=arr.dtype) for v in (mean + amplitude, mean - amplitude))
    shape = (lambda a: a.reshape(1, -1)) if row else (lambda a: a)
    upper_value = to_value(shape(upper))
    return (upper_value, to_value(shape(lower))) if nargout > 1 else upper_value


def _centered(fname: str, value: Value) -> Value:
    arr = numeric_array(value, fname)
    if arr.size == 0 or arr.ndim > 2 or min(arr.shape) > 1:
        return value            # xcorr raises its own error for matrices
    data = arr.astype(np.result_type(arr.dtype, np.float32 if class_of(value) == "single" else np.float64))
    return to_value(data - data.mean())


@builtin("xcov", family="numerical")
def xcov(x: Value, *args: Value, nargout: int = 1):
    """c = xcov(x, y), xcov(x), xcov(..., maxlag), xcov(..., scaleopt), [c, lags] = xcov(...)
    cross-covariance of two vectors (the autocovariance of one).

    xcorr of the vectors with their means removed: the forms, lags, scaling options ('none', 'biased',
    'unbiased', 'normalized' or 'coeff') and orientation are xcorr's. Matrices are not supported.
    (xcov is MATLAB's Signal Processing Toolbox function.)

        xcov([1 2 3])    % -1  0  2  0  -1
    """
    rest = list(args)
    numbers = [a for a in rest if option_text(a) is None]
    if len(numbers) == 2 or len(numbers) == 1 and size_of(numbers[0]) != (1, 1):    # xcorr's rule for y
        rest[0] = _centered("xcov", rest[0])
    return xcorr(_centered("xcov", x), *rest, nargout=nargout)


# -- Savitzky-Golay -----------------------------------------------------------------------------------

def _frame(fname: str, order: Value, framelen: Value) -> tuple[int, int]:
    k, f = real_vector(fname, order, "The polynomial order"), real_vector(fname, framelen, "The frame length")
    if k.size != 1 or not 0 <= k[0] < np.inf or k[0] != np.floor(k[0]):
        raise MatlabError(f"signal:{fname}:InvalidOrder", "The polynomial order must be a nonnegative integer.")
    if f.size != 1 or not 1 <= f[0] < np.inf or f[0] != np.floor(f[0]) or f[0] % 2 != 1:
        raise MatlabError(f"signal:{fname}:InvalidFrameLength", "The frame length must be an odd positive "
                          "integer.")
    if k[0] >= f[0]:
        raise MatlabError(f"signal:{fname}:DegreeGeFrameLen", "The degree must be less than the frame length.")
    check_size((int(f[0]), int(f[0])))
    return int(k[0]), int(f[0])


def _weights(fname: str, value: Value | None, framelen: int) -> np.ndarray:
    if value is None or numeric_array(value, fname).size == 0:
        return np.ones(framelen)
    w = real_vector(fname, value, "The weights")
    if w.size != framelen or np.any(w <= 0):
        raise MatlabError(f"signal:{fname}:InvalidWeights", "The weighting vector must have as many elements as "
                          "the frame length, all positive.")
    return w


def savitzky_golay(order: int, framelen: int, weights: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """MATLAB's sgolay: (B, G), B the framelen x framelen projection matrix, G the differentiation
    filters (framelen x order+1)."""
    half = (framelen - 1) / 2
    s = np.arange(-half, half + 1)[:, None] ** np.arange(order + 1)[None, :]
    _, r = scipy.linalg.qr(np.sqrt(weights)[:, None] * s, mode="economic")
    g = scipy.linalg.solve_triangular(r, scipy.linalg.solve_triangular(r, s.T, trans="T"), trans="N").T
    b = (g @ s.T) * weights[None, :]
    return b, g


@builtin("sgolay", family="numerical")
def sgolay(order: Value, framelen: Value, weights: Value | None = None, *, nargout: int = 1):
    """[b, g] = sgolay(order, framelen), sgolay(order, framelen, weights)  Savitzky-Golay FIR smoothing
    filters.

    b (framelen x framelen) holds the filters: row k gives the value at frame position k of the
    least-squares polynomial of degree order through the framelen (odd) samples of a frame, the middle
    row the steady-state smoothing filter; g (framelen x order+1) holds the differentiation filters
    (column j+1 gives the j-th derivative divided by j!). weights (framelen positive values) weight the fit.
    (sgolay is MATLAB's Signal Processing Toolbox function.)

        b = sgolay(1, 3)    % [5 2 -1; 2 2 2; -1 2 5]/6
    """
    k, f = _frame("sgolay", order, framelen)
    b, g = savitzky_golay(k, f, _weights("sgolay", weights, f))
    return (to_value(b), to_value(g)) if nargout > 1 else to_value(b)


@builtin("sgolayfilt", family="numerical")
def sgolayfilt(x: Value, order: Value, framelen: Value, weights: Value | None = None,
               dim: Value | None = None) -> Value:
    """sgolayfilt(x, order, framelen), sgolayfilt(x, order, framelen, weights), sgolayfilt(..., dim)
    Savitzky-Golay smoothing of x.

    Each sample becomes the value of the least-squares polynomial of degree order through the framelen
    (odd) samples around it; the first and last (framelen-1)/2 samples take the fits of the first and
    last frames (MATLAB's transients). Works along the first non-singleton dimension (or dim) of a vector
    or matrix with at least framelen samples there; weights as sgolay's. (sgolayfilt is MATLAB's Signal
    Processing Toolbox function.)

        sgolayfilt([1 5 2 8 3 7 4], 2, 5)    % 1.1143 3.7429 5.0857 4.5714 6.0857 5.7429 4.1143 (rounded)
    """
    k, f = _frame("sgolayfilt", order, framelen)
    b, _ = savitzky_golay(k, f, _weights("sgolayfilt", weights, f))
    arr, row = columns("sgolayfilt", x)
    if dim is not None:
        axis = int(real_vector("sgolayfilt", dim, "DIM")[0]) - 1
        if axis not in (0, 1):
            raise MatlabError("signal:sgolayfilt:InvalidDimensions", "DIM must be 1 or 2.")
        arr = numeric_array(x, "sgolayfilt")
        arr, row = (arr.T, True) if axis == 1 else (arr, False)
    data = arr.astype(np.complex128 if arr.dtype.kind == "c" else np.float64)
    rows = data.shape[0]
    if rows < f:
        raise MatlabError("signal:sgolayfilt:InvalidDimensions", "The length of the input must be >= frame length.")
    half = (f - 1) // 2
    middle = np.stack([data[i:rows - f + 1 + i] for i in range(f)], axis=0)   # (f, rows-f+1, cols)
    center = np.einsum("i,ijk->jk", b[half], middle)
    out = np.concatenate([b[:half] @ data[:f], center, b[half + 1:] @ data[rows - f:]], axis=0)
    if class_of(x) == "single":
        out = out.astype(np.complex64 if out.dtype.kind == "c" else np.float32)
    return to_value(out.T if row else out)
