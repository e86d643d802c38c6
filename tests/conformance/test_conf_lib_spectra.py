"""Conformance: periodogram, pwelch and spectrogram (Signal Processing Toolbox).

periodogram's values were recorded with GNU Octave 7.3's core periodogram (MATLAB's scaling: |X|^2 /
sum(w.^2) / fs, fs = 2*pi without one, the one-sided spectrum doubled but for DC and Nyquist, segments
longer than nfft wrapped); 'centered' and 'power', which Octave lacks, and the pure tones are closed
forms: a cosine of amplitude 1 at a DFT bin has power 1/2 there (one-sided), and density N/(4*pi)
with N samples and the rectangular window. pwelch's values are scipy.signal.welch's with MATLAB's
defaults passed explicitly (a symmetric Hamming window of fix(N/4.5) samples, half of it overlapping,
nfft max(256, 2^nextpow2(L)), no detrending, density scaling): Welch's average of the same modified
periodograms. spectrogram's columns are fft(segment .* hamming(L), nfft), its times the segment
centres (k*(L - noverlap) + L/2)/fs, as MATLAB documents."""
import pytest

from harness import C, D, L, case, check, params

X = "x = [1 3 2 5 4 1 0 2];"
S = "x = sin(0.3*(1:40)) + (1:40)/20;"

