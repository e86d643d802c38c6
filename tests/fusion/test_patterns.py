"""The specialised kinds (engine/accel/fusion/patterns.py) run from MATLAB source through the VM: fused on
the GPU vs unfused (the VM's bytecode) vs the CPU, double and single, with sizes that cross the 128x128
product blocks (and their k-tiles of 8) and the 256-wide column workgroups, and biases that broadcast."""
import numpy as np
import pytest

from engine import Session
from engine.accel import matmul_tiling
from engine.accel.fusion import matmul as fused_matmul
from engine.accel.kernels import gpu_permute
from engine.accel.fusion.report import plan_text
from fusion_helpers import assert_same, devices, run, three_ways

rng = np.random.default_rng(11)
A, B = rng.random((65, 130)), rng.random((130, 67))
ROW, COL = rng.random((1, 67)) + 0.5, rng.random((65, 1)) - 0.5
Q, G = rng.random((130, 67)) - 0.5, rng.random((130, 130))
X = rng.random((300, 67)) * 4 + 1
IMAGES = rng.random((5, 33, 40)) * 3

CASES = {
    "epilogue": ("Y = max(min((A*B) .* s + 0.25, 30), 1) .^ 2;\nZ = (A*B) .* r + c;\nW = A' * C - 1;",
                 {"A": A, "B": B, "s": np.array([[0.75]]), "r": ROW, "c": COL, "C": rng.random((65, 3))},
                 "YZW", ["MatmulEpilogue"] * 3),
    "gram_variable": ("n = size(X, 1);\nXc = X - mean(X);\nC = (Xc' * Xc) / (n - 1);", {"X": X}, ["Xc", "C"],
                      ["CenteredGram", "ElementwiseChain"]),
    "gram_inline": ("C = (X - mean(X))' * (X - mean(X)) / 299;", {"X": X}, "C", ["CenteredGram"]),
    "power_step": ("Y = A*B;\nY = Y ./ sqrt(sum(Y.^2) + eps);", {"A": A, "B": B}, "Y", ["PowerStepNormalize"]),
    "explained_variance": ("ev = diag(Q'*G*Q);\nfv = diag(Q' * (G * Q)) ./ 2;", {"Q": Q, "G": G}, ["ev", "fv"],
                           ["ExplainedVariance", "ExplainedVariance", "ElementwiseChain"]),
    "image_normalize": ("mu = mean(I, [2 3]);\nsd = std(I, 0, [2 3]);\n"
                        "Y = max(min(((I - mu) ./ (sd + eps)) .* 1.5 + 0.1, 2), -2) .^ 2;",
                        {"I": IMAGES}, ["mu", "sd", "Y"], ["ImageNormalize", "Reduction", "ElementwiseChain",
                                                           "ElementwiseChain"]),
    "image_normalize_written_out": ("mu = mean(I, [2 3]);\nsigma = sqrt(mean((I - mu) .^ 2, [2 3]) + 1e-6);\n"
                                    "Y = max(((I - mu) ./ sigma) * 1.5 + 0.1, 0) .^ 1.8;", {"I": IMAGES},
                                    ["mu", "sigma", "Y"], ["ImageNormalize", "ElementwiseChain",
                                                           "ElementwiseChain"]),
    "layout": ("Z = A';\nD = diag(A*B);\nV = diag(c);\nL = (A > 0.5)';", {"A": A, "B": B, "c": COL}, "ZDVL",
               ["Layout", "MatmulEpilogue", "Layout", "ElementwiseChain", "Layout"]),
    "diagonal": ("d = diag(max(A * A' .* s, 0.5) + c);", {"A": A, "s": np.array([[0.5]]), "c": COL}, "d",
                 ["MatmulEpilogue"]),
}


def kinds(s: Session) -> list[str]:
    return sorted(g.kind for w in s.fusion.reports() for g in w.groups)


@pytest.mark.parametrize("single", [False, True], ids=["double", "single"])
@pytest.mark.parametrize("case", sorted(CASES))
def test_fused_unfused_and_cpu_agree(gpu, case, single):
    code, inputs, names, expected = CASES[case]
    if not single and not gpu.f64:
        pytest.skip("the adapter has no shader-f64")
    if single:
        inputs = {k: v.astype(np.float32) for k, v in inputs.items()}
    fused, unfused, cpu = three_ways(code, inputs)
    assert set(devices(fused)) == {"GPU"}, [(w.reason, w.rejected) for w in fused.fusion.reports()]
    assert kinds(fused) == sorted(expected)
    rtol = 1e-4 if single else 1e-12
    for name in names:
        assert_same(fused.get(name), cpu.get(name), rtol, name)
        assert_same(unfused.get(name), cpu.get(name), 0.0, name)


PRODUCTS = "Y1 = A*B .* s + c;\nY2 = At'*B - c;\nY3 = A*Bt' .* s;\nY4 = max(At'*Bt', 0.5);"


