"""Reductions in one window over operands of one size and view share one pass (plan.shared_passes):
each element is read once and every accumulator updated. Results equal the CPU's (MATLAB's semantics:
NaN, std's N-1, indices, logical any/all beside float sums), fused and unfused, double and single."""
import numpy as np
import pytest

from engine.accel.kernels import REDUCE_CHUNK
from engine.accel.fusion.report import plan_text
from fusion_helpers import assert_same, check_case, run

rng = np.random.default_rng(23)
X = rng.standard_normal((257, 131))
LONG = rng.standard_normal((3, REDUCE_CHUNK * 2 + 5))         # chunked: partials, then reduce.wgsl
WIDE = rng.standard_normal((40, 3001))                         # lines 40 apart: main_strided, 12 chunks
MANY = rng.standard_normal((8, 40000))          # 157 chunks: the finishing pass runs its main entry
SIXTEEN = rng.standard_normal((16, 3001))      # 16 lines 16 apart: main_strided reads 16 outputs a workgroup
TWENTY = rng.standard_normal((20, 3001))       # 20 lines: 32 outputs a workgroup, 12 invocations idle
COLUMNS = rng.standard_normal((70, 9000))       # 9000 columns: main gives each a warp (codegen.line_lanes)
FEW = np.random.default_rng(831).standard_normal((1000, 7)) * 3   # 7 columns: many warps each, combined after a barrier
NANS = X.copy()
NANS[rng.random(X.shape) < 0.1] = np.nan
NANS[:, 3] = np.nan
INFS = X.copy()                                 # Inf in a column and a row: std NaN (MATLAB's two-pass var)
INFS[5, 7] = np.inf
INFS[9, 8] = -np.inf

TIES = np.round(rng.standard_normal((257, 131)) * 2)     # equal values: the first one's index wins
TIES[rng.random(TIES.shape) < 0.05] = np.nan
TIES[:, 4] = np.nan                             # an all-NaN column and row: NaN at index 1
TIES[6, :] = np.nan
TIES[TIES == 0] = -0.0
TIES[10, 20:40] = 0.0                           # +0 after -0 in row 10, and as the first of column 30
TIES[0, 30] = 0.0

