"""Conformance: the probability distributions of the Statistics Toolbox (distributions.py).

GNU Octave's statistics package is not installed here, so the expected values were computed in Octave 7
from the defining formulas with its core special functions (erfc, erfcinv, gammainc, gammaincinv, betainc,
betaincinv, nchoosek, factorial), each shown in a comment, and agree with matfuse within 1e-12. Invalid
parameters give NaN and the error texts are MATLAB's (its documentation and answers show "Non-scalar
arguments must match in size."). sigma = 0 is left out: MATLAB's documentation does not settle it.
"""
import pytest

from harness import C, D, case, check, inf, nan, num, params

CASES = [
    # Octave: x = [-2 -1 0 0.5 3]; a = exp(-x.^2/2)/sqrt(2*pi); b = exp(-((x-1)/2).^2/2)/(2*sqrt(2*pi)); c =
    # exp(-(1/2)^2/2)/(2*sqrt(2*pi))*ones(2); d = [NaN NaN exp(-0.5)/sqrt(2*pi)];
    case('normpdf_forms', 'x = [-2 -1 0 0.5 3]; a = normpdf(x); b = normpdf(x, 1, 2); c = normpdf([1 2; 3 4], [0 1; 2 3], 2); d = normpdf(1, 0, [-1 0 1]);',
         a=D([0.05399096651318806, 0.24197072451914337, 0.3989422804014327, 0.3520653267642995, 0.0044318484119380075]), b=D([0.06475879783294587, 0.12098536225957168, 0.17603266338214976, 0.19333405840142465, 0.12098536225957168]), c=D([0.17603266338214976, 0.17603266338214976, 0.17603266338214976, 0.17603266338214976], (2, 2)), d=D([nan, nan, 0.24197072451914337])),
    # Octave: p = 0.5*erfc(-[-3 -1 0 1.5]/sqrt(2)); q = 0.5*erfc([1 10]/sqrt(2)); r = 0.5*erfc(-1/sqrt(2)); s =
    # [NaN; NaN];
    case('normcdf_forms', "p = normcdf([-3 -1 0 1.5]); q = normcdf([1 10], 0, 1, 'upper'); r = normcdf(3, 1, 2);",
         p=D([0.0013498980316300957, 0.15865525393145707, 0.5, 0.9331927987311419]), q=D([0.15865525393145707, 7.619853024160593e-24]), r=D(0.8413447460685429)),
    # Octave: a = [-Inf -sqrt(2)*erfcinv(2*[0.025 0.5 0.9]) Inf NaN NaN]; b = 10 - 3*sqrt(2)*erfcinv(1.8);
    case('norminv_forms', 'a = norminv([0 0.025 0.5 0.9 1 1.5 -0.1]); b = norminv(0.9, 10, 3);',
         a=D([-inf, -1.9599639845400545, -0.0, 1.2815515655446008, inf, nan, nan]), b=D(13.844654696633803)),
    # Octave: a = [0 0.25 0.25 0.25 0.25 0]; b = 1; c = [0 0.25 0.75 1]; d = 0.75; e = NaN;
    case('unif_forms', "a = unifpdf([-1 0 0.5 2 4 5], 0, 4); b = unifpdf(0.5); c = unifcdf([-1 1 3 5], 0, 4); d = unifcdf(1, 0, 4, 'upper'); e = unifpdf(1, 2, 1);",
         a=D([0.0, 0.25, 0.25, 0.25, 0.25, 0.0]), b=D(1.0), c=D([0.0, 0.25, 0.75, 1.0]), d=D(0.75), e=D(nan)),
    # Octave: a = [0 0.5 exp(-0.5)/2 exp(-1)/2]; b = 1 - exp(-[0 1 2]); c = exp(-1.5); d = [0 -2*log(0.5)
    # -2*log(0.01) Inf]; e = [NaN NaN];
    case('exp_forms', "a = exppdf([-1 0 1 2], 2); b = expcdf([0 1 2]); c = expcdf(3, 2, 'upper'); d = expinv([0 0.5 0.99 1], 2); e = exppdf(1, [0 -1]);",
         a=D([0.0, 0.5, 0.3032653298563167, 0.18393972058572117]), b=D([0.0, 0.6321205588285577, 0.8646647167633873]), c=D(0.22313016014842982), d=D([0.0, 1.3862943611198906, 9.210340371976182, inf]), e=D([nan, nan])),
    # Octave: k = 0:5; a = arrayfun(@(j) nchoosek(5, j), k).*0.3.^k.*0.7.^(5-k); b = [0 0 0]; c2 = sum(a(1:3));
    # c = [c2 c2 1]; d = sum(a(4:6)); e = [NaN NaN NaN];
    case('bino_forms', "a = binopdf(0:5, 5, 0.3); b = binopdf([1.5 -1 6], 5, 0.3); c = binocdf([2 2.7 5], 5, 0.3); d = binocdf(2, 5, 0.3, 'upper'); e = binopdf(1, [2.5 -1 3], [0.5 0.5 1.5]);",
         a=D([0.16806999999999994, 0.3601499999999999, 0.3086999999999999, 0.13229999999999997, 0.028349999999999993, 0.0024299999999999994]), b=D([0.0, 0.0, 0.0]), c=D([0.8369199999999999, 0.8369199999999999, 1.0]), d=D(0.16307999999999995), e=D([nan, nan, nan])),
    # Octave: k = 0:4; a = exp(-2.5)*2.5.^k./factorial(k); b = [0 0]; c = [1 1]*sum(a(1:4)); d = 1 -
    # sum(a(1:4)); e = [1 NaN];
    case('poiss_forms', "a = poisspdf(0:4, 2.5); b = poisspdf([1.5 -1], 2.5); c = poisscdf([3 3.5], 2.5); d = poisscdf(3, 2.5, 'upper'); e = poisspdf([0 1], [0 -1]);",
         a=D([0.0820849986238988, 0.205212496559747, 0.25651562069968376, 0.21376301724973645, 0.13360188578108528]), b=D([0.0, 0.0]), c=D([0.7575761331330659, 0.7575761331330659]), d=D(0.24242386686693407), e=D([1.0, nan])),
    # Octave: x = [0.5 1 4]; a = [0 x.^(1/2).*exp(-x/2)/(2^1.5*gamma(1.5))]; b = gammainc([0.25 2], 1.5); c =
    # gammainc(2, 1.5, 'upper'); d = 2*[gammaincinv(0.05, 1) gammaincinv(0.95, 1.5)]; e = NaN;
    case('chi2_forms', "a = chi2pdf([-1 0.5 1 4], 3); b = chi2cdf([0.5 4], 3); c = chi2cdf(4, 3, 'upper'); d = chi2inv([0.05 0.95], [2 3]); e = chi2pdf(1, -2);",
         a=D([0.0, 0.2196956447338612, 0.24197072451914334, 0.1079819330263761]), b=D([0.08110858834532414, 0.7385358700508886]), c=D(0.26146412994911133), d=D([0.10258658877510107, 7.8147279032511765]), e=D(nan)),
    # Octave: nu = 4; x = [-2 0 1.5]; a = gamma((nu+1)/2)/(sqrt(nu*pi)*gamma(nu/2))*(1+x.^2/nu).^(-(nu+1)/2); b
    # = [0.5*betainc(nu/(nu+4), 2, 0.5) 1-0.5*betainc(nu/(nu+2.25), 2, 0.5)]; c = 0.5*betainc(nu/(nu+9), 2,
    # 0.5); d = [sqrt(10*(1/betaincinv(0.05, 5, 0.5) - 1)) -sqrt(4*(1/betaincinv(0.1, 2, 0.5) - 1))]; e = 0;
    case('t_forms', "a = tpdf([-2 0 1.5], 4); b = tcdf([-2 1.5], 4); c = tcdf(3, 4, 'upper'); d = tinv([0.975 0.05], [10 4]); e = tinv(0.5, 7);",
         a=D([0.06629126073623884, 0.37500000000000006, 0.12288000000000003]), b=D([0.05805826175840777, 0.896]), c=D(0.019970984035859427), d=D([2.228138851986275, -2.1318467863266504]), e=D(0.0)),
    # Octave: n1 = 5; n2 = 10; x = [0.5 2]; a = [0 sqrt((n1*x).^n1*n2^n2./(n1*x+n2).^(n1+n2))./(x*beta(n1/2,
    # n2/2))]; b = betainc(n1*x./(n1*x+n2), n1/2, n2/2); c = betainc(n2/(n1*2+n2), n2/2, n1/2); y =
    # betaincinv([0.5 0.95], n1/2, n2/2); d = n2*y./(n1*(1-y)); e = NaN;
    case('f_forms', "a = fpdf([-1 0.5 2], 5, 10); b = fcdf([0.5 2], 5, 10); c = fcdf(2, 5, 10, 'upper'); d = finv([0.5 0.95], 5, 10); e = fcdf(1, 0, 3);",
         a=D([0.0, 0.6876070027706237, 0.162005742180115]), b=D([0.22997511934989878, 0.835805049100261]), c=D(0.16419495089973898), d=D([0.931933160851047, 3.325834530413015]), e=D(nan)),
    # Octave: x = [0.5 2]; a = [0 x.*exp(-x/3)/9]; b = 2*exp(-2); c = gammainc(x/3, 2); d = gammainc(2/3, 2,
    # 'upper'); e = [NaN NaN];
    case('gam_forms', "a = gampdf([-1 0.5 2], 2, 3); b = gampdf(2, 2); c = gamcdf([0.5 2], 2, 3); d = gamcdf(2, 2, 3, 'upper'); e = gampdf(1, [0 2], [1 -1]);",
         a=D([0.0, 0.047026762493923006, 0.11409269311835378]), b=D(0.2706705664732254), c=D([0.012437987627616831, 0.1443048016123467]), d=D(0.8556951983876533), e=D([nan, nan])),
    # Octave: x = [0.25 0.5]; a = [0 x.*(1-x).^2/beta(2, 3) 0]; b = [0 betainc(x, 2, 3) 1]; c = betainc(0.75, 3,
    # 2); e = [NaN NaN];
    case('beta_forms', "a = betapdf([-0.5 0.25 0.5 1.5], 2, 3); b = betacdf([-1 0.25 0.5 2], 2, 3); c = betacdf(0.25, 2, 3, 'upper'); e = betapdf(0.5, [0 1], [1 -1]);",
         a=D([0.0, 1.6875, 1.5, 0.0]), b=D([0.0, 0.26171875, 0.6874999999999998, 1.0]), c=D(0.73828125), e=D([nan, nan])),
    # Octave: a = [1 exp(-0.5)]/sqrt(2*pi); b = exp(-2.5)*2.5^2/2; c = gammainc(2, 1.5); d =
    # 0.5*erfc(10/sqrt(2)); e = sqrt(10*(1/betaincinv(0.05, 5, 0.5) - 1)); f = -2*log(0.5); g = 2*exp(-2);
    case('generic_by_name', "a = pdf('Normal', [0 1], 0, 1); b = pdf('poiss', 2, 2.5); c = cdf('Chisquare', 4, 3); d = cdf('norm', 10, 0, 1, 'upper'); e = icdf('T', 0.975, 10); f = icdf('Exponential', 0.5, 2); g = pdf('gamma', 2, 2);",
         a=D([0.3989422804014327, 0.24197072451914337]), b=D(0.25651562069968376), c=D(0.7385358700508886), d=D(7.619853024160593e-24), e=D(2.228138851986275), f=D(1.3862943611198906), g=D(0.2706705664732254)),
    # Octave: u = [0 1 4 NaN]; k = 0:10; c = cumsum(arrayfun(@(j) nchoosek(10, j), k).*0.3.^k.*0.7.^(10-k)); b =
    # [0 arrayfun(@(p) find(c >= p, 1) - 1, [0.1 0.5 0.9]) 10]; j = 0:30; d =
    # cumsum(exp(-2.5)*2.5.^j./factorial(j)); q = [0 arrayfun(@(p) find(d >= p, 1) - 1, [0.3 0.95]) Inf]; g =
    # 3*gammaincinv([0.1 0.5], 2); e = [0 betaincinv(0.3, 2, 5) 1]; n = NaN;
    case('inverses_more', 'u = unifinv([0 0.25 1 2], 0, 4); b = binoinv([0 0.1 0.5 0.9 1], 10, 0.3); q = poissinv([0 0.3 0.95 1], 2.5); g = gaminv([0.1 0.5], 2, 3); e = betainv([0 0.3 1], 2, 5); n = binoinv(0.5, 10, 1.5);',
         u=D([0.0, 1.0, 4.0, nan]), b=D([0.0, 1.0, 3.0, 5.0, 10.0]), q=D([0.0, 2.0, 5.0, inf]), g=D([1.5954348251688368, 5.035040970049982]), e=D([0.0, 0.18180347131894908, 1.0]), n=D(nan)),
    case('single_result', "a = normpdf(single(1)); b = class(tcdf(1, single(3))); c = size(normcdf(zeros(2, 0)));",
         a=num("single", 0.2419707179069519), b=C("single"), c=D([2, 0])),
    case('size_mismatch', "y = normpdf([1 2], [1 2 3]);",
         error=("stats:normpdf:InputSizeMismatch", "Non-scalar arguments must match in size.")),
    case('missing_parameter', "y = binopdf(1, 3);",
         error=("stats:binopdf:TooFewInputs", "binopdf requires the parameter p.")),
    case('unknown_name', "y = pdf('Weibul', 1, 2);",
         error=("stats:pdf:BadDistribution", "Unrecognized distribution name: 'Weibul'. pdf supports 'Normal', "
                "'Uniform', 'Exponential', 'Binomial', 'Poisson', 'Chisquare', 'T', 'F', 'Gamma', 'Beta'.")),
    case('confidence_bounds_unsupported', "[p, lo, hi] = normcdf(1, 0, 1, [1 0; 0 1], 0.05);",
         error=("matfuse:normcdf:unsupported", "normcdf with confidence bounds (a parameter covariance and alpha) "
                "is not supported; give X and 2 parameters.")),
    case('bad_tail', "y = normcdf(1, 0, 1, 'middle');",
         error=("stats:normcdf:UpperTailOption", "Invalid tail option: use 'upper' or 'lower'.")),
]


@pytest.mark.parametrize("c", params(CASES))
def test_case(session, c):
    check(session, c)