@pytest.mark.parametrize("single", [False, True], ids=["double", "single"])
@pytest.mark.parametrize("m, k, n", [(65, 130, 67), (1, 300, 130), (130, 300, 1), (129, 129, 129),
                                     (129, 1, 130), (128, 64, 132), (96, 64, 2), (4, 2000, 8)])
def test_product_tails_with_operands_read_in_place(gpu, m, k, n, single):
    """Every way an operand is staged (A as stored or transposed, B as stored or transposed) at sizes
    that are not multiples of the block or the k-tile, at sizes whose operands are all read as vec4
    (128, 64, 132), thin ones (their own tilings) and ones split along k, with an epilogue: fused vs the
    CPU."""
    if not single and not gpu.f64:
        pytest.skip("the adapter has no shader-f64")
    g = np.random.default_rng(m + k + n)
    a, b = g.random((m, k)) - 0.5, g.random((k, n)) - 0.5
    inputs = {"A": a, "At": a.T.copy(), "B": b, "Bt": b.T.copy(), "s": np.array([[1.5]]), "c": g.random((m, 1))}
    if single:
        inputs = {name: v.astype(np.float32) for name, v in inputs.items()}
    fused, cpu = run(PRODUCTS, inputs, "gpu"), run(PRODUCTS, inputs, "cpu")
    assert devices(fused) == ["GPU"] and kinds(fused) == ["MatmulEpilogue"] * 4
    for name in ("Y1", "Y2", "Y3", "Y4"):
        assert_same(fused.get(name), cpu.get(name), 1e-5 if single else 1e-12, name)


@pytest.mark.parametrize("m, k, n, copies", [(128, 64, 132, 4), (65, 128, 68, 2), (65, 130, 67, 0)])
def test_products_read_from_transposed_copies(gpu64, monkeypatch, m, k, n, copies):
    """A large double product reads an operand that lies along k (B as stored, A transposed) from a
    transposed copy, where its rows are whole vec4 (matmul_tiling.relaid; every product counts as large
    here): fused vs the CPU, and the copies made per run."""
    monkeypatch.setattr(matmul_tiling, "RELAY_FLOPS", 0)
    made = []
    monkeypatch.setattr(fused_matmul, "gpu_permute", lambda x, order: made.append(x.shape) or gpu_permute(x, order))
    g = np.random.default_rng(m + k + n)
    a, b = g.random((m, k)) - 0.5, g.random((k, n)) - 0.5
    inputs = {"A": a, "At": a.T.copy(), "B": b, "Bt": b.T.copy(), "s": np.array([[1.5]]), "c": g.random((m, 1))}
    fused, cpu = run(PRODUCTS, inputs, "gpu"), run(PRODUCTS, inputs, "cpu")
    assert devices(fused) == ["GPU"] and len(made) == copies
    for name in ("Y1", "Y2", "Y3", "Y4"):
        assert_same(fused.get(name), cpu.get(name), 1e-12, name)


@pytest.mark.parametrize("m, k, n", [(129, 131, 130), (128, 64, 132), (1, 300, 130)])
def test_a_device_with_more_workgroup_memory_takes_its_tiling(gpu64, monkeypatch, m, k, n):
    """Plans are made for WORKGROUP_STORAGE; a device whose workgroup memory holds a preferred tiling
    runs the product with that one (its WGSL made at dispatch), with the plan's text as it was: here
    plans for 16 KiB and lavapipe's 32 KiB (thin results keep their own tiling)."""
    monkeypatch.setattr(matmul_tiling, "WORKGROUP_STORAGE", 16384)
    monkeypatch.setitem(matmul_tiling.TILINGS, "f64", (matmul_tiling.Tiling(128, 128, 8, 4, 8, warp=2, pair=False,
                                                                            vec2=True, fetch=4, ahead=True),
                                                       matmul_tiling.Tiling(64, 64, 8, 4, 4, pair=False, vec2=True)))
    ran, product = [], fused_matmul.run_product
    monkeypatch.setattr(fused_matmul, "run_product", lambda provider, wgsl, *rest: ran.append(wgsl) or
                        product(provider, wgsl, *rest))
    g = np.random.default_rng(m + k + n)
    a, b = g.random((m, k)) - 0.5, g.random((k, n)) - 0.5
    inputs = {"A": a, "At": a.T.copy(), "B": b, "Bt": b.T.copy(), "s": np.array([[1.5]]), "c": g.random((m, 1))}
    fused, cpu = run(PRODUCTS, inputs, "gpu"), run(PRODUCTS, inputs, "cpu")
    assert devices(fused) == ["GPU"] and len(ran) == 4
    for name in ("Y1", "Y2", "Y3", "Y4"):
        assert_same(fused.get(name), cpu.get(name), 1e-12, name)
    planned = [g.wgsl for w in fused.fusion.reports() for g in w.groups]
    size = "@workgroup_size(32)" if m == 1 else "@workgroup_size(256)"
    assert all(size in text for text in planned)
    assert all(("@workgroup_size(32)" if m == 1 else "@workgroup_size(512)") in text for text in ran)


