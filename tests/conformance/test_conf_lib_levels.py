"""Conformance: rms, rssq, peak2peak, peak2rms (MATLAB functions that began in the Signal Processing
Toolbox), upfirdn and fftfilt.

GNU Octave 7's core lacks all but fftfilt; the others' values follow their documented definitions
(rms = sqrt(mean(x.*conj(x))), rssq = sqrt(sum(x.*conj(x))), peak2peak = max - min, peak2rms =
max(abs(x)) ./ rms(x); upfirdn: upsample by p, convolve with h, keep every q-th sample from the first),
worked by hand. fftfilt's were recorded with Octave 7.3's fftfilt (which rounds integer data's results to
integers; MATLAB's, like this one, keeps the FFT's rounding, so they are compared to 1e-12)."""
import pytest

from harness import C, D, L, case, check, params

CASES = [
    case('rms_forms', "a = rms([1 2 3 4]); b = rms([1 2; 3 4]); c = rms([1 2; 3 4], 2); d = rms([1 2; 3 4], 'all'); "
         "e = rms([1 NaN 3], 'omitnan'); f = rms(int8([100 100])); g = rms([3+4i 0]); k = class(rms(single([1 2]))); "
         "m = rms([]);",
         a=D(7.5 ** 0.5), b=D([5 ** 0.5, 10 ** 0.5]), c=D([2.5 ** 0.5, 12.5 ** 0.5], (2, 1)), d=D(7.5 ** 0.5),
         e=D(5 ** 0.5), f=D(127 ** 0.5), g=D(12.5 ** 0.5), k=C('single'), m=D(float('nan'))),
    case('rssq_peak2peak_peak2rms', "h = rssq([3 4]); k = rssq([1 2; 3 4], 2); p = peak2peak([1 5; 3 4]); "
         "q = peak2peak([1 5; 3 4], 2); m = peak2rms([1 2 3 4]); n = peak2rms([1 -5; 3 4], 'all');",
         h=D(5), k=D([5 ** 0.5, 5], (2, 1)), p=D([2, 1]), q=D([4, 1], (2, 1)), m=D(4 / 7.5 ** 0.5),
         n=D(5 / 12.75 ** 0.5)),
    case('rms_of_a_cell', "r = rms({1});",
         error=('MATLAB:UndefinedFunction', "Check for incorrect argument data type or missing argument in call to "
                "function 'rms'.")),
    case('upfirdn_forms', "u = upfirdn([1 2 3], [1 1], 2); v = upfirdn((1:7)', [1 2 3 4], 3, 2); "
         "w = upfirdn([1 2; 3 4; 5 6], [1 -1], 1, 2); z = upfirdn(1:5, 1, 1, 2);",
         u=D([1, 1, 2, 2, 3, 3]), v=D([1, 3, 4, 11, 9, 8, 21, 15, 12, 31, 21], (11, 1)), w=D([1, 2, 2, 2], (2, 2)),
         z=D([1, 3, 5])),
    case('fftfilt_forms', "a = max(abs(fftfilt([1 2 3], [1 2 3 4 5]) - [1 4 10 16 22])) < 1e-12; "
         "b = max(max(abs(fftfilt([0.5 0.25], [1 2; 3 4; 5 6]) - [0.5 1; 1.75 2.5; 3.25 4]))) < 1e-12; "
         "c = max(abs(fftfilt([1 1 1], (1:6)', 4) - [1; 3; 6; 9; 12; 15])) < 1e-12; s = size(fftfilt([1 1], (1:6)'));",
         a=L(True), b=L(True), c=L(True), s=D([6, 1])),
    case('upfirdn_bad_factor', "y = upfirdn(1:3, [1 1], 0);",
         error=('signal:upfirdn:InvalidFactor', 'The upsampling factor P must be a positive integer.')),
]


@pytest.mark.parametrize("c", params(CASES))
def test_case(session, c):
    check(session, c)
