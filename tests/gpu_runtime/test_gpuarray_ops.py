"""The same MATLAB code on gpuArrays and on plain arrays gives the same results (f64 and f32), and
results of operations on gpuArrays are gpuArrays of the class MATLAB gives."""
import numpy as np
import pytest

from engine import Session
from engine.accel import provider

# Operands: A and B are 5x4 with negatives, zeros, a NaN-free mix of magnitudes; v is a 1x4 row; N has
# NaNs (a column of them too).
RNG = np.random.default_rng(7)
A = np.round(RNG.standard_normal((5, 4)) * 4, 2)
A[0, 0], A[1, 1] = 0.0, -3.0
B = np.round(RNG.standard_normal((5, 4)) * 4, 2) + 0.5
V = np.array([[1.5, -2.0, 0.25, 4.0]])
N = A.copy()
N[[0, 2], 1], N[:, 3] = np.nan, np.nan

EXPRESSIONS = [
    # elementwise operators, implicit expansion, scalars
    "A + B", "A - 2", "2 - A", "A .* B", "A ./ B", "3 ./ B", "B .\\ A", "A .^ 2", "abs(A) .^ 0.5",
    "2 .^ A", "A + v", "v .* A", "-A", "+A",
    # comparisons and logical operators
    "A > B", "A == 0", "A <= 0.5", "v ~= A", "(A > 0) & (B < 0)", "(A > 0) | (B < 0)", "~(A > 0)",
    "xor(A > 0, B > 0)", "~A",
    # math builtins
    "sqrt(abs(A))", "exp(A / 4)", "log(abs(A) + 1)", "log2(abs(B))", "log10(abs(B))", "log1p(abs(A))",
    "sin(A)", "cos(A)", "tan(A / 8)", "asin(A / 10)", "acos(A / 10)", "atan(A)", "sinh(A / 4)",
    "cosh(A / 4)", "tanh(A)", "expm1(A / 8)", "atan2(A, B)", "hypot(A, B)", "round(A)", "floor(A)",
    "ceil(A)", "fix(A)", "sign(A)", "abs(A)", "max(A, B)", "min(A, 0)", "isnan(A ./ A)",
    "isinf(1 ./ A)", "isfinite(1 ./ A)",
    # inputs MATLAB makes complex go to the CPU with the CPU's answer
    "sqrt(A)", "log(A)", "A .^ 0.5", "asin(A)",
    # reductions
    "sum(A)", "sum(A, 2)", "sum(A, 'all')", "sum(A(:))", "prod(A)", "mean(A)", "mean(A, 2)",
    "max(A)", "min(A, [], 2)", "max(A, [], 'all')", "any(A > 3)", "all(A > -3, 2)", "sum(A > 0)",
    "cumsum(A)", "cumsum(A, 2)", "cumsum(v, 2)", "cumsum(A > 0)", "cumsum(N)", "cumsum(A, 3)",
    "cumsum(A, 'reverse')", "std(A)", "var(A)", "var(A, 1)", "std(A, 0, 2)", "var(A, [], 'all')", "std(v)",
    "var(A(1, :), 0, 1)", "std(A, 1, 3)", "sum(N, 'omitnan')", "mean(N, 2, 'omitnan')",
    "sum(N, 'all', 'includenan')", "mean(N, 'omitnan')", "max(N, [], 2, 'omitnan')",
    "min(N, [], 'includenan')",
    "sum(N)", "max(N)", "mean(single(N), 'omitnan')",
    # matrix multiply, transposes
    "A * B'", "A' * B", "A(:, []) * B([], :)", "v * v'", "2 * A", "A / 2", "2 \\ A", "A'", "v'", "v.'", "(A > 0)'",
    "permute(A, [2 1])", "permute(reshape(A, 2, 5, 2), [3 1 2])", "size(permute(A, [3 1 2]))",
    # indexing and assignment
    "A(:)", "A(:, :)", "A(2, :)", "A(A > 0)", "A(end, end)", "A([1 3], 2:3)", "v(2)",
    # other builtins: computed on the host, the numeric result a gpuArray
    "reshape(A, [4 5])", "reshape(A, 10, 2)", "reshape(v, [], 1)", "reshape(A, 2, 5, [])",
    "sort(A)", "reshape(A, 2, [])", "repmat(v, 2, 1)", "find(A > 2)", "diff(A)", "fliplr(A)",
    "double(A > 0)", "numel(A)", "size(A)", "isempty(A)",
]