CASES = {
    "cell": ("a = sum(x(:).^2);\nb = mean(abs(x(:)));\nc = max(x(:));\nd = std(x(:));", {"x": X},
             ["a", "b", "c", "d"]),
    "dims": ("s1 = sum(x.^2, 1);\nm2 = mean(abs(x), 2);\nc = max(x, [], 'all');\nd1 = std(x, 0, 1);\n"
             "[p, k] = min(x, [], 1);\nq = any(x > 1, 1);\nr = all(x > -3, 1);", {"x": X},
             ["s1", "m2", "c", "d1", "p", "k", "q", "r"]),
    "chunked": ("s = sum(x, 2);\nm = mean(x, 2);\n[t, k] = max(x, [], 2);\nv = var(x, 1, 2);\n"
                "w = std(x, 0, 2);\na = any(x > 3, 2);", {"x": LONG}, ["s", "m", "t", "k", "v", "w", "a"]),
    "strided": ("s = sum(x, 2);\n[m, k] = max(x, [], 2);\nv = std(x, 0, 2);\na = any(x > 2, 2);",
                {"x": WIDE}, ["s", "m", "k", "v", "a"]),
    "many_chunks": ("s = sum(x, 2);\n[m, k] = min(x, [], 2);\nv = var(x, 1, 2);\nq = all(x < 4, 2);",
                    {"x": MANY}, ["s", "m", "k", "v", "q"]),
    "nan": ("s = sum(x, 1);\nm = max(x, [], 1);\nn = min(x, [], 1);\nd = std(x, 0, 1);\n"
            "o = sum(x, 1, 'omitnan');", {"x": NANS}, ["s", "m", "n", "d", "o"]),
    "single_row": ("a = std(x);\nb = var(x, 1);\nc = mean(x);", {"x": X[:1, :]}, ["a", "b", "c"]),
    "sixteen": ("s = sum(x, 2);\n[m, k] = max(x, [], 2);\nv = std(x, 0, 2);\nd = mean(abs(x - s / 3001), 2);",
                {"x": SIXTEEN}, ["s", "m", "k", "v", "d"]),
    "twenty": ("s = sum(x, 2);\n[m, k] = min(x, [], 2);\nv = var(x, 1, 2);", {"x": TWENTY}, ["s", "m", "k", "v"]),
    "totals": ("c = sum(x, 1);\nm = max(x, [], 1);\nt = sum(x, 'all');\na = mean(x, 'all');\n"
               "p = max(x, [], 'all');\nq = min(x, [], 'all');\ne = sum(x .^ 2, 'all');", {"x": NANS},
               ["c", "m", "t", "a", "p", "q", "e"]),
    "epilogue": ("m = mean(x, 2);\nz = (m - 0.01) .* 2 + (m > 0.5);\nc = max(x, [], 1) * k + (sum(x, 1) > 0);",
                 {"x": WIDE, "k": np.array([[2.0]])}, ["m", "z", "c"]),
    "inf": ("s = sum(x, 1);\nd = std(x, 0, 1);\nv = var(x, 1, 2);\nm = mean(x, 2);", {"x": INFS},
            ["s", "d", "v", "m"]),
    "columns": ("s = sum(x, 1);\n[m, k] = max(x, [], 1);\nv = std(x, 0, 1);\nt = sum(x, 'all');", {"x": COLUMNS},
                ["s", "m", "k", "v", "t"]),
    # members sharing one accumulator (codegen.shared_accumulators): sum, mean and std's mean of one
    # operand; max with and without its index; odd sizes, a row, a column, chunked lines and NaN
    "shared_accumulators": ("s = sum(x, 2);\nm = mean(x, 2);\nd = std(x, 0, 2);\nu = max(x, [], 2);\n"
                            "[t, k] = max(x, [], 2);\nc = sum(x, 1);\ne = mean(x, 1);\nf = std(x, 1, 1);",
                            {"x": NANS}, ["s", "m", "d", "u", "t", "k", "c", "e", "f"]),
    "shared_chunked": ("u = max(x, [], 2);\n[t, k] = max(x, [], 2);\ns = sum(x, 2);\nm = mean(x, 2);\n"
                       "d = std(x, 0, 2);", {"x": LONG}, ["u", "t", "k", "s", "m", "d"]),
    "shared_strided": ("s = sum(x, 2);\nm = mean(x, 2);\nd = std(x, 0, 2);\na = mean(abs(x - m), 2);",
                       {"x": WIDE}, ["s", "m", "d", "a"]),
    "shared_row_vector": ("s = sum(x, 2);\nm = mean(x, 2);\nd = std(x, 0, 2);\nc = sum(x, 1);\n"
                          "e = mean(x, 1);", {"x": X[:1, :]}, ["s", "m", "d", "c", "e"]),
    "shared_column_vector": ("s = sum(x, 1);\nm = mean(x, 1);\nd = std(x, 0, 1);\na = mean(abs(x - m), 1);",
                             {"x": LONG[:1, :].T.copy()}, ["s", "m", "d", "a"]),
    # max/min take each element through update(), not combine(): ties, NaN and signed zeros as the CPU's
    "ties": ("[a, i] = max(x, [], 1);\n[b, k] = min(x, [], 1);\n[c, l] = max(x, [], 2);\n[d, n] = min(x, [], 2);\n"
             "e = max(x, [], 'all');\nf = std(x, 0, 1);", {"x": TIES}, ["a", "i", "b", "k", "c", "l", "d", "n", "e", "f"]),
    "ties_chunked": ("[a, i] = max(x, [], 2);\n[b, k] = min(x, [], 2);\nv = var(x, 0, 2);",
                     {"x": np.round(LONG * 3)}, ["a", "i", "b", "k", "v"]),
    # std's and var's of one operand (in single Welford members sharing one accumulator, each its divisor)
    "shared_variances": ("a = std(x, 0, 1);\nb = var(x, 1, 1);\nc = var(x, 0, 1);\nd = std(x, 1, 2);\n"
                         "e = var(x, 0, 2);", {"x": WIDE}, ["a", "b", "c", "d", "e"]),
    # four accumulators per invocation (small accumulators: codegen.reduction_unroll) and the remainder
    # loop: columns of 1001 over 256 lanes (3 or 4 elements each), rows of 1001 over 8 lanes
    "unrolled_remainders": ("s = sum(x, 1);\nd = std(x, 0, 1);\na = mean(abs(x - mean(x, 1)), 1);\n"
                            "t = sum(y, 2);\ne = std(y, 0, 2);\nb = mean(abs(y - mean(y, 2)), 2);",
                            {"x": NANS[:, :7].repeat(4, 0)[:1001], "y": X[:7, :].repeat(8, 1)[:, :1001]},
                            ["s", "d", "a", "t", "e", "b"]),
    "totals_of_numbers": ("c = mean(x, 1);\nt = sum(x, 'all');\na = mean(x, 'all');\nq = min(x, [], 'all');",
                          {"x": X}, ["c", "t", "a", "q"]),
}


