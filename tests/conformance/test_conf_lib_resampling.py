"""Conformance: upsample downsample resample decimate hilbert envelope xcov sgolay sgolayfilt (Signal
Processing Toolbox; none is in GNU Octave's core).

Sources: upsample and downsample by their definitions; resample's n = 0 case is the nearest-neighbour
formula of MATLAB's documentation, y(k) = x(round((k-1)*q/p) + 1) (0 past the end), which checks the
delay compensation; its default-filter values are scipy.signal.resample_poly(x, p, q, window=('kaiser',
5.0)), the same design (a Kaiser-windowed ideal lowpass of 2*10*max(p, q) + 1 taps scaled to sum p) and
delay removal as MATLAB's resample. decimate's constant case is a closed form: an even-order Chebyshev
type I filter has DC gain 10^(-rip/20), squared by filtfilt; its other values are scipy.signal.cheby1(8,
0.05, 0.8/r) run through scipy.signal.filtfilt with MATLAB's padding (odd reflection of 3*order samples),
then samples nbeg = r - (r*nout - nd) : r : nd as MATLAB picks them. hilbert([1 2 3 4]) is MATLAB's
documented example; the others follow its FFT definition (scipy.signal.hilbert is the same method).
sgolay(1, 3) is the least-squares line's projection, worked by hand; sgolayfilt agrees with
scipy.signal.savgol_filter(mode='interp'), whose edge rule (the fits of the first and last frames) is
MATLAB's. xcov is xcorr of the mean-removed vectors."""
import pytest

from engine import Session

from harness import C, D, L, case, check, params

DM = [0.3912520771329936, 1.0762427398520455, 1.4905100781355969, 1.5514543118720572, 1.3180897244869632,
      0.9286023343462714, 0.5975237942134106, 0.5065611600996166, 0.7529549852518657, 1.3296754267914428,
      2.091295193806078, 2.852320200831657, 3.4105284575007104, 3.6361455839094488, 3.5331330037245277,
      3.1855860612183373, 2.8074642630184714, 2.582144546180946, 2.66222010095884, 3.102639314337163,
      3.783151771251959]

