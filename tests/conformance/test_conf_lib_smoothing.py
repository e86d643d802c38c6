"""Conformance: histcounts2, smoothdata and smooth.

GNU Octave has neither. histcounts2's cases are the examples of MATLAB's documentation (N, Xedges and
Yedges of histcounts2(x, y, [3 4])) and follow from histcounts' binning, whose cases Octave recorded.
smoothdata's 'gaussian' case is MATLAB's own output quoted in MATLAB Answers 406563 (standard deviation
window/5, weights rescaled over shrunk windows); 'movmean' and 'movmedian' equal movmean and movmedian
(Octave: movmean([1 5 2 8 3 7 4], 3), movmedian(..., 4)); 'sgolay' and 'lowess' follow MATLAB's
documented definitions (local least-squares polynomials; tricube weights), computed with numpy.polyfit
and a weighted numpy.linalg.lstsq. smooth's moving average (Curve Fitting Toolbox; Octave has none) is
its documented definition worked by hand: yy(1) = y(1), yy(2) = mean(y(1:3)), yy(3) = mean(y(1:5)), ...,
the mirror at the end."""
import pytest

from harness import D, case, check, params

nan = float('nan')
G = [0.27, -0.13, 0.3, -0.1, -0.12, -0.01, -0.21, -0.13, -0.11, -0.05, -0.26, 0.04]

CASES = [
    case('histcounts2_nbins', 'x = [1 1 2 3 2 2 1 1 2 3]; y = [5 6 3 8 9 1 2 7 5 1]; [N, xe, ye] = histcounts2(x, y, [3 4]);',
         N=D([1, 1, 1, 0, 1, 0, 2, 1, 0, 1, 1, 1], (3, 4)), xe=D([0.6, 1.4, 2.2, 3.0]), ye=D([0, 2.3, 4.6, 6.9, 9.2])),
    case('histcounts2_edges_bins', 'x = [1 1 2 3 2 2 1 1 2 3]; y = [5 6 3 8 9 1 2 7 5 1]; '
         '[N, xe, ye, bx, by] = histcounts2(x, y, 0:2:4, [0 5 10]); P = histcounts2(x, y, 0:2:4, [0 5 10], '
         "'Normalization', 'probability'); C = histcounts2(x, y, 0:2:4, [0 5 10], 'Normalization', 'cumcount');",
         N=D([1, 3, 3, 3], (2, 2)), bx=D([1, 1, 2, 2, 2, 2, 1, 1, 2, 2]), by=D([2, 2, 1, 2, 2, 1, 1, 2, 2, 1]),
         P=D([0.1, 0.3, 0.3, 0.3], (2, 2)), C=D([1, 4, 4, 10], (2, 2))),
    case('histcounts2_auto_integers_nan', "[N, xe, ye] = histcounts2([1 2 2 NaN], [1 1 2 3]); s = sum(N(:));",
         N=D([1, 1, 0, 1], (2, 2)), xe=D([0.5, 1.5, 2.5]), ye=D([0.5, 1.5, 2.5]), s=D(3)),
    case('histcounts2_sizes', "x = histcounts2(1:3, 1:2);",
         error=('MATLAB:histcounts2:unequalNumel', 'X and Y must have the same number of elements.')),
    case('smoothdata_gaussian_matlab_answers', f"g = round(smoothdata({G}, 'gaussian', 5), 4);",
         g=D([0.133, 0.0861, 0.0728, -0.0039, -0.0703, -0.0971, -0.1313, -0.1338, -0.1139, -0.1154, -0.1196,
              -0.0715])),
    case('smoothdata_moving', "y = [1 5 2 8 3 7 4]; a = smoothdata(y, 'movmean', 3); b = smoothdata(y, 'movmedian', 4); "
         "c = smoothdata([1 5; 2 8; 3 7], 2, 'movmean', 2); [d, w] = smoothdata(y, 'movmean', [1 0]); "
         "e = smoothdata([1 NaN 3], 'movmean', 3); f = smoothdata([1 NaN 3], 'movmean', 3, 'includenan');",
         a=D([3, 2.6666666666666665, 5, 4.333333333333333, 6, 4.666666666666667, 5.5]),
         b=D([3, 2, 3.5, 4, 5, 5.5, 4]), c=D([1, 2, 3, 3, 5, 5], (3, 2)), d=D([1, 3, 3.5, 5, 5.5, 5, 5.5]),
         w=D([1, 0]), e=D([1, 2, 3]), f=D([nan, nan, nan])),
    case('smoothdata_local_fits', "y = [1 5 2 8 3 7 4]; s = smoothdata(y, 'sgolay', 5); l = smoothdata(y, 'lowess', 5); "
         "q = smoothdata((1:6).^2, 'loess', 5); t = smoothdata(2*(1:6) + 1, 'lowess', 3); "
         "k = smoothdata(y, 'sgolay', 5, 'Degree', 1);",
         s=D([1, 2.6, 5.085714285714286, 4.571428571428571, 6.085714285714286, 4.6, 4]),
         l=D([1, 2.995826377295493, 4.576794657762938, 4.850584307178631, 5.576794657762939, 4.995826377295493, 4]),
         q=D([1, 4, 9, 16, 25, 36]), t=D([3, 5, 7, 9, 11, 13]),
         k=D([2.1666666666666665, 3.1, 3.8, 5, 4.8, 5.1, 5.166666666666667])),
    case('smoothdata_no_window', "b = smoothdata([1 2 3]);",
         error=('matfuse:smoothdata:window', "smoothdata's default window (a MATLAB heuristic) is not supported: give "
                "the window, smoothdata(A, method, window).")),
    case('smoothdata_degree_too_large', "b = smoothdata([1 2 3 4], 'sgolay', 3, 'Degree', 3);",
         error=('MATLAB:smoothdata:degreeTooLarge', 'Degree must be less than the window size.')),
    # smooth([1 5 2 8 3 9 4]): 1, 8/3, 19/5, 27/5, 26/5, 16/3, 4; span 3: 1, 8/3, 15/3, 13/3, 20/3, 16/3, 4;
    # span 4 is 3; x = [3 1 2] orders y = [1 5 2] as [5 2 1]: 5, 8/3, 1, back in x's places; 0.5 of 10
    # points is a span of 5, which keeps a line
    case('smooth_moving', "a = smooth([1 5 2 8 3 9 4]); b = smooth([1 5 2 8 3 9 4], 3); c = smooth([1 5 2 8 3 9 4], 4, "
         "'moving'); d = smooth([3 1 2], [1 5 2]); e = smooth(1:10, 0.5);",
         a=D([1, 8 / 3, 3.8, 5.4, 5.2, 16 / 3, 4], (7, 1)), b=D([1, 8 / 3, 5, 13 / 3, 20 / 3, 16 / 3, 4], (7, 1)),
         c=D([1, 8 / 3, 5, 13 / 3, 20 / 3, 16 / 3, 4], (7, 1)), d=D([1, 5, 8 / 3], (3, 1)), e=D(list(range(1, 11)), (10, 1))),
    case('smooth_regression_method', "b = smooth([1 5 2 8 3], 'lowess');",
         error=('matfuse:smooth:lowess', "smooth's 'lowess' method is not supported; smoothdata(y, method, window) "
                "has 'lowess', 'loess' and 'sgolay'.")),
]


@pytest.mark.parametrize("c", params(CASES))
def test_case(session, c):
    check(session, c)
