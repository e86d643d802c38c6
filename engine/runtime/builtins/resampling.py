"""Changing the sample rate (Signal Processing Toolbox): upsample downsample resample decimate, and
cutting a signal into frames: buffer.

All work along the columns of a matrix (the elements of a vector, whose orientation is kept).
resample is MATLAB's polyphase algorithm: a Kaiser-windowed ideal lowpass FIR filter of length
2*n*max(p, q) + 1 (n = 10, beta = 5 by default) with gain p, applied by upfirdn with its delay removed
so that the output has ceil(length*p/q) samples aligned with the input. decimate is MATLAB's default IIR
method: an order-8 Chebyshev type I lowpass filter (0.05 dB ripple, cutoff 0.8/r; a lower order where
that design fails), run forwards and backwards (zero_phase, MATLAB's filtfilt algorithm, which filtfilt
itself runs: odd reflection of 3*order samples at each end), then every r-th sample ending at the last
one.
"""
from __future__ import annotations

from fractions import Fraction

import numpy as np
import scipy

from ..errors import MatlabError, check_size
from ..semantics import to_value
from ..values import Value, class_of
from .elementwise import ANY_NUMERIC, FLOAT_INPUTS, check_classes
from .firdesign import real_vector
from .registry import builtin
from .sizes import numeric_array, option_text
from .windows import kaiser_window


def columns(fname: str, x: Value, allowed: tuple[str, ...] = FLOAT_INPUTS) -> tuple[np.ndarray, bool]:
    """x as a 2-D array whose columns are the signals (a row vector made a column), and whether it was
    a row vector (the result is turned back)."""
    check_classes(fname, (x,), allowed)
    arr = numeric_array(x, fname)
    if arr.ndim > 2:
        raise MatlabError(f"signal:{fname}:InvalidDimensions", f"{fname} supports vectors and matrices, not "
                          "N-D arrays.")
    row = arr.shape[0] == 1 and arr.ndim == 2
    return (arr.reshape(-1, 1) if row else arr), row


def _float(arr: np.ndarray, x: Value) -> np.ndarray:
    """arr in the working precision of x's class (single stays single), complex kept."""
    single = class_of(x) == "single"
    if arr.dtype.kind == "c":
        return arr.astype(np.complex64 if single else np.complex128)
    return arr.astype(np.float32 if single else np.float64)


def _restore(arr: np.ndarray, row: bool) -> Value:
    return to_value(arr.reshape(1, -1) if row else arr)


def zero_phase(num: np.ndarray, den: np.ndarray, data: np.ndarray) -> np.ndarray:
    """MATLAB's filtfilt of the columns of ``data`` (real or complex): odd reflection of nfact =
    3*(nfilt-1) samples at each end, each pass from the steady state scaled to its first sample."""
    nfact = 3 * (max(num.size, den.size) - 1)
    if data.shape[0] <= nfact:
        raise MatlabError("signal:filtfilt:InvalidDimensionsDataShortForFiltOrder",
                          "Data must have length more than 3 times filter order.")
    with np.errstate(all="ignore"):
        if nfact == 0:                          # a gain: applied twice
            return data * (num[0] / den[0]) ** 2
        return scipy.signal.filtfilt(num, den, data, axis=0, padtype="odd", padlen=nfact)


def positive_integer(fname: str, value: Value, what: str) -> int:
    arr = real_vector(fname, value, what)
    if arr.size != 1 or not arr[0] >= 1 or arr[0] != np.floor(arr[0]) or not np.isfinite(arr[0]):
        raise MatlabError(f"signal:{fname}:InvalidFactor", f"{what} must be a positive integer.")
    return int(arr[0])


def _phase(fname: str, value: Value | None, n: int) -> int:
    if value is None:
        return 0
    arr = real_vector(fname, value, "The phase")
    if arr.size != 1 or arr[0] != np.floor(arr[0]) or not 0 <= arr[0] <= n - 1:
        raise MatlabError(f"signal:{fname}:InvalidPhase", "The phase offset must be an integer from 0 to N-1.")
    return int(arr[0])


