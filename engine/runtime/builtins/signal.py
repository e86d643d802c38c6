"""Signal processing basics: filter filter2 conv cconv conv2 deconv unwrap, the FFT family (fft ifft fft2 ifft2
fftn ifftn), fftshift ifftshift and interpft.

Double and single inputs (logical, char and, for conv and the FFTs, integers count as double); a single
input gives a single result. The numerics are scipy.signal's and scipy.fft's; the shapes, orientations
and the 'same'/'valid' parts follow MATLAB's definitions.
"""
from __future__ import annotations

import numpy as np
import scipy

from ..errors import MatlabError
from ..semantics import result_class, to_value, work_dtype
from ..values import Value, class_of, normalize_shape, size_of
from .construct import restructure
from .elementwise import ANY_NUMERIC, FLOAT_INPUTS, check_classes
from .registry import builtin
from .sizes import (along_axis, check_size, clamp_axis, dim_arg, first_nonsingleton, integer_values, is_text,
                    numeric_array, option_text)

SHAPES = ("full", "same", "valid")


def _arrays(fname: str, values: tuple[Value, ...], allowed: tuple[str, ...]) -> tuple[list[np.ndarray], str]:
    """The arguments as arrays of the working precision (complex kept) and the result class."""
    check_classes(fname, values, allowed)
    cls = "single" if any(class_of(v) == "single" for v in values) else "double"
    dtype = work_dtype(cls)
    out = []
    for value in values:
        arr = numeric_array(value, fname)
        out.append(arr.astype(np.result_type(dtype, np.complex64) if arr.dtype.kind == "c" else dtype))
    return out, cls


def _shape_option(value: Value | None, fname: str) -> str:
    if value is None:
        return "full"
    word = option_text(value)
    if word is None or word.lower() not in SHAPES:
        raise MatlabError(f"MATLAB:{fname}:unknownShapeParameter",
                          "Shape parameter must be 'full', 'same', or 'valid'.")
    return word.lower()


