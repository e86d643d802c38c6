"""The plots of freqz, periodogram, pwelch and spectrogram called with no output arguments: what is drawn
is the function's own output (the magnitude in dB and the unwrapped phase in degrees; 10*log10 of the
estimate; the image of 10*log10(ps)), against MATLAB's axis labels and titles."""
import numpy as np

from engine.runtime.figures import graphics_state
from graphics_helpers import axes_of


def _figure_axes(ctx):
    gs = graphics_state(ctx.state)
    return gs.figures[gs.current].mpl.axes


def test_freqz_magnitude_and_phase(ctx, call):
    call("freqz", [1.0, 1.0], [1.0, -0.5], 8.0)
    h, w = call("freqz", [1.0, 1.0], [1.0, -0.5], 8.0, nargout=2)
    top, bottom = _figure_axes(ctx)[:2]
    x, y = top.get_lines()[0].get_data()
    assert np.allclose(x, w.ravel() / np.pi) and np.allclose(y, 20 * np.log10(np.abs(h.ravel())))
    assert top.get_ylabel() == "Magnitude (dB)" and bottom.get_ylabel() == "Phase (degrees)"
    assert np.allclose(bottom.get_lines()[0].get_data()[1], np.unwrap(np.angle(h.ravel())) * 180 / np.pi)
    assert "rad/sample" in top.get_xlabel()


def test_freqz_in_hertz(ctx, call):
    call("freqz", [1.0, 2.0, 1.0], 1.0, 4.0, 100.0)
    top = _figure_axes(ctx)[0]
    assert top.get_lines()[0].get_data()[0].tolist() == [0, 12.5, 25, 37.5]
    assert top.get_xlabel() == "Frequency (Hz)"


def test_periodogram_and_pwelch_plot_their_estimates(ctx, call):
    x = np.sin(0.3 * np.arange(1, 101)).reshape(-1, 1)
    call("periodogram", x)
    pxx, w = call("periodogram", x, nargout=2)
    axes = axes_of(ctx)
    px, py = axes.get_lines()[0].get_data()
    assert np.allclose(px, w.ravel() / np.pi) and np.allclose(py, 10 * np.log10(pxx.ravel()))
    assert axes.get_title() == "Periodogram Power Spectral Density Estimate"
    assert axes.get_ylabel() == "Power/frequency (dB/(rad/sample))"
    call("figure")
    call("pwelch", x, [], [], [], 1000.0, "power")
    axes = axes_of(ctx)
    assert axes.get_title() == "Welch Power Spectrum Estimate" and axes.get_ylabel() == "Power (dB)"
    assert axes.get_xlabel() == "Frequency (Hz)"


def test_spectrogram_image(ctx, call):
    x = np.sin(0.5 * np.arange(1, 513)).reshape(1, -1)
    call("spectrogram", x, 128.0, 64.0, 128.0, 1000.0, "yaxis")
    s, f, t, ps = call("spectrogram", x, 128.0, 64.0, 128.0, 1000.0, nargout=4)
    axes = axes_of(ctx)
    image = axes.get_images()[0].get_array()
    assert image.shape == ps.shape == (65, 7)
    assert np.allclose(image, 10 * np.log10(ps + np.finfo(float).eps))
    assert axes.get_xlabel() == "Time (s)" and axes.get_ylabel() == "Frequency (Hz)"
    call("figure")
    call("spectrogram", x, 128.0, 64.0, 128.0)
    axes = axes_of(ctx)
    assert axes.get_images()[0].get_array().shape == (7, 65)        # frequency along x by default
    assert "rad/sample" in axes.get_xlabel() and axes.get_ylabel() == "Samples"