CASES = [
    case('upsample_downsample', "u = upsample([1 2 3], 2); v = upsample([1; 2], 3, 2); w = upsample([1 2; 3 4], 2); "
         "d = downsample(1:7, 3, 1); e = downsample([1 2; 3 4; 5 6], 2); c = class(upsample(int8([1 2]), 2));",
         u=D([1, 0, 2, 0, 3, 0]), v=D([0, 0, 1, 0, 0, 2], (6, 1)), w=D([1, 0, 3, 0, 2, 0, 4, 0], (4, 2)),
         d=D([2, 5]), e=D([1, 5, 2, 6], (2, 2)), c=C('int8')),
    case('upsample_bad_phase', "u = upsample([1 2 3], 2, 2);",
         error=('signal:upsample:InvalidPhase', 'The phase offset must be an integer from 0 to N-1.')),
    case('resample_nearest_neighbour', "x = [3 1 4 1 5 9 2 6]; y = resample(x, 3, 2, 0); z = resample(x', 2, 3, 0);",
         y=D([3, 1, 1, 4, 1, 1, 5, 9, 9, 2, 6, 6]), z=D([3, 4, 1, 9, 2, 0], (6, 1))),
    # the filter comes back as the second output (MATLAB's [y, b]: 2*10*max(p, q) + 1 taps summing to p), and
    # a filter given is used as it is
    case('resample_filter_output', "[y, b] = resample(1:10, 3, 2); n = size(b); s = abs(sum(b) - 3) < 1e-14; "
         "d = max(abs(y - resample(1:10, 3, 2, b))); [y3, b3] = resample(1:5, 2, 1, 0); y4 = resample(1:6, 2, 1, [1 1]);",
         n=D([1, 61]), s=L(True), d=D(0), b3=D([1, 1]), y3=D([1, 2, 2, 3, 3, 4, 4, 5, 5, 0]),
         y4=D([1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 0])),
    case('resample_default_filter', "y = resample(1:10, 3, 2); y2 = resample([(1:10)' (1:10)'.^2], 2, 5); "
         "e = max(abs(y - [1.0006061735537775 1.718607366061429 2.2824803846247104 3.0018185206613324 "
         "3.746262711759402 4.235057252132294 5.003030867768887 5.8460732835563345 6.104266405910672 "
         "7.004243214876443 8.088746905815137 7.7591000471787455 9.005455561983997 11.0992185395119 "
         "7.012078252334854])) < 1e-13; s = size(y2); f = max(abs(y2(:)' - [0.7543818001790392 3.8062949703194824 "
         "5.547968164045448 9.3680978976987 -0.7103544308322927 15.09819477261336 31.254075496871224 "
         "81.83982990116397])) < 1e-12;", e=L(True), s=D([4, 2]), f=L(True)),
    case('decimate_constant', "c = decimate(ones(1, 30), 3); e = max(abs(c - 10^(-0.05/10))) < 1e-11; s = size(c);",
         e=L(True), s=D([1, 10])),
    case('decimate_values', "x = sin(0.3*(1:41)) + (1:41)/10; dm = decimate(x, 2); s = size(decimate(x', 3, 5));",
         dm=D(DM), s=D([14, 1])),
    case('decimate_short', "y = decimate(1:20, 2);",
         error=('signal:filtfilt:InvalidDimensionsDataShortForFiltOrder',
                'Data must have length more than 3 times filter order.')),
    case('decimate_empty', "y = decimate([], 2);",        # was an internal error (found by a sweep of odd inputs)
         error=('signal:filtfilt:InvalidDimensionsDataShortForFiltOrder',
                'Data must have length more than 3 times filter order.')),
    case('decimate_huge_order', "y = decimate(1:100, 2, 1e6);",       # was hours of designs of every lower order
         error=('matfuse:decimate:orderTooLarge', "decimate's Chebyshev filters of order above 50 are not supported "
                "(MATLAB warns that those above 13 may be unreliable).")),
    case('decimate_fir', "y = decimate(1:100, 2, 'fir');",
         error=('signal:decimate:UnsupportedFIR', "decimate's 'fir' method is not supported: use the default IIR "
                "method, decimate(x, r) or decimate(x, r, n).")),
    case('hilbert_forms', "h = hilbert([1 2 3 4]); h2 = hilbert([1 2; 3 5; 4 1]); h3 = hilbert([1 2 3], 4);",
         h=D([complex(1, 1), complex(2, -1), complex(3, -1), complex(4, 1)]),
         h2=D([complex(1, 0.5773502691896258), complex(3, -1.7320508075688772), complex(4, 1.1547005383792517),
               complex(2, -2.3094010767585034), complex(5, 0.5773502691896258), complex(1, 1.7320508075688772)], (3, 2)),
         h3=D([complex(1, -1), complex(2, -1), complex(3, 1), complex(0, 1)])),
    case('envelope_analytic', "[u, l] = envelope([1 2 3 4]); s = u + l;",
         u=D([4.302775637731995, 3.618033988749895, 3.618033988749895, 4.302775637731995]), s=D([5, 5, 5, 5])),
    case('envelope_rms', "u = envelope([1 2 3 4], 2, 'rms');",
         error=('signal:envelope:UnsupportedMethod', "Only envelope(x), the analytic signal envelope over the "
                "whole signal, is supported: the filter length and the 'rms' and 'peak' methods are not.")),
    case('xcov_forms', "c = xcov([1 2 3]); [c2, lg] = xcov([1 2 4], [3 1 2], 1); c3 = xcov([1; 2; 4], 'coeff');",
         c=D([-1, 0, 2, 0, -1]), c2=D([4 / 3, -1, -2]), lg=D([-1, 0, 1]),
         c3=D([-10 / 21, -0.5 / 21, 1, -0.5 / 21, -10 / 21], (5, 1))),
    case('sgolay_forms', "b = sgolay(1, 3); [b2, g2] = sgolay(2, 5); m = b2(3, :); g = round(g2(:, 2)' * 1e12) / 1e12;",
         b=D([5 / 6, 1 / 3, -1 / 6, 1 / 3, 1 / 3, 1 / 3, -1 / 6, 1 / 3, 5 / 6], (3, 3)),
         m=D([-3 / 35, 12 / 35, 17 / 35, 12 / 35, -3 / 35]), g=D([-0.2, -0.1, 0, 0.1, 0.2])),
    case('sgolayfilt_forms', "y = sgolayfilt([1 5 2 8 3 7 4], 2, 5); z = sgolayfilt([1 5 2 8 3 7 4]', 1, 3); "
         "w = sgolayfilt([1 2; 4 3; 2 5; 6 1], 1, 3, [], 1);",
         y=D([1.1142857142857143, 3.742857142857143, 5.085714285714286, 4.571428571428571, 6.085714285714286,
              5.742857142857143, 4.114285714285714]),
         z=D([13 / 6, 8 / 3, 5, 13 / 3, 6, 14 / 3, 31 / 6], (7, 1)),
         w=D([11 / 6, 7 / 3, 4, 5, 11 / 6, 10 / 3, 3, 2], (4, 2))),
    # buffer: MATLAB's documented cases: buffer(1:30, 7, 3) is 7x8 with 3 leading zeros, buffer(1:30, 7, -3, 2)
    # is 3:9, 13:19, 23:29, and the continuous-buffer example (frames of 10 rebuffered by n = 4, p = 1,
    # opt = -5): y = [-5 3 6; 1 4 7; 2 5 8; 3 6 9], z = 10, opt 9, then y(:, 1) = 9:12, z = [19; 20], opt 18
    case('buffer_forms', "a = buffer(1:5, 2); b = buffer(1:30, 7, 3); c = buffer(1:30, 7, -3, 2); s = size(b); "
         "b1 = b(:, 1)'; b8 = b(:, 8)'; f = buffer(1:10, 4, 1, 'nodelay'); g = buffer(1:22, 7, -3); k = class(buffer(int8(1:3), 2));",
         a=D([1, 2, 3, 4, 5, 0], (2, 3)), s=D([7, 8]), b1=D([0, 0, 0, 1, 2, 3, 4]), b8=D([26, 27, 28, 29, 30, 0, 0]),
         c=D([3, 4, 5, 6, 7, 8, 9, 13, 14, 15, 16, 17, 18, 19, 23, 24, 25, 26, 27, 28, 29], (7, 3)),
         f=D([1, 2, 3, 4, 4, 5, 6, 7, 7, 8, 9, 10], (4, 3)),
         g=D([1, 2, 3, 4, 5, 6, 7, 11, 12, 13, 14, 15, 16, 17, 21, 22, 0, 0, 0, 0, 0], (7, 3)), k=C('int8')),
    case('buffer_continuous', "[y, z, o] = buffer((1:10)', 4, 1, -5); [y2, z2, o2] = buffer([z; (11:20)'], 4, 1, o); "
         "c = y2(:, 1)'; n = size(y2, 2);",
         y=D([-5, 1, 2, 3, 3, 4, 5, 6, 6, 7, 8, 9], (4, 3)), z=D(10), o=D(9), c=D([9, 10, 11, 12]), n=D(3),
         z2=D([19, 20], (2, 1)), o2=D(18)),
    case('buffer_bad_overlap', "y = buffer(1:10, 4, 4);",
         error=('signal:buffer:InvalidP', 'P must be an integer less than N.')),
    case('sgolay_even_frame', "b = sgolay(2, 4);",
         error=('signal:sgolay:InvalidFrameLength', 'The frame length must be an odd positive integer.')),
    case('sgolayfilt_short', "y = sgolayfilt([1 2 3], 2, 5);",
         error=('signal:sgolayfilt:InvalidDimensions', 'The length of the input must be >= frame length.')),
]


