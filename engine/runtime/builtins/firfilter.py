"""Applying FIR filters (Signal Processing Toolbox): upfirdn (upsample, filter, downsample) and fftfilt
(filter by FFT convolution). Both work on the columns of a matrix, a row vector giving a row."""
from __future__ import annotations

import numpy as np
import scipy

from ..errors import MatlabError, check_size
from ..semantics import to_value
from ..values import Value, class_of
from .firdesign import coefficients
from .registry import builtin
from .resampling import apply_upfirdn, columns, positive_integer


def _filter_vector(fname: str, h: Value) -> np.ndarray:
    taps = coefficients(fname, h, "The filter")
    if taps.size == 0:
        raise MatlabError(f"signal:{fname}:InvalidFilter", "The filter must not be empty.")
    return taps


def _factor(fname: str, value: Value | None, what: str) -> int:
    return 1 if value is None else positive_integer(fname, value, what)


def _result(out: np.ndarray, x: Value, row: bool) -> Value:
    if class_of(x) == "single":
        out = out.astype(np.complex64 if out.dtype.kind == "c" else np.float32)
    return to_value(out.reshape(1, -1) if row else out)


@builtin("upfirdn", family="numerical")
def upfirdn(x: Value, h: Value, p: Value | None = None, q: Value | None = None) -> Value:
    """upfirdn(x, h), upfirdn(x, h, p), upfirdn(x, h, p, q)  upsample by p, filter with the FIR filter h,
    downsample by q.

    x gets p-1 zeros after each sample, is convolved with h (its full length), and every q-th sample is
    kept, starting with the first: ceil(((length(x)-1)*p + length(h))/q) samples. p and q default to 1.
    Works on the columns of a matrix (a row vector gives a row); h is a vector (several filters as the
    columns of a matrix are not supported). (upfirdn is MATLAB's Signal Processing Toolbox function.)

        upfirdn([1 2 3], [1 1], 2)    % 1 1 2 2 3 3
    """
    taps = _filter_vector("upfirdn", h)
    up = _factor("upfirdn", p, "The upsampling factor P")
    down = _factor("upfirdn", q, "The downsampling factor Q")
    arr, row = columns("upfirdn", x)
    count = -(-((arr.shape[0] - 1) * up + taps.size) // down) if arr.shape[0] else 0
    check_size((count, arr.shape[1]), 16)
    if arr.shape[0] == 0:
        return _result(np.zeros((0, arr.shape[1])), x, row)
    out = apply_upfirdn(taps, arr.astype(np.complex128 if arr.dtype.kind == "c" else np.float64), up, down)
    return _result(out, x, row)


@builtin("fftfilt", family="numerical")
def fftfilt(b: Value, x: Value, n: Value | None = None) -> Value:
    """fftfilt(b, x), fftfilt(b, x, n)  filter x with the FIR filter b by FFT (overlap-add) convolution.

    The result is filter(b, 1, x) (to rounding): the first length(x) samples of the convolution of each
    column (a row vector gives a row). n, the FFT length MATLAB would block the data by, changes only the
    speed. A matrix b (several filters) is not supported. (fftfilt is MATLAB's Signal Processing Toolbox
    function.)

        fftfilt([1 2 3], [1 2 3 4 5])    % 1 4 10 16 22
    """
    taps = _filter_vector("fftfilt", b)
    if n is not None:
        _factor("fftfilt", n, "The FFT length N")
    arr, row = columns("fftfilt", x)
    data = arr.astype(np.complex128 if arr.dtype.kind == "c" else np.float64)
    if data.shape[0] == 0:
        return _result(data, x, row)
    out = scipy.signal.oaconvolve(data, taps.reshape(-1, 1), mode="full", axes=0)[:data.shape[0]]
    if data.dtype.kind != "c" and taps.dtype.kind != "c":
        out = out.real
    return _result(out, x, row)
