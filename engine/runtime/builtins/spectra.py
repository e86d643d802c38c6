"""Spectral estimation of the Signal Processing Toolbox: periodogram pwelch spectrogram.

All three take MATLAB's defaults and scale as MATLAB does: the power spectral density of a windowed
segment is |fft(x.*w, nfft)|^2 / sum(w.^2) / fs (fs = 2*pi for normalized frequency, rad/sample), the
power spectrum ('power') |fft(x.*w, nfft)|^2 / sum(w)^2; a segment longer than nfft is wrapped onto
nfft points first. A one-sided spectrum (the default for real data) keeps the frequencies from 0 to
Nyquist and doubles all but 0 and Nyquist; 'centered' puts 0 in the middle. pwelch averages the
periodograms of Hamming-windowed segments (by default 8 with 50% overlap); spectrogram keeps the short-time
Fourier transforms of such segments.
"""
from __future__ import annotations

import numpy as np
import scipy

from ..errors import MatlabError, check_size
from ..semantics import to_value
from ..values import Value
from .firdesign import real_vector
from .registry import builtin
from .resampling import columns
from .sigplots import plot_density, plot_spectrogram
from .sizes import numeric_array, option_text
from .windows import cosine_window

RANGES = ("onesided", "twosided", "centered")
TYPES = ("psd", "power")


def _is_empty(fname: str, value: Value | None) -> bool:
    return value is None or option_text(value) is None and numeric_array(value, fname).size == 0


def _options(fname: str, args: list[Value], numeric_slots: int,
             plot_words: tuple[str, ...] = ()) -> tuple[list[Value | None], str | None, str, str | None]:
    """Split the arguments after x into numeric ones (padded with None to numeric_slots) and the text
    options: (numeric, frequency range or None, spectrum type, the plot option of plot_words or None)."""
    numeric: list[Value | None] = []
    freq_range, kind, plot_word = None, "psd", None
    for arg in args:
        word = option_text(arg)
        if word is None:
            if numeric and len(numeric) >= numeric_slots:
                raise MatlabError("MATLAB:TooManyInputs", "Too many input arguments.")
            numeric.append(arg)
            continue
        word = word.lower()
        if word in RANGES:
            freq_range = word
        elif word in TYPES:
            kind = word
        elif word in plot_words:
            plot_word = word
        else:
            words = ", ".join(f"'{w}'" for w in RANGES + TYPES + plot_words)
            raise MatlabError(f"signal:{fname}:UnsupportedOption", f"{fname} does not support the option "
                              f"'{word}': use one of {words}.")
    return numeric + [None] * (numeric_slots - len(numeric)), freq_range, kind, plot_word


def _nfft(fname: str, value: Value | None, length: int) -> int:
    if _is_empty(fname, value):
        return max(256, 1 << max(length - 1, 0).bit_length())
    n = real_vector(fname, value, "NFFT")
    if n.size != 1:
        raise MatlabError(f"signal:{fname}:UnsupportedFrequencyVector", f"{fname} at a vector of frequencies "
                          "(the Goertzel algorithm) is not supported: give the number of DFT points nfft.")
    if not np.isfinite(n[0]) or n[0] < 1 or n[0] != np.floor(n[0]):
        raise MatlabError(f"signal:{fname}:InvalidNFFT", "NFFT must be a positive integer.")
    return check_size((int(n[0]), 1), 16)[0]


def _fs(fname: str, value: Value | None) -> float | None:
    if _is_empty(fname, value):
        return None
    fs = real_vector(fname, value, "The sampling frequency Fs")
    if fs.size != 1 or not fs[0] > 0 or not np.isfinite(fs[0]):
        raise MatlabError(f"signal:{fname}:InvalidFs", "The sampling frequency Fs must be a positive scalar.")
    return float(fs[0])


def _segment_spectra(segments: np.ndarray, win: np.ndarray, nfft: int) -> np.ndarray:
    """fft(segment .* win, nfft) along axis 0, each windowed segment wrapped onto nfft points first when
    longer (MATLAB's datawrap)."""
    windowed = segments * win.reshape((-1,) + (1,) * (segments.ndim - 1))
    if windowed.shape[0] > nfft:
        pad = -windowed.shape[0] % nfft
        windowed = np.concatenate([windowed, np.zeros((pad,) + windowed.shape[1:], windowed.dtype)])
        windowed = windowed.reshape((-1, nfft) + windowed.shape[1:]).sum(axis=0)
    return scipy.fft.fft(windowed, n=nfft, axis=0)


