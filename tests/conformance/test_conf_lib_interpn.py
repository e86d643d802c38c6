"""Conformance: interp3 and interpn (gridded interpolation in three and n dimensions), and interp2's
'cubic'. Values recorded with GNU Octave 7 ('linear', 'nearest' with halfway points going up,
'spline', extrapolation values, grid vectors, refinement); Octave prints NA where MATLAB gives NaN
outside the grid (the cases test isnan). 'cubic' is MATLAB's cubic convolution, which Octave does not
have (its interp2 'cubic' is another method): it reproduces quadratics exactly on a uniform grid, which
the cases check; the 1-D spline through the samples of x^3 is x^3."""
import pytest

from harness import D, L, case, check, params

CASES = [
    case('interp3_linear', '[x, y, z] = meshgrid(1:4, 1:3, 1:5); V = x.^2 + 2*y + z.^3; a = interp3(V, 2.5, 1.5, 3.2); b = interp3(x, y, z, V, [1.2 3.7], [2.2 2.9], [4.5 1.1]);', a=D(43.900000000000006), b=D([100.50000000000001, 21.400000000000002])),
    case('interp3_nearest', "[x, y, z] = meshgrid(1:4, 1:3, 1:5); V = x.^2 + 2*y + z.^3; c = interp3(V, [2.5 1.2], [1.5 2.7], [3.2 4.5], 'nearest');", c=D([40, 132])),
    case('interp3_outside', "[x, y, z] = meshgrid(1:4, 1:3, 1:5); V = x.^2 + 2*y + z.^3; d = isnan(interp3(V, 5, 1, 1)); e = interp3(V, [5 2], [1 1], [1 1], 'linear', -1);", d=L(1), e=D([-1, 7])),
    case('interp3_spline', "[x, y, z] = meshgrid(1:5, 1:4, 1:6); V = sin(x) + cos(y) .* z; s = interp3(V, [2.5 1.2], [1.5 3.3], [3.2 5.5], 'spline');", s=D([0.7385574550655735, -4.59326453293421])),
    case('interp3_gridvectors', '[x, y, z] = meshgrid(1:4, 1:3, 1:5); V = x.^2 + 2*y + z.^3; u = interp3(V, [1.5 2.5], [1.5; 2.5], [2 3]);', u=D([13.5, 15.5, 17.5, 19.5, 32.5, 34.5, 36.5, 38.5], (2, 2, 2))),
    case('interp3_refine', 'V = reshape(1:8, 2, 2, 2); r = interp3(V);', r=D([1, 1.5, 2, 2, 2.5, 3, 3, 3.5, 4, 3, 3.5, 4, 4, 4.5, 5, 5, 5.5, 6, 5, 5.5, 6, 6, 6.5, 7, 7, 7.5, 8], (3, 3, 3))),
    case('interpn_forms', '[X1, X2] = ndgrid(1:3, 1:4); W = X1.*X2 + X2.^2; f = interpn(W, [1.5 2.5], [3.5 1.2]); g = interpn(1:3, 1:4, W, 2.2, 3.3); r = interpn([1 2; 3 4]);', f=D([17.75, 4.6]), g=D(18.36), r=D([1, 2, 3, 1.5, 2.5, 3.5, 2, 3, 4], (3, 3))),
    case('interpn_3d', '[X1, X2, X3] = ndgrid(1:3, 1:4, 1:2); W = X1 + 10*X2 + 100*X3; h = interpn(X1, X2, X3, W, [1.5 2.5], [3.5 1.2], [1.1 1.9]);', h=D([146.50000000000003, 204.49999999999997])),
    case('interpn_nearest', "[X1, X2] = ndgrid(1:3, 1:4); W = X1.*X2 + X2.^2; n = interpn(W, [1.5 2.4], [3.5 1.6], 'nearest');", n=D([24, 8])),
    case('interp3_cubic_quadratic', "[x, y, z] = meshgrid(1:4, 0:0.5:2, 1:5); Q = x.^2 - x.*y + z.^2; "
         "e = interp3(x, y, z, Q, [2.3 1.1 3.9], [1.7 0.2 2], [4.6 1.5 4.9], 'cubic') - [2.3^2-2.3*1.7+4.6^2, 1.1^2-0.22+1.5^2, 3.9^2-7.8+4.9^2]; "
         "a = max(abs(e)) < 1e-12;", a=L(1)),
    case('interpn_cubic_quadratic', "W = (1:5)'.^2 + 3*(1:4); q = interpn(W, [1.5 4.5], [2.5 3.25], 'cubic'); a = max(abs(q - [1.5^2+7.5, 4.5^2+9.75])) < 1e-12;",
         a=L(1)),
    case('interp2_cubic_quadratic', "[x, y] = meshgrid(0:4, 0:0.5:2); V = x.^2 - x.*y + 3*y.^2; xq = [0.3 2.7 3.9]; yq = [0.1 1.3 1.95]; "
         "q = interp2(x, y, V, xq, yq, 'cubic'); a = max(abs(q - (xq.^2 - xq.*yq + 3*yq.^2))) < 1e-12; "
         "g = interp2(x, y, V, [0.5 1.5], [0.25; 1.75], 'cubic'); s = size(g); b = isnan(interp2(x, y, V, 5, 1, 'cubic'));",
         a=L(1), s=D([2, 2]), b=L(1)),
    case('interp2_cubic_small_grid', "y = interp2([1 2; 3 4], 1.5, 1.5, 'cubic');", y=D(2.5)),
    case('interpn_1d_spline', "k = interpn(1:4, [1 8 27 64], [1.5 3.5], 'spline'); k = round(k * 1e9) / 1e9;", k=D([3.375, 42.875])),
    case('interpn_refine_twice', "r = interpn([1 2; 3 4], 2); s = size(r); c = r(2, 3);", s=D([5, 5]), c=D(2)),
    case('interp3_bad_method', "v = interp3(ones(2, 2, 2), 1, 1, 1, 'quintic');",
         error=('MATLAB:interp3:InvalidMethod', "interp3 supports the methods 'linear', 'nearest', 'pchip', 'cubic', "
                "'spline', 'makima'.")),
    case('interp3_not_3d', "v = interp3(ones(2, 2), 1, 1, 1);", error=('MATLAB:interp3:InvalidV', 'V must be a 3-D array.')),
    case('interpn_bad_count', "v = interpn(1:3, 1:4, ones(3, 4), 2);",
         error=('MATLAB:interpn:nargin', 'interpn needs one grid vector and one query array per dimension of V.')),
]


@pytest.mark.parametrize("c", params(CASES))
def test_case(session, c):
    check(session, c)