@pytest.mark.parametrize("single", [False, True], ids=["double", "single"])
@pytest.mark.parametrize("case", sorted(CASES))
def test_shared_pass_agrees_with_the_cpu(gpu, case, single):
    check_case(gpu, CASES[case], single, 2e-5)


def test_the_reductions_cell_is_one_pass(gpu):
    """std's variance is a Welford member (plan.one_pass_variances) beside the other reductions of x: x
    is read once; std's mean is never computed on its own and its sqrt is the pass's epilogue (single
    and double alike)."""
    for x in (X.astype(np.float32), X) if gpu.f64 else (X.astype(np.float32),):
        s = run(CASES["cell"][0], {"x": x}, "gpu")
        (window,) = s.fusion.reports()
        passes = [g for g in window.groups if g.kind == "Reduction"]
        assert [[name for name, _, _ in g.outputs] for g in passes] == [["a", "b", "c", "std.var", "d"]]
        assert [g.kind for g in window.groups] == ["Reduction"]
        assert "AccP" in passes[0].wgsl
        assert "Reduction (one pass for 4 reductions)" in plan_text(s.fusion.reports())


def test_a_one_pass_variance_far_from_zero_is_as_accurate_as_two_passes(gpu):
    """Welford's update over the operand less the line's first element (fused_reduce.wgsl's shift): with
    a mean a million times the spread, Welford's update of the raw values was 9e-3 off in single (4e-2
    for var along rows); shifted, 3e-7, closer than the CPU's single two passes (whose mean is itself
    off by an ulp of 1e6: 2e-2)."""
    x = (np.random.default_rng(5).standard_normal((300, 257)) + 1e6).astype(np.float32)
    s = run("a = std(x, 0, 1);\nb = var(x, 1, 2);\nc = sum(x, 1);", {"x": x}, "gpu")
    (window,) = s.fusion.reports()
    assert [g.kind for g in window.groups] == ["Reduction", "Reduction"]      # columns, rows: one pass each
    exact = x.astype(np.longdouble)
    np.testing.assert_allclose(s.get("a"), exact.std(0, ddof=1, keepdims=True).astype(float), rtol=1e-6)
    np.testing.assert_allclose(s.get("b"), exact.var(1, keepdims=True).astype(float), rtol=1e-6)


FAR = np.random.default_rng(7).standard_normal((301, 259)) + 1e6     # odd sizes, a mean 1e6 times the spread
FAR[17, 3] = np.nan                             # column 4 and row 18 NaN, column 6 and row 8 Inf
FAR[7, 5] = np.inf
FAR_CODE = ("a = std(x, 0, 1);\nb = var(x, 1, 2);\n[c, mu] = std(x, 1, 1);\n[d, nu] = var(x, 0, 2);\n"
            "e = std(x(:, 1:2), 0, 'all');")


