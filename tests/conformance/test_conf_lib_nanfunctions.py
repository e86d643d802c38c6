"""Conformance: nanmean, nanmedian, nanstd, nanvar, nansum, nanmax and nanmin (nanfunctions.py), and
std and var with a NaN flag but no weight (std(A, 'omitnan'), a MATLAB form).

Octave 7 has none of the nan functions without its statistics package (not installed) and its std takes
no NaN flag, so the expected values are Octave's mean, median, std, var, sum, max and min of the values
that are not NaN, as the comments show.
"""
import pytest

from harness import D, case, check, nan, params

CASES = [
    # Octave: a = [mean([1 4 7]) mean([5 8]) mean([3 9])]; b = [2; 4.5; 8]; c = NaN; d = mean([1 3 4 5 7 8 9]);
    # e = [4 6.5 6]; f = [2; 4.5; 8]; g = [12 13 12]; h = 0;
    case('nanmean_nanmedian_nansum', "M = [1 NaN 3; 4 5 NaN; 7 8 9]; a = nanmean(M); b = nanmean(M, 2); c = nanmean([NaN NaN]); d = nanmean(M, 'all'); e = nanmedian(M); f = nanmedian(M, 2); g = nansum(M); h = nansum([NaN NaN]);",
         a=D([4.0, 6.5, 6.0]), b=D([2.0, 4.5, 8.0], (3, 1)), c=D(nan), d=D(5.285714285714286), e=D([4.0, 6.5, 6.0]), f=D([2.0, 4.5, 8.0], (3, 1)), g=D([12.0, 13.0, 12.0]), h=D(0.0)),
    # Octave: a = [std([1 4 7]) std([5 8]) std([3 9])]; b = [std([1 4 7], 1) std([5 8], 1) std([3 9], 1)]; c =
    # [std([1 3]); std([4 5]); std([7 8 9])]; d = a.^2; e = [var([1 3], 1); var([4 5], 1); var([7 8 9], 1)]; f =
    # std([2 4 6]); g = var([2 4 6]);
    case('nanstd_nanvar', "M = [1 NaN 3; 4 5 NaN; 7 8 9]; a = nanstd(M); b = nanstd(M, 1); c = nanstd(M, 0, 2); d = nanvar(M); e = nanvar(M, 1, 2); f = std([2 NaN 4 6], 'omitnan'); g = var([2 NaN 4 6], 'omitnan');",
         a=D([3.0, 2.1213203435596424, 4.242640687119285]), b=D([2.449489742783178, 1.5, 3.0]), c=D([1.4142135623730951, 0.7071067811865476, 1.0], (3, 1)), d=D([9.0, 4.499999999999999, 17.999999999999996]), e=D([1.0, 0.25, 0.6666666666666666], (3, 1)), f=D(2.0), g=D(4.0)),
    # Octave: m = [7 8 9]; i = [3 3 3]; n = [1; 4; 7]; j = [1; 1; 1]; k = [2 2 3]; l = 1;
    case('nanmax_nanmin', 'M = [1 NaN 3; 4 5 NaN; 7 8 9]; [m, i] = nanmax(M); [n, j] = nanmin(M, [], 2); k = nanmax([1 NaN 3], [2 2 NaN]); l = nanmin([NaN NaN 1]);',
         m=D([7.0, 8.0, 9.0]), i=D([3.0, 3.0, 3.0]), n=D([1.0, 4.0, 7.0], (3, 1)), j=D([1.0, 1.0, 1.0], (3, 1)), k=D([2.0, 2.0, 3.0]), l=D(1.0)),
    case('nanmean_nan_flag', "m = nanmean([1 2], 'omitnan');",
         error=("matfuse:nanmean:unsupported", "nanmean takes no NaN option; it always omits NaN.")),
]


@pytest.mark.parametrize("c", params(CASES))
def test_case(session, c):
    check(session, c)