def test_plan_names_each_kind_with_its_kernels(gpu64):
    fused, _, _ = three_ways(CASES["gram_variable"][0], {"X": X})
    text = plan_text(fused.fusion.reports())
    assert "CenteredGram" in text and "mean transpose mtimes rdivide" in text
    (gram,) = [g for w in fused.fusion.reports() for g in w.groups if g.kind == "CenteredGram"]
    # X' and X are read in place along X's columns (300 rows: as vec4), centred by the column means;
    # the 67x67 product is one block, so k is split and a second entry point sums the splits
    assert gram.wgsl.count("@compute") == 3 and "in0[(kk + p.rn * i) / 4u] - f64(in1[i])" in gram.wgsl
    assert "fn finish(" in gram.wgsl
    assert "var<storage, read> in0: array<vec4<f64>>" in gram.wgsl


def test_a_diagonal_epilogue_computes_only_the_diagonal(gpu64):
    fused, _, _ = three_ways(CASES["diagonal"][0], CASES["diagonal"][1])
    (group,) = [g for w in fused.fusion.reports() for g in w.groups]
    assert group.ops == ["transpose", "mtimes", "times", "max", "plus", "diag"]
    assert "var<workgroup> tiles" not in group.wgsl and "fn term(o: u32, j: u32)" in group.wgsl


def test_a_product_whose_operand_follows_it_in_another_kernel_is_ordered(gpu64):
    code = "T = G .* 2;\nY = T * G;\nZ = Y + T;"
    fused, _, cpu = three_ways(code, {"G": G})
    assert devices(fused) == ["GPU"]
    assert kinds(fused) == ["ElementwiseChain", "ElementwiseChain", "MatmulEpilogue"]
    for name in "TYZ":
        assert_same(fused.get(name), cpu.get(name), 1e-12, name)


def test_times_by_a_scalar_of_unknown_size_still_fuses_elementwise(gpu64):
    fused, _, cpu = three_ways("n = size(X, 1);\ny = X * n;", {"X": X})
    assert devices(fused) == ["GPU"] and kinds(fused) == ["ElementwiseChain"]
    assert_same(fused.get("y"), cpu.get("y"), 0.0, "y")


def test_a_product_of_operands_of_unknown_size_is_found_at_run_time(gpu64):
    s = run("G = gpuArray(A);\nY = G * B + 1;\ncl = class(Y);\ny = gather(Y);", {"A": A, "B": B}, "gpu")
    assert "MatmulEpilogue" in kinds(s) and s.get("cl") == "gpuArray"
    assert_same(s.get("y"), A @ B + 1, 1e-12, "y")


@pytest.mark.parametrize("code", ["Y = A * B * A';", "Y = A * B * A' + 1;", "Y = (A * B) .* 2 * B';"])
def test_a_chain_of_products_of_operands_of_unknown_size(gpu64, code):
    """A product found at run time is not an elementwise epilogue of the product before it: ``A * B *
    A'`` with operands from a call gave the wrong matrix on the GPU (the second ``*`` ran as ``.*``)."""
    square = rng.random((40, 40))
    fused, _, cpu = three_ways("A = deal(P); B = deal(P');\n" + code, {"P": square})
    assert devices(fused)[-1] == "GPU" and kinds(fused).count("MatmulEpilogue") == 2
    assert_same(fused.get("Y"), cpu.get("Y"), 1e-12, "Y")


def test_products_the_kernels_do_not_take_run_on_the_cpu(gpu64):
    w = rng.random((300, 2)) + 1j
    fused, _, cpu = three_ways("y = X' * w;", {"X": X, "w": w})
    assert devices(fused) == ["CPU"] and "complex double" in fused.fusion.reports()[0].reason
    assert_same(fused.get("y"), cpu.get("y"), 0.0, "y")


def test_eps_of_a_class_is_a_constant_of_that_class(gpu):
    x = rng.random((40, 30)).astype(np.float32) - 0.5
    fused, _, cpu = three_ways("y = x ./ (abs(x) + eps('single'));\nz = diag(x');", {"x": x})
    assert devices(fused) == ["GPU"] and kinds(fused) == ["ElementwiseChain", "Layout", "Layout"]
    for name in "yz":
        assert_same(fused.get(name), cpu.get(name), 1e-6, name)


def test_regions_hold_transposes_diag_and_eps():
    text = Session(device="cpu").mir("x = ones(3);\ny = diag(x' * x) + eps;")
    assert "fusion region 0 [generator, layout, matmul, constant, elementwise]" in text
    assert "callname eps nargout=1" in text