def exact_spread(x: np.ndarray, axis: int | None, ddof: int, root: bool) -> np.ndarray:
    """numpy's var (std) of x in long double, NaN for lines holding NaN or Inf (MATLAB's two passes)."""
    wide = x.astype(np.longdouble)
    with np.errstate(invalid="ignore"):
        v = wide.var(axis=axis, ddof=ddof, keepdims=True) if axis is not None else wide.var(ddof=ddof).reshape(1, 1)
    v[~np.isfinite(wide.sum(axis=axis, keepdims=True) if axis is not None else wide.sum().reshape(1, 1))] = np.nan
    return (np.sqrt(v) if root else v).astype(float)


@pytest.mark.parametrize("single", [False, True], ids=["double", "single"])
def test_spreads_of_lines_far_from_zero(gpu, single):
    """std and var of lines of mean 1e6 and spread 1, odd sizes, NaN and Inf lines, in both forms: one
    Welford pass (where nothing else reads the mean: four elements a step, plan.one_pass_variances)
    and two passes (double; a stored mean in both classes) whose second sums the deviations beside
    their squares (the ``centered`` member): its variance is corrected for the first pass's mean, which
    in single is off by ulps of 1e6 (uncorrected: 8e-3 off). Both within 1e-6 in single (the CPU's own
    single two passes: 2e-2) and 1e-13 in double of the long double result."""
    if not single and not gpu.f64:
        pytest.skip("the adapter has no shader-f64")
    x = FAR.astype(np.float32 if single else np.float64)
    s = run(FAR_CODE, {"x": x}, "gpu")
    assert {w.device for w in s.fusion.reports()} == {"GPU"}
    rtol = 1e-6 if single else 1e-13
    for name, axis, ddof, root in (("a", 0, 1, True), ("b", 1, 0, False), ("c", 0, 0, True), ("d", 1, 1, False)):
        np.testing.assert_allclose(s.get(name), exact_spread(x, axis, ddof, root), rtol=rtol, err_msg=name)
    np.testing.assert_allclose(s.get("e"), exact_spread(x[:, :2], None, 1, True), rtol=rtol)
    np.testing.assert_allclose(s.get("mu"), x.astype(np.longdouble).mean(0, keepdims=True).astype(float),
                               rtol=4e-7 if single else 1e-15)        # a sum's mean: ulps of 1e6 in single


@pytest.mark.parametrize("single", [False, True], ids=["double", "single"])
def test_image_spreads_far_from_zero_with_outliers(gpu, single):
    """ImageNormalize's Welford member takes four pixels a step: a block's deviations are taken from the
    running mean, or from its own first pixel when it begins an accumulator, so a hot first pixel (the
    shift of every pixel) or one inside costs no accuracy; odd sizes leave a remainder of single
    steps; an image holding NaN or Inf has NaN statistics."""
    if not single and not gpu.f64:
        pytest.skip("the adapter has no shader-f64")
    images = np.random.default_rng(8).standard_normal((5, 31, 41)) + 1e6
    images[0, 0, 0] = 1e6 + 3e4                 # the first pixel of image 1, far from the rest
    images[1, 5, 7] = 1e6 - 4e4
    images[3, 2, 2] = np.nan
    images[4, 9, 1] = -np.inf
    images = images.astype(np.float32 if single else np.float64)
    s = run("mu = mean(I, [2 3]);\nsd = std(I, 0, [2 3]);\nZ = (I - mu) ./ (sd + 1e-6);", {"I": images}, "gpu")
    (window,) = s.fusion.reports()
    assert window.groups[0].kind == "ImageNormalize" and "block(" in window.groups[0].wgsl
    flat = images.reshape(5, -1)
    exact = exact_spread(flat, 1, 1, True).ravel()
    np.testing.assert_allclose(s.get("sd").ravel(), exact, rtol=1e-6 if single else 1e-14)
    assert np.isnan(s.get("mu").ravel()[3]) and s.get("mu").ravel()[4] == -np.inf


