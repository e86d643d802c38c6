"""Conformance: convolution and filtering (conv, conv2, filter2, deconv, filter), the FFT family and
fftshift, and polynomials (roots, poly, polyder, polyint, polyfit's S and mu, polyval's delta, residue).

Expected values were recorded with GNU Octave 7.3 (tests/conformance/record.py); where MATLAB
differs, the case follows MATLAB's documentation and a comment says so."""
import pytest

from engine import Session
from harness import C, Cell, D, L, case, check, num, params

CASES = [
    case('ifftn_roundtrip', 'x = ifftn(fftn(reshape(1:8, 2, 2, 2))); y = ifftn([8 0; 0 0]); c = class(ifftn(single([1 2])));',
         x=D([1, 2, 3, 4, 5, 6, 7, 8], (2, 2, 2)), y=D([2, 2, 2, 2], (2, 2)), c=C('single')),
    case('conv_orientation', 'a = conv([1 2], [1 3]); b = conv([1; 2], [1 3]); c = conv([1 2], [1; 3]);',
         a=D([1, 5, 6]), b=D([1, 5, 6]), c=D([1, 5, 6], (3, 1))),
    case('conv_shapes',
         "d = conv([1 2 3], [1 1 1], 'same'); e = conv([1 2 3 4], [1 1], 'valid'); "
         "v = conv([1 2 3], [1 1 1 1 1], 'same'); w = conv([1; 2; 3], [1 1], 'same');", d=D([3, 6, 5]),
         e=D([3, 5, 7]), v=D([6, 6, 6]), w=D([3, 5, 3], (3, 1))),
    case('conv_single', 's = conv(single([1 2]), [1 1]); c = class(s);', s=num('single', [1, 3, 2]),
         c=C('single')),
    # cconv (Signal Processing Toolbox; Octave 7 has none): a and c are the examples of MATLAB's cconv page,
    # b is conv's result, d conv([1 2 3], [1 1]) = [1 3 5 3] padded to 5 points
    case('cconv_forms', "a = cconv([2 1 2 1], [1 2 3 4], 4); b = cconv([2 1 2 1], [1 2 3 4]); "
         "c = cconv([2 1 2 1], [1 2 3 4], 3); d = cconv((1:3)', [1 1], 5); e = cconv([1 2 3], 2, 1);",
         a=D([14, 16, 14, 16]), b=D([2, 5, 10, 16, 12, 11, 4]), c=D([22, 17, 21]), d=D([1, 3, 5, 3, 0], (5, 1)),
         e=D(12)),
    case('conv2_forms',
         "f = conv2([1 2; 3 4], [1 1; 1 1]); g = conv2(magic(4), [1 2; 3 4], 'same'); "
         "h = conv2(magic(4), [1 2; 3 4], 'valid'); k = conv2([1 2], [1; 2], magic(3)); u = conv2([1 2 3; "
         "4 5 6], [1 2; 3 4], 'same');", f=D([1, 4, 3, 3, 10, 7, 2, 6, 4], (3, 3)),
         g=D([91, 78, 79, 58, 49, 94, 89, 101, 79, 88, 91, 63, 68, 56, 50, 4], (4, 4)),
         h=D([91, 78, 79, 49, 94, 89, 79, 88, 91], (3, 3)),
         k=D([8, 19, 10, 8, 17, 45, 39, 34, 8, 33, 54, 40, 12, 38, 32, 8], (4, 4)),
         u=D([23, 31, 33, 38, 24, 24], (2, 3))),
    case('conv2_valid_large_kernel', "s = size(conv2([1 2], ones(3), 'valid'));", s=D([0, 0])),
    case('deconv_values', '[q, r] = deconv([1 5 6], [1 2]);', q=D([1, 3]), r=D([0, 0, 0])),
    case('deconv_remainder', '[q, r] = deconv([2 7 9 5], [1 3]);', q=D([2, 1, 6]), r=D([0, 0, 0, -13])),
    case('filter_forms',
         'm = filter(1, [1 -0.5], [1 1 1]); [y, zf] = filter([1 1], 1, [1 2 3], 5); '
         'n = filter([1 2], [2 1], [1 2; 3 4], [], 2);', m=D([1, 1.5, 1.75]), y=D([6, 3, 5]), zf=D(3),
         n=D([0.5, 1.5, 1.75, 4.25], (2, 2))),
    case('filter_matrix', '[y, zf] = filter([1 2 3], [1 0.5], [1 2; 3 4; 5 6], [1 2; 3 4]);',
         y=D([2, 7, 10.5, 4, 10, 15], (3, 2)), zf=D([13.75, 15, 16.5, 18], (2, 2))),
    case('filter_column_default', 'y = filter([1 1]/2, 1, [1; 3; 5]);', y=D([0.5, 2, 4], (3, 1))),
    case('filter_empty_data', 'a = filter([1 1]/2, 1, []); b = filter([1 1]/2, 1, zeros(3, 0)); '
         '[d, zf] = filter([1 1]/2, [1 -0.5], zeros(0, 1));',
         a=D([], (0, 0)), b=D([], (3, 0)), d=D([], (0, 1)), zf=D(0)),
    case('filter2_values', "o = filter2([1 1], [1 2 3; 4 5 6]); p = filter2([1 2; 3 4], magic(3), 'valid');",
         o=D([3, 9, 5, 11, 3, 6], (2, 3)), p=D([39, 61, 56, 54], (2, 2))),
    case('fft_forms',
         'a = fft([1 2 3 4]); b = fft([1 2 3], 5); c = fft([1 2; 3 4]); d = fft([1 2; 3 4], [], 2); '
         'u = fft([1 2 3 4 5], 3);', a=D([complex(10, 0), complex(-2, 2), complex(-2, 0), complex(-2, -2)]),
         b=D([complex(6, 0), complex(-0.8090169943749475, -3.6654687894677265), complex(0.30901699437494745,
              1.6775990443005142), complex(0.30901699437494745, -1.6775990443005142),
              complex(-0.8090169943749475, 3.6654687894677265)]), c=D([4, -2, 6, -2], (2, 2)),
         d=D([3, 7, -1, -1], (2, 2)),
         u=D([complex(6, 0), complex(-1.5, 0.8660254037844386), complex(-1.5, -0.8660254037844386)])),
    case('ifft_roundtrip', 'e = ifft(fft([1 2 3]));', e=D([1, 2, 3])),
    # ifft's output is real where its input is exactly conjugate symmetric (MATLAB tests it), so
    # ifft(fft(x)) of a real x is real at every length; NaN is never symmetric
    case('ifft_conjugate_symmetric_is_real',
         'x = mod((1:1000) * 0.618, 1); a = isreal(ifft(fft(x))); b = max(abs(ifft(fft(x)) - x)) < 1e-14; '
         'c = isreal(ifft([1 2 3])); d = ifft([1 2 2]); e = isreal(ifft2(fft2(magic(6)))); '
         'f = isreal(ifft([1 NaN 1])); g = isreal(ifft([4 1 0 1], 3));',
         a=L(1), b=L(1), c=L(0), d=D([1.6666666666666667, -0.3333333333333333, -0.3333333333333333]), e=L(1),
         f=L(0), g=L(0)),
    case('fft2_forms', 'g = fft2([1 2; 3 4]); h = ifft2([10 -2; -4 0]); q = fft2([1 2 3], 2, 2);',
         g=D([10, -4, -2, 0], (2, 2)), h=D([1, 3, 2, 4], (2, 2)), q=D([3, 3, -1, -1], (2, 2))),
    case('fftn_forms', 'k = fftn(ones(2, 2, 2));', k=D([8, 0, 0, 0, 0, 0, 0, 0], (2, 2, 2))),
    case('fft_single', 'p = fft(single([1 2])); c = class(p);', p=num('single', [3, -1]), c=C('single')),
    case('fftshift_forms',
         'm = fftshift([1 2 3 4 5]); n = ifftshift([4 5 1 2 3]); o = fftshift([1 2; 3 4]); '
         'r = fftshift([1 2 3; 4 5 6], 2);', m=D([4, 5, 1, 2, 3]), n=D([1, 2, 3, 4, 5]),
         o=D([4, 2, 3, 1], (2, 2)), r=D([3, 6, 1, 4, 2, 5], (2, 3))),
    case('fft_empty', 's = size(fft([]));', s=D([0, 0])),
    case('roots_values',
         'a = roots([1 -3 2]); b = roots([1 0 1]); c = roots([0 0 1 -6 11 -6 0]); s = size(roots(5));',
         a=D([2, 1], (2, 1)), b=D([complex(0, 1), complex(0, -1)], (2, 1)),
         c=D([3.0000000000000018, 1.999999999999998, 1.0000000000000002, 0], (4, 1)), s=D([0, 1])),
    case('poly_values', 'e = poly([1 2 3]); f = poly([1 2; 3 4]); g = poly([1i -1i]);', e=D([1, -6, 11, -6]),
         f=D([1, -5, -1.9999999999999998]), g=D([1, 0, 1])),
    case('polyder_forms',
         'h = polyder([3 2 1]); k = polyder([1 2], [1 3]); [q, d] = polyder([1 2], [1 3]); o = polyder(5);',
         h=D([6, 2]), k=D([2, 5]), q=D(1), d=D([1, 6, 9]), o=D(0)),
    case('polyint_forms', 'm = polyint([3 2 1]); n = polyint([3 2 1], 5);', m=D([1, 1, 1, 0]),
         n=D([1, 1, 1, 5])),
    # single in, single out, as MATLAB documents for roots, polyder and polyint (Octave's roots gives
    # double here; the values are Octave's)
    case('poly_family_single',
         "r = roots(single([1 -3 2])); h = polyder(single([3 2 1])); k = polyder([1 2], single([1 3])); "
         "[q, d] = polyder(single([1 2]), [1 3]); m = polyint(single([3 2 1])); n = polyint([3 2 1], single(5));",
         r=num('single', [2, 1], (2, 1)), h=num('single', [6, 2]), k=num('single', [2, 5]), q=num('single', 1),
         d=num('single', [1, 6, 9]), m=num('single', [1, 1, 1, 0]), n=num('single', [1, 1, 1, 5])),
    case('polyfit_S', '[p, S] = polyfit([1 2 3 4], [1 4 9 16.5], 2); R = S.R; df = S.df; normr = S.normr;',
         p=D([1.1250000000000027, -0.4750000000000128, 0.3750000000000167]),
         R=D([-18.814887722226775, 0, 0, -5.314940034527339, -1.3234093959839237, 0, -1.594482010358202,
              -1.1526468932763207, 0.35921060405354943], (3, 3)), df=D(1), normr=D(0.11180339887498958)),
    case('polyfit_mu', '[p, S, mu] = polyfit([1 2 3 4], [1 4 9 16.5], 1);', p=D([6.648621410989398, 7.625])),
    case('polyval_delta', '[p, S] = polyfit([1 2 3 4], [1 4 9 16.5], 2); [y, delta] = polyval(p, [1 5], S);',
         y=D([1.0250000000000066, 26.125000000000018]), delta=D([0.1561249499599601, 0.3307189138830745])),
    case('polyval_mu', 'y = polyval([1 2], [1 2], [], [2 1]);', y=D([1, 2])),
    case('residue_forms',
         '[r, p, k] = residue([1 2], [1 3 2]); [r2, p2, k2] = residue([2 0 0 1], [1 0 -1]); '
         '[r3, p3, k3] = residue(1, [1 2 1]);', r=D([0, 1], (2, 1)), p=D([-2, -1], (2, 1)), k=D([], (0, 0)),
         r2=D([0.5, 1.5], (2, 1)), p2=D([-1, 1], (2, 1)), k2=D([2, 0]), r3=D([0, 1], (2, 1)),
         p3=D([-1, -1], (2, 1)), k3=D([], (0, 0))),
    case('residue_inverse', '[b, a] = residue([-4; 8], [-2; -1], []);', b=D([4, 12]), a=D([1, 3, 2])),
    # MATLAB's mu is the column [mean(x); std(x)] (Octave returns a row).
    case('polyfit_mu_column', '[p, S, mu] = polyfit([1 2 3 4], [1 4 9 16.5], 1);',
         mu=D([2.5, 1.2909944487358056], (2, 1))),
    # MATLAB's ifft(..., 'symmetric') gives a real result (Octave 7 lacks the option).
    case('ifft_symmetric', "a = ifft([10 -2+2i -2 -2-2i], 'symmetric'); r = isreal(a);",
         a=D([1, 2, 3, 4]), r=L(1)),
    case('filter_zero_leading', 'y = filter(1, [0 1], [1 2]);',
         error=('MATLAB:filter:firstCoefficientZero',
                'First denominator filter coefficient must be non-zero.')),
    case('conv_matrix', 'c = conv([1 2; 3 4], [1 1]);',
         error=('MATLAB:conv:AorBNotVector', 'A and B must be vectors.')),
    case('cconv_bad_n', 'c = cconv([1 2], [1 2], 0);', error=('MATLAB:cconv:invalidN', 'N must be a positive integer.')),
    case('conv_bad_shape', "c = conv([1 2], [1 1], 'middle');",
         error=('MATLAB:conv:unknownShapeParameter', "Shape parameter must be 'full', 'same', or 'valid'.")),
    case('roots_nonfinite', 'r = roots([1 NaN]);',
         error=('MATLAB:roots:NonFiniteInput', 'Input to ROOTS must not contain NaN or Inf.')),
    case('poly_nonsquare', 'c = poly([1 2; 3 4; 5 6]);',
         error=('MATLAB:poly:InputSize', 'Argument must be a vector or a square matrix.')),
    case('fftshift_cell', "c = fftshift({1, 'a', 3});", c=Cell([D(3), D(1), C('a')])),
    case('unwrap_forms', 'o = unwrap([0 3 6.5 9.9]); p = unwrap([0; 3; 6.5], pi/2);',
         o=D([0, 3, 0.21681469282041377, -2.666370614359172]), p=D([0, 3, 0.21681469282041377], (3, 1))),
    case('unwrap_matrix', 'a = unwrap([0 0; 3 -3; 6.5 -6.5]);',
         a=D([0, 3, 0.21681469282041377, 0, -3, -0.21681469282041377], (3, 2))),
    case('polyvalm_values', 'p = polyvalm([1 2 3], [1 2; 3 4]);', p=D([12, 21, 14, 33], (2, 2))),
    case('interpft_forms',
         'f = interpft([1 2 3 4], 8); g = interpft([1; 2; 3], 5); h = interpft([1 2; 3 4; 5 6], 4, 1); '
         'k = interpft([1 2 3 4 5 6], 4);', f=D([1, 1.085786437626905, 2, 2.5, 3, 3.914213562373095, 4, 2.5]),
         g=D([1, 1.141890269927498, 2.469659020738196, 3.148374968011699, 2.240075741322607], (5, 1)),
         h=D([1, 1.8452994616207485, 5, 4.1547005383792515, 2, 2.8452994616207485, 6,
              5.1547005383792515], (4, 2)), k=D([1, 2.7679491924311224, 4, 6.232050807568878])),
    # xcorr (Signal Processing Toolbox): values from its definition, sum x(n+m) conj(y(n)) (numpy's
    # correlate); Octave's xcorr is in its signal package, which the recording machine lacks
    case('xcorr_forms', "a = xcorr([1 2 3]); b = xcorr([1; 2; 3], 'normalized'); [c, l] = xcorr([1 2], [1 1 1], 1); "
         "d = xcorr([1 2 3], [4 5 6], 'unbiased'); e = xcorr([1 2 3], 4); f = xcorr([1 2 3], [4 5 6], 'biased');",
         a=D([3, 8, 14, 8, 3]), b=D([3 / 14, 8 / 14, 1, 8 / 14, 3 / 14], (5, 1)), c=D([3, 3, 2]), l=D([-1, 0, 1]),
         d=D([6, 8.5, 32 / 3, 11.5, 12]), e=D([0, 0, 3, 8, 14, 8, 3, 0, 0]), f=D([2, 17 / 3, 32 / 3, 23 / 3, 4])),
    case('xcorr_complex_single', "r = xcorr(single([1 2]), [1i 2]); c = class(r); re = double(real(r)); "
         "im = double(imag(r));", c=C('single'), re=D([2, 4, 0]), im=D([0, -1, -2])),
    case('xcorr_matrix', "r = xcorr(magic(3));",
         error=('signal:xcorr:MatrixInput', 'xcorr of matrices (every pair of columns) is not supported: give vectors.')),
    case('xcorr_scale_of_unequal_lengths', "r = xcorr([1 2], [1 2 3], 'biased');",
         error=('signal:xcorr:NoneScaleOption',
                "To use a scaling option other than 'none', x and y must have the same length.")),
]


@pytest.mark.parametrize("c", params(CASES))
def test_signal(session, c):
    check(session, c)


def test_xcorr_of_a_huge_maxlag_is_matlabs_size_error():
    """A maxlag of 1e19 asks for 2e19 + 1 lags (found by the fuzzer: numpy's ValueError)."""
    r = Session(device="cpu").execute("r = xcorr([1 2 3], 1e19);")
    assert r.error is not None and r.error.identifier == "MATLAB:array:SizeLimitExceeded"
