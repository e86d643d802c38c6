"""MATLAB's function library on gpuArray inputs: the builtins without a GPU implementation gather their
arguments, compute on the CPU and return gpuArrays (numeric results) with the CPU's values."""
import numpy as np
import pytest

from engine import Session
from engine.accel import provider

X = np.array([[0.25, -0.5, 0.75], [1.5, 0.0, -1.0]])     # angles, arguments in [-1, 1] and beyond
P = np.array([[1.0, 4.0, 7.0], [2.0, 5.0, 9.0]])           # positive whole numbers

EXPRESSIONS = [
    # data analysis, interpolation, matrix functions
    "movmean(X, 2)", "movmax(P, [1 0], 2)", "histcounts(P, 3)", "histc(P(:), 0:3:9)", "discretize(X, [-1 0 1 2])",
    "accumarray([1; 2; 1], X(1, :)')", "sortrows(X, -2)", "prctile(P, 50)", "quantile(X, [0.25 0.75], 2)",
    "mad(X)", "range(P)", "bounds(X)", "cov(X)", "corrcoef(P)", "rescale(X)", "normalize(P)", "gradient(X)",
    "del2(P)", "interp1(P(1, :), X(1, :), 4.5)", "interp1(P(1, :), X(1, :), 5, 'spline')", "interp2(P, 1.5, 1.5)",
    "expm(X(:, 1:2))", "logm(P(:, [1 3]))", "null(X)", "orth(P)", "schur(P(:, 1:2))",
    # special functions
    "gamma(P)", "gammaln(P)", "gammainc(P, 2)", "psi(P)", "beta(P, 2)", "betainc(abs(X) / 2, 2, 3)",
    "erf(X)", "erfc(X)", "erfinv(X / 2)", "expint(P)", "besselj(1, X)", "besselk(0, P)",
    "legendre(2, X / 2)",
    # elementary functions
    "sind(X * 90)", "cosd(P)", "tand(X)", "asind(X / 2)", "atan2d(X, P)", "sec(X)", "acoth(P + 1)",
    "deg2rad(X)", "nthroot(X, 3)", "realsqrt(P)", "nextpow2(P)",
    # number theory, bits
    "gcd(P, 6)", "lcm(P, 4)", "factorial(P)", "nchoosek(P(1, :), 2)", "perms(P(1, :))", "isprime(P)",
    "bitand(P, 5)", "bitshift(P, 2)", "bitget(P, 1)",
    # specialized matrices from gpuArray vectors
    "rot90(X)", "blkdiag(X, P)", "toeplitz(P(1, :))", "hankel(P(:, 1))", "vander(X(1, :))", "compan(P(1, :))",
    "peaks(X, P)",
    # signal processing and polynomials
    "conv(X(1, :), P(1, :))", "conv2(X, P, 'same')", "filter(1, [1 -0.5], X, [], 2)", "filter2(X, P)",
    "deconv(P(1, :), [1 2])", "fft(X)", "ifft(X, 4, 2)", "fft2(X)", "fftn(X)", "fftshift(X)", "ifftshift(P)",
    "roots(P(1, :))", "poly(P(1, :))", "polyder(P(1, :))", "polyint(X(1, :))", "polyfit(P(1, :), X(1, :), 1)",
    "polyval(P(1, :), X)", "unwrap(X * 5)",
    # added forms
    "pow2(X)", "sinpi(X)", "gammaincinv(abs(X) / 2, 2)", "airy(X)", "ellipke(abs(X) / 2)",
    "typecast(single(X(1, :)), 'uint32')", "swapbytes(P)", "cart2pol(X, P)", "sph2cart(X, X, P)",
    "polyvalm([1 2 3], X(:, 1:2))", "interpft(X, 6, 2)",
]


@pytest.fixture(scope="module")
def sessions():
    if not provider.available():
        pytest.skip("no GPU adapter")
    gpu, cpu = Session(), Session(device="cpu")
    for name, value in (("X", X), ("P", P)):
        gpu.set(name, value)
        cpu.set(name, value)
        assert gpu.execute(f"{name} = gpuArray({name});").error is None
    return gpu, cpu


@pytest.mark.parametrize("expr", EXPRESSIONS)
def test_gathered_result_matches_cpu(sessions, expr):
    gpu, cpu = sessions
    code = f"r = {expr}; g = isgpuarray(r);"
    for s in (gpu, cpu):
        r = s.execute(code)
        assert r.error is None, (expr, r.error and r.error.message)
    got, want = gpu.get("r"), cpu.get("r")
    assert got.dtype == want.dtype and got.shape == want.shape, expr
    np.testing.assert_allclose(got, want, rtol=1e-14, atol=0, equal_nan=True, err_msg=expr)
    assert gpu.get("g")[0, 0] == (not np.iscomplexobj(want)), expr
