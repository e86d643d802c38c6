"""Conformance: the descriptive statistics of the Statistics Toolbox (samplestats.py).

Expected values from GNU Octave 7's core functions (its statistics package is not installed): skewness,
kurtosis, iqr, zscore, moment, corr (Pearson), spearman and kendall (geomean and harmmean by their
formulas, ecdf by counting), shown in the comment above each case.
MATLAB's skewness, kurtosis and iqr ignore NaN and Octave's do not, so those values were computed in
Octave on the data without the NaN; Octave has no corr 'Type' option or p-value, so the rank cases use
its spearman and kendall (tau-b), and the p-value its definition with betainc. corr(X) with a NaN column
gives NaN on that diagonal entry and exact ones elsewhere (MATLAB's corr keeps NaN there). ksdensity's
values are its normal-kernel sums written out in Octave; the default bandwidth gives 1.1901 for
[1 3 2 5], the value MATLAB returns in a MATLAB Answers thread (232493); the default grid of 100 points
from min - 3*bw to max + 3*bw follows the toolbox source as we know it, not checked against MATLAB.
"""
import pytest

from harness import D, L, case, check, nan, params

CASES = [
    # Octave: M = [3 1 4 1; 5 9 2 6; 5 3 5 8; 9 7 9 3; 2 3 8 4]; a = skewness([1 2 3 10]); b = skewness([1 2 3
    # 10], 0); c = skewness(M); d = skewness(M, 0, 2); e = skewness([1 2 3 10]); f = NaN;
    case('skewness_forms', 'M = [3 1 4 1; 5 9 2 6; 5 3 5 8; 9 7 9 3; 2 3 8 4]; a = skewness([1 2 3 10]); b = skewness([1 2 3 10], 0); c = skewness(M); d = skewness(M, 0, 2); e = skewness([1 2 NaN 3 10]); f = skewness([1 2], 0);',
         a=D(1.0182337649086284), b=D(1.763632614803888), c=D([0.670138888888889, 0.3477670622469947, 0.02524827011333892, 0.1224403232452814]), d=D([0.37037037037037035, 0.0, 0.7133400736362733, -1.4142135623730954, 1.4430588355316425], (5, 1)), e=D(1.0182337649086284), f=D(nan)),
    # Octave: M = [3 1 4 1; 5 9 2 6; 5 3 5 8; 9 7 9 3; 2 3 8 4]; a = kurtosis([1 2 3 10]); b = kurtosis([1 2 3
    # 10], 0); c = kurtosis(M); d = kurtosis(M, 1, 2); e = kurtosis([1 2 3 10]); f = NaN; g = kurtosis(M(:), 0);
    case('kurtosis_forms', 'M = [3 1 4 1; 5 9 2 6; 5 3 5 8; 9 7 9 3; 2 3 8 4]; a = kurtosis([1 2 3 10]); b = kurtosis([1 2 3 10], 0); c = kurtosis(M); d = kurtosis(M, 1, 2); e = kurtosis([NaN 1 2 3 10]); f = kurtosis([1 2 3], 0); g = kurtosis(M(:), 0);',
         a=D(2.2304), b=D(6.227999999999999), c=D([2.309606481481482, 1.5781893004115217, 1.5489185658295843, 1.8297053856258214]), d=D([1.2798353909465021, 1.9216, 2.038062283737024, 2.0, 2.097982290608216], (5, 1)), e=D(2.2304), f=D(nan), g=D(1.8098610938667066)),
    # Octave: M = [3 1 4 1; 5 9 2 6; 5 3 5 8; 9 7 9 3; 2 3 8 4]; a = iqr([1 2 3 4 10]); b = iqr(M); c = iqr(M,
    # 2); d = iqr([4 1 7 2]);
    case('iqr_forms', 'M = [3 1 4 1; 5 9 2 6; 5 3 5 8; 9 7 9 3; 2 3 8 4]; a = iqr([1 2 3 4 10]); b = iqr(M); c = iqr(M, 2); d = iqr([4 NaN 1 7 2]);',
         a=D(3.75), b=D([3.25, 5.0, 4.75, 4.0]), c=D([2.5, 4.0, 2.5, 4.0, 3.5], (5, 1)), d=D(4.0)),
    # Octave: M = [3 1 4 1; 5 9 2 6; 5 3 5 8; 9 7 9 3; 2 3 8 4]; [a, mu, sigma] = zscore([2 4 9]); b =
    # zscore(M); c = zscore(M, 1); d = zscore(M, 0, 2); e = zscore([5 5 5]);
    case('zscore_forms', 'M = [3 1 4 1; 5 9 2 6; 5 3 5 8; 9 7 9 3; 2 3 8 4]; [a, mu, sigma] = zscore([2 4 9]); b = zscore(M); c = zscore(M, 1); d = zscore(M, 0, 2); e = zscore([5 5 5]);',
         a=D([-0.8320502943378437, -0.2773500981126146, 1.1094003924504583]), mu=D(5.0), sigma=D(3.605551275463989), b=D([-0.6708203932499368, 0.07453559924999305, 0.07453559924999305, 1.5652475842498528, -1.0434983894999017, -1.0954451150103321, 1.338877362790406, -0.4868644955601475, 0.7302967433402215, -0.4868644955601475, -0.5553681076004985, -1.249578242101122, -0.20826304035018686, 1.1801572286510598, 0.8330521614007481, -1.258396457335929, 0.5921865681580841, 1.3324197783556893, -0.5181632471383238, -0.14804664203952117], (5, 4)), c=D([-0.75, 0.08333333333333341, 0.08333333333333341, 1.7500000000000002, -1.1666666666666667, -1.224744871391589, 1.4969103983674978, -0.5443310539518172, 0.8164965809277261, -0.5443310539518172, -0.6209204205650661, -1.397070946271399, -0.2328451577118997, 1.3194558937007659, 0.9313806308475995, -1.4069300106240257, 0.6620847108818941, 1.489690599484262, -0.5793241220216577, -0.16552117772047373], (5, 4)), d=D([0.5, -0.1732050807568877, -0.12126781251816648, 0.7071067811865475, -0.8555277382080452, -0.8333333333333334, 1.212435565298214, -1.0914103126634984, 0.0, -0.4752931878933584, 1.1666666666666667, -1.212435565298214, -0.12126781251816648, 0.7071067811865475, 1.4258795636800752, -0.8333333333333334, 0.1732050807568877, 1.3339459376998313, -1.414213562373095, -0.09505863757867168], (5, 4)), e=D([0.0, 0.0, 0.0])),
    # Octave: M = [3 1 4 1; 5 9 2 6; 5 3 5 8; 9 7 9 3; 2 3 8 4]; a = corr(M); b = corr([1 2 3 4 5]', [2 4 5 9
    # 8]'); c = corr(M(:, 1:2), M(:, 3:4));
    case('corr_pearson', "M = [3 1 4 1; 5 9 2 6; 5 3 5 8; 9 7 9 3; 2 3 8 4]; a = corr(M); b = corr([1 2 3 4 5]', [2 4 5 9 8]'); c = corr(M(:, 1:2), M(:, 3:4));",
         a=D([1.0, 0.6123724356957946, 0.3104602102825332, 0.08276058886023681, 0.6123724356957946, 1.0, -0.12674485010489558, 0.3040818202797687, 0.3104602102825332, -0.12674485010489558, 1.0000000000000002, -0.26336216566171766, 0.08276058886023681, 0.3040818202797687, -0.26336216566171766, 1.0], (4, 4)), b=D(0.932996209912368), c=D([0.3104602102825332, -0.12674485010489558, 0.08276058886023681, 0.3040818202797687], (2, 2))),
    # Octave: M = [3 1 4 1; 5 9 2 6; 5 3 5 8; 9 7 9 3; 2 3 8 4]; a = spearman(M); b = spearman([1 2 2 3 7]', [1
    # 3 2 2 5]'); c = kendall(M(:, 1), M(:, 2:4));
    case('corr_rank', "M = [3 1 4 1; 5 9 2 6; 5 3 5 8; 9 7 9 3; 2 3 8 4]; a = corr(M, 'Type', 'Spearman'); b = corr([1 2 2 3 7]', [1 3 2 2 5]', 'type', 'spearman'); c = corr(M(:, 1), M(:, 2:4), 'Type', 'Kendall');",
         a=D([1.0000000000000002, 0.605263157894737, 0.20519567041703082, 0.15389675281277312, 0.605263157894737, 1.0000000000000002, -0.051298917604257706, 0.41039134083406165, 0.20519567041703082, -0.051298917604257706, 0.9999999999999998, -0.19999999999999996, 0.15389675281277312, 0.41039134083406165, -0.19999999999999996, 0.9999999999999998], (4, 4)), b=D(0.7631578947368423), c=D([0.4444444444444445, 0.10540925533894596, 0.10540925533894596])),
    # Octave: r = corr([1 2 3 4 5]', [2 4 5 9 8]'); t = r*sqrt(3/(1-r^2)); p = betainc(3/(3+t^2), 1.5, 0.5); c =
    # corr([1 3 4 6; 2 4 9 5]'); d = [NaN NaN; NaN 1];
    case('corr_pvalue_and_rows', "[r, p] = corr([1 2 3 4 5]', [2 4 5 9 8]'); c = corr([1 NaN 3 4 6; 2 3 4 9 5]', 'Rows', 'complete'); d = corr([1 NaN 3 4 6; 2 3 4 9 5]');",
         r=D(0.932996209912368), p=D(0.020609582469198084), c=D([1.0, 0.5439282932204212, 0.5439282932204212, 1.0], (2, 2)), d=D([nan, nan, nan, 1.0], (2, 2))),
    # Octave: x = [1 3 2 5]; bw = median(abs(x - median(x)))/0.6745*(4/12)^(1/5); xi = linspace(1 - 3*bw, 5 +
    # 3*bw, 100); s = [1 100]; e = xi([1 50 100]); g = arrayfun(@(t) mean(exp(-((t -
    # x)/bw).^2/2))/(sqrt(2*pi)*bw), e);
    case('ksdensity_default_grid', '[f, xi, bw] = ksdensity([1 3 2 5 NaN]); s = size(xi); e = xi([1 50 100]); g = f([1 50 100]);',
         bw=D(1.1901283347075327), s=D([1.0, 100.0]), e=D([-2.570385004122598, 2.9437334848068435, 8.570385004122599]), g=D([0.000985013844129786, 0.18582354855833488, 0.0009324467743595348])),
    # Octave: x = [1 3 2 5]; bw = median(abs(x - median(x)))/0.6745*(4/12)^(1/5); f = arrayfun(@(t)
    # mean(exp(-((t - x)/bw).^2/2))/(sqrt(2*pi)*bw), [0 2; 4 6]); c = arrayfun(@(t) mean(0.5*erfc(-((t -
    # x)/bw)/sqrt(2))), x); b = arrayfun(@(t) mean(exp(-((t - [1 2 3])/0.5).^2/2))/(sqrt(2*pi)*0.5), [1 2]);
    case('ksdensity_points_cdf_bandwidth', "f = ksdensity([1 3 2 5], [0 2; 4 6]); c = ksdensity([1 3 2 5], [1 3 2 5], 'Function', 'cdf'); b = ksdensity([1 2 3], [1 2], 'Bandwidth', 0.5);",
         f=D([0.08280322413404283, 0.14166816822426978, 0.205052139773828, 0.06268016660442646], (2, 2)), c=D([0.18680115208408246, 0.5749036573273946, 0.3764638686591419, 0.8618313219293811]), b=D([0.30204471809359046, 0.3379494756185393])),
    # Octave: M = [3 1 4 1; 5 9 2 6; 5 3 5 8; 9 7 9 3; 2 3 8 4]; a = exp(mean(log([1 2 4 8]))); b =
    # exp(mean(log(M))); c = exp(mean(log(M), 2)); d = 5./sum(1./M); e = 3/sum(1./[1 2 4]); f = moment([1 2 3
    # 10], 3); g = moment(M, 2, 2); h = moment(M, 4); k = 0;
    case('geomean_harmmean_moment', "M = [3 1 4 1; 5 9 2 6; 5 3 5 8; 9 7 9 3; 2 3 8 4]; a = geomean([1 2 4 8]); b = geomean(M); c = geomean(M, 2); d = harmmean(M); e = harmmean([1 2 4], 'all'); f = moment([1 2 3 10], 3); g = moment(M, 2, 2); h = moment(M, 4); k = geomean([0 5]);",
         a=D(2.82842712474619), b=D([4.2273358599129995, 3.5539933576267324, 4.919018971698726, 3.5652049159320067]), c=D([1.8612097182041991, 4.82057051366791, 4.949232003839765, 6.422085428784217, 3.7224194364083982], (5, 1)), d=D([3.7190082644628095, 2.6033057851239674, 4.215456674473068, 2.6666666666666665]), e=D(1.7142857142857142), f=D(45.0), g=D([1.6875, 6.25, 3.1875, 6.0, 5.1875], (5, 1)), h=D([76.6272, 117.81119999999999, 68.29120000000002, 62.403200000000005]), k=D(0.0)),
    # Octave: y = [3 1 2 2 7.5 2]; [u, ~, j] = unique(y); c = accumarray(j(:), 1); f = [0; cumsum(c)/6]; x =
    # [u(1); u(:)]; s = 1 - [0; 0.25; 0.75; 1]; z = [1; 1; 2; 3];
    case('ecdf_cdf_and_survivor', "[f, x] = ecdf([3 NaN 1 2 2 7.5 2]); [s, z] = ecdf([3 1 2 2]', 'Function', 'survivor');",
         f=D([0.0, 0.16666666666666666, 0.6666666666666666, 0.8333333333333334, 1.0], (5, 1)), x=D([1.0, 1.0, 2.0, 3.0, 7.5], (5, 1)), s=D([1.0, 0.75, 0.25, 0.0], (4, 1)), z=D([1.0, 1.0, 2.0, 3.0], (4, 1))),
    # Octave: A = [1 2; 3 4; 5 9]; [v, mu, sigma] = zscore(A(:), 1); z = reshape(v, 3, 2);
    case('zscore_all', "[z, mu, sigma] = zscore([1 2; 3 4; 5 9], 1, 'all');",
         z=D([-1.161895003862225, -0.3872983346207417, 0.3872983346207417, -0.7745966692414834, 0.0, 1.9364916731037085], (3, 2)), mu=D(4.0), sigma=D(2.581988897471611)),
    case('single_class', "a = skewness(single([1 2 5])); a = [abs(a - 0.5280049792181881) < 1e-6, isa(a, 'single')]; b = class(corr(single([1 2 3]'), [1 3 4]')); c = class(zscore(single([1 2])));",
         a=L([1, 1]), b=("char", (1, 6), "single"), c=("char", (1, 6), "single")),
    case('corr_rows_mismatch', "r = corr([1 2 3]', [1 2]');",
         error=("stats:corr:InputSizeMismatch", "X and Y must have the same number of rows.")),
    case('corr_rank_pvalue_unsupported', "[r, p] = corr(magic(3), 'Type', 'Kendall');",
         error=("matfuse:corr:unsupported", "corr does not compute p-values for Kendall's coefficient.")),
    case('corr_pairwise_unsupported', "r = corr(magic(3), 'Rows', 'pairwise');",
         error=("matfuse:corr:unsupported", "corr supports 'Rows' 'all' or 'complete' and the two-sided test only.")),
    case('ksdensity_other_kernel', "f = ksdensity([1 2 3], 'Kernel', 'box');",
         error=("matfuse:ksdensity:unsupported", "ksdensity supports the normal kernel only.")),
    case('geomean_negative', "g = geomean([1 -2 3]);",
         error=("stats:geomean:BadData", "The data in X must be nonnegative.")),
    case('skewness_bad_flag', "s = skewness([1 2 3], 2);",
         error=("stats:skewness:BadFlag", "FLAG must be 0 or 1.")),
]


@pytest.mark.parametrize("c", params(CASES))
def test_case(session, c):
    check(session, c)
