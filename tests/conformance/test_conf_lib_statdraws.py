"""Conformance: random draws of the Statistics Toolbox (statdraws.py).

Octave's generator gives other numbers than MATLAB's for the same seed, so nothing here comes from
Octave. After rng(0) MATLAB's rand gives 0.8147236863931789 0.9057919370756192 0.1269868162935061 (the
values docs and DESIGN.md record); the next ones, 0.9133758561390194 0.6323592462254095, are numpy's
RandomState(5489), the same Mersenne Twister. The expected draws are those uniforms put through the
formulas of the toolbox's functions as their source is known to compute them (not run in MATLAB here):
unifrnd a + (b-a).*rand, exprnd -mu.*log(rand), randsample with replacement ceil(n*rand), weighted
randsample the bin of each rand among min([0 cumsum(w/sum(w))], 1). normrnd (mu + sigma.*randn) and
mvnrnd (randn(n, d)*chol(Sigma) + mu) use randn, which is not MATLAB's; randsample and datasample
without replacement use a permutation, binornd, poissrnd, chi2rnd, trnd, gamrnd and betarnd numpy's
samplers (MATLAB documents none of these algorithms): those cases check the formula against randn in
the same session, repeatability and the distribution's moments, never MATLAB's numbers (randn is drawn
by itself there: on the GPU device a randn inside a fused expression draws from the device's own
stream). datasample's algorithm is not documented.
"""
import pytest

from harness import D, L, case, check, params

U = [0.8147236863931789, 0.9057919370756192, 0.1269868162935061, 0.9133758561390194, 0.6323592462254095]