def test_image_statistics_far_from_zero_are_as_accurate_as_two_passes(gpu64):
    """ImageNormalize's Welford member (double too) over each pixel less the image's first: images of
    mean 1e6 and spread 1 give the spread within 1e-15 (Welford's update of the raw values: 1.7e-11)."""
    images = np.random.default_rng(6).standard_normal((4, 30, 40)) + 1e6
    s = run("sd = std(I, 0, [2 3]);", {"I": images}, "gpu")
    (window,) = s.fusion.reports()
    assert [g.kind for g in window.groups] == ["ImageNormalize", "ElementwiseChain"] or \
        [g.kind for g in window.groups] == ["ImageNormalize"]
    exact = images.astype(np.longdouble).reshape(4, -1).std(1, ddof=1).astype(float)
    np.testing.assert_allclose(s.get("sd").ravel(), exact, rtol=1e-15)


def test_kept_partials_serve_every_run_of_a_batch(gpu64):
    """A chunked Reduction keeps its small partials with its launch (execute.KEPT_PARTIAL_BYTES): the
    runs of a loop, encoded into one batch without a read between them, write and finish them in
    order, and every iteration's sums are its own."""
    code = "acc = zeros(40, 1);\nfor k = 1:6\n  y = x * k;\n  r = sum(y, 2);\n  acc = acc + r .* k;\nend"
    fused, cpu = run(code, {"x": WIDE}, "gpu"), run(code, {"x": WIDE}, "cpu")
    assert "GPU" in [w.device for w in fused.fusion.reports()]
    np.testing.assert_allclose(fused.get("acc"), cpu.get("acc"), rtol=1e-12)


def test_a_stored_mean_keeps_the_two_passes(gpu64):
    """``[s, mu] = std(x)`` stores std's mean: the squared deviations from it are a second pass."""
    s = run("[sd, mu] = std(x, 0, 2);\nt = sum(x, 2);", {"x": X}, "gpu")
    (window,) = s.fusion.reports()
    passes = [[name for name, _, _ in g.outputs] for g in window.groups if g.kind == "Reduction"]
    assert passes == [["mu", "t"], ["std.var", "sd"]]
    np.testing.assert_allclose(s.get("sd"), X.std(1, ddof=1, keepdims=True), rtol=1e-13)


def test_a_reduction_reading_another_is_a_later_pass(gpu64):
    """absdev reads rowmean: it cannot share rowmean's pass (which std's variance, a Welford member,
    shares); it is a second pass."""
    s = run("rm = mean(x, 2);\nrs = sum(x, 2);\nad = mean(abs(x - rm), 2);\nsd = std(x, 0, 2);", {"x": X}, "gpu")
    (window,) = s.fusion.reports()
    passes = [[name for name, _, _ in g.outputs] for g in window.groups if g.kind == "Reduction"]
    assert passes == [["rm", "rs", "std.var", "sd"], ["ad"]]
    np.testing.assert_allclose(s.get("ad"), np.mean(np.abs(X - X.mean(1, keepdims=True)), 1, keepdims=True),
                               rtol=1e-13)


def test_totals_share_the_column_pass(gpu64):
    """sum, mean, max and min over 'all' of a matrix whose columns the window reduces anyway are the
    reductions of the column results (plan.split_totals): X is read once; sum(x, 1) serves sum(x, 'all')."""
    s = run(CASES["totals_of_numbers"][0], {"x": X}, "gpu")
    (window,) = s.fusion.reports()
    passes = [[name for name, _, _ in g.outputs] for g in window.groups if g.kind == "Reduction"]
    assert len(passes) == 2 and passes[0][0] == "c" and len(passes[0]) == 3 and passes[1] == ["t", "a", "q"]
    np.testing.assert_allclose(s.get("a"), X.mean(), rtol=1e-13)