def sessions(cls: str):
    gpu, cpu = Session(), Session()
    for s, wrap in ((gpu, "gpuArray"), (cpu, "")):
        for name, value in (("A", A), ("B", B), ("v", V), ("N", N)):
            s.set(name, value.astype(np.float32) if cls == "single" else value)
            assert s.execute(f"{name} = {wrap}({name});").error is None
    return gpu, cpu


@pytest.fixture(scope="module", params=["double", "single"])
def pair(request):
    if not provider.available() or not provider.get_provider().f64:
        pytest.skip("no GPU adapter with shader-f64")
    return request.param, *sessions(request.param)


def run(s, code):
    r = s.execute(code)
    return r.error


@pytest.mark.parametrize("expr", EXPRESSIONS)
def test_same_result_as_cpu(pair, expr):
    cls, gpu, cpu = pair
    code = f"r = {expr}; c = class(r); g = isgpuarray(r); u = classUnderlying(r);"
    assert run(gpu, code) is None and run(cpu, code) is None
    got, want = gpu.get("r"), cpu.get("r")
    assert got.dtype == want.dtype and got.shape == want.shape, expr
    if got.dtype.kind in "fc":
        rtol = 1e-12 if got.dtype.itemsize * (2 if got.dtype.kind == "f" else 1) >= 16 else 2e-6
        np.testing.assert_allclose(got, want, rtol=rtol, atol=rtol * 10, equal_nan=True, err_msg=expr)
    else:
        np.testing.assert_array_equal(got, want, err_msg=expr)
    host_result = expr.startswith(("numel", "size", "isempty"))
    complex_result = np.iscomplexobj(want)
    assert gpu.get("g")[0, 0] == (not host_result and not complex_result), expr
    if not host_result and not complex_result:
        assert gpu.get("u") == cpu.get("c"), expr


@pytest.mark.parametrize("expr", ["A & (A ./ A)", "~(A ./ A)", "A(7, 1)", "A * [1 2]", "A(0)",
                                  "reshape(A, 3, [])", "reshape(A, 4, 4)", "permute(A, [1 1])"])
def test_same_error_as_cpu(pair, expr):
    _, gpu, cpu = pair
    err_gpu, err_cpu = run(gpu, f"r = {expr};"), run(cpu, f"r = {expr};")
    assert err_gpu is not None and err_cpu is not None
    assert (err_gpu.identifier, err_gpu.message) == (err_cpu.identifier, err_cpu.message)


def test_assignment_keeps_gpuarray_and_value_semantics(gpu):
    s = Session()
    assert s.execute("G = gpuArray(magic(4)); H = G; H(2, :) = 0; H(end + 1, 1) = 7; "
                     "x = zeros(1, 3); x(2) = gpuArray(5); c = {G}; c{1}(1) = -1; st.f = G;").error is None
    np.testing.assert_array_equal(s.get("G"), [[16, 2, 3, 13], [5, 11, 10, 8], [9, 7, 6, 12], [4, 14, 15, 1]])
    np.testing.assert_array_equal(s.get("H")[:, 0], [16, 0, 9, 4, 7])
    for name in ("H", "x"):
        assert s.execute(f"t = isgpuarray({name});").error is None and s.get("t")[0, 0], name
    np.testing.assert_array_equal(s.get("x"), [[0, 5, 0]])
    assert s.execute("t1 = isgpuarray(c{1}); t2 = isgpuarray(st.f); t3 = c{1}(1);").error is None
    assert [s.get(n)[0, 0] for n in ("t1", "t2", "t3")] == [True, True, -1.0]


def test_concatenation_gives_a_gpuarray(gpu):
    s = Session()
    assert s.execute("G = gpuArray([1 2]); H = [G, 3; 4 5 6]; t = isgpuarray(H); h = gather(H);").error is None
    assert s.get("t")[0, 0]
    np.testing.assert_array_equal(s.get("h"), [[1, 2, 3], [4, 5, 6]])


def test_gpuarrays_inside_cells_and_structs_display_by_size(gpu):
    r = Session().execute("G = gpuArray([1 2]); c = {G, 1}\nst.g = G")
    assert r.error is None
    assert "{1×2 gpuArray}    {[1]}" in r.stdout and "g: [1×2 gpuArray]" in r.stdout