@builtin("upsample", family="numerical")
def upsample(x: Value, n: Value, phase: Value | None = None) -> Value:
    """upsample(x, n), upsample(x, n, phase)  increase the sample rate by n: n-1 zeros after each sample.

    y(phase + 1 + n*k) = x(k + 1), zeros elsewhere; phase (0 to n-1, default 0) shifts the samples
    later. Works on the columns of a matrix; a row vector gives a row. (upsample is MATLAB's Signal
    Processing Toolbox function.)

        upsample([1 2 3], 2)    % 1 0 2 0 3 0
    """
    factor = positive_integer("upsample", n, "The upsampling factor N")
    offset = _phase("upsample", phase, factor)
    arr, row = columns("upsample", x, ANY_NUMERIC)
    check_size((arr.shape[0] * factor, arr.shape[1]))
    out = np.zeros((arr.shape[0] * factor, arr.shape[1]), dtype=arr.dtype if arr.dtype.kind in "iufc" else np.float64)
    out[offset::factor] = arr
    return _restore(out, row)


@builtin("downsample", family="numerical")
def downsample(x: Value, n: Value, phase: Value | None = None) -> Value:
    """downsample(x, n), downsample(x, n, phase)  decrease the sample rate by n: every n-th sample.

    y = x(phase + 1 : n : end) (phase 0 to n-1, default 0), with no filtering (see decimate). Works on
    the columns of a matrix; a row vector gives a row. (downsample is MATLAB's Signal Processing Toolbox
    function.)

        downsample(1:7, 3, 1)    % 2 5
    """
    factor = positive_integer("downsample", n, "The downsampling factor N")
    offset = _phase("downsample", phase, factor)
    arr, row = columns("downsample", x, ANY_NUMERIC)
    out = arr[offset::factor]
    return _restore(out if arr.dtype.kind in "iufc" else out.astype(np.float64), row)


UPSAMPLED_LIMIT = 2 ** 31      # factors or upsampled lengths past which upfirdn computes by its definition
#                                (scipy's indices and factors are C ints; it allocates by the factor)
DIRECT_WORK = 200_000_000      # multiply-adds up to which upfirdn runs directly (scipy's polyphase loop)


