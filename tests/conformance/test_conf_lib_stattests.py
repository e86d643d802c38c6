"""Conformance: normfit, ttest, ttest2, regress and crosstab (stattests.py).

Octave 7 has none of them without its statistics package (not installed), so the expected values were
computed in Octave from the definitions shown in the comments: the t statistic, the two-sided p-value
betainc(df/(df+t^2), df/2, 1/2), Student's critical value from betaincinv and the chi-square quantile
2*gammaincinv(q, df/2). MATLAB's h is a double (NaN where p is NaN) and its ci lies along the working
dimension (a column for column data), as its ttest documents. regress's rint is the usual interval of
each residual with the leave-one-out error variance, as we know MATLAB's regress.m computes it (not
checked against MATLAB); its stats p-value is the F distribution's upper tail, written with betainc.
crosstab's chi-square test is written out in Octave (its p for 2 degrees of freedom with gammainc); its
groups follow grp2idx (numbers ascending, text in order of first appearance) over the observations that
are not missing in either variable.
"""
import pytest

from harness import C, Cell, D, case, check, inf, nan, params

CASES = [
    # Octave: x = [5.1 4.9 5.6 5.8 6.0 5.7]; n = 6; df = 5; m = mean(x); sd = std(x); se = sd/sqrt(n); tstat =
    # (m - 5)/se; p = betainc(df/(df+tstat^2), df/2, 0.5); h = double(p <= 0.05); c =
    # sqrt(df*(1/betaincinv(0.05, df/2, 0.5) - 1)); ci = [m - c*se, m + c*se];
    case('ttest_one_sample', 'x = [5.1 4.9 5.6 5.8 6.0 5.7]; [h, p, ci, st] = ttest(x, 5); tstat = st.tstat; df = st.df; sd = st.sd;',
         h=D(1.0), p=D(0.031183652110906866), ci=D([5.069372295495316, 5.9639610378380175]), tstat=D(2.9692614841855693), df=D(5.0), sd=D(0.4262237284181473)),
    # Octave: x = [5.1 4.9 5.6 5.8 6.0 5.7]; n = 6; df = 5; m = mean(x); se = std(x)/sqrt(n); t = (m - 5.8)/se;
    # p = 1 - 0.5*betainc(df/(df+t^2), df/2, 0.5); h = double(p <= 0.05); c = sqrt(df*(1/betaincinv(0.1, df/2,
    # 0.5) - 1)); ci = [m - c*se; Inf];
    case('ttest_right_tail_column', "x = [5.1 4.9 5.6 5.8 6.0 5.7]; [h, p, ci] = ttest(x', 5.8, 'Tail', 'right');",
         h=D(0.0), p=D(0.9178054830525589), ci=D([5.166037955868694, inf], (2, 1))),
    # Octave: d = [-1 0 -2 -2]'; n = 4; df = 3; m = mean(d); se = std(d)/2; t = m/se; p = betainc(df/(df+t^2),
    # df/2, 0.5); h = 0; c = sqrt(df*(1/betaincinv(0.01, df/2, 0.5) - 1)); ci = [m - c*se; m + c*se];
    case('ttest_paired_nan', "[h, p, ci] = ttest([1 2 3 NaN 5]', [2 2 5 1 7]', 'Alpha', 0.01);",
         h=D(0.0), p=D(0.07960498081790626), ci=D([-4.046122453542539, 1.5461224535425386], (2, 1))),
    # Octave: M = [3 1 4 1; 5 9 2 6; 5 3 5 8; 9 7 9 3; 2 3 8 4]; df = 4; m = mean(M); se = std(M)/sqrt(5); t =
    # (m - 4)./se; p = betainc(df./(df+t.^2), df/2, 0.5); h = double(p <= 0.05); c = sqrt(df*(1/betaincinv(0.05,
    # df/2, 0.5) - 1)); ci = [m - c*se; m + c*se];
    case('ttest_matrix_columns', 'M = [3 1 4 1; 5 9 2 6; 5 3 5 8; 9 7 9 3; 2 3 8 4]; [h, p, ci] = ttest(M, 4);',
         h=D([0.0, 0.0, 0.0, 0.0]), p=D([0.5414697392755847, 0.7040000000000007, 0.2821353454856303, 0.7572283499374891]), ci=D([1.4682658737626455, 8.131734126237355, 0.5194757160504624, 8.680524283949538, 2.022800715529888, 9.177199284470111, 1.045208615073343, 7.754791384926658], (2, 4))),
    # Octave: x = [4.2 5.1 3.9 4.8 5.5]; mu = mean(x); s = std(x); df = 4; c = sqrt(df*(1/betaincinv(0.05, df/2,
    # 0.5) - 1)); muci = [mu - c*s/sqrt(5); mu + c*s/sqrt(5)]; sci = [s*sqrt(df/(2*gammaincinv(0.975, df/2)));
    # s*sqrt(df/(2*gammaincinv(0.025, df/2)))]; M = [3 1 4; 1 5 9; 2 6 5; 3 5 8]; m2 = mean(M); s2 = std(M); df
    # = 3; c = sqrt(df*(1/betaincinv(0.1, df/2, 0.5) - 1)); c2 = [m2 - c*s2/2; m2 + c*s2/2]; d2 =
    # [s2*sqrt(df/(2*gammaincinv(0.95, df/2))); s2*sqrt(df/(2*gammaincinv(0.05, df/2)))];
    case('normfit_forms', '[mu, s, muci, sci] = normfit([4.2 5.1 3.9 4.8 5.5]); [m2, s2, c2, d2] = normfit([3 1 4; 1 5 9; 2 6 5; 3 5 8], 0.1);',
         mu=D(4.7), s=D(0.6519202405202649), muci=D([3.890534107645648, 5.509465892354353], (2, 1)), sci=D([0.39058702016799046, 1.8733290801166362], (2, 1)), m2=D([2.25, 4.25, 6.5]), s2=D([0.9574271077563381, 2.217355782608345, 2.3804761428476167]), c2=D([1.1234130265590845, 3.3765869734409155, 1.6408779896315697, 6.859122010368431, 3.6989372440021686, 9.301062755997831], (2, 3)), d2=D([0.5932113014842161, 2.7956953350246656, 1.3738492455442401, 6.474697830579656, 1.4749168259503076, 6.951010676198952], (2, 3))),
    # Octave: x = [5.1 4.9 5.6 5.8 6.0]; y = [4.2 4.8 4.4 5.0 4.6 4.9]; df = 9; sd = sqrt((4*var(x) +
    # 5*var(y))/df); se = sd*sqrt(1/5 + 1/6); d = mean(x) - mean(y); tstat = d/se; p = betainc(df/(df+tstat^2),
    # df/2, 0.5); h = double(p <= 0.05); c = sqrt(df*(1/betaincinv(0.05, df/2, 0.5) - 1)); ci = [d - c*se, d +
    # c*se];
    case('ttest2_equal_variances', 'x = [5.1 4.9 5.6 5.8 6.0]; y = [4.2 4.8 4.4 5.0 4.6 4.9]; [h, p, ci, st] = ttest2(x, y); tstat = st.tstat; df = st.df; sd = st.sd;',
         h=D(1.0), p=D(0.006232052272220707), ci=D([0.3008543369125124, 1.3591456630874879]), tstat=D(3.5483432561216603), df=D(9.0), sd=D(0.3862929228218169)),
    # Octave: x = [5.1 4.9 5.6 5.8 6.0]; y = [4.2 4.8 4.4 5.0 4.6 4.9]; ex = var(x)/5; ey = var(y)/6; df = (ex +
    # ey)^2/(ex^2/4 + ey^2/5); se = sqrt(ex + ey); d = mean(x) - mean(y); t = d/se; p = betainc(df/(df+t^2),
    # df/2, 0.5); h = double(p <= 0.01); c = sqrt(df*(1/betaincinv(0.01, df/2, 0.5) - 1)); ci = [d - c*se, d +
    # c*se]; sd = [std(x) std(y)];
    case('ttest2_welch_column_y', "x = [5.1 4.9 5.6 5.8 6.0]; y = [4.2 4.8 4.4 5.0 4.6 4.9]; [h, p, ci, st] = ttest2(x, y', 'Vartype', 'unequal', 'Alpha', 0.01); df = st.df; sd = st.sd;",
         h=D(0.0), p=D(0.011973348006923339), ci=D([-0.03328691945109552, 1.6932869194510958]), df=D(6.733960155760183), sd=D([0.46583258795408455, 0.30822070014844877])),
    # Octave: A = [3 1 4; 1 5 9; 2 6 5; 3 5 8]; B = {[2 8 1], [7 2 8], [1 8]}; for k = 1:3, b = B{k}; nb =
    # numel(b); df = 4 + nb - 2; sd = sqrt((3*var(A(:,k)) + (nb-1)*var(b))/df); se = sd*sqrt(1/4 + 1/nb); d =
    # mean(A(:,k)) - mean(b); t = d/se; q = 0.5*betainc(df/(df+t^2), df/2, 0.5); if t < 0, q = 1 - q; end; p(k)
    # = q; c = sqrt(df*(1/betaincinv(0.1, df/2, 0.5) - 1)); ci(:,k) = [d - c*se; Inf]; end; h = double(p <=
    # 0.05);
    case('ttest2_matrix_tail_nan', "A = [3 1 4; 1 5 9; 2 6 5; 3 5 8]; B = [2 7 1; 8 2 8; 1 8 NaN]; [h, p, ci] = ttest2(A, B, 'Tail', 'right');",
         h=D([0.0, 0.0, 0.0]), p=D([0.7537114695837079, 0.7415447124382671, 0.25651266730648825]), ci=D([-5.2744596885531205, inf, -5.51269274587923, inf, -3.946763587691116, inf], (2, 3))),
    # Octave: x1 = [1 2 3 4 5 6 7 8]'; x2 = [2 1 4 3 6 5 8 9]'; y = [3.1 3.9 7.2 7.1 11.3 10.8 15.2 17.9]'; X =
    # [ones(8, 1) x1 x2]; n = 8; p = 3; dfe = 5; b = X\y; r = y - X*b; mse = r'*r/dfe; C = inv(X'*X); se =
    # sqrt(diag(C)*mse); c = sqrt(dfe*(1/betaincinv(0.1, dfe/2, 0.5) - 1)); bint = [b - c*se, b + c*se]; h =
    # diag(X*C*X'); loo = sqrt((dfe*mse - r.^2./(1-h))/(dfe-1)); c2 = sqrt((dfe-1)*(1/betaincinv(0.1, (dfe-1)/2,
    # 0.5) - 1)); rint = [r - c2*sqrt(1-h).*loo, r + c2*sqrt(1-h).*loo]; sst = sum((y - mean(y)).^2); sse =
    # r'*r; F = (sst - sse)/(p-1)/mse; st = [1 - sse/sst, F, betainc(dfe/(dfe + (p-1)*F), dfe/2, (p-1)/2), mse];
    case('regress_outputs', "x1 = [1 2 3 4 5 6 7 8]'; x2 = [2 1 4 3 6 5 8 9]'; y = [3.1 3.9 7.2 7.1 11.3 10.8 15.2 17.9]'; X = [ones(8, 1) x1 x2]; [b, bint, r, rint, st] = regress(y, X, 0.1);",
         b=D([0.2558823529411793, 0.9784313725490204, 1.0323529411764707], (3, 1)), bint=D([-0.46539181632933285, 0.5844366553695182, 0.6896099738691202, 0.9771565222116914, 1.3724260897285225, 1.3750959084838212], (3, 2)), r=D([-0.199019607843141, 0.6549019607843092, -0.12058823529412255, -0.16666666666667318, -0.04215686274510588, -0.4882352941176542, -0.16372549019608762, 0.5254901960784188], (8, 1)), rint=D([-0.8984171629688165, 0.21490386831948632, -1.0405622323342119, -1.0423060939790447, -1.0192818066879867, -1.128601609804361, -1.0499862692299455, -0.060751836266770054, 0.5003779472825345, 1.094900053249132, 0.7993857617459669, 0.7089727606456984, 0.934968081197775, 0.15213102156905267, 0.7225352888377703, 1.1117322284236077], (8, 2)), st=D([0.9944912792466633, 451.32587209302477, 2.2523034105741387e-06, 0.21078431372548945])),
    # Octave: X = [1 1; 1 3; 1 4; 1 5]; yy = [1.1 2.9 4.2 4.8]'; b = X\yy; rr = yy - X*b; r = [rr(1); NaN;
    # rr(2:4)]; dfe = 2; mse = rr'*rr/dfe; se = sqrt(diag(inv(X'*X))*mse); c = sqrt(dfe*(1/betaincinv(0.05,
    # dfe/2, 0.5) - 1)); bint = [b - c*se, b + c*se];
    case('regress_nan_row', "x = [1 2 3 4 5]'; y = [1.1 NaN 2.9 4.2 4.8]'; [b, bint, r] = regress(y, [ones(5, 1) x]);",
         b=D([0.14857142857142924, 0.9542857142857143], (2, 1)), bint=D([-0.9012643214584604, 0.6602728958322217, 1.1984071786013188, 1.2482985327392069], (2, 2)), r=D([-0.0028571428571435575, nan, -0.11142857142857254, 0.234285714285714, -0.120000000000001], (5, 1))),
    # Octave: t = [2 1; 2 1; 0 2]; E = sum(t, 2)*sum(t, 1)/8; c = sum(sum((t - E).^2./E)); p = gammainc(c/2, 1,
    # 'upper');
    case('crosstab_numeric', '[t, c, p] = crosstab([1 1 2 2 2 3 3 1], [1 2 1 1 2 2 2 1]);',
         t=D([2.0, 2.0, 0.0, 1.0, 1.0, 2.0], (3, 2)), c=D(2.6666666666666665), p=D(0.26359713811572677)),
    # Octave: t = [1 1; 1 1]; c = 0; p = 1;
    case('crosstab_text_missing', "[t, c, p] = crosstab({'b', 'a', 'b', 'c', 'c'}, [3 NaN 1 1 3]);",
         t=D([1.0, 1.0, 1.0, 1.0], (2, 2)), c=D(0.0), p=D(1.0)),
    case('crosstab_labels', "[t, c, p, l] = crosstab([2 1 2 3], {'x', 'y', 'y', 'x'});",
         t=D([0, 1, 1, 1, 1, 0], (3, 2)), l=Cell([C('1'), C('2'), C('3'), C('x'), C('y'), D([], (0, 0))], (3, 2))),
    case('crosstab_length_mismatch', "t = crosstab([1 2], [1 2 3]);",
         error=("stats:crosstab:InputSizeMismatch", "All grouping variables must have the same length.")),
    case('ttest_stats_struct', "[h, p, ci, st] = ttest(1); f = fieldnames(st)'; d = st.df;",
         h=D(nan), p=D(nan), ci=D([nan, nan], (2, 1)), f=("cell", (1, 3), (("char", (1, 5), "tstat"), ("char", (1, 2), "df"),
                                                                      ("char", (1, 2), "sd"))), d=D(0.0)),
    case('ttest_size_mismatch', "h = ttest([1 2], [1 2 3]);",
         error=("stats:ttest:InputSizeMismatch", "The data in a paired t-test must be the same size.")),
    case('ttest_positional_alpha', "h = ttest([1 2 3], 2, 0.05);",
         error=("matfuse:ttest:unsupported", "The positional forms ttest(x, m, alpha, tail, dim) are not supported; "
                "use the 'Alpha', 'Tail' and 'Dim' name-value arguments.")),
    case('ttest_tail_not_text', "h = ttest([1 2 3], 'Tail', 5);",
         error=("stats:ttest:BadOption", "The value of 'Tail' must be text.")),
    case('ttest2_positional_alpha', "h = ttest2([1 2 3], [1 2], 0.01);",
         error=("matfuse:ttest2:unsupported", "The positional forms ttest2(x, y, alpha, tail, vartype, dim) are not "
                "supported; use the name-value arguments.")),
    case('ttest2_size_mismatch', "h = ttest2(magic(3), ones(2, 2));",
         error=("stats:ttest2:InputSizeMismatch", "The data in a 2-sample t-test must be commensurate.")),
    case('regress_rank_deficient', "b = regress([1; 2; 3], [1 1; 1 1; 1 1]);",
         error=("matfuse:regress:unsupported", "regress of a rank-deficient X is not supported.")),
    case('normfit_bad_alpha', "[m, s] = normfit([1 2 3], 2);",
         error=("stats:normfit:BadAlpha", "ALPHA must be a scalar between 0 and 1.")),
]


@pytest.mark.parametrize("c", params(CASES))
def test_case(session, c):
    check(session, c)