def test_two_outputs(gpu):
    s = Session()
    s.set("X", A)
    code = "[v, m] = var(X, 0, 2); [s, n] = std(X); [a, i] = max(X, [], 2); [b, j] = min(X(:));"
    assert s.execute(code).error is None
    cpu = {k: s.get(k) for k in ("v", "m", "s", "n", "a", "i", "b", "j")}
    assert s.execute("X = gpuArray(X); " + code + " g = isgpuarray(v) && isgpuarray(i);").error is None
    for name, want in cpu.items():
        np.testing.assert_allclose(s.get(name), want, rtol=1e-12, err_msg=name)
    assert s.get("g")[0, 0]


def test_class_is_kept(gpu):
    s = Session()
    code = ("a = classUnderlying(gpuArray(single(1:3))); b = classUnderlying(gpuArray(true(2))); "
            "c = classUnderlying(gpuArray(int32(5)) + 1); d = class(gather(gpuArray(single(2)) * 2)); "
            "e = classUnderlying(gpuArray(true(2)) + 1); f = classUnderlying(max(gpuArray(true(2)), false));"
            "k = classUnderlying(gpuArray(single(1:3)) + 1);")
    assert s.execute(code).error is None
    assert [s.get(n) for n in "abcdefk"] == ["single", "logical", "int32", "single", "double", "logical",
                                             "single"]


def test_gather_passes_other_values_through(gpu):
    s = Session()
    assert s.execute("g = gpuArray([1 2]); c = gather({g}); t = gather('abc'); [p, q] = gather(g, 3); "
                     "k = class(c{1}); n = class(p); isg = isgpuarray(p);").error is None
    assert s.get("k") == "gpuArray" and s.get("t") == "abc" and s.get("n") == "double"
    assert not s.get("isg")[0, 0]
    np.testing.assert_array_equal(s.get("q"), [[3.0]])


def test_constructors_on_the_gpu(gpu):
    s = Session()
    code = ("z = zeros(2, 3, 'gpuArray'); o = ones(2, 'single', 'gpuArray'); e = eye(2, 'like', gpuArray(1));"
            " l = ones(1, 2, 'like', gpuArray(single(1))); r = rand(1, 3, 'gpuArray'); "
            "k = randi(10, 2, 'gpuArray'); n = randn(2, 'gpuArray');"
            "cls = {classUnderlying(z), classUnderlying(o), classUnderlying(e), classUnderlying(l), "
            "class(r), class(k), class(n)};")
    assert s.execute(code).error is None
    assert list(s.get("cls").ravel()) == ["double", "single", "double", "single", "gpuArray", "gpuArray",
                                          "gpuArray"]
    np.testing.assert_array_equal(s.get("z"), np.zeros((2, 3)))
    # random draws come from the GPU stream (gpurng): tests/gpu_runtime/test_gpurng.py checks them
    assert s.get("r").shape == (1, 3) and s.get("n").shape == (2, 2)
    assert set(s.get("k").ravel()) <= set(range(1, 11))


def test_unsupported_input_is_a_matlab_error(gpu):
    s = Session()
    for code, ident in (("gpuArray({1})", "matfuse:gpu:unsupportedClass"),
                        ("gpuArray(1 + 2i)", "matfuse:gpu:unsupportedClass"),
                        ("existsOnGPU(1)", "MATLAB:UndefinedFunction"),
                        ("gpuDevice(2)", "parallel:gpu:device:InvalidIndex")):
        err = s.execute(code).error
        assert err is not None and err.identifier == ident, code


def test_conditions_and_function_handles(gpu):
    s = Session()
    code = ("G = gpuArray([1 2; 3 4]); k = 0; while G(1) + k < 3 && k < 10, k = k + 1; end; "
            "if any(G(:) > 3), a = 1; else, a = 0; end; b = 0; if G, b = 1; end; "
            "f = arrayfun(@(x) x * 2, G); c = cellfun(@(x) x + 1, {G}, 'UniformOutput', false); "
            "h = feval(@sqrt, G); cls = {class(f), class(c{1}), class(h)};")
    assert s.execute(code).error is None
    assert [s.get(n)[0, 0] for n in ("k", "a", "b")] == [2.0, 1.0, 1.0]
    assert list(s.get("cls").ravel()) == ["gpuArray"] * 3
    np.testing.assert_array_equal(s.get("f"), [[2, 4], [6, 8]])
    err = s.execute("if gpuArray(NaN), end").error
    assert err.identifier == "MATLAB:nologicalnan"