def test_elementwise_work_on_reduction_results_is_their_epilogue(gpu64):
    """An elementwise chain reading only one reduction pass's results, of their size, is computed where
    that pass stores them (codegen.fuse_epilogues), chunked (a finishing pass: literals only) or not
    (a uniform k, and 0 as a uniform): no kernel of its own."""
    s = run(CASES["epilogue"][0], {"x": WIDE, "k": 3.0}, "gpu")
    (window,) = s.fusion.reports()
    assert [g.kind for g in window.groups] == ["Reduction"] * 2
    m = WIDE.mean(1, keepdims=True)
    np.testing.assert_allclose(s.get("z"), (m - 0.01) * 2 + (m > 0.5), rtol=1e-13)
    np.testing.assert_allclose(s.get("c"), WIDE.max(0, keepdims=True) * 3 + (WIDE.sum(0, keepdims=True) > 0),
                               rtol=1e-13)


@pytest.mark.parametrize("single", [False, True], ids=["double", "single"])
def test_signed_functions_of_reduction_results_agree_with_the_cpu(gpu, single):
    """atan, sinh, tanh and round give their results the sign of their argument (m64_copysign), here in
    the epilogue of reduction passes whose trees end at a barrier: with a copysign that or'd the bits of
    two values, lavapipe gave atan denormal garbage or values past pi/2 there (fuzz seed 831; the H100
    was right)."""
    code = ("s = sum(x, 1);\na = atan(s);\nb = sinh(s / 10);\nc = tanh(s);\nd = round(s * 0.37);\n"
            "m = max(x, [], 1);\ne = atan(m * 100);\nt = atan(sum(x(:)));")
    check_case(gpu, (code, {"x": FEW}, list("abcdet")), single, 1e-5)


@pytest.mark.parametrize("single", [False, True], ids=["double", "single"])
def test_variances_whose_squares_pass_the_range_are_inf(gpu, single):
    """Lines of +-2e300 (2e37 in single): the squared deviations overflow, so MATLAB's variance is Inf;
    Welford's four-element step met Inf - Inf there and gave NaN (fuzz seed 862). A NaN or Inf element
    still makes the line's variance NaN."""
    if not single and not gpu.f64:
        pytest.skip("the adapter has no shader-f64")
    scale = 1e37 if single else 1e300
    x = (scale / (np.arange(1, 196606) % 101 - 50.5)).reshape(3, 65535, order="F")
    x[1, 6], x[2, 8] = np.nan, np.inf
    x = x.astype(np.float32 if single else np.float64)
    code = "a = std(x(1, :), 1, 'all');\nb = var(x, 0, 2);\nc = std(x(1, :));"
    for device in ("gpu", "cpu"):
        s = run(code, {"x": x}, device)
        np.testing.assert_array_equal([np.asarray(s.get(n)).item() for n in "ac"], [np.inf, np.inf], err_msg=device)
        np.testing.assert_array_equal(s.get("b"), [[np.inf], [np.nan], [np.nan]], err_msg=device)


def test_a_per_output_operand_is_read_once_per_output(gpu64):
    """``x - rowmean`` in a reduction along dimension 2 reads rowmean at the output's index, not through
    an expanded index per element (layout "out")."""
    s = run("rm = mean(x, 2);\nad = mean(abs(x - rm), 2);", {"x": X}, "gpu")
    (window,) = s.fusion.reports()
    second = [g for g in window.groups if g.kind == "Reduction"][1]
    assert "[out_id]" in second.wgsl and "expanded_index" not in second.wgsl.split("fn load(")[1]


IMAGES = rng.random((10, 70, 130)) * 3 + 100       # 9,100 pixels an image, 10 images: main_strided,
IMAGES[1, 5, 7] = np.nan                            # 36 chunks; a large mean
IMAGES[2, 9, 9] = np.inf
IMAGE_CASES = {
    "std": "mu = mean(I, [2 3]);\nsd = std(I, 0, [2 3]);\nY = (I - mu) ./ (sd + eps);",
    "written_out": "mu = mean(I, [2 3]);\nsigma = sqrt(mean((I - mu) .^ 2, [2 3]) + 1e-6);\n"
                   "Y = max(((I - mu) ./ sigma) * 1.0123 - 0.02, 0) .^ 1.8;",
}


