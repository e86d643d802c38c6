"""Conformance: square, sawtooth, chirp, rectpuls, tripuls and pulstran (Signal Processing Toolbox; not in GNU
Octave's core), and rectangularPulse of numbers (Symbolic Math Toolbox).

The values follow the definitions of MATLAB's documentation: square is 1 where mod(t, 2*pi) < 2*pi*duty/100,
else -1; sawtooth rises from -1 to 1 over the fraction xmax of each 2*pi period, then falls back; chirp is
cos(2*pi*(f0*t + (f1-f0)/(2*t1)*t^2) + phi) (linear), with f0 + (f1-f0)*(t/t1)^2 (quadratic upsweep) or
f0*(f1/f0)^(t/t1) (logarithmic) as instantaneous frequency. The chirp literals are scipy.signal.chirp's,
which documents the same three formulas (vertex_zero=True for the quadratic one); the linear case checks by
hand: cycles(0.25) = 0.25 + 1.25*0.0625 = 0.328125. Compared to 1e-13 absolute: the cosines of large phases.
rectpuls is 1 on [-w/2, w/2) (documented: rectpuls(-0.5) is 1, rectpuls(0.5) is 0); tripuls rises on
(-w/2, s*w/2) and falls on [s*w/2, w/2), by hand (two corpus programs draw rectpuls(t, 2) and rectpuls(n, 1)). pulstran sums a(i)*pulse(t - d(i)),
by hand from those pulses and from the prototype's samples interpolated (interp1's methods, 0 outside).
rectangularPulse is its documented definition: 1 on (a, b), 1/2 at a and b, 0 elsewhere and when a = b."""
import pytest

from harness import D, L, case, check, params

CASES = [
    case('square_forms', "a = square([0 1 3 4 6]); b = square([0 1 2 3]', 40); c = square(2*pi*[0.1 0.6]);",
         a=D([1, 1, 1, -1, -1]), b=D([1, 1, 1, -1], (4, 1)), c=D([1, -1])),
    case('sawtooth_forms', "a = sawtooth([0 pi/2 pi], 0.5); b = sawtooth([0 pi 3*pi]); "
         "e = max(abs(sawtooth([0 1 2 3 7], 0.25) - [-1 0.27323954473516276 0.8178403035098916 "
         "0.3934271219315039 -0.08732318685386087])) < 1e-14;",
         a=D([-1, 0, 1]), b=D([-1, 0, 0]), e=L(True)),
    case('chirp_forms', "t = 0:0.25:1; "
         "a = max(abs(chirp(t, 1, 2, 6) - [1 -0.4713967368259977 0.38268343236509 -0.9569403357322085 0])) < 1e-13; "
         "b = max(abs(chirp(t, 2, 1, 10, 'quadratic', 30) - [0.8660254037844387 -0.7071067811865479 "
         "-0.8660254037844379 -0.25881904510252113 0])) < 1e-13; "
         "c = max(abs(chirp(t, 1, 1.5, 8, 'logarithmic') - [1 -0.30178911770576605 -0.1790579459842754 "
         "-0.4196943841423557 0.5142101949722442])) < 1e-13; d = max(abs(chirp(t) - cos(pi*100*t.^2))) < 1e-13;",
         a=L(True), b=L(True), c=L(True), d=L(True)),
    case('chirp_log_frequencies', "y = chirp(1:3, 0, 1, 10, 'logarithmic');",
         error=('signal:chirp:InvalidLogFreqs', 'For a logarithmic chirp, F1 must be greater than F0 and F0 greater '
                'than 0.')),
    case('rectpuls_forms', "a = rectpuls([-1 -0.5 0 0.5 1]); b = rectpuls((-3:3)', 2); c = rectpuls(-3:3, 1);",
         a=D([0, 1, 1, 0, 0]), b=D([0, 0, 1, 1, 0, 0, 0], (7, 1)), c=D([0, 0, 0, 1, 0, 0, 0])),
    case('tripuls_forms', "a = tripuls([-0.5 -0.25 0 0.25 0.5]); b = tripuls([-1 -0.5 0 0.5 1], 2, 1); "
         "c = tripuls([-1 0 0.5 1], 2, -1); d = tripuls([-2 -1 1 2], 4, 0.5);",
         a=D([0, 0.5, 1, 0.5, 0]), b=D([0, 0.25, 0.5, 0.75, 0]), c=D([1, 0.5, 0.25, 0]),
         d=D([0, 1 / 3, 1, 0])),
    case('rectpuls_width', "y = rectpuls(1:3, -1);",
         error=('signal:rectpuls:InvalidWidth', 'Width must be a positive real scalar.')),
    case('tripuls_skew', "y = tripuls(1:3, 1, 2);",
         error=('signal:tripuls:InvalidSkew', 'Skew must be a real scalar between -1 and 1.')),
    case('square_duty_range', "y = square(1:3, 120);",
         error=('signal:square:InvalidRange', 'DUTY must be a number between 0 and 100.')),
    # pulstran: rectpuls at 1 and 3 on 0:5; tripuls of width 2, amplitudes 2 and 3 at delays 1 and 2 on
    # 0:0.5:3 (a column keeps its shape); rectpuls(t - 1, 3) through the extra argument; the prototype
    # [1 2 1] at fs = 2 (samples at 0, 0.5, 1) delayed by 0 and 1; 'nearest' of [0 1 0] at 0.5 takes the
    # later sample, as interp1 does
    case('pulstran_forms', "a = pulstran(0:5, [1 3], 'rectpuls'); b = pulstran((0:0.5:3)', [1 2; 2 3], @tripuls, 2); "
         "e = pulstran(0:4, 1, 'rectpuls', 3); c = pulstran(0:0.5:3, [0 1], [1 2 1], 2); "
         "d = pulstran(0:0.25:1, 0, [0 1 0], 1, 'nearest'); f = pulstran(0:0.5:2, 0.5, [2 4 6]);",
         a=D([0, 1, 0, 1, 0, 0]), b=D([0, 1, 2, 2.5, 3, 1.5, 0], (7, 1)), e=D([1, 1, 1, 0, 0]),
         c=D([1, 2, 2, 2, 1, 0, 0]), d=D([0, 0, 1, 1, 1]), f=D([0, 2, 3, 4, 5])),
    case('pulstran_bad_method', "y = pulstran(0:3, 1, [1 2], 1, 'quadratic');",
         error=('signal:pulstran:InvalidMethod', "The interpolation method must be one of interp1's: linear, nearest, "
                "previous, next, pchip, cubic, spline, makima.")),
    case('rectangular_pulse', "a = rectangularPulse(-1, 2, [-2 -1 0 2 3]); b = rectangularPulse([-0.5 0 0.5 1]); "
         "c = rectangularPulse(1, 1, [0 1 2]); d = rectangularPulse([0; 1], 2, [0 1 1.5]);",
         a=D([0, 0.5, 1, 0.5, 0]), b=D([0.5, 1, 0.5, 0]), c=D([0, 0, 0]), d=D([0.5, 0, 1, 0.5, 1, 1], (2, 3))),
]


@pytest.mark.parametrize("c", params(CASES))
def test_case(session, c):
    check(session, c)