@pytest.mark.parametrize("c", params(CASES))
def test_case(session, c):
    check(session, c)


@pytest.mark.parametrize("code", ["y = upsample(1:3, 1e18);", "y = resample(1:3, 1e15, 1, 0);", "h = hilbert(1:4, 1e15);",
                                  "w = hamming(1e15);", "p = periodogram(1:8, [], 1e15);", "b = sgolay(2, 1e9 + 1);"])
def test_huge_sizes_are_matlabs_size_error(code):
    """Sizes past memory are MATLAB's size-limit error before anything is allocated (upsample's was numpy's
    'array is too big', an internal error)."""
    r = Session(device="cpu").execute(code)
    assert r.error is not None and r.error.identifier == "MATLAB:array:SizeLimitExceeded"


@pytest.mark.parametrize("code, identifier", [
    ("h = freqz([1 1], 1, Inf);", "signal:freqz:InvalidN"), ("h = hilbert(1:10, Inf);", "signal:hilbert:InvalidN"),
    ("p = pwelch(1:100, Inf);", "signal:pwelch:InvalidWindow"), ("p = pwelch(1:100, 10, Inf);", "signal:pwelch:InvalidNoverlap"),
    ("p = periodogram(1:20, [], Inf);", "signal:periodogram:InvalidNFFT"), ("w = tukeywin(8, NaN);", "signal:tukeywin:InvalidParameter"),
    ("y = resample(1:10, 2, 3, Inf);", "signal:resample:InvalidN"), ("b = fir1(Inf, 0.3);", "signal:fir1:InvalidOrder"),
    ("y = buffer(1:10, 4, -Inf);", "signal:buffer:InvalidP")])
