"""Conformance: fir1, freqz and sinc (Signal Processing Toolbox).

freqz and sinc were recorded with GNU Octave 7.3's core freqz and sinc, whose definitions are MATLAB's
(n points on [0, pi) or [0, 2*pi) with 'whole', Hz with fs, polynomial evaluation at a frequency
vector). Octave's fir1 is in its signal package, which the recording machine lacks: fir1's values are
the closed form of the window method MATLAB documents (the ideal bands' impulse response
f2*sinc(f2*m) - f1*sinc(f1*m), m = k - n/2, times hamming(n+1), scaled to unit gain at DC, at Nyquist
or at the centre of the first passband); scipy.signal.firwin, whose window method and scaling rule are
the same, agrees with every case to 2e-16."""
import pytest

from harness import C, D, L, case, check, params

CASES = [
    case('fir1_lowpass', "b = fir1(4, 0.5); e = abs(b - [0 0.2037123692007372 0.5925752615985256 "
         "0.2037123692007372 0]) < 1e-15; s = sum(b);", e=L([True] * 5), s=D(1)),
    case('fir1_types',
         "b2 = fir1(6, 0.3, 'high'); b3 = fir1(6, [0.2 0.5]); b4 = fir1(6, [0.2 0.5], 'stop'); "
         "b7 = fir1(3, 0.3, kaiser(4, 3)); b8 = fir1(2, 0.5, 'noscale'); b9 = fir1(6, [0.2 0.4 0.6], 'DC-1');",
         b2=D([-0.0026022584415487664, -0.04655189379673667, -0.1967196302461581, 0.6944600102180597,
               -0.1967196302461581, -0.04655189379673667, -0.0026022584415487664]),
         b3=D([-0.03453014781991539, -0.09783581770694456, 0.21065613221895443, 0.625505284131686,
               0.21065613221895443, -0.09783581770694456, -0.03453014781991539]),
         b4=D([0.026501880312347473, 0.07508896702824606, -0.161678531822238, 1.1201753689632887,
               -0.161678531822238, 0.07508896702824606, 0.026501880312347473]),
         b7=D([0.07284622680614798, 0.42715377319385206, 0.42715377319385206, 0.07284622680614798]),
         b8=D([0.02546479089470326, 0.5, 0.02546479089470326]),
         b9=D([0.011834856983227837, -0.016239141246173556, 0.21120167917778307, 0.5864052101703253,
               0.21120167917778307, -0.016239141246173556, 0.011834856983227837])),
    # MATLAB raises the order of a highpass filter of odd order by one, with this warning
    case('fir1_odd_highpass', "lastwarn(''); b5 = fir1(5, 0.4, 'high'); [msg, id] = lastwarn(); n = numel(b5);",
         n=D(7), id=C('signal:fir1:OddOrderNyquist'),
         msg=C('Odd order symmetric FIR filters must have a gain of zero at the Nyquist frequency. The order '
               'is being increased by one.')),
    case('fir1_bad_cutoff', "b = fir1(4, 1.2);",
         error=('signal:fir1:InvalidRange', 'The cutoff frequencies must be within the interval of (0,1), in '
                'increasing order.')),
    case('fir1_window_length', "b = fir1(4, 0.3, hamming(4));",
         error=('signal:fir1:MismatchedWindowLength', 'The window length must be the same as the filter length.')),
    case('freqz_forms',
         "[h, w] = freqz([1 2 1], [1 -0.5], 4); [h2, w2] = freqz([1 1], 1, 3, 'whole'); "
         "[h3, f3] = freqz([1 2 1], [1 -0.5 0.25], 4, 100); h4 = freqz([1 1], [1 -0.5], [0 pi/2 pi]); "
         "h4 = h4(1:2); [h5, f5] = freqz([1 1 1 1 1], 1, 2, 'whole', 8); d = size(freqz([1 1]));",
         h=D([8, complex(1.3024785661018206, -4.4469399850850975), complex(-0.8, -1.6),
              complex(-0.36130209551358544, -0.21164586743803895)], (4, 1)),
         w=D([0, 0.7853981633974483, 1.5707963267948966, 2.356194490192345], (4, 1)),
         h2=D([2, complex(0.5, -0.8660254037844386), complex(0.5, 0.8660254037844386)], (3, 1)),
         w2=D([0, 2.0943951023931953, 4.1887902047863905], (3, 1)),
         h3=D([5.333333333333333, complex(3.057885312086903, -4.224429233206602),
               complex(-1.2307692307692308, -1.8461538461538463),
               complex(-0.36908863158897837, -0.14144168133938326)], (4, 1)),
         f3=D([0, 12.5, 25, 37.5], (4, 1)), h4=D([4, complex(0.4, -1.2)]), h5=D([5, 1], (2, 1)),
         f5=D([0, 4], (2, 1)), d=D([512, 1])),
    # with no outputs freqz plots (tests/graphics/test_sigplots.py checks the plot) and assigns nothing
    case('freqz_no_outputs', "freqz([1 1], 1); e = exist('ans');", e=D(0)),
    case('sinc_values', "s = sinc([0 0.5 1 -1.5]); c = class(sinc(single(0.5)));",
         s=D([1, 0.6366197723675814, 3.8981718325193755e-17, -0.2122065907891938]), c=C('single')),
]


@pytest.mark.parametrize("c", params(CASES))
def test_case(session, c):
    check(session, c)