CASES = [
    case('unifrnd_stream', "rng(0); x = unifrnd(0, 1, 1, 3); rng(0); y = unifrnd([0 2; 1 3], 5); z = unifrnd(2, 1);",
         x=D(U[:3]), y=D([4.073618431965895, 4.6231677483024765, 2.380960448880518, 4.826751712278039], (2, 2)),
         z=D(float('nan'))),
    case('exprnd_stream', "rng(0); x = exprnd(2, 1, 3); rng(0); y = exprnd([2 -1]); s = size(exprnd(1, [2 3 2]));",
         x=D([0.4098125166541227, 0.19789129867934677, 4.127344013249187]), y=D([0.4098125166541227, float('nan')]),
         s=D([2, 3, 2])),
    case('normrnd_formula', "rng(4); z = randn(2, 2); rng(4); a = normrnd(1, 2, 2, 2); e = isequal(a, 1 + 2*z); "
         "n = isnan(normrnd([0 0], [1 -1])); s = size(normrnd([1 2 3], 1)); "
         "rng(0); r = normrnd(5, 2, 1e5, 1); m = abs(mean(r) - 5) < 0.03; d = abs(std(r) - 2) < 0.03;",
         e=L(1), n=L([0, 1]), s=D([1, 3]), m=L(1), d=L(1)),
    case('randsample_with_replacement', "rng(0); y = randsample(10, 3, true); rng(0); c = randsample('abcd', 5, true); "
         "rng(0); w = randsample(3, 5, true, [0.5 0.25 0.25]); rng(0); p = randsample([5 6 7 8], 3, true);",
         y=D([9, 10, 2], (3, 1)), c=("char", (1, 5), "ddadc"), w=D([3, 3, 1, 3, 2], (5, 1)), p=D([8, 8, 5])),
    case('randsample_without_replacement', "rng(2); y = randsample(20, 20); a = isequal(sort(y), (1:20)'); "
         "z = randsample([5 6 7 8], 3); b = numel(unique(z)) == 3 && all(ismember(z, [5 6 7 8])); s = size(z);",
         a=L(1), b=L(1), s=D([1, 3])),
    case('datasample_forms', "rng(1); [y, idx] = datasample([10 20 30 40], 6); a = isequal(y, 10*idx); s = size(y); "
         "M = magic(4); [r, k] = datasample(M, 3); b = isequal(r, M(k, :)); "
         "[c, j] = datasample(M, 4, 2, 'Replace', false); t = isequal(sort(j), 1:4) && isequal(c, M(:, j)); "
         "w = datasample(1:3, 50, 'Weights', [1 0 1]); u = ~any(w == 2);",
         a=L(1), s=D([1, 6]), b=L(1), t=L(1), u=L(1)),
    case('mvnrnd_formula', "S = [4 1; 1 3]; rng(5); z = randn(3, 2); rng(5); a = mvnrnd([1 2], S, 3); b = z*chol(S) + [1 2]; "
         "e = max(abs(a(:) - b(:))) < 1e-14; rng(0); R = mvnrnd([1 2], [1 0.5; 0.5 2], 50000); "
         "m = all(abs(mean(R) - [1 2]) < 0.03); c = all(all(abs(cov(R) - [1 0.5; 0.5 2]) < 0.05)); "
         "s = size(mvnrnd([0 0; 1 1], [1 2])); g = size(mvnrnd([0 0], [1 1; 1 1], 4));",
         e=L(1), m=L(1), c=L(1), s=D([2, 2]), g=D([4, 2])),
    case('numpy_sampler_draws', "rng(7); a = gamrnd(2, 3, 1, 5); rng(7); b = gamrnd(2, 3, 1, 5); r = isequal(a, b); "
         "k = binornd(10, 0.3, 1, 200); i = all(k >= 0 & k <= 10 & k == round(k)); n = isnan(binornd([10 -1 2.5], 0.5)); "
         "rng(0); m = [abs(mean(poissrnd(4, 1e5, 1)) - 4) < 0.03, abs(var(poissrnd(4, 1e5, 1)) - 4) < 0.1, "
         "abs(mean(chi2rnd(3, 1e5, 1)) - 3) < 0.05, abs(var(trnd(5, 1e5, 1)) - 5/3) < 0.1, "
         "abs(mean(gamrnd(2, 3, 1e5, 1)) - 6) < 0.08, abs(mean(betarnd(2, 5, 1e5, 1)) - 2/7) < 0.005, "
         "abs(mean(binornd(10, 0.3, 1e5, 1)) - 3) < 0.03]; s = size(poissrnd([1 2; 3 4])); c = class(trnd(single(4))); "
         "e = isnan(gamrnd([1 -1 1], [1 1 0]));",
         r=L(1), i=L(1), n=L([0, 1, 1]), m=L([1, 1, 1, 1, 1, 1, 1]), s=D([2, 2]), c=("char", (1, 6), "single"),
         e=L([0, 1, 1])),
    case('binornd_beyond_sampler', "k = binornd(1e20, 0.5);",
         error=("matfuse:binornd:unsupported", "binornd cannot draw for parameters this large.")),
    case('randsample_too_large', "y = randsample(3, 5);",
         error=("stats:randsample:SampleTooLarge", "The sample size K must be less than or equal to the population "
                "size N when sampling without replacement.")),
    case('randsample_large_population', "rng(0); y = randsample(1e12, 3); s = size(y); "
         "ok = all(y >= 1 & y <= 1e12 & y == round(y)) && numel(unique(y)) == 3;", s=D([3, 1]), ok=L(1)),
    case('randsample_beyond_flintmax', "y = randsample(2^60, 2);",
         error=("stats:randsample:BadPopulation", "N must be a nonnegative integer no greater than flintmax (2^53).")),
    case('randsample_weighted_without', "y = randsample(3, 2, false, [1 1 1]);",
         error=("matfuse:randsample:unsupported", "Weighted sampling without replacement is not supported.")),
    case('normrnd_size_mismatch', "r = normrnd([1 2], 1, 3, 3);",
         error=("stats:normrnd:InputSizeMismatch", "Size information is inconsistent.")),
    case('mvnrnd_not_psd', "r = mvnrnd([1 2], [1 2; 2 1]);",
         error=("stats:mvnrnd:BadCovariance2", "SIGMA must be a square, symmetric, positive semi-definite matrix.")),
]


@pytest.mark.parametrize("c", params(CASES))
def test_case(session, c):
    check(session, c)
