"""The plots the Signal Processing Toolbox functions draw when called with no output arguments: freqz's
magnitude and phase responses, the power spectral density estimates of periodogram and pwelch, and
spectrogram's image. They are drawn through the graphics builtins (subplot, plot, imagesc, labels),
so they land in the current figure as MATLAB's do."""
from __future__ import annotations

import numpy as np

from ..values import CharArray

NORMALIZED = r"Normalized Frequency  (\times\pi rad/sample)"


def _text(value: str) -> CharArray:
    return CharArray.from_str(value)


def _row(values: np.ndarray) -> np.ndarray:
    return np.asarray(values, dtype=np.float64).reshape(1, -1)


def _frequency_axis(freqs: np.ndarray, fs: float | None) -> tuple[np.ndarray, str]:
    """The x values and label: w/pi for normalized frequencies, else Hz."""
    return (freqs / np.pi, NORMALIZED) if fs is None else (freqs, "Frequency (Hz)")


def _panel(ctx, x: np.ndarray, y: np.ndarray, xlabel: str, ylabel: str, title: str | None = None) -> None:
    ctx.call("plot", [_row(x), _row(y)], 0)
    ctx.call("grid", [_text("on")], 0)
    ctx.call("xlabel", [_text(xlabel)], 0)
    ctx.call("ylabel", [_text(ylabel)], 0)
    if title is not None:
        ctx.call("title", [_text(title)], 0)


def plot_response(ctx, h: np.ndarray, freqs: np.ndarray, fs: float | None) -> None:
    """freqz's plot: the magnitude in dB above the unwrapped phase in degrees."""
    x, label = _frequency_axis(freqs, fs)
    with np.errstate(divide="ignore"):
        magnitude = 20 * np.log10(np.abs(h))
    ctx.call("subplot", [2.0, 1.0, 1.0], 0)
    _panel(ctx, x, magnitude, label, "Magnitude (dB)")
    ctx.call("subplot", [2.0, 1.0, 2.0], 0)
    _panel(ctx, x, np.unwrap(np.angle(h)) * 180 / np.pi, label, "Phase (degrees)")


def plot_density(ctx, pxx: np.ndarray, freqs: np.ndarray, fs: float | None, method: str, kind: str) -> None:
    """periodogram's and pwelch's plot: 10*log10 of each column of the estimate against frequency."""
    x, label = _frequency_axis(freqs, fs)
    with np.errstate(divide="ignore"):
        decibels = 10 * np.log10(pxx)
    if kind == "power":
        ylabel, title = "Power (dB)", f"{method} Power Spectrum Estimate"
    else:
        ylabel = "Power/frequency (dB/(rad/sample))" if fs is None else "Power/frequency (dB/Hz)"
        title = f"{method} Power Spectral Density Estimate"
    ctx.call("plot", [x.reshape(-1, 1), decibels], 0)
    ctx.call("grid", [_text("on")], 0)
    ctx.call("xlabel", [_text(label)], 0)
    ctx.call("ylabel", [_text(ylabel)], 0)
    ctx.call("title", [_text(title)], 0)


def plot_spectrogram(ctx, power: np.ndarray, freqs: np.ndarray, times: np.ndarray, fs: float | None,
                     frequency_on_y: bool) -> None:
    """spectrogram's plot: the power spectral density of each segment in dB as an image, time along one
    axis and frequency along the other ('yaxis': frequency vertical), with a colorbar."""
    f, flabel = _frequency_axis(freqs, fs)
    tlabel = "Samples" if fs is None else "Time (s)"
    with np.errstate(divide="ignore"):
        decibels = 10 * np.log10(np.abs(power) + np.finfo(float).eps)
    if frequency_on_y:
        ctx.call("imagesc", [_row(times), _row(f), decibels], 0)
        xlabel, ylabel = tlabel, flabel
    else:
        ctx.call("imagesc", [_row(f), _row(times), decibels.T], 0)
        xlabel, ylabel = flabel, tlabel
    ctx.call("axis", [_text("xy")], 0)
    ctx.call("xlabel", [_text(xlabel)], 0)
    ctx.call("ylabel", [_text(ylabel)], 0)
    ctx.call("colorbar", [], 0)
