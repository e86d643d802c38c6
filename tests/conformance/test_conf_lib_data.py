"""Conformance: k largest/smallest elements, local extrema, missing data and trends (maxk, mink,
islocalmax, islocalmin, ismissing, rmmissing, fillmissing, anynan, allfinite, detrend; mode's third
output).

Octave 7 has none of these functions but detrend and mode: the expected values are written by hand
from MATLAB's documentation (its examples and definitions), each checked by reasoning in the comment
above it; those of detrend and mode were recorded with GNU Octave."""
import pytest

from harness import C, Cell, D, L, case, check, nan, params

CASES = [
    # MATLAB documentation examples: maxk(1:10, 3) and maxk(magic(5), 3, 2)
    case('maxk_doc', 'a = maxk(1:10, 3); b = maxk(magic(5), 3, 2);',
         a=D([10, 9, 8]), b=D([24, 23, 22, 21, 25, 17, 16, 20, 19, 18, 15, 14, 13, 12, 11], (5, 3))),
    case('maxk_indices', '[b, i] = maxk([2 8 5 9 1], 2); [c, j] = mink([2 8 5 9 1], 2); d = maxk([1 2], 5); e = mink([4; 2; 3], 1);',
         b=D([9, 8]), i=D([4, 2]), c=D([1, 2]), j=D([5, 1]), d=D([2, 1]), e=D(2)),
    case('maxk_bad_k', 'a = maxk([1 2], -1);', error=('MATLAB:maxk:InvalidK', 'k must be a nonnegative integer scalar.')),
    # a flat maximum (5 5 5) is marked at its centre; the first and last elements never are
    case('islocalmax_forms', "a = islocalmax([1 3 2 5 5 5 1 4 4 1]); b = islocalmin([3 1 2 0 4]); c = islocalmax([1 3 2; 2 1 3; 1 2 1]);",
         a=L([0, 1, 0, 0, 1, 0, 0, 1, 0, 0]), b=L([0, 1, 0, 1, 0]), c=L([0, 1, 0, 0, 0, 0, 0, 1, 0], (3, 3))),
    # prominences: 3 descends to 2 before 5 rises above it (3 - 2 = 1); the 5 plateau to 1 on both
    # sides (4); the 4 plateau to 1 before 5 (3)
    case('islocalmax_prominence', "[t, p] = islocalmax([1 3 2 5 5 5 1 4 4 1], 'FlatSelection', 'all'); "
         "u = islocalmax([1 3 2 5 5 5 1 4 4 1], 'MinProminence', 2); v = islocalmax([1 3 2 5 4 6 1], 'MaxNumExtrema', 1);",
         t=L([0, 1, 0, 1, 1, 1, 0, 1, 1, 0]), p=D([0, 1, 0, 4, 4, 4, 0, 3, 3, 0]),
         u=L([0, 0, 0, 0, 1, 0, 0, 1, 0, 0]), v=L([0, 0, 0, 0, 0, 1, 0])),
    case('islocalmax_flat_first_last', "a = islocalmax([0 2 2 2 0], 'FlatSelection', 'first'); b = islocalmax([0 2 2 2 0], 'FlatSelection', 'last');",
         a=L([0, 1, 0, 0, 0]), b=L([0, 0, 0, 1, 0])),
    case('ismissing_forms', "a = ismissing([1 NaN 3]); b = ismissing([1 -99 3], -99); c = ismissing({'a', '', 'b'}); e = ismissing(int8([1 2])); f = ismissing('a b');",
         a=L([0, 1, 0]), b=L([0, 1, 0]), c=L([0, 1, 0]), e=L([0, 0]), f=L([0, 1, 0])),
    case('ismissing_text_indicator', 'a = ismissing(["a" "NA" "b"], "NA");', a=L([0, 1, 0])),
    case('rmmissing_forms', "g = rmmissing([1 NaN 3]); h = rmmissing([1 2; NaN 4; 5 6]); [k, tf] = rmmissing([1 2; NaN 4; 5 NaN], 2); s = rmmissing({'a', '', 'c'}); m = rmmissing([NaN NaN; 1 NaN], 'MinNumMissing', 2);",
         g=D([1, 3]), h=D([1, 5, 2, 6], (2, 2)), k=D([], (3, 0)), tf=L([1, 1]), s=Cell([C('a'), C('c')]), m=D([1, nan])),
    case('fillmissing_methods', "k = fillmissing([1 NaN 3 NaN], 'previous'); l = fillmissing([NaN 1 NaN 3 NaN], 'linear'); m = fillmissing([1 NaN; NaN 4], 'constant', 0); o = fillmissing([1 NaN NaN 4 NaN], 'nearest');",
         k=D([1, 1, 3, 3]), l=D([0, 1, 2, 3, 4]), m=D([1, 0, 0, 4], (2, 2)), o=D([1, 1, 4, 4, 4])),
    # 'next' leaves the trailing NaN; the spline through three points is the parabola 6x^2 - 8x
    case('fillmissing_next_spline', "[n, tf] = fillmissing([NaN 1 NaN 3 NaN], 'next'); u = fillmissing([0 NaN 8 NaN 64], 'spline'); w = fillmissing([1 NaN 3; 3 4 NaN], 'linear', 2);",
         n=D([1, 1, 3, 3, nan]), tf=L([1, 0, 1, 0, 0]), u=D([0, -2, 8, 30, 64]), w=D([1, 3, 2, 4, 3, 5], (2, 3))),
    case('fillmissing_bad_type', "a = fillmissing(int8([1 2]), 'previous');",
         error=('MATLAB:fillmissing:UnsupportedType', 'fillmissing supports double and single arrays.')),
    # recorded with GNU Octave (c and f are zero up to rounding: rounded here)
    case('detrend_forms', "a = detrend([1 2 4 4]); b = detrend([1 2 4 4], 0); c = round(detrend([1 4 9 16 25]', 2) * 1e9); d = detrend([1 2; 3 5; 6 7]); e = detrend([0 1 2 3 2 1 0], 'linear');",
         a=D([-0.10000000000000031, -0.20000000000000018, 0.6999999999999997, -0.39999999999999947]), b=D([-1.75, -0.75, 1.25, 1.25]),
         c=D([0, 0, 0, 0, 0], (5, 1)),
         d=D([0.16666666666666585, -0.3333333333333339, 0.16666666666666696, -0.16666666666666696, 0.33333333333333215, -0.16666666666666785], (3, 2)),
         e=D([-1.2857142857142851, -0.28571428571428537, 0.7142857142857146, 1.7142857142857144, 0.7142857142857144, -0.2857142857142856, -1.2857142857142858])),
    # MATLAB: a breakpoint lets the linear trend bend there (data bending at index 4 detrend to zero)
    case('detrend_breakpoint', "f = round(detrend([0 1 2 3 2 1 0], 1, 4) * 1e9);", f=D([0, 0, 0, 0, 0, 0, 0])),
    # recorded with GNU Octave
    case('mode_three_outputs', '[m, f, c] = mode([1 2 2 3 3]); [m2, f2, c2] = mode([1 1; 2 2; 2 1]);', m=D(2), f=D(2), c=Cell([D([2, 3], (2, 1))]), m2=D([2, 1]), f2=D([2, 2]), c2=Cell([D(2), D(1)])),
    # recorded with GNU Octave; the weighted mean (var's second output) by hand: (1+2+3+4*5)/8
    case('var_weights', 'a = var([1 2 3 4], [0.1 0.2 0.3 0.4]); b = std([2 4; 6 8], [1 3]); c = var(magic(3), [1 1 2], 2); [v, m] = var([1 2 3 4], [1 1 1 5]);',
         a=D(1), b=D([1.7320508075688772, 1.7320508075688772]), c=D([6.6875, 2.75, 8.1875], (3, 1)), m=D(3.25)),
    case('var_bad_weights', 'a = var([1 2 3], [1 2]);',
         error=('MATLAB:var:invalidWeight', "var's weight vector must have one weight per element along the (single) dimension.")),
    case('anynan_allfinite', 'a = anynan([1 NaN]); b = anynan(int8(3)); c = allfinite([1 Inf]); d = allfinite([]);',
         a=L(1), b=L(0), c=L(0), d=L(1)),
]


@pytest.mark.parametrize("c", params(CASES))
def test_case(session, c):
    check(session, c)