def _part(full: np.ndarray, a_shape: tuple[int, ...], b_shape: tuple[int, ...], shape: str) -> np.ndarray:
    """The 'full', 'same' (central part of A's size) or 'valid' (no zero padding) part of a convolution
    of arrays of sizes a_shape and b_shape (of one number of dimensions)."""
    if shape == "full":
        return full
    if shape == "same":
        return full[tuple(slice(b // 2, b // 2 + a) for a, b in zip(a_shape, b_shape))]
    return full[tuple(slice(max(b - 1, 0), max(b - 1, 0) + max(a - b + 1, 0)) for a, b in zip(a_shape, b_shape))]


def _convolve_full(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    if a.size == 0 or b.size == 0:
        shape = tuple(max(m + n - 1, 0) for m, n in zip(a.shape, b.shape))
        return np.zeros(shape, dtype=np.result_type(a, b))
    return scipy.signal.convolve(a, b, mode="full")


@builtin("conv", family="numerical")
def conv(u: Value, v: Value, shape: Value | None = None) -> Value:
    """conv(u, v), conv(u, v, shape)  convolution of vectors u and v (polynomial multiplication).

    shape is 'full' (default, length(u)+length(v)-1), 'same' (the central part, the size of u) or 'valid'
    (only the parts computed without zero padding). The full result is a column if the longer input is a
    column (v if the lengths are equal); 'same' and 'valid' take u's orientation.

        conv([1 2], [1 3])    % 1 5 6
    """
    how = _shape_option(shape, "conv")
    (a, b), cls = _arrays("conv", (u, v), ANY_NUMERIC)
    if min(a.shape) > 1 or min(b.shape) > 1 or a.ndim > 2 or b.ndim > 2:
        raise MatlabError("MATLAB:conv:AorBNotVector", "A and B must be vectors.")
    ca, cb = a.reshape(-1, 1, order="F"), b.reshape(-1, 1, order="F")
    out = _part(_convolve_full(ca, cb), ca.shape, cb.shape, how)
    if how == "full":
        row = (a.shape[0] == 1) if a.size > b.size else (b.shape[0] == 1)
    else:
        row = a.shape[0] == 1
    out = out.reshape(1, -1) if row else out.reshape(-1, 1)
    return to_value(out.astype(_result_dtype(out, cls)))


@builtin("cconv", family="numerical")
def cconv(a: Value, b: Value, n: Value | None = None) -> Value:
    """cconv(a, b), cconv(a, b, n)  modulo-n circular convolution of vectors a and b (Signal Processing
    Toolbox): the linear convolution wrapped onto n points (its elements k, k+n, k+2n, ... summed), zero
    padded when n is longer. n defaults to length(a)+length(b)-1, where it equals conv(a, b). The result
    is a column if a or b is a column of more than one element.

        cconv([2 1 2 1], [1 2 3 4], 4)    % 14 16 14 16
    """
    (x, y), cls = _arrays("cconv", (a, b), FLOAT_INPUTS)
    if min(x.shape) > 1 or min(y.shape) > 1 or x.ndim > 2 or y.ndim > 2:
        raise MatlabError("MATLAB:cconv:AorBNotVector", "A and B must be vectors.")
    linear = _convolve_full(x.ravel(order="F"), y.ravel(order="F"))
    if n is None:
        length = linear.size
    else:
        given = integer_values(n, "cconv")
        if len(given) != 1 or given[0] < 1:
            raise MatlabError("MATLAB:cconv:invalidN", "N must be a positive integer.")
        length = given[0]
    out = np.zeros(check_size((1, length))[1], dtype=linear.dtype)
    for start in range(0, linear.size, length):
        part = linear[start:start + length]
        out[:part.size] += part
    column = any(v.size > 1 and v.shape[0] == v.size for v in (x, y))
    out = out.reshape(-1, 1) if column else out.reshape(1, -1)
    return to_value(out.astype(_result_dtype(out, cls)))


def _result_dtype(out: np.ndarray, cls: str) -> np.dtype:
    single = cls == "single"
    if out.dtype.kind == "c":
        return np.dtype(np.complex64 if single else np.complex128)
    return np.dtype(np.float32 if single else np.float64)


def _matrix(arr: np.ndarray, fname: str) -> np.ndarray:
    if arr.ndim != 2:
        raise MatlabError(f"MATLAB:{fname}:inputsMustBe2D", "N-D arrays are not supported.")
    return arr


@builtin("conv2", family="numerical")
def conv2(*args: Value) -> Value:
    """conv2(A, B), conv2(u, v, A), conv2(..., shape)  two-dimensional convolution.

    conv2(u, v, A) convolves the columns of A with the vector u, then the rows with the vector v. shape
    is 'full' (default), 'same' (the central part, the size of A) or 'valid' (no zero padding).

        conv2([1 2; 3 4], [1 1; 1 1])    % [1 3 2; 4 10 6; 3 7 4]
    """
    how = "full"
    if args and option_text(args[-1]) is not None:
        how, args = _shape_option(args[-1], "conv2"), args[:-1]
    if len(args) not in (2, 3):
        raise MatlabError("MATLAB:minrhs" if len(args) < 2 else "MATLAB:TooManyInputs",
                          "Not enough input arguments." if len(args) < 2 else "Too many input arguments.")
    arrays, cls = _arrays("conv2", args, FLOAT_INPUTS)
    if len(args) == 2:
        a, b = (_matrix(x, "conv2") for x in arrays)
        out = _part(_convolve_full(a, b), a.shape, b.shape, how)
    else:
        u, v, a = arrays
        a = _matrix(a, "conv2")
        col, row = u.reshape(-1, 1, order="F"), v.reshape(1, -1, order="F")
        kernel_shape = (col.shape[0], row.shape[1])
        out = _part(_convolve_full(_convolve_full(a, col), row), a.shape, kernel_shape, how)
    return to_value(np.ascontiguousarray(out).astype(_result_dtype(out, cls)))


@builtin("convn", family="numerical")
def convn(a: Value, b: Value, shape: Value | None = None) -> Value:
    """C = convn(A, B), convn(A, B, shape)  N-dimensional convolution.

    shape is 'full' (default: each dimension size(A, k) + size(B, k) - 1), 'same' (the central part, the
    size of A) or 'valid' (only the parts computed without zero padding).

        convn(ones(2, 2, 2), ones(2, 2, 2))    % 3x3x3, 8 in the middle
    """
    how = "full" if shape is None else _shape_option(shape, "convn")
    (x, y), cls = _arrays("convn", (a, b), FLOAT_INPUTS)
    ndim = max(x.ndim, y.ndim)
    x, y = (v.reshape(v.shape + (1,) * (ndim - v.ndim)) for v in (x, y))
    out = _part(_convolve_full(x, y), x.shape, y.shape, how)
    out = out.reshape(normalize_shape(out.shape))
    return to_value(np.ascontiguousarray(out).astype(_result_dtype(out, cls)))


@builtin("filter2", family="numerical")
def filter2(h: Value, x: Value, shape: Value | None = None) -> Value:
    """filter2(H, X), filter2(H, X, shape)  two-dimensional correlation of X with the filter H.

    The same as conv2(X, rot90(H, 2), shape); shape is 'same' (default), 'full' or 'valid'.

        filter2([1 1], [1 2 3; 4 5 6])    % [3 5 3; 9 11 6]
    """
    how = "same" if shape is None else _shape_option(shape, "filter2")
    (kernel, data), cls = _arrays("filter2", (h, x), FLOAT_INPUTS)
    kernel, data = _matrix(kernel, "filter2"), _matrix(data, "filter2")
    flipped = kernel[::-1, ::-1]
    out = _part(_convolve_full(data, flipped), data.shape, flipped.shape, how)
    return to_value(np.ascontiguousarray(out).astype(_result_dtype(out, cls)))


# -- filter -------------------------------------------------------------------------------------------

def _filter_state(zi: np.ndarray, order: int, data: np.ndarray) -> np.ndarray:
    """Initial conditions zi reshaped to scipy's layout (order along axis 0, then data's other axes)."""
    rest = data.shape[1:]
    if zi.size == 0:
        return np.zeros((order,) + rest, dtype=np.result_type(zi.dtype, data.dtype))
    if zi.size != order * int(np.prod(rest)):
        raise MatlabError("MATLAB:filter:invalidInitialConditions",
                          "Initial conditions must be a vector of length max(length(a),length(b))-1, or an "
                          "array whose leading dimension has that length and whose other dimensions match "
                          "those of x.")
    return zi.reshape((order,) + rest, order="F")


@builtin("filter", family="numerical")
def filter_(b: Value, a: Value, x: Value, zi: Value | None = None, dim: Value | None = None, *,
            nargout: int = 1) -> Value:
    """filter(b, a, X), filter(b, a, X, zi), filter(b, a, X, zi, dim), [Y, zf] = filter(...)
    one-dimensional digital filter (rational transfer function b(z)/a(z)).

    Filters the data along the first non-singleton dimension of X (or dim):
    a(1)*y(n) = b(1)*x(n) + ... + b(nb)*x(n-nb+1) - a(2)*y(n-1) - ... - a(na)*y(n-na+1). The coefficients
    are normalized by a(1), which must be nonzero. zi gives the initial conditions (length
    max(na, nb)-1, [] for zeros); zf returns the final conditions.

        filter(1, [1 -0.5], [1 1 1])    % 1  1.5  1.75
    """
    arrays, cls = _arrays("filter", (b, a, x) + ((zi,) if zi is not None else ()), FLOAT_INPUTS)
    num, den, data = arrays[0].ravel(order="F"), arrays[1].ravel(order="F"), arrays[2]
    if den.size == 0 or den[0] == 0:
        raise MatlabError("MATLAB:filter:firstCoefficientZero",
                          "First denominator filter coefficient must be non-zero.")
    if num.size == 0:
        raise MatlabError("MATLAB:filter:emptyNumerator", "The numerator must not be empty.")
    axis = first_nonsingleton(data.shape) if dim is None else clamp_axis(dim_arg(dim), data.ndim)
    if axis >= data.ndim:
        data = data.reshape(data.shape + (1,) * (axis + 1 - data.ndim))
    moved = np.moveaxis(data, axis, 0)
    order = max(num.size, den.size) - 1
    state = _filter_state(arrays[3] if zi is not None else np.zeros(0), order, moved)
    if order == 0 or moved.size == 0:                    # no delays, or no data to run them over
        y, final = moved * (num[0] / den[0]), state
    else:
        y, final = scipy.signal.lfilter(num, den, moved, axis=0, zi=state)
    y = np.moveaxis(y, 0, axis)
    out = to_value(y.astype(_result_dtype(y, cls)).reshape(normalize_shape(y.shape), order="F"))
    if nargout < 2:
        return out
    final = final.reshape(order, -1, order="F") if moved.ndim > 2 else final
    if np.prod(moved.shape[1:]) == 1:
        final = final.reshape(-1, 1)
    return out, to_value(final.astype(_result_dtype(final, cls)))


@builtin("deconv", family="numerical")
def deconv(y: Value, a: Value, *, nargout: int = 1) -> Value:
    """[q, r] = deconv(y, a)  polynomial division (deconvolution): y = conv(a, q) + r.

    a(1) must be nonzero. If a is longer than y, q is 0 and r is y. q has y's orientation.

        [q, r] = deconv([1 5 6], [1 2])    % q = 1 3, r = 0 0 0
    """
    (num, den), cls = _arrays("deconv", (y, a), FLOAT_INPUTS)
    if min(num.shape) > 1 or min(den.shape) > 1:
        raise MatlabError("MATLAB:deconv:NotVector", "Input arguments must be vectors.")
    flat_y, flat_a = num.ravel(order="F"), den.ravel(order="F")
    if flat_a.size == 0 or flat_a[0] == 0:
        raise MatlabError("MATLAB:deconv:ZeroCoef1", "First coefficient of A must be non-zero.")
    dtype = _result_dtype(np.empty(0, np.result_type(flat_y, flat_a)), cls)
    if flat_a.size > flat_y.size:
        q, r = np.zeros((1, 1), dtype=dtype), num.astype(dtype)
    else:
        impulse = np.zeros(flat_y.size - flat_a.size + 1)
        impulse[0] = 1
        q, final = scipy.signal.lfilter(flat_y, flat_a, impulse, zi=np.zeros(flat_y.size - 1))
        q = q.reshape(1, -1) if num.shape[0] == 1 else q.reshape(-1, 1)
        r = np.zeros(num.shape, dtype=np.result_type(q, final))
        flat_r = r.reshape(-1, order="F")
        flat_r[q.size:] = flat_a[0] * final[:flat_y.size - q.size]
        r = flat_r.reshape(num.shape, order="F")
    q, r = to_value(q.astype(dtype)), to_value(r.astype(dtype))
    return (q, r) if nargout > 1 else q


@builtin("unwrap", family="numerical")
def unwrap(p: Value, tol: Value | None = None, dim: Value | None = None) -> Value:
    """unwrap(P), unwrap(P, tol), unwrap(P, tol, dim)  phase angles with their jumps removed: wherever
    consecutive angles differ by tol (default pi) or more, multiples of 2*pi are added to make the jump
    smaller than pi.

    Works along the first non-singleton dimension (or dim); tol [] means pi.

        unwrap([0 3 6.5 9.9])    % 0  3  0.2168  -2.6664
    """
    (arr,), cls = _arrays("unwrap", (p,), FLOAT_INPUTS)
    if arr.dtype.kind == "c":
        raise MatlabError("MATLAB:unwrap:complexInput", "P must be real.")
    cutoff = np.pi if tol is None or numeric_array(tol, "unwrap").size == 0 else \
        float(abs(numeric_array(tol, "unwrap").ravel()[0]))
    axis = first_nonsingleton(arr.shape) if dim is None else dim_arg(dim)
    if axis >= arr.ndim or arr.shape[axis] < 2:
        return to_value(arr)
    step = np.diff(arr, axis=axis)
    wrapped = np.mod(step + np.pi, 2 * np.pi) - np.pi
    wrapped = np.where((wrapped == -np.pi) & (step > 0), np.pi, wrapped)
    correction = np.where(np.abs(step) < cutoff, 0, wrapped - step)
    out = arr.copy()
    index = [slice(None)] * arr.ndim
    index[axis] = slice(1, None)
    out[tuple(index)] += np.cumsum(correction, axis=axis)
    return to_value(out)


@builtin("interpft", family="numerical")
def interpft(x: Value, n: Value, dim: Value | None = None) -> Value:
    """interpft(X, n), interpft(X, n, dim)  resample X to n points by Fourier interpolation (for periodic
    data): zeros are inserted in the middle of its spectrum, or, for n < length, the result of a longer
    interpolation is subsampled.

    Works along the first non-singleton dimension (or dim); real X gives a real result.

        interpft([1 2 3 4], 8)    % 1  1.0858  2  2.5  3  3.9142  4  2.5
    """
    (arr,), cls = _arrays("interpft", (x,), FLOAT_INPUTS)
    count = _length(n, "interpft")
    if count is None:
        raise MatlabError("MATLAB:interpft:NNotPositiveInteger", "N must be a positive integer scalar.")
    arr, axis = along_axis(arr, first_nonsingleton(arr.shape) if dim is None else dim_arg(dim), count)
    data = np.moveaxis(arr, axis, 0)
    m = data.shape[0]
    if m == 0:
        return to_value(arr)
    step = m // count + 1 if count < m else 1
    length = count * step
    check_size(data.shape[1:] + (length,), 16)
    spectrum = scipy.fft.fft(data, axis=0)
    half = m // 2 + 1                     # the frequencies up to Nyquist's stay in front of the zeros
    padded = np.concatenate([spectrum[:half], np.zeros((length - m,) + data.shape[1:], spectrum.dtype),
                             spectrum[half:]])
    if m % 2 == 0 and length > m:         # the Nyquist term is split between its two new places
        padded[half - 1] /= 2
        padded[half - 1 + length - m] = padded[half - 1]
    y = scipy.fft.ifft(padded, axis=0) * (length / m)
    y = y[::step]
    if arr.dtype.kind != "c":
        y = y.real
    return to_value(np.moveaxis(y, 0, axis).astype(_result_dtype(y, cls)))


# -- FFT ----------------------------------------------------------------------------------------------

def _transform_input(fname: str, x: Value) -> tuple[np.ndarray, str]:
    (arr,), _ = _arrays(fname, (x,), ANY_NUMERIC)
    return arr, result_class(x) if class_of(x) in ("single",) else "double"


def _length(value: Value | None, fname: str) -> int | None:
    """The transform length argument: None for [] or absent, else a positive integer."""
    if value is None or numeric_array(value, fname).size == 0:
        return None
    n = integer_values(value, fname)
    if len(n) != 1 or n[0] < 1:
        raise MatlabError(f"MATLAB:{fname}:lengthNotPosInt",
                          "Transform length must be a positive integer scalar.")
    return n[0]


def _one_dimensional(fname: str, x: Value, args: tuple[Value, ...], inverse: bool) -> Value:
    symmetric = bool(args) and is_text(args[-1], "symmetric")
    if args and (is_text(args[-1], "nonsymmetric") or symmetric):
        args = args[:-1]
    if len(args) > 2:
        raise MatlabError("MATLAB:TooManyInputs", "Too many input arguments.")
    arr, cls = _transform_input(fname, x)
    n = _length(args[0] if args else None, fname)
    axis = first_nonsingleton(arr.shape) if len(args) < 2 else dim_arg(args[1])
    arr, axis = along_axis(arr, axis, n or 1)
    if n is not None:
        check_size(arr.shape[:axis] + (n,) + arr.shape[axis + 1:], 16)
    if arr.size == 0 and n is None:
        return to_value(arr.astype(np.complex64 if cls == "single" else np.complex128))
    if symmetric:
        length = n or arr.shape[axis]
        half = np.take(arr, range(min(length // 2 + 1, arr.shape[axis])), axis=axis)
        out = scipy.fft.irfft(half, n=length, axis=axis)
    else:
        arr = _fitted(arr, [n or arr.shape[axis]], (axis,))
        out = (scipy.fft.ifft if inverse else scipy.fft.fft)(arr, axis=axis)
        if inverse and _conjugate_symmetric(arr, (axis,)):
            out = out.real
    return to_value(out.reshape(normalize_shape(out.shape), order="F") if out.ndim > 2 else out)


def _fitted(arr: np.ndarray, sizes: list[int], axes: tuple[int, ...]) -> np.ndarray:
    """``arr`` cut or padded with zeros to ``sizes`` along ``axes`` (a transform length n)."""
    for n, axis in zip(sizes, axes):
        if n < arr.shape[axis]:
            arr = np.take(arr, range(n), axis=axis)
        elif n > arr.shape[axis]:
            widths = [(0, 0)] * arr.ndim
            widths[axis] = (0, n - arr.shape[axis])
            arr = np.pad(arr, widths)
    return arr


def _real_fftn(arr: np.ndarray, axes: tuple[int, ...]) -> np.ndarray:
    """fftn of a real array, exactly conjugate symmetric (as MATLAB's, so that ifftn gives it back real;
    scipy's fftn of a real array is not exact): the mean of Y(k) and conj(Y(-k)), which is symmetric
    bit for bit since floating-point addition commutes."""
    out = scipy.fft.fftn(arr, axes=axes)
    return (out + np.conj(_mirrored(out, axes))) / 2


def _mirrored(arr: np.ndarray, axes: tuple[int, ...]) -> np.ndarray:
    """Y(-k mod n) along ``axes``."""
    for axis in axes:
        arr = np.roll(np.flip(arr, axis), 1, axis)
    return arr


def _conjugate_symmetric(arr: np.ndarray, axes: tuple[int, ...]) -> bool:
    """Whether Y(k) == conj(Y(-k mod n)) exactly along ``axes`` for every vector (NaN never is): then the
    inverse transform is real, and MATLAB's ifft returns it as a real array (ifft(fft(x)) of a real x)."""
    return bool(np.array_equal(arr, np.conj(_mirrored(arr, axes))))


@builtin("fft", family="numerical")
def fft(x: Value, *args: Value) -> Value:
    """fft(X), fft(X, n), fft(X, n, dim)  discrete Fourier transform along the first non-singleton
    dimension (or dim).

    n pads X with zeros or truncates it to n points ([] keeps the length). The result is complex; single
    input gives single output.

        fft([1 2 3 4])    % 10  -2+2i  -2  -2-2i
    """
    return _one_dimensional("fft", x, args, inverse=False)


@builtin("ifft", family="numerical")
def ifft(x: Value, *args: Value) -> Value:
    """ifft(Y), ifft(Y, n), ifft(Y, n, dim), ifft(..., 'symmetric')  inverse discrete Fourier transform.

    The forms of fft. With 'symmetric', Y is taken as conjugate symmetric (its second half ignored) and
    the result is real.

        ifft(fft([1 2 3]))    % 1 2 3
    """
    return _one_dimensional("ifft", x, args, inverse=True)


def _many_dimensional(fname: str, x: Value, sizes: list[int] | None, symmetric: bool, inverse: bool,
                      axes: tuple[int, ...] | None) -> Value:
    arr, cls = _transform_input(fname, x)
    if sizes is not None:
        check_size(tuple(sizes) + arr.shape[len(sizes):], 16)
    if axes is None:
        axes = tuple(range(max(arr.ndim, len(sizes or ()))))
    if arr.ndim < len(axes):
        arr = arr.reshape(arr.shape + (1,) * (len(axes) - arr.ndim))
    if arr.size == 0 and sizes is None:
        return to_value(arr.astype(np.complex64 if cls == "single" else np.complex128))
    if sizes is not None:
        arr = _fitted(arr, list(sizes), axes)
    if inverse:
        out = scipy.fft.ifftn(arr, axes=axes)
        out = out.real if symmetric or _conjugate_symmetric(arr, axes) else out
    else:
        out = scipy.fft.fftn(arr, axes=axes) if arr.dtype.kind == "c" else _real_fftn(arr, axes)
    return to_value(out.reshape(normalize_shape(out.shape), order="F") if out.ndim > 2 else out)


def _split_symmetric(args: tuple[Value, ...]) -> tuple[tuple[Value, ...], bool]:
    if args and (is_text(args[-1], "symmetric") or is_text(args[-1], "nonsymmetric")):
        return args[:-1], is_text(args[-1], "symmetric")
    return args, False


def _two_dimensional(fname: str, x: Value, args: tuple[Value, ...], inverse: bool) -> Value:
    args, symmetric = _split_symmetric(args)
    if len(args) not in (0, 2):
        raise MatlabError(f"MATLAB:{fname}:invalidSizes", f"Use {fname}(X) or {fname}(X, m, n).")
    sizes = [_length(v, fname) for v in args] if args else None
    if sizes is not None and None in sizes:
        raise MatlabError(f"MATLAB:{fname}:invalidSizes", "The sizes m and n must be positive integers.")
    return _many_dimensional(fname, x, sizes, symmetric, inverse, (0, 1))


@builtin("fft2", family="numerical")
def fft2(x: Value, *args: Value) -> Value:
    """fft2(X), fft2(X, m, n)  two-dimensional discrete Fourier transform (of each page of an N-d X).

    m and n pad or truncate X to m rows and n columns first.

        fft2([1 2; 3 4])    % [10 -2; -4 0]
    """
    return _two_dimensional("fft2", x, args, inverse=False)


@builtin("ifft2", family="numerical")
def ifft2(x: Value, *args: Value) -> Value:
    """ifft2(Y), ifft2(Y, m, n), ifft2(..., 'symmetric')  two-dimensional inverse Fourier transform.

    With 'symmetric' the result is real (Y is taken as conjugate symmetric).

        ifft2(fft2([1 2; 3 4]))    % [1 2; 3 4]
    """
    return _two_dimensional("ifft2", x, args, inverse=True)


def _n_dimensional(fname: str, x: Value, args: tuple[Value, ...], inverse: bool) -> Value:
    args, symmetric = _split_symmetric(args)
    if len(args) > 1:
        raise MatlabError("MATLAB:TooManyInputs", "Too many input arguments.")
    sizes = integer_values(args[0], fname) if args else None
    if sizes is not None and any(s < 1 for s in sizes):
        raise MatlabError(f"MATLAB:{fname}:invalidSizes", "The sizes must be positive integers.")
    return _many_dimensional(fname, x, sizes, symmetric, inverse, None if sizes is None else
                             tuple(range(len(sizes))))


@builtin("fftn", family="numerical")
def fftn(x: Value, *args: Value) -> Value:
    """fftn(X), fftn(X, sz)  N-dimensional discrete Fourier transform (along every dimension).

    sz pads or truncates X to the size vector sz first.

        fftn(ones(2, 2, 2))    % 8 at (1, 1, 1), zeros elsewhere
    """
    return _n_dimensional("fftn", x, args, inverse=False)


@builtin("ifftn", family="numerical")
def ifftn(x: Value, *args: Value) -> Value:
    """ifftn(Y), ifftn(Y, sz), ifftn(..., 'symmetric')  N-dimensional inverse Fourier transform.

    With 'symmetric' the result is real.

        ifftn(fftn(magic(3)))    % magic(3)
    """
    return _n_dimensional("ifftn", x, args, inverse=True)


def _shifted(fname: str, x: Value, dim: Value | None, inverse: bool) -> Value:
    axes = None if dim is None else (dim_arg(dim),)
    if axes is not None and axes[0] >= len(size_of(x)):
        return x
    shift = np.fft.ifftshift if inverse else np.fft.fftshift
    return restructure(x, lambda data: shift(data, axes=axes).copy(), fname)


@builtin("fftshift", family="numerical")
def fftshift(x: Value, dim: Value | None = None) -> Value:
    """fftshift(X), fftshift(X, dim)  move the zero-frequency component to the center of the spectrum.

    Swaps the half-spaces of X along every dimension (or only dim); arrays of every class work.

        fftshift([1 2 3 4 5])    % 4 5 1 2 3
    """
    return _shifted("fftshift", x, dim, inverse=False)


@builtin("ifftshift", family="numerical")
def ifftshift(x: Value, dim: Value | None = None) -> Value:
    """ifftshift(X), ifftshift(X, dim)  undo fftshift: move the center of the spectrum back to the start.

    For odd lengths it differs from fftshift; the class is kept.

        ifftshift([4 5 1 2 3])    % 1 2 3 4 5
    """
    return _shifted("ifftshift", x, dim, inverse=True)


XCORR_SCALES = ("none", "biased", "unbiased", "normalized", "coeff")


@builtin("xcorr", family="numerical")
def xcorr(x: Value, *args: Value, nargout: int = 1):
    """r = xcorr(x, y), xcorr(x), xcorr(..., maxlag), xcorr(..., scaleopt), [r, lags] = xcorr(...)
    Cross-correlation of two vectors (the autocorrelation of one).

    r(m + N) = sum over n of x(n + m) * conj(y(n)) for lags m = -(N-1):(N-1), N the longer length (the
    shorter vector is padded with zeros at its end). maxlag limits the lags to -maxlag:maxlag (zeros
    past N-1); scaleopt is 'none' (the default), 'biased' (r / N), 'unbiased' (r ./ (N - |m|)) or
    'normalized' ('coeff': the autocorrelations at lag 0 are 1); other than 'none' needs vectors of one
    length. r is a row for a row x, else a column; lags is a row. Matrices (the correlations of
    every pair of columns) are not supported. (xcorr is MATLAB's Signal Processing Toolbox function.)

        xcorr([1 2 3])               % [3 8 14 8 3]
        [r, lags] = xcorr([1 2], [1 1 1], 1)
    """
    rest = list(args)
    scale = "none"
    if rest and is_text(rest[-1]):
        scale = (option_text(rest.pop()) or "").lower()
        if scale not in XCORR_SCALES:
            raise MatlabError("signal:xcorr:UnknInput", f"Unknown scaling option '{scale}': use 'none', 'biased', "
                              "'unbiased' or 'normalized'.")
    if len(rest) > 2:
        raise MatlabError("MATLAB:TooManyInputs", "Too many input arguments.")
    maxlag = rest.pop() if len(rest) == 2 or rest and size_of(rest[0]) == (1, 1) else None
    (a, *b), cls = _arrays("xcorr", (x, *rest), ANY_NUMERIC)
    for value in (a, *b):
        if value.ndim > 2 or min(value.shape) > 1:
            raise MatlabError("signal:xcorr:MatrixInput", "xcorr of matrices (every pair of columns) is not "
                              "supported: give vectors.")
    u = a.ravel(order="F")
    v = b[0].ravel(order="F") if b else u
    n = max(u.size, v.size)
    if scale != "none" and u.size != v.size:
        raise MatlabError("signal:xcorr:NoneScaleOption",
                          "To use a scaling option other than 'none', x and y must have the same length.")
    lag = n - 1 if maxlag is None else _lag_value(maxlag)
    check_size((1, 2 * lag + 1))
    u, v = (np.concatenate([w, np.zeros(n - w.size, dtype=w.dtype)]) for w in (u, v))
    full = scipy.signal.correlate(u, v, mode="full") if n else np.zeros(0, dtype=u.dtype)
    lags = np.arange(-lag, lag + 1)
    r = np.zeros(lags.size, dtype=full.dtype)
    inside = np.abs(lags) <= n - 1
    r[inside] = full[lags[inside] + n - 1]
    with np.errstate(all="ignore"):
        if scale == "biased":
            r = r / n
        elif scale == "unbiased":
            r = np.where(inside, r / np.maximum(n - np.abs(lags), 1), 0)
        elif scale in ("normalized", "coeff"):
            r = r / np.sqrt(np.vdot(u, u).real * np.vdot(v, v).real)
    dtype = r.dtype if r.dtype.kind == "c" else work_dtype(cls)
    out = to_value(r.astype(dtype).reshape((1, -1) if size_of(x)[0] == 1 else (-1, 1)))
    return (out, to_value(lags.astype(np.float64).reshape(1, -1))) if nargout > 1 else out


def _lag_value(value: Value) -> int:
    lag = integer_values(value, "xcorr")
    if len(lag) != 1 or lag[0] < 0:
        raise MatlabError("signal:xcorr:MaxLagMustBeNonNegInt", "maxlag must be a nonnegative integer scalar.")
    return int(lag[0])
