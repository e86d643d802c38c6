"""Conformance: the window functions of the Signal Processing Toolbox (hamming hann blackman kaiser
rectwin triang bartlett gausswin window).

hamming, blackman and bartlett (both sampling flags) were recorded with GNU Octave 7.3's core functions,
which compute MATLAB's formulas; hann is Octave's hanning of the same length (Octave 7's hanning, like
MATLAB's hann, has zeros at its ends). kaiser, triang and gausswin are not in Octave's core: their
values are the closed forms of MATLAB's documentation (kaiser: besseli(0, beta*sqrt(1 - ((k - N/2)/(N/2))^2))
/ besseli(0, beta); gausswin: exp(-(alpha*(k - N/2)/(N/2))^2/2)), which scipy.signal.windows.kaiser and
gaussian (std (L-1)/(2*alpha)) reproduce."""
import pytest

from harness import C, D, case, check, params

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