def _frequencies(nfft: int, fs: float | None) -> np.ndarray:
    return np.arange(nfft) * ((2 * np.pi if fs is None else fs) / nfft)


def _arrange(pxx: np.ndarray, nfft: int, fs: float | None, freq_range: str,
             double: bool) -> tuple[np.ndarray, np.ndarray]:
    """A two-sided spectrum (nfft rows) and its frequencies in MATLAB's frequency range: 'onesided'
    (0 to Nyquist, all but DC and Nyquist doubled when ``double``), 'twosided' or 'centered'."""
    freqs = _frequencies(nfft, fs)
    if freq_range == "onesided":
        keep = nfft // 2 + 1 if nfft % 2 == 0 else (nfft + 1) // 2
        pxx, freqs = pxx[:keep].copy(), freqs[:keep]
        if double:
            last = keep - 1 if nfft % 2 == 0 else keep
            pxx[1:last] *= 2
        return pxx, freqs
    if freq_range == "centered":
        span = 2 * np.pi if fs is None else fs
        if nfft % 2 == 0:        # (-Nyquist, Nyquist]
            order = np.concatenate([np.arange(nfft // 2 + 1, nfft), np.arange(nfft // 2 + 1)])
        else:
            order = np.concatenate([np.arange((nfft + 1) // 2, nfft), np.arange((nfft + 1) // 2)])
        shifted = freqs[order]
        return pxx[order], np.where(shifted > span / 2, shifted - span, shifted)
    return pxx, freqs


def _default_range(freq_range: str | None, data: np.ndarray) -> str:
    if freq_range is None:
        return "twosided" if data.dtype.kind == "c" else "onesided"
    if freq_range == "onesided" and data.dtype.kind == "c":
        raise MatlabError("signal:welch:InconsistentRangeOption", "The 'onesided' frequency range is for real "
                          "signals only.")
    return freq_range


def _scale(kind: str, win: np.ndarray, fs: float | None) -> float:
    if kind == "power":
        return float(win.sum() ** 2)
    return float(win @ win) * (2 * np.pi if fs is None else fs)


def _signal(fname: str, x: Value) -> tuple[np.ndarray, bool]:
    arr, row = columns(fname, x)
    data = arr.astype(np.complex128 if arr.dtype.kind == "c" else np.float64)
    if data.shape[0] == 0:
        raise MatlabError(f"signal:{fname}:EmptyInput", "The input signal must not be empty.")
    return data, row


def _outputs(pxx: np.ndarray, freqs: np.ndarray, nargout: int):
    p = to_value(pxx)
    return (p, to_value(freqs.reshape(-1, 1))) if nargout > 1 else p


@builtin("periodogram", family="numerical")
def periodogram(ctx, x: Value, *args: Value, nargout: int = 1):
    """[pxx, w] = periodogram(x), periodogram(x, window), periodogram(x, window, nfft), [pxx, f] =
    periodogram(x, window, nfft, fs), periodogram(..., freqrange), periodogram(..., 'power')
    periodogram power spectral density estimate.

    pxx = |fft(x.*window, nfft)|^2 / sum(window.^2) / fs: window defaults to the rectangular window
    ([] too), nfft to max(256, 2^nextpow2(length(x))), and without fs the frequencies w are in
    rad/sample (fs taken as 2*pi), else f in Hz. freqrange is 'onesided' (the default for real x: 0 to
    Nyquist, nfft/2+1 or (nfft+1)/2 points, the power of the negative frequencies added), 'twosided'
    (the default for complex x: [0, 2*pi)) or 'centered'; 'power' gives the power spectrum
    (|...|^2 / sum(window)^2) in place of the density. Works on the columns of a matrix. With no output
    arguments it plots 10*log10(pxx) in the current figure. Frequency vectors (Goertzel) are not
    supported. (periodogram is MATLAB's Signal Processing Toolbox function.)

        [pxx, w] = periodogram(cos(pi/4*(0:63)));    % peak 64/(4*pi) at w = pi/4
    """
    (window, nfft_arg, fs_arg), freq_range, kind, _ = _options("periodogram", list(args), 3)
    data, _ = _signal("periodogram", x)
    length = data.shape[0]
    if _is_empty("periodogram", window):
        win = np.ones(length)
    else:
        win = real_vector("periodogram", window, "The window")
        if win.size != length:
            raise MatlabError("signal:periodogram:invalidWindow", "The length of the window must be the same "
                              "as the length of the input signal.")
    nfft = _nfft("periodogram", nfft_arg, length)
    fs = _fs("periodogram", fs_arg)
    spectra = _segment_spectra(data, win, nfft)
    pxx = np.abs(spectra) ** 2 / _scale(kind, win, fs)
    pxx, freqs = _arrange(pxx, nfft, fs, _default_range(freq_range, data), double=True)
    if nargout == 0:
        return plot_density(ctx, pxx, freqs, fs, "Periodogram", kind)
    return _outputs(pxx, freqs, nargout)


def _segments(fname: str, window: Value | None, noverlap: Value | None, length: int) -> tuple[np.ndarray, int]:
    """(window, overlap) by MATLAB's rules: no window, the Hamming windows of 8 segments that overlap
    by half; a scalar L, hamming(L); else the vector; the overlap defaults to half the window."""
    overlap_given = None if _is_empty(fname, noverlap) else real_vector(fname, noverlap, "NOVERLAP")
    if overlap_given is not None and (overlap_given.size != 1 or not 0 <= overlap_given[0] < np.inf or
                                      overlap_given[0] != np.floor(overlap_given[0])):
        raise MatlabError(f"signal:{fname}:InvalidNoverlap", "NOVERLAP must be a nonnegative integer.")
    if _is_empty(fname, window):
        if overlap_given is None:
            seg = int(np.fix(length / 4.5))
            overlap = int(np.fix(0.5 * seg))
        else:
            overlap = int(overlap_given[0])
            seg = int(np.fix((length + 7 * overlap) / 8))
        win = cosine_window("hamming", seg)
    else:
        given = real_vector(fname, window, "The window")
        if given.size == 1:
            if not 1 <= given[0] < np.inf or given[0] != np.floor(given[0]):
                raise MatlabError(f"signal:{fname}:InvalidWindow", "The window length must be a positive integer.")
            win = cosine_window("hamming", int(given[0]))
        else:
            win = given
        overlap = int(np.fix(0.5 * win.size)) if overlap_given is None else int(overlap_given[0])
    if win.size < 1 or win.size > length:
        raise MatlabError(f"signal:{fname}:invalidSegmentLength", "The length of the segments cannot be greater "
                          "than the length of the input signal.")
    if overlap >= win.size:
        raise MatlabError(f"signal:{fname}:invalidNoverlap", "The number of samples to overlap must be less "
                          "than the length of the segments.")
    return win, overlap


def _framed(data: np.ndarray, size: int, overlap: int) -> np.ndarray:
    """The segments of data (along axis 0): axis 0 within a segment, axis 1 the segment, then columns."""
    step = size - overlap
    count = (data.shape[0] - overlap) // step
    starts = np.arange(count) * step
    return np.stack([data[s:s + size] for s in starts], axis=1)


@builtin("pwelch", family="numerical")
def pwelch(ctx, x: Value, *args: Value, nargout: int = 1):
    """[pxx, w] = pwelch(x), pwelch(x, window), pwelch(x, window, noverlap), pwelch(x, window, noverlap,
    nfft), [pxx, f] = pwelch(x, window, noverlap, nfft, fs), pwelch(..., freqrange), pwelch(..., 'power')
    Welch's power spectral density estimate: the average of the periodograms of overlapping windowed
    segments.

    MATLAB's defaults: without a window ([] too), x is cut into 8 segments of fix(length/4.5) samples
    overlapping by half, each windowed by a Hamming window; a scalar window is a Hamming window of that
    length, a vector the window itself; noverlap defaults to half the window length, nfft to
    max(256, 2^nextpow2(segment length)). Segments start every length - noverlap samples (a partial last
    one is dropped). The scaling, frequencies and freqrange ('onesided' for real x, 'twosided',
    'centered') are periodogram's; 'power' averages power spectra. Works on the columns of a matrix.
    With no output arguments it plots 10*log10(pxx) in the current figure. Frequency vectors and
    'maxhold'/'minhold' are not supported. (pwelch is MATLAB's Signal
    Processing Toolbox function.)

        [pxx, f] = pwelch(randn(1000, 1), 100, 50, 256, 1000);    % about 2/1000 (white noise, one-sided)
    """
    (window, noverlap, nfft_arg, fs_arg), freq_range, kind, _ = _options("pwelch", list(args), 4)
    data, _ = _signal("pwelch", x)
    win, overlap = _segments("pwelch", window, noverlap, data.shape[0])
    nfft = _nfft("pwelch", nfft_arg, win.size)
    fs = _fs("pwelch", fs_arg)
    spectra = _segment_spectra(_framed(data, win.size, overlap), win, nfft)
    pxx = (np.abs(spectra) ** 2).mean(axis=1) / _scale(kind, win, fs)
    pxx, freqs = _arrange(pxx, nfft, fs, _default_range(freq_range, data), double=True)
    if nargout == 0:
        return plot_density(ctx, pxx, freqs, fs, "Welch", kind)
    return _outputs(pxx, freqs, nargout)


@builtin("spectrogram", family="numerical")
def spectrogram(ctx, x: Value, *args: Value, nargout: int = 1):
    """[s, w, t] = spectrogram(x), spectrogram(x, window), spectrogram(x, window, noverlap),
    spectrogram(x, window, noverlap, nfft), [s, f, t] = spectrogram(x, window, noverlap, nfft, fs),
    [s, f, t, ps] = spectrogram(...), spectrogram(..., freqrange)  short-time Fourier transform.

    Column k of s is fft(segment_k .* window, nfft) of the k-th segment of the vector x; the window,
    overlap and nfft defaults are pwelch's (8 Hamming-windowed segments overlapping by half; nfft
    max(256, 2^nextpow2(segment length))). For real x, s keeps the frequencies 0 to Nyquist ('onesided';
    'twosided' and 'centered' as periodogram). w (rad/sample) or f (Hz, with fs) is a column; t is a row
    of the segments' centres, (k*(length(window) - noverlap) + length(window)/2)/fs (in samples without
    fs); ps is the power spectral density of each segment (periodogram's scaling; 'power' for the power
    spectrum). With no output arguments it shows 10*log10(ps) as an image in the current figure, frequency
    along x ('xaxis', the default) or y ('yaxis'), with a colorbar. Frequency vectors and reassignment
    are not supported. (spectrogram is MATLAB's Signal Processing Toolbox function.)

        [s, f, t] = spectrogram(sin(0.5*(1:512)), 128, 64, 128, 1000);    % s is 65x7
    """
    (window, noverlap, nfft_arg, fs_arg), freq_range, kind, axis_word = _options(
        "spectrogram", list(args), 4, ("xaxis", "yaxis"))
    data, _ = _signal("spectrogram", x)
    if data.shape[1] != 1:
        raise MatlabError("signal:spectrogram:MustBeVector", "The input signal X must be a vector.")
    win, overlap = _segments("spectrogram", window, noverlap, data.shape[0])
    nfft = _nfft("spectrogram", nfft_arg, win.size)
    fs = _fs("spectrogram", fs_arg)
    segments = _framed(data[:, 0], win.size, overlap)
    spectra = _segment_spectra(segments, win, nfft)
    freq_range = _default_range(freq_range, data)
    s, freqs = _arrange(spectra, nfft, fs, freq_range, double=False)
    step = win.size - overlap
    times = (np.arange(segments.shape[1]) * step + win.size / 2) / (1.0 if fs is None else fs)
    power, _ = _arrange(np.abs(spectra) ** 2 / _scale(kind, win, fs), nfft, fs, freq_range, double=True)
    if nargout == 0:
        return plot_spectrogram(ctx, power, freqs, times, fs, axis_word == "yaxis")
    result = [to_value(s), to_value(freqs.reshape(-1, 1)), to_value(times.reshape(1, -1)), to_value(power)]
    return tuple(result[:nargout]) if nargout > 1 else result[0]
