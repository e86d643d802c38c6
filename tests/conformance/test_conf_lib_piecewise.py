"""Conformance: piecewise polynomials (mkpp, unmkpp, ppval, spline, pchip, makima).

Values recorded with GNU Octave (tests/conformance/record.py); makima (which Octave lacks) by hand from
MATLAB's definition, as a comment says."""
import pytest

from harness import D, case, check, nan, params

CASES = [
    case('spline_values', 'a = spline(0:3, [0 1 8 27], 1.5); b = spline(1:5, [1 4 2 8 3], [1.5 2.5; 3.5 6]); c = spline([0 1], [2 4], 0.25); d = spline(0:2, [0 1 0], [0.5 3]);', a=D(3.375), b=D([4.4375, 4.6875, 2.3125, -40], (2, 2)), c=D(2.5), d=D([0.75, -3])),
    case('spline_clamped', 'a = spline(0:3, [1 0 1 8 27 0], [0.5 2.5]);', a=D([0.5083333333333334, 19.908333333333335])),
    case('spline_pp', '[b, c, l, k, d] = unmkpp(spline(0:3, [0 1 8 27])); c = round(c * 1e10) / 1e10;', b=D([0, 1, 2, 3]), c=D([1, 1, 1, 0, 3, 6, 0, 3, 12, 0, 1, 8], (3, 4)), l=D(3), k=D(4), d=D(1)),
    case('spline_curve', 'a = spline(0:3, [0 1 2 3; 0 1 4 9], [0.5 1.5]); [~, c] = unmkpp(spline(0:2, [0 1 0; 1 0 1]));', a=D([0.5, 0.25, 1.5, 2.25], (2, 2)), c=D([-1, 1, 2, -2, 0, 1], (2, 3))),
    case('pchip_values', 'a = pchip(1:4, [1 2 2 3], [1.5 2.5 3.5]); b = pchip([0 1 3 4], [0 1 0 2], -1:5);', a=D([1.6875, 2, 2.3125]), b=D([-1, 0, 1, 0.5, 0, 2, 3.333333333333332])),
    case('pchip_pp', '[~, c] = unmkpp(pchip(1:4, [1 3 2 4]));', c=D([-0.5, 2, -0.5, -1, -3, 2.5, 3.5, 0, 0, 1, 3, 2], (3, 4))),
    case('mkpp_ppval', 'pp = mkpp([0 1 2], [1 0; -1 1]); a = ppval(pp, [0.5 1.5 -1 3]); b = ppval(mkpp([0 1], [1 2 3]), 2); c = ppval(mkpp([0 1 2], [1 0; 2 0; 3 0; 4 0], 2), [0.5 1.5]); p = pp.pieces;', a=D([0.5, 0.5, -1, -1]), b=D(11), c=D([0.5, 1, 1.5, 2], (2, 2)), p=D(2)),
    case('ppval_matrix', 'a = ppval(spline(0:3, [0 1 8 27]), [0.5 1; 2 NaN]);', a=D([0.125, 8, 1, nan], (2, 2))),
    case('spline_bad_lengths', 'a = spline(1:3, [1 2]);',
         error=('MATLAB:spline:XYLengthMismatch', 'The number of sites, x, must equal the number of values in y (or two more, the end slopes).')),
    case('ppval_not_pp', 'a = ppval(struct(\'a\', 1), 2);',
         error=('MATLAB:ppval:notPP', 'The input must be a piecewise polynomial structure (from mkpp, spline or pchip).')),
    case('mkpp_count_mismatch', 'pp = mkpp([0 1 2], [1 2 3]);',
         error=('MATLAB:mkpp:PPNumberMismatchCoeffs', 'The number of coefficients (3) is not a multiple of the number of pieces times the dimension (2).')),
    # makima (Octave has none): data on a line give the line; two points give a line; the documented
    # property that makima through [1 2 4 2 1] keeps the peak at x = 3 (no overshoot past 4 nearby).
    case('makima_forms', 'a = makima(1:5, 2 * (1:5), [1.5 4.5 6]); b = makima([0 2], [1 5], 1); c = makima(1:5, [1 2 4 2 1], 3);',
         a=D([3, 9, 12]), b=D(3), c=D(4)),
]


@pytest.mark.parametrize("c", params(CASES))
def test_case(session, c):
    check(session, c)
