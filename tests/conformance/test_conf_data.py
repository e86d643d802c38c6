"""Conformance: data analysis (histc, accumarray, moving statistics, sortrows, issorted, percentiles,
mad, cov, rescale, interp1 pchip/spline, gradient, del2, interp2) and the MATLAB-only histcounts,
discretize and normalize.

Expected values were recorded with GNU Octave 7.3 (tests/conformance/record.py); histcounts, discretize
and normalize are not in Octave 7, and their cases come from MATLAB's documentation examples or were
worked out by hand from its definitions (comments say which)."""
import pytest

from harness import C, D, L, case, check, nan, num, params

CASES = [
    case('histc_vector', '[n, idx] = histc([1 2 2 3 5], 1:5);', n=D([1, 2, 1, 0, 1]), idx=D([1, 2, 2, 3, 5])),
    case('histc_matrix', 'n = histc([1 2; 3 4; 5 1], 0:2:6);', n=D([1, 1, 1, 0, 1, 1, 1, 0], (4, 2))),
    case('histc_outside', '[n, idx] = histc([0 1.5 7 NaN 6], [1 2 6]);', n=D([1, 0, 1]), idx=D([0, 1, 0, 0, 3])),
    case('accum_column', 'A = accumarray([1; 2; 1], [10; 20; 30]);', A=D([40, 20], (2, 1))),
    case('accum_matrix', 'A = accumarray([1 1; 2 2; 1 1], 1);', A=D([2, 0, 0, 1], (2, 2))),
    case('accum_max', 'A = accumarray([1; 3; 1], [10; 20; 30], [], @max);', A=D([30, 0, 20], (3, 1))),
    case('accum_size_fill', 'A = accumarray([1; 3; 1], [10; 20; 30], [4 1], @(x) max(x), NaN);', A=D([30, nan, 20, nan], (4, 1))),
    case('accum_cell_subs', 'A = accumarray({[1; 2; 1], [2; 2; 2]}, single([10; 20; 30]));', A=num('single', [0, 0, 40, 20], (2, 2))),
    case('accum_row_subs', 'A = accumarray([1 2 1], 5);', A=D([0, 5])),
    case('accum_cellout', 'C = accumarray([1; 3; 1], [10; 20; 30], [], @(x) {x}); n = size(C); c = C{1};', n=D([3, 1]), c=D([10, 30], (2, 1))),
    case('accum_any', 'A = accumarray([1; 3; 1], [1; 0; 0], [], @(x) any(x));', A=L([1, 0, 0], (3, 1))),
    case('mov_basic', 'A = [4 8 6 -1 -2 -3 -1 3 4 5];\na = movsum(A, 3); b = movmean(A, 3); c = movmedian(A, 3); d = movmax(A, 3); e = movmin(A, 3); f = movprod([1 2 3 4], 2);', a=D([12, 18, 13, 3, -6, -6, -1, 6, 12, 9]), b=D([6, 6, 4.333333333333333, 1, -2, -2, -0.3333333333333333, 2, 4, 4.5]), c=D([6, 6, 6, -1, -2, -2, -1, 3, 4, 4.5]), d=D([8, 8, 8, 6, -1, -1, 3, 4, 5, 5]), e=D([4, 4, -1, -2, -3, -3, -3, -1, 3, 4]), f=D([1, 2, 6, 12])),
    case('mov_spread', 'A = [4 8 6 -1 -2 -3];\ng = movvar(A, 3); h = movstd(A, 3); i = movstd(A, 3, 1);', g=D([8, 4, 22.333333333333336, 19, 1, 0.5]), h=D([2.8284271247461903, 2, 4.725815626252609, 4.358898943540674, 1, 0.7071067811865476]), i=D([2, 1.632993161855452, 3.8586123009300755, 3.559026084010437, 0.816496580927726, 0.5])),
    case('mov_window_forms', "A = [4 8 6 -1 -2 -3 -1 3 4 5];\na = movmean(A, [2 0]); b = movmean(A, 4, 'Endpoints', 'discard'); c = movmean(A, 4, 'Endpoints', 'fill'); d = movmean(A, 3, 'Endpoints', 0);", a=D([4, 6, 6, 4.333333333333333, 1, -2, -2, -0.3333333333333333, 2, 4]), b=D([4.25, 2.75, 0, -1.75, -0.75, 0.75, 2.75]), c=D([nan, nan, 4.25, 2.75, 0, -1.75, -0.75, 0.75, 2.75, nan]), d=D([4, 6, 4.333333333333333, 1, -2, -2, -0.3333333333333333, 2, 4, 3])),
    case('mov_dim_nan', 'a = movsum([1 NaN 3 4], 3); b = movmean([1 2; 3 4; 5 6], 2, 2);', a=D([nan, nan, nan, 7]), b=D([1, 3, 5, 1.5, 3.5, 5.5], (3, 2))),
    case('sortrows_basic', 'a = sortrows([3 1; 1 2; 3 0]); b = sortrows([3 1; 1 2; 3 0], -1);\n[c, i] = sortrows([3 1; 1 2; 3 0; NaN 1], [1 -2]);', a=D([1, 3, 3, 2, 0, 1], (3, 2)), b=D([3, 3, 1, 1, 0, 2], (3, 2)), c=D([1, 3, 3, nan, 2, 1, 0, 1], (4, 2)), i=D([2, 1, 3, 4], (4, 1))),
    case('sortrows_char_cell', "e = sortrows(['cb'; 'ab'; 'ca']); d = sortrows({'pear'; 'apple'; 'fig'}); n = d{1};", e=C('accbab', (3, 2)), n=C('apple')),
    case('issorted_forms', "t1 = issorted([1 2 2 5]); t3 = issorted([1 NaN]); t4 = issorted([NaN 1]); t6 = issorted([1 2; 1 1], 'rows');", t1=L(1), t3=L(1), t4=L(0), t6=L(0)),
    case('prctile_forms', "a = prctile([1 2 3 4 5], [25 50 90]); b = quantile([1 2 3 4 5 6]', [0.25 0.5]); c = prctile(magic(4), 50); d = quantile([3 1 2 10], 0.3);", a=D([1.75, 3, 5]), b=D([2, 3.5]), c=D([7, 9, 8, 10]), d=D(1.7)),
    case('prctile_matrix_dim', 'q = prctile(magic(4), [25 75], 2);', q=D([2.5, 6.5, 6.5, 2.5, 14.5, 10.5, 10.5, 14.5], (4, 2))),
    case('mad_range_bounds', 'e = mad([1 2 3 10]); f = mad([1 2 3 10], 1); l = range([4 1 9]); [s, b] = bounds([4 1 9]);', e=D(3), f=D(1), l=D(8), s=D(1), b=D(9)),
    case('cov_corrcoef', 'k = cov(magic(3)); v = cov([1 2 3 4]); r = corrcoef([1 2 3 4], [2 4 5 9]);', k=D([7, -8, 1, -8, 16, -8, 1, -8, 7], (3, 3)), v=D(1.6666666666666667), r=D([1, 0.9647638212377322, 0.9647638212377322, 1], (2, 2))),
    case('rescale_forms', 'r = rescale([1 2 3 5]); r2 = rescale([1 2 3 5], -1, 1);', r=D([0, 0.25, 0.5, 1]), r2=D([-1, -0.5, 0, 1])),
    case('interp1_smooth', "x = 1:5; v = [1 4 2 8 3];\na = interp1(x, v, [1.5 2.5 4.7], 'pchip'); b = interp1(x, v, [1.5 2.5 4.7], 'spline');\ne = interp1([1 2 3], [1 4 9], [1.5 2.5], 'spline'); f = interp1([1 2], [1 4], 1.5, 'spline');", a=D([3.1875, 3, 5.623499999999999]), b=D([4.4375, 2.3125, 7.261499999999999]), e=D([2.25, 6.25]), f=D(2.5)),
    case('interp1_smooth_extrap', "x = 1:5; v = [1 4 2 8 3];\ng = interp1(x, v, [0 6], 'pchip', 'extrap'); h = interp1(x, v, [0 6], 'spline', 'extrap');", g=D([-6, -14]), h=D([-28, -40])),
    case('interp1_columns', "k = interp1(1:5, [1 4 2 8 3; 2 8 4 16 6]', [1.5 2.5]);", k=D([2.5, 3, 5, 6], (2, 2))),
    case('gradient_forms', 'g = gradient([1 4 9 16 25]); [gx, gy] = gradient(magic(3)); h = gradient([1 4 9 16 25], [0 1 3 4 7]);', g=D([3, 4, 6, 8, 9]), gx=D([-7, 2, 5, -1, 2, -1, 5, 2, -7], (3, 3)), gy=D([-5, -2, 1, 4, 4, 4, 1, -2, -5], (3, 3)), h=D([3, 2.6666666666666665, 4, 4, 3.000000000000001])),
    case('del2_forms', 'a = del2([1 4 9 16 25]); b = del2([1 4 9 16 25 40]); c = del2(magic(4)); d = del2([1 4 9 16 25], 2);\ne = del2([1 3 2]); f = del2(magic(4), 2, 3); k = del2([1 4 9 16 25 40], [0 1 3 4 7 8]);', a=D([0.5, 0.5, 0.5, 0.5, 0.5]), b=D([0.5, 0.5, 0.5, 0.5, 1.5, 2.5]), c=D([15, 0.5, -3.5, -9, -5.5, -5, 3, 6.5, -6.5, -3, 5, 5.5, 9, 3.5, -0.5, -15], (4, 4)), d=D([0.125, 0.125, 0.125, 0.125, 0.125]), e=D([-0.75, -0.75, -0.75]), f=D([2.3958333333333335, -0.3958333333333333, -0.5625, -1.1041666666666667, -0.09027777777777768, -0.7986111111111112, 0.3680555555555556, 0.4097222222222223, -0.4097222222222223, -0.3680555555555556, 0.7986111111111112, 0.09027777777777768, 1.1041666666666667, 0.5625, 0.3958333333333333, -2.3958333333333335], (4, 4)), k=D([-0.5, -0.08333333333333333, 0.75, -0.5, 1.5, 2.1666666666666665])),
    case('interp2_forms', "a = interp2([1 2; 3 4], 1.5, 1.5); b = interp2(1:3, [10 20], [1 2 3; 4 5 6], [1.5 2.5], [12; 18]);\nc = interp2([1 2; 3 4], [1 3], [1 1], 'nearest', 0); d = interp2([1 2; 3 4], 1.5, 1.5, 'nearest');", a=D(2.5), b=D([2.1, 3.9000000000000004, 3.1, 4.9], (2, 2)), c=D([1, 0]), d=D(4)),
    # MATLAB documentation examples (histcounts, discretize).
    case('histcounts_nbins', '[N, e] = histcounts([2 3 5 7 11 13 17 19 23 29], 6);',
         N=D([2, 2, 2, 2, 1, 1]), e=D([0, 4.9, 9.8, 14.7, 19.6, 24.5, 29.4])),
    case('discretize_edges', 'Y = discretize([1 1 2 3 6 5 8 10 4 4], 2:2:10);',
         Y=D([nan, nan, 1, 1, 3, 2, 4, 4, 2, 2])),
    # By hand from MATLAB's definitions: integer data spanning <= 50 get one bin per integer; edges
    # given by the caller; normalizations; the bin index output.
    case('histcounts_integers', '[N, e, b] = histcounts([1 2 2 3 5]);',
         N=D([1, 2, 1, 0, 1]), e=D([0.5, 1.5, 2.5, 3.5, 4.5, 5.5]), b=D([1, 2, 2, 3, 5])),
    case('histcounts_edges_norm', "p = histcounts([1 2 2 3 5 NaN 9], [0 2 4 6], 'Normalization', 'probability'); "
         "c = histcounts([1 2 2 3 5], [0 2 4 6], 'Normalization', 'cdf'); w = histcounts([1 2 2 3 5], 'BinWidth', 2);",
         p=D([1 / 7, 3 / 7, 1 / 7]), c=D([0.2, 0.8, 1]), w=D([1, 3, 1])),
    case('histcounts_limits', "N = histcounts([1 2 2 3 5 8], 2, 'BinLimits', [1 5]);", N=D([3, 2])),
    case('discretize_n_values', "[Y, E] = discretize([1 2 3 4], 2); V = discretize([1 2 3 4], [0 2 5], [10 20]); "
         "R = discretize([1 2 3], [1 2 3], 'IncludedEdge', 'right');",
         Y=D([1, 1, 2, 2]), E=D([1, 3, 5]), V=D([10, 20, 20, 20]), R=D([1, 1, 2])),
    case('normalize_forms', "a = normalize([1 2 3]); b = normalize([1 2 3], 'range'); [c, C1, S1] = normalize([1 2 4], 'center', 'median'); "
         "d = normalize([1 2 3 10], 'zscore', 'robust'); e = normalize([2 4 8], 'scale', 'first'); f = normalize([3 4], 'norm');",
         a=D([-1, 0, 1]), b=D([0, 0.5, 1]), c=D([-1, 0, 2]), C1=D(2), S1=D(1), d=D([-1.5, -0.5, 0.5, 7.5]),
         e=D([1, 2, 4]), f=D([0.6, 0.8])),
    # MATLAB: cov(A, B) is the 2-by-2 covariance matrix of A(:) and B(:) (Octave 7: their cross-covariance).
    case('cov_two_inputs', 'k = cov([1 2 3 4], [2 4 5 9]);', k=D([5 / 3, 11 / 3, 11 / 3, 26 / 3], (2, 2))),
    # MATLAB: pchip and spline extrapolate by default (Octave: NaN outside the data).
    case('interp1_spline_default_extrap', "y = interp1(1:5, [1 4 2 8 3], [0 6], 'spline');", y=D([-28, -40])),
    # Classes: single stays single; movmax keeps integer classes (MATLAB; Octave returns double).
    case('data_classes', "a = movmean(single([1 2 3]), 2); b = movmax(int8([1 5 2]), 2); c = prctile(single([1 2 3]), 50); "
         "d = class(histcounts(single([1 2])));",
         a=num('single', [1, 1.5, 2.5]), b=num('int8', [1, 5, 5]), c=num('single', 2), d=C('double')),
    case('accumarray_bad_subs', 'A = accumarray([0; 1], [1; 2]);',
         error=('MATLAB:accumarray:nonPosSubs', 'Index into output array must be a positive integer.')),
    case('accumarray_length_mismatch', 'A = accumarray([1; 2], [1; 2; 3]);',
         error=('MATLAB:accumarray:nonMatchingSubsAndVals',
                'Second input VAL must be a vector with one element for each row in SUBS, or a scalar.')),
    case('movsum_bad_window', 'y = movsum(1:3, 0);',
         error=('MATLAB:movsum:wrongWindowLength', 'Window length must be a finite positive scalar or a '
                '2-element vector of nonnegative values.')),
    case('sortrows_bad_column', 'y = sortrows([1 2; 3 4], 3);',
         error=('MATLAB:sortrows:ColMismatchX', 'Column sorting vector must contain integers with absolute '
                'value between 1 and the number of columns in the first argument.')),
    case('prctile_bad_percent', 'y = prctile([1 2 3], 120);',
         error=('MATLAB:prctile:BadPercents', 'P must be a scalar or a vector of percent values between 0 and 100.')),
    case('interp2_method', "y = interp2([1 2; 3 4], 1.5, 1.5, 'makima');",
         error=('MATLAB:interp2:InvalidMethod', "interp2 supports the methods 'linear', 'nearest', 'cubic' and 'spline'.")),
    # recorded with GNU Octave; outside the grid MATLAB gives NaN (its extrapval rule), Octave's spline
    # extrapolates (26 for c)
    case('interp2_spline', "[X, Y] = meshgrid(1:5); V = X.^2 + sin(Y); a = interp2(X, Y, V, 2.5, 3.5, 'spline'); b = interp2(magic(5), [1.5 4.2], [2.5; 3.1], 'spline'); c = interp2(magic(4), 5, 1, 'spline');",
         a=D(5.908644138794571), b=D([5.4765625, 4.248125, 18.310000000000002, 21.3272], (2, 2)), c=D(nan)),
    # recorded with GNU Octave: a grid of uneven spacing, grid vectors and meshgrid queries
    case('interp2_spline_uneven', "x = [0 0.1 0.35 0.5 0.8 1 1.3]; y = [0 0.2 0.3 0.7 0.9 1.4]; [X, Y] = meshgrid(x, y); V = sin(3*X) .* cos(2*Y) + X.^3; "
         "a = interp2(x, y, V, [0.05 0.6 1.1], [0.1; 0.5; 1.2], 'spline'); [XQ, YQ] = meshgrid([0.05 0.6 1.1], [0.1 0.5 1.2]); b = interp2(X, Y, V, XQ, YQ, 'spline');",
         a=D([0.14703939917340286, 0.0809556606609782, -0.11117423851026875, 1.1681367776677845, 0.7398550149714322,
              -0.5053186652110712, 1.17627227099965, 1.2458705325819743, 1.448218451772288], (3, 3)),
         b=D([0.14703939917340286, 0.0809556606609782, -0.11117423851026875, 1.1681367776677845, 0.7398550149714322,
              -0.5053186652110712, 1.17627227099965, 1.2458705325819743, 1.448218451772288], (3, 3))),
    # recorded with GNU Octave: along a dimension of three grid points the spline is a parabola, of two a line
    case('interp2_spline_small_grids', "a = interp2([1 2 4 7; 3 5 9 1; 2 2 8 1], [1.5 2.5 3.7], [1.5; 1.2; 2.9], 'spline'); b = interp2([1 2 4; 3 5 9], [1.5 2.5 3], [1.5 1.2 2], 'spline'); [X, Y] = meshgrid(1:2); c = interp2(X, Y, X + 2 * Y, 1.5, 1.25, 'spline');",
         a=D([2.6640625, 2.02, 0.5378125000000004, 6.1171875, 4.38, 5.968437500000001, 5.668437499999998,
              5.84624, 5.558047499999997], (3, 3)), b=D([2.5625, 3.65, 9.0], (1, 3)), c=D(4.0)),
]


@pytest.mark.parametrize("c", params(CASES))
def test_case(session, c):
    check(session, c)