@pytest.mark.parametrize("single", [False, True], ids=["double", "single"])
@pytest.mark.parametrize("case", sorted(IMAGE_CASES))
def test_image_statistics_are_one_pass_and_agree_with_the_cpu(gpu, case, single):
    """ImageNormalize's means and variances in one pass (a Welford member), NaN and Inf images
    included (their variance is NaN, as MATLAB's two-pass var gives)."""
    names = ["mu", "sd" if case == "std" else "sigma", "Y"]
    check_case(gpu, (IMAGE_CASES[case], {"I": IMAGES}, names), single, 1e-4)
    s = run(IMAGE_CASES[case], {"I": IMAGES}, "gpu")
    (window,) = s.fusion.reports()
    (stats,) = [g for g in window.groups if g.kind == "ImageNormalize"]
    assert "welford" not in stats.ops and "AccP" in stats.wgsl and stats.wgsl.count("fn main(") == 1


def test_the_normalisation_reads_sigma_from_its_buffer(gpu64):
    """A chain reads the outputs of a chain of fewer elements from their buffers (plan.smaller_outputs):
    the normalisation of every pixel reads sigma, it does not compute sqrt(v + 1e-6) again."""
    s = run(IMAGE_CASES["written_out"], {"I": IMAGES}, "gpu")
    (window,) = s.fusion.reports()
    chains = [g for g in window.groups if g.kind == "ElementwiseChain"]
    assert [g.ops for g in chains] == [["plus", "sqrt"], ["minus", "rdivide", "times", "minus", "max", "power"]]
    assert "sigma" in [name for name, _, _ in chains[1].inputs]


def test_empty_operands_follow_the_cpu(gpu64):
    """A window of reductions over an empty array is left to the CPU (MATLAB's values: sum 0, mean and
    std NaN, max empty), fused or not."""
    code = "a = sum(x, 1);\nb = mean(x, 1);\nc = std(x, 0, 1);\nd = max(x, [], 1);\ne = sum(x, 2);"
    x = np.zeros((0, 3))
    fused, cpu = run(code, {"x": x}, "gpu"), run(code, {"x": x}, "cpu")
    assert [w.device for w in fused.fusion.reports()] == ["CPU"]
    for name in "abcde":
        np.testing.assert_array_equal(fused.get(name), cpu.get(name))
    np.testing.assert_array_equal(cpu.get("a"), np.zeros((1, 3)))        # Octave: a 1x3 zeros, b c NaN, d 0x3
    assert np.isnan(cpu.get("b")).all() and np.isnan(cpu.get("c")).all() and cpu.get("d").shape == (0, 3)


def test_members_of_one_accumulation_share_one_accumulator(gpu64):
    """sum, mean and std's stored mean of one operand along one dimension are one sum per element and
    one tree (codegen.shared_accumulators), each storing its own result; a max without its index does
    not share the accumulator of a max with one (a chunked pass's partials carry the index only there)."""
    s = run("rm = mean(x, 2);\nrs = sum(x, 2);\n[sd, mu] = std(x, 0, 2);\nu = max(x, [], 2);\n"
            "[t, k] = max(x, [], 2);", {"x": X}, "gpu")
    (window,) = s.fusion.reports()
    first = [g for g in window.groups if g.kind == "Reduction"][0]
    assert [name for name, _, _ in first.outputs][:3] == ["rm", "rs", "mu"]
    acc = first.wgsl.split("struct Acc {\n")[1].split("}")[0]
    assert acc.split() == ["m0:", "AccT,", "m3:", "AccT,", "m4:", "AccT,"]
    np.testing.assert_allclose(s.get("rm"), X.mean(1, keepdims=True), rtol=1e-13)
    np.testing.assert_allclose(s.get("rs"), X.sum(1, keepdims=True), rtol=1e-13)
    np.testing.assert_allclose(s.get("sd"), X.std(1, ddof=1, keepdims=True), rtol=1e-13)
    np.testing.assert_array_equal(s.get("k").ravel(), X.argmax(1) + 1)


