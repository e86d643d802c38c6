"""Conformance: the window functions of the Signal Processing Toolbox (hamming hann blackman kaiser
rectwin triang bartlett gausswin window).

hamming, blackman and bartlett (both sampling flags) were recorded with GNU Octave 7.3's core functions,
which compute MATLAB's formulas; hann is Octave's hanning of the same length (Octave 7's hanning, like
MATLAB's hann, has zeros at its ends). kaiser, triang and gausswin are not in Octave's core: their
values are the closed forms of MATLAB's documentation (kaiser: besseli(0, beta*sqrt(1 - ((k - N/2)/(N/2))^2))
/ besseli(0, beta); gausswin: exp(-(alpha*(k - N/2)/(N/2))^2/2)), which scipy.signal.windows.kaiser and
gaussian (std (L-1)/(2*alpha)) reproduce. hanning (MATLAB's, not Octave's), blackmanharris, nuttallwin,
flattopwin and tukeywin are the formulas of MATLAB's documentation; the literals are
scipy.signal.windows' hann(L+2) without its ends, blackmanharris, nuttall, flattop (the same
coefficients) and tukey, compared to 1e-15 absolute (their sums of cosines cancel at the ends)."""
import pytest

from harness import C, D, L, case, check, params

CASES = [
    case('hamming_forms', "a = hamming(5); b = hamming(6, 'periodic'); c = hamming(1); s = size(hamming(0));",
         a=D([0.08000000000000002, 0.54, 1, 0.54, 0.08000000000000002], (5, 1)),
         b=D([0.08000000000000002, 0.30999999999999994, 0.7699999999999999, 1, 0.77, 0.30999999999999994], (6, 1)),
         c=D(1), s=D([0, 1])),
    case('blackman_forms', "c = blackman(7); d = blackman(6, 'periodic');",
         c=D([-1.3877787807814457e-17, 0.12999999999999995, 0.6299999999999999, 0.9999999999999999,
              0.6299999999999999, 0.12999999999999995, -1.3877787807814457e-17], (7, 1)),
         d=D([-1.3877787807814457e-17, 0.12999999999999995, 0.6299999999999999, 0.9999999999999999,
              0.6299999999999999, 0.12999999999999995], (6, 1))),
    case('hann_forms', "e = hann(6); f = hann(5, 'periodic'); w = window(@hann, 4, 'periodic');",
         e=D([0, 0.3454915028125263, 0.9045084971874737, 0.9045084971874737, 0.3454915028125263, 0], (6, 1)),
         f=D([0, 0.3454915028125263, 0.9045084971874737, 0.9045084971874737, 0.3454915028125263], (5, 1)),
         w=D([0, 0.5, 1, 0.5], (4, 1))),
    case('bartlett_triang_rectwin', "g = bartlett(6); h = bartlett(5); t = triang(4); u = triang(5); v = triang(1); "
         "r = rectwin(2);",
         g=D([0, 0.4, 0.8, 0.8, 0.4, 0], (6, 1)), h=D([0, 0.5, 1, 0.5, 0], (5, 1)),
         t=D([0.25, 0.75, 0.75, 0.25], (4, 1)), u=D([1 / 3, 2 / 3, 1, 2 / 3, 1 / 3], (5, 1)), v=D(1),
         r=D([1, 1], (2, 1))),
    case('kaiser_gausswin', "k = kaiser(5, 3); m = kaiser(4); g = gausswin(4); w = window(@gausswin, 3, 1);",
         k=D([0.2048847564012536, 0.7269255302876366, 1, 0.7269255302876366, 0.2048847564012536], (5, 1)),
         m=D([0.9403061933191574, 0.9932754654413776, 0.9932754654413776, 0.9403061933191574], (4, 1)),
         g=D([0.04393693362340741, 0.7066482778577162, 0.7066482778577162, 0.04393693362340741], (4, 1)),
         w=D([0.6065306597126334, 1, 0.6065306597126334], (3, 1))),
    case('hanning_forms', "a = hanning(5); b = hanning(6); c = hanning(5, 'periodic'); d = hanning(1, 'periodic');",
         a=D([0.25, 0.75, 1, 0.75, 0.25], (5, 1)),
         b=D([0.18825509907063326, 0.6112604669781572, 0.9504844339512095, 0.9504844339512095, 0.6112604669781572,
              0.18825509907063326], (6, 1)),
         c=D([0, 0.34549150281252633, 0.9045084971874737, 0.9045084971874737, 0.34549150281252633], (5, 1)), d=D(1)),
    case('cosine_sum_windows',
         "d = max(abs(blackmanharris(7) - [6e-05; 0.055645; 0.520575; 1; 0.520575; 0.055645; 6e-05])) < 1e-15; "
         "e = max(abs(blackmanharris(6, 'periodic') - [6e-05; 0.055645; 0.520575; 1; 0.520575; 0.055645])) < 1e-15; "
         "f = max(abs(nuttallwin(8) - [0.0003628; 0.03777576895352028; 0.34272761996881956; 0.8918518610776603; "
         "0.8918518610776603; 0.34272761996881956; 0.03777576895352028; 0.0003628])) < 1e-15; "
         "g = max(abs(flattopwin(9) - [-0.000421051; -0.026872193286334545; -0.05473684; 0.4441353572863345; "
         "1.000000003; 0.4441353572863345; -0.05473684; -0.026872193286334545; -0.000421051])) < 1e-15; "
         "h = max(abs(flattopwin(6, 'periodic') - [-0.000421051; -0.051263156; 0.19821053; 1.000000003; 0.19821053; "
         "-0.051263156])) < 1e-15; s = size(nuttallwin(4, 'periodic'));",
         d=L(True), e=L(True), f=L(True), g=L(True), h=L(True), s=D([4, 1])),
    case('tukeywin_forms', "t = tukeywin(10, 0.4); u = tukeywin(7); r = tukeywin(5, 0); h = tukeywin(5, 1) - hann(5);",
         t=D([0, 0.5868240888334653, 1, 1, 1, 1, 1, 1, 0.5868240888334649, 0], (10, 1)),
         u=D([0, 0.75, 1, 1, 1, 0.7499999999999999, 0], (7, 1)), r=D([1, 1, 1, 1, 1], (5, 1)),
         h=D([0, 0, 0, 0, 0], (5, 1))),
    case('window_rounds_order', "lastwarn(''); w = hamming(2.6); [msg, id] = lastwarn();",
         w=D([0.08000000000000002, 1, 0.08000000000000002], (3, 1)), msg=C('Rounding order to nearest integer.'),
         id=C('signal:check_order:InvalidOrderRounding')),
    case('window_negative_order', "w = hann(-1);",
         error=('signal:check_order:InvalidOrderNegative', 'Order cannot be less than zero.')),
    case('window_bad_flag', "w = hamming(4, 'sym');",
         error=('signal:hamming:InvalidSamplingFlag', "The sampling flag must be 'symmetric' or 'periodic', not 'sym'.")),
    case('window_not_a_handle', "w = window('hann', 4);",
         error=('signal:window:InvalidWindow', 'The window must be given as a function handle, as in window(@hamming, 64).')),
]


@pytest.mark.parametrize("c", params(CASES))
def test_case(session, c):
    check(session, c)