CASES = [
    case('periodogram_default', X + " [p, w] = periodogram(x); n = size(p); q = p(1:3)'; v = w(1:2)'; e = w(end);",
         n=D([129, 1]), q=D([6.445775195221762, 12.86461329726255, 12.784130179432966]),
         v=D([0, 0.02454369260617026]), e=D(3.141592653589793)),
    case('periodogram_forms',
         X + " [p2, f2] = periodogram(x', hamming(8), 16, 100); [p3, w3] = periodogram(x, [], 7, 'twosided'); "
         "[p5, w5] = periodogram(x'.^2, [], 9); [p6, f6] = periodogram(x, [], 8, 1000);",
         p2=D([0.4756967999398764, 0.7988629885545704, 0.4968180085922269, 0.26224623983771145, 0.13837608958075331,
               0.07495838767359268, 0.032669338984508994, 0.01224961146376379, 0.0047569904322730125], (9, 1)),
         f2=D([0, 6.25, 12.5, 18.75, 25, 31.25, 37.5, 43.75, 50], (9, 1)),
         p3=D([6.445775195221762, 0.5839034991622455, 0.6045571100765356, 0.044990199723408036, 0.044990199723408036,
               0.6045571100765356, 0.5839034991622455], (7, 1)),
         w3=D([0, 0.8975979010256552, 1.7951958020513104, 2.6927937030769655, 3.5903916041026207, 4.487989505128276,
               5.385587406153931], (7, 1)),
         p5=D([71.6197243913529, 56.85204648836463, 20.797981552381952, 20.411621451535577, 8.651739850833659], (5, 1)),
         w5=D([0, 0.6981317007977318, 1.3962634015954636, 2.0943951023931953, 2.792526803190927], (5, 1)),
         p6=D([0.0405, 0.01109619407771256, 0.0045, 0.001903805922287441, 0.002], (5, 1)),
         f6=D([0, 125, 250, 375, 500], (5, 1))),
    case('periodogram_centered_power',
         X + " [p4, w4] = periodogram(x, [], 8, 'centered'); [p7, f7] = periodogram(x, [], 7, 10, 'centered'); "
         "p8 = periodogram(x, [], 8, 1000, 'power'); d = p8(1);",
         p4=D([0.1515000616098355, 0.3580986219567646, 0.8830070684874843, 6.445775195221762, 0.8830070684874843,
               0.3580986219567646, 0.1515000616098355, 0.3183098861837907], (8, 1)),
         w4=D([-2.356194490192345, -1.5707963267948966, -0.7853981633974483, 0, 0.7853981633974483,
               1.5707963267948966, 2.356194490192345, 3.141592653589793], (8, 1)),
         f7=D([-30 / 7, -20 / 7, -10 / 7, 0, 10 / 7, 20 / 7, 30 / 7], (7, 1)), d=D(2.25 ** 2)),
    case('periodogram_pure_tone',
         "x = cos(2*pi*8*(0:63)/64); [p, w] = periodogram(x, [], 64); [m, k] = max(p); "
         "a = abs(m - 64/(4*pi)) < 1e-12; b = abs(w(k) - pi/4) < 1e-15; q = periodogram(x, [], 64, 'power'); "
         "c = abs(max(q) - 0.5) < 1e-14; r = sum(q) - 0.5 < 1e-12;", k=D(9), a=L(True), b=L(True), c=L(True),
         r=L(True)),
    case('periodogram_window_length', "p = periodogram(1:8, hamming(4));",
         error=('signal:periodogram:invalidWindow', 'The length of the window must be the same as the length of the '
                'input signal.')),
    # with no outputs they plot (tests/graphics/test_sigplots.py checks the plots) and assign nothing
    case('spectra_no_outputs', "periodogram(1:8); pwelch(1:100); spectrogram(1:100, 'yaxis'); e = exist('ans');",
         e=D(0)),
    case('pwelch_defaults', S + " [p, w] = pwelch(x); n = size(p); q = p(1:3)'; v = w(2);",
         n=D([129, 1]), q=D([1.3345624245999452, 2.665883846211774, 2.6561835508259843]), v=D(2 * 3.141592653589793 / 256)),
    case('pwelch_forms', S + " [p2, f2] = pwelch(x', 10, 5, 16, 10);",
         p2=D([1.0552586913013287, 1.2999423396419927, 0.29211713198099115, 0.021826248217446807,
               0.00042451899694870147, 0.00039783842279276924, 0.0001962599349456157, 0.00044185884081020775,
               7.086163335538464e-05], (9, 1)),
         f2=D([0, 0.625, 1.25, 1.875, 2.5, 3.125, 3.75, 4.375, 5], (9, 1))),
    case('pwelch_overlap_too_large', "p = pwelch(1:100, 10, 10);",
         error=('signal:pwelch:invalidNoverlap', 'The number of samples to overlap must be less than the length of '
                'the segments.')),
    case('spectrogram_forms', S + " [s, f, t, ps] = spectrogram(x, 8, 4, 8, 100); n = size(s); c = s(:, 1); "
         "[s1, w1, t1] = spectrogram(x); m = size(s1);",
         n=D([5, 9]), f=D([0, 12.5, 25, 37.5, 50], (5, 1)),
         t=D([0.04, 0.08, 0.12, 0.16, 0.2, 0.24, 0.28, 0.32, 0.36]),
         c=D([4.278076622137055, complex(-2.325803070384741, -0.535915165907866),
              complex(0.3115981174991499, 0.17995463063457373), complex(-0.0002460962128536526, 0.04879154829161164),
              -0.02804159167690745], (5, 1)),
         m=D([129, 9]), t1=D([4, 8, 12, 16, 20, 24, 28, 32, 36])),
    # the sizes of MATLAB's documented chirp example (2 s at 1 kHz, window 100, overlap 80, nfft 100): s and
    # p are 51x96, t is 1x96 starting at (L/2)/fs
    case('spectrogram_documented_sizes', "y = sin(2*pi*100*(0:1999)/1000); [s, f, t, p] = spectrogram(y, 100, 80, 100, 1000); "
         "a = size(s); b = size(f); c = size(t); d = size(p); t1 = t(1); f2 = f(2);",
         a=D([51, 96]), b=D([51, 1]), c=D([1, 96]), d=D([51, 96]), t1=D(0.05), f2=D(10)),
    case('spectrogram_matrix', "s = spectrogram(magic(20));",
         error=('signal:spectrogram:MustBeVector', 'The input signal X must be a vector.')),
]


@pytest.mark.parametrize("c", params(CASES))
def test_case(session, c):
    check(session, c)