def test_infinite_and_nan_sizes_are_matlab_errors(code, identifier):
    """Inf and NaN where a count belongs were Python's 'cannot convert float infinity to integer' (a sweep
    of odd arguments found them)."""
    r = Session(device="cpu").execute(code)
    assert r.error is not None and r.error.identifier == identifier


def test_long_filters_on_short_data_take_the_fft_path():
    """scipy's upfirdn loop costs (output length) * length(h)/p whatever the data length: resample(x, 2, 3,
    1e5) on 10 samples took minutes; the FFT convolution of the upsampled data gives the same samples."""
    import numpy as np
    import scipy.signal
    from engine.runtime.builtins.resampling import DIRECT_WORK, apply_upfirdn
    rng = np.random.default_rng(1)
    h, x = rng.random(60001), rng.random((10, 2))
    assert 20007 * 30001 * 2 > DIRECT_WORK           # this case goes through the FFT
    assert np.allclose(apply_upfirdn(h, x, 2, 3), scipy.signal.upfirdn(h, x, 2, 3, axis=0), rtol=0, atol=1e-12)
    r = Session(device="cpu").execute("y = resample(1:10, 2, 3, 1e5); n = numel(y);")
    assert r.error is None


def test_huge_factors_are_computed_by_the_definition():
    """Factors past scipy's C ints (or whose upsampled signal could not be made) were internal errors or
    'Out of memory' for results of a few samples (the fuzz run found upfirdn(1, 1, 1e308)); they are
    computed output by output, and that path agrees with scipy's where both run."""
    import numpy as np
    import scipy.signal
    from engine.runtime.builtins.resampling import _upfirdn_by_definition
    s = Session(device="cpu")
    r = s.execute("a = upfirdn(1, 1, 1e308); b = upfirdn(7, [1 2], 2^40); c = upfirdn([1 2 3], [1 2], 1, 1e308); "
                  "d = upfirdn(single([1 2; 3 4]), [1 2 3], 2^32, 2^31);")
    assert r.error is None, r.error
    assert s.get("a") == 1.0
    assert np.array_equal(s.get("b"), [[7.0, 14.0]]) and np.array_equal(s.get("c"), [[1.0]])
    d = s.get("d")
    assert d.dtype == np.float32 and np.array_equal(d, [[1, 2], [0, 0], [3, 4]])
    rng = np.random.default_rng(2)
    for n, m, p, q in [(1, 3, 2, 1), (5, 4, 3, 2), (8, 6, 1, 4), (4, 2, 5, 3)]:
        x, h = rng.standard_normal((n, 2)), rng.standard_normal(m)
        ref = scipy.signal.upfirdn(h, x, p, q, axis=0)
        assert np.allclose(_upfirdn_by_definition(h, x, p, q, ref.shape[0]), ref, rtol=0, atol=1e-12)