def test_reduce_wgsl_finishes_variances_past_the_finishing_pass(gpu, monkeypatch):
    """Past REDUCE_CHUNK chunks a line's partials are finished member by member by reduce.wgsl's passes
    (lines of more than 2^26 elements; here the chunk made 16 elements long): a Welford member's
    partials (mean, sum of squared deviations, count) and a centered member's (the deviations' sum and
    sum of squares, corrected with the line's length, a uniform there) give the variances of lines
    far from zero as the finishing pass does."""
    from engine.accel.fusion import codegen, execute
    monkeypatch.setattr(codegen, "REDUCE_CHUNK", 16)
    finished, finish = [], execute.finish_reduction
    monkeypatch.setattr(execute, "finish_reduction",
                        lambda run_, plan, spec, *rest: finished.append(spec) or finish(run_, plan, spec, *rest))
    x = (np.random.default_rng(9).standard_normal((3, 1500)) + 1e6).astype(np.float32)
    s = run("[a, mu] = std(x, 0, 2);\nb = var(x, 1, 2);", {"x": x}, "gpu")
    assert {w.device for w in s.fusion.reports()} == {"GPU"}
    assert any(spec.centered for spec in finished) and any(spec.paired for spec in finished)
    np.testing.assert_allclose(s.get("a"), exact_spread(x, 1, 1, True), rtol=1e-6)
    np.testing.assert_allclose(s.get("b"), exact_spread(x, 1, 0, False), rtol=1e-6)


# cases whose main entries combine lanes (codegen.SUBGROUP_TREE): a warp a column (columns: the second
# stage by shuffles on lavapipe's 8-wide subgroups), 128 lanes a column or a total (the second stage in
# order on lavapipe, by shuffles on the H100), the finishing pass (many_chunks); with the results
# any combination order gives exactly: max/min, their indices, any/all
EXACT = {"columns": ["m", "k"], "ties": ["a", "i", "b", "k", "c", "l", "d", "n", "e"], "nan": ["m", "n"],
         "totals": ["m", "p", "q"], "many_chunks": ["m", "k", "q"], "dims": ["c", "p", "k", "q", "r"]}


@pytest.mark.parametrize("single", [False, True], ids=["double", "single"])
@pytest.mark.parametrize("case", sorted(EXACT))
def test_lanes_combine_alike_with_and_without_subgroups(gpu, monkeypatch, case, single):
    """fused_reduce.wgsl's main combines a line's lanes by subgroup shuffles where the adapter has
    subgroup operations, else through workgroup memory (forced here): both agree with the CPU, and
    exactly with each other where the combination order cannot matter."""
    if not gpu.subgroups:
        pytest.skip("the adapter has no subgroup operations")
    if not single and not gpu.f64:
        pytest.skip("the adapter has no shader-f64")
    code, inputs, names = CASES[case]
    inputs = {k: v.astype(np.float32 if single else np.float64) for k, v in inputs.items()}
    cpu = run(code, inputs, "cpu")
    fused = {}
    for subgroups in (True, False):
        monkeypatch.setattr(gpu, "subgroups", subgroups)
        s = fused[subgroups] = run(code, inputs, "gpu")
        kernels = "\n".join(g.wgsl for w in s.fusion.reports() for g in w.groups)
        assert ("subgroupShuffleXor" in kernels) == subgroups
        for name in names:
            assert_same(s.get(name), cpu.get(name), 2e-5 if single else 1e-12, name)
    for name in EXACT[case]:
        np.testing.assert_array_equal(fused[True].get(name), fused[False].get(name), err_msg=name)
