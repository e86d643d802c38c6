"""Conformance: griddedInterpolant. Octave 7 has none: expected values are written by hand from the
definitions in MATLAB's documentation (linear interpolation of data that are linear in each coordinate
reproduces them; the 'spline' and 'pchip' values equal interp1's, recorded with GNU Octave)."""
import pytest

from harness import C, Cell, D, case, check, nan, params

CASES = [
    case('interpolant_1d', "F = griddedInterpolant([1 2 3], [10 20 40]); a = F(2.5); b = F([0 4]); c = class(F); v = F.Values; m = F.Method;",
         a=D(30), b=D([0, 60]), c=C('griddedInterpolant'), v=D([10, 20, 40], (3, 1)), m=C('linear')),
    case('interpolant_2d', "[X1, X2] = ndgrid(1:3, 1:4); V = X1 + 10*X2; G = griddedInterpolant(X1, X2, V); d = G(1.5, 2.5); "
         "e = G([1.5 2.5; 2 3]); f = G({[1 2], [1 3]}); g = G.GridVectors;",
         d=D(26.5), e=D([26.5, 32], (2, 1)), f=D([11, 12, 31, 32], (2, 2)), g=Cell([D([1, 2, 3]), D([1, 2, 3, 4])])),
    case('interpolant_methods', "[X1, X2] = ndgrid(1:3, 1:4); H = griddedInterpolant({1:3, 1:4}, X1 + 10*X2, 'nearest'); g = H(1.4, 2.6); "
         "K = griddedInterpolant([1 2 3], [10 20 40], 'linear', 'none'); h = K(4); K.Values = [1 2 3]; k = K(2.5); "
         "S = griddedInterpolant(1:5, [1 4 9 16 25], 'spline'); s = S(2.5); P = griddedInterpolant(1:4, [1 2 2 3], 'pchip'); p = P(2.5); "
         "W = griddedInterpolant([1 2 4]); w = W(1.5);",
         g=D(31), h=D(nan), k=D(2.5), s=D(6.25), p=D(2), w=D(1.5)),
    # the 2-D spline is interp2's (recorded with GNU Octave on a grid of uneven spacing)
    case('interpolant_spline_2d', "x = [0 0.1 0.35 0.5 0.8 1 1.3]; y = [0 0.2 0.3 0.7 0.9 1.4]; [Y, X] = ndgrid(y, x); "
         "F = griddedInterpolant({y, x}, sin(3*X) .* cos(2*Y) + X.^3, 'spline'); a = F([0.1 0.5 1.2], [0.05 0.6 1.1]);",
         a=D([0.14703939917340286, 0.7398550149714322, 1.448218451772288], (1, 3))),
    case('interpolant_size_mismatch', "F = griddedInterpolant({1:3, 1:2}, ones(3, 3));",
         error=('MATLAB:griddedInterpolant:GridValuesMismatch', 'The size of the values must match the sizes of the grid vectors.')),
    case('interpolant_bad_method', "F = griddedInterpolant(1:3, 1:3, 'quintic');",
         error=('MATLAB:griddedInterpolant:BadMethod', "'quintic' is not a supported method: use 'linear', 'nearest', 'pchip', 'spline', 'makima'.")),
]


@pytest.mark.parametrize("c", params(CASES))
def test_case(session, c):
    check(session, c)