def apply_upfirdn(h: np.ndarray, arr: np.ndarray, p: int, q: int) -> np.ndarray:
    """upfirdn of each column of arr: upsample by p, filter with h, downsample by q. scipy's direct
    polyphase loop costs about (output length) * length(h)/p multiply-adds whatever the data length, so
    a long filter on short data (resample's n, upfirdn's h) goes through an FFT convolution of the
    upsampled data instead (equal to rounding)."""
    length = (arr.shape[0] - 1) * p + h.size            # of the upsampled, filtered signal
    count = -(-length // q)
    if max(length, p, q) > UPSAMPLED_LIMIT:
        return _upfirdn_by_definition(h, arr, p, q, count)
    if count * -(-h.size // p) * arr.shape[1] <= DIRECT_WORK:
        return scipy.signal.upfirdn(h, arr, p, q, axis=0)
    upsampled = np.zeros(((arr.shape[0] - 1) * p + 1, arr.shape[1]), dtype=arr.dtype)
    upsampled[::p] = arr
    out = scipy.signal.oaconvolve(upsampled, h.reshape(-1, 1), mode="full", axes=0)[::q]
    return out if arr.dtype.kind == "c" or h.dtype.kind == "c" else out.real


def _upfirdn_by_definition(h: np.ndarray, arr: np.ndarray, p: int, q: int, count: int) -> np.ndarray:
    """upfirdn output sample by output sample, y[j] = sum of h[k] x[(jq - k)/p] over the k with jq - k a
    multiple of p inside the data, in Python ints: for factors so large (upfirdn(x, h, 1e308)) that the
    upsampled signal scipy works on could not be made; each output has at most ceil(length(h)/p) terms."""
    out = np.zeros((count, arr.shape[1]), dtype=np.result_type(h, arr))
    for j in range(count):
        at = j * q
        for k in range(at % p, min(h.size, at + 1), p):
            if (at - k) // p < arr.shape[0]:
                out[j] += h[k] * arr[(at - k) // p]
    return out


def resample_filter(p: int, q: int, n: int, beta: float) -> np.ndarray:
    """MATLAB's resample filter: the ideal lowpass response of cutoff 1/max(p, q) (1 is Nyquist) over
    L = 2*n*max(p, q) + 1 taps, times kaiser(L, beta), scaled to sum p; for n = 0, ones(1, p) (nearest
    neighbour interpolation)."""
    if n == 0:
        return np.ones(check_size((p,))[0])
    most = max(p, q)
    length = check_size((2 * n * most + 1,))[0]
    m = np.arange(length) - (length - 1) / 2
    h = np.sinc(m / most) / most * kaiser_window(length, beta)
    return p * h / h.sum()


def _resample_columns(arr: np.ndarray, p: int, q: int, h: np.ndarray) -> np.ndarray:
    """MATLAB's resample of each column with filter h: upfirdn with the filter's delay removed."""
    half = (h.size - 1) / 2
    rows = arr.shape[0]
    pad = int(np.floor(q - np.mod(half, q)))
    h = np.concatenate([np.zeros(pad), h])
    half += pad
    delay = int(np.floor(np.ceil(half) / q))
    tail = 0
    while np.ceil(((rows - 1) * p + h.size + tail) / q) - delay < np.ceil(rows * p / q):
        tail += 1
    h = np.concatenate([h, np.zeros(tail)])
    y = apply_upfirdn(h, arr, p, q)
    count = int(np.ceil(rows * p / q))
    return y[delay:delay + count]


@builtin("resample", family="numerical")
def resample(x: Value, p: Value, q: Value, *args: Value, nargout: int = 1):
    """y = resample(x, p, q), resample(x, p, q, n), resample(x, p, q, n, beta), resample(x, p, q, b),
    [y, b] = resample(...)  resample x at p/q times its rate with an antialiasing FIR filter.

    The result has ceil(length(x)*p/q) samples. The filter is a Kaiser-windowed (beta, default 5) ideal
    lowpass of length 2*n*max(p, q) + 1 (n, default 10, samples of the slower rate on each side), scaled
    to sum p, as MATLAB designs it (n = 0: nearest neighbour interpolation), or the filter b you give
    (used as it is); it is applied by upfirdn with its delay removed, and returned as the row b. p and q
    are positive integers (their ratio is reduced first). Works on the columns of a matrix; a row vector
    gives a row. Resampling nonuniform samples (resample(x, tx, ...)) is not supported. (resample is
    MATLAB's Signal Processing Toolbox function.)

        y = resample([1 2 3 4], 3, 2);    % 6 samples
    """
    up = positive_integer("resample", p, "The upsampling factor P")
    down = positive_integer("resample", q, "The downsampling factor Q")
    if any(option_text(a) is not None for a in args):
        raise MatlabError("signal:resample:UnsupportedOption", "resample's text options (interpolation "
                          "methods of nonuniform samples, 'Dimension') are not supported.")
    if len(args) > 2:
        raise MatlabError("MATLAB:TooManyInputs", "Too many input arguments.")
    ratio = Fraction(up, down)
    up, down = ratio.numerator, ratio.denominator
    arr, row = columns("resample", x)
    arr = _float(arr, x)
    given = real_vector("resample", args[0], "N") if args else np.array([10.0])
    if given.size > 1:
        if len(args) > 1:
            raise MatlabError("MATLAB:TooManyInputs", "Too many input arguments.")
        h = given
    else:
        if given.size != 1 or not np.isfinite(given[0]) or given[0] < 0 or given[0] != np.floor(given[0]):
            raise MatlabError("signal:resample:InvalidN", "N must be a nonnegative integer.")
        beta = 5.0 if len(args) < 2 else float(real_vector("resample", args[1], "BETA")[0])
        h = resample_filter(up, down, int(given[0]), beta)
    check_size(((arr.shape[0] - 1) * up + h.size, arr.shape[1]))
    out = arr if arr.shape[0] == 0 else _resample_columns(arr, up, down, h).astype(arr.dtype)
    y = _restore(out, row)
    return (y, to_value(h.reshape(1, -1))) if nargout > 1 else y


# -- decimate ---------------------------------------------------------------------------------------

MAX_DECIMATE_ORDER = 50


def _chebyshev(order: int, r: int) -> tuple[np.ndarray, np.ndarray, int]:
    """MATLAB's decimate filter: cheby1(order, 0.05, 0.8/r), the order lowered while the design misses
    its passband edge gain (-0.05 dB) by more than 1e-6 dB."""
    edge = 0.8 / r
    while order > 0:
        b, a = scipy.signal.cheby1(order, 0.05, edge)
        z = np.exp(-1j * np.pi * edge)
        gain = 20 * np.log10(abs(np.polyval(b[::-1], z) / np.polyval(a[::-1], z)))
        if np.any(b != 0) and abs(gain + 0.05) <= 1e-6:
            return b, a, order
        order -= 1
    raise MatlabError("signal:decimate:InvalidRange", "Bad Chebyshev design, likely R is too big; try "
                      "mult. decimation (R=R1*R2).")


@builtin("decimate", family="numerical")
def decimate(ctx, x: Value, r: Value, *args: Value) -> Value:
    """decimate(x, r), decimate(x, r, n)  lowpass filter x and keep every r-th sample.

    MATLAB's default method: an order-n (default 8) Chebyshev type I IIR lowpass filter with 0.05 dB of
    passband ripple and cutoff 0.8*(Fs/2)/r, run forwards and backwards (zero phase, filtfilt), then
    every r-th sample, ending with the last one: ceil(length(x)/r) samples. x is a vector of more than
    3*n samples (its orientation is kept). The 'fir' method is not supported. (decimate is MATLAB's
    Signal Processing Toolbox function.)

        y = decimate(sin(0.1*(1:40)), 4);    % 10 samples of the smoothed sine
    """
    factor = positive_integer("decimate", r, "The decimation factor R")
    rest = list(args)
    if rest and option_text(rest[-1]) is not None:
        word = option_text(rest.pop()).lower()
        if word == "fir":
            raise MatlabError("signal:decimate:UnsupportedFIR", "decimate's 'fir' method is not supported: use the "
                              "default IIR method, decimate(x, r) or decimate(x, r, n).")
        raise MatlabError("signal:decimate:InvalidEnum", f"Unknown option '{word}': decimate takes 'fir'.")
    if len(rest) > 1:
        raise MatlabError("MATLAB:TooManyInputs", "Too many input arguments.")
    order = positive_integer("decimate", rest[0], "The filter order N") if rest else 8
    if order > MAX_DECIMATE_ORDER:          # each lower order is designed in turn: a huge n would run for hours
        raise MatlabError("matfuse:decimate:orderTooLarge", f"decimate's Chebyshev filters of order above "
                          f"{MAX_DECIMATE_ORDER} are not supported (MATLAB warns that those above 13 may be "
                          "unreliable).")
    arr, row = columns("decimate", x)
    if arr.shape[1] != 1 and arr.size:
        raise MatlabError("signal:decimate:InvalidDimensions", "Input X must be a vector.")
    data = _float(arr, x).ravel(order="F")
    if factor == 1:
        return _restore(data.reshape(-1, 1), row)
    if order > 13:
        ctx.warn("signal:decimate:highorderIIRs", "IIR filters above order 13 may be unreliable.")
    b, a, _ = _chebyshev(order, factor)
    count = data.size
    y = zero_phase(b, a, data.astype(np.complex128 if data.dtype.kind == "c" else np.float64).reshape(-1, 1))[:, 0]
    out_count = -(-count // factor)
    start = factor - (factor * out_count - count)
    out = y[start - 1::factor]
    return _restore(out.astype(data.dtype).reshape(-1, 1), row)


# -- buffer -----------------------------------------------------------------------------------------

def _buffer_start(opt: Value | None, overlap: int, dtype) -> tuple[np.ndarray | None, int]:
    """(the samples before x(1) of an overlapping buffer, None for 'nodelay'; the samples of x an
    underlapping buffer skips first)."""
    if overlap < 0:
        given = np.zeros(1) if opt is None else real_vector("buffer", opt, "OPT")
        if given.size != 1 or not 0 <= given[0] <= -overlap or given[0] != np.floor(given[0]):
            raise MatlabError("signal:buffer:InvalidOpt", "For an underlapping buffer, OPT must be an integer "
                              "from 0 to -P.")
        return np.zeros(0, dtype), int(given[0])
    if opt is not None and option_text(opt) is not None:
        if option_text(opt).lower() != "nodelay":
            raise MatlabError("signal:buffer:InvalidOpt", "OPT must be a vector of P samples or 'nodelay'.")
        return None, 0
    lead = np.zeros(overlap, dtype) if opt is None else numeric_array(opt, "buffer").ravel(order="F").astype(dtype)
    if lead.size != overlap:
        raise MatlabError("signal:buffer:InvalidOpt", "For an overlapping buffer, OPT must have P elements.")
    return lead, 0


def _frame_count(length: int, size: int, step: int, nodelay: bool, full_only: bool) -> int:
    """How many frames a stream of ``length`` new samples fills: frames start every ``step`` samples; a
    'nodelay' stream's first frame takes ``size`` of them; ``full_only`` leaves out a partial last frame."""
    if nodelay:
        if full_only:
            return (length - size) // step + 1 if length >= size else 0
        return 1 + -(-max(length - size, 0) // step) if length else 0
    return length // step if full_only else -(-length // step)


@builtin("buffer", family="numerical")
def buffer(x: Value, n: Value, p: Value | None = None, opt: Value | None = None, *, nargout: int = 1):
    """y = buffer(x, n), buffer(x, n, p), buffer(x, n, p, opt), [y, z, opt] = buffer(...)  the vector x cut
    into frames of n samples, the columns of y.

    Consecutive frames overlap by p samples (0 < p < n: each repeats the last p samples of the one before;
    the first starts with opt, p samples, default zeros, or with x(1) for 'nodelay') or skip -p samples
    between them (p < 0; opt samples are skipped first, default 0). With one output the last frame is
    padded with zeros; with two, y holds the full frames only and z the samples left over, and a third
    output gives the last p samples of y (the opt of the next call). The extra outputs of an underlapping
    buffer are not supported. (buffer is MATLAB's Signal Processing Toolbox function.)

        buffer(1:5, 2)    % [1 3 5; 2 4 0]
    """
    size_n = positive_integer("buffer", n, "The frame length N")
    given = np.zeros(1) if p is None else real_vector("buffer", p, "P")
    if given.size != 1 or given[0] != np.floor(given[0]) or not -np.inf < given[0] < size_n:
        raise MatlabError("signal:buffer:InvalidP", "P must be an integer less than N.")
    overlap = int(given[0])
    arr, _ = columns("buffer", x, ANY_NUMERIC)
    if arr.shape[1] != 1 and arr.size:
        raise MatlabError("signal:buffer:InvalidDimensions", "Input X must be a vector.")
    data = arr.ravel(order="F")
    data = data if data.dtype.kind in "iufc" else data.astype(np.float64)
    lead, skip = _buffer_start(opt, overlap, data.dtype)
    if overlap < 0 and nargout > 1:
        raise MatlabError("signal:buffer:UnsupportedOutputs", "The outputs z and opt of an underlapping buffer "
                          "(P < 0) are not supported: ask for y only.")
    stream = data[skip:] if lead is None or overlap < 0 else np.concatenate([lead, data])
    head = 0 if lead is None or overlap < 0 else overlap          # samples before x(1) in stream
    step = size_n - overlap
    count = _frame_count(stream.size - head, size_n, step, lead is None, nargout > 1)
    check_size((size_n, count))
    padded = np.concatenate([stream, np.zeros(max((count - 1) * step + size_n - stream.size, 0), stream.dtype)])
    y = np.stack([padded[k * step:k * step + size_n] for k in range(count)], axis=1) if count else \
        np.zeros((size_n, 0), stream.dtype)
    if nargout < 2:
        return to_value(y)
    overlap_start = count * step if count or lead is not None else 0
    rest = stream[overlap_start + overlap:] if count or lead is not None else stream
    last = stream[overlap_start:overlap_start + overlap] if count or lead is not None else stream[:0]
    return (to_value(y), to_value(rest.reshape(-1, 1)), to_value(last.reshape(-1, 1)))[:nargout]
