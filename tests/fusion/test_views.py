"""Views inside fused windows: reshape, X(:), repmat, permute, meshgrid/ndgrid and concatenation are read
by the kernel from their operand at another index (views.py), so their values never exist on the host.
Data movement is exact: fused, unfused and CPU values are bit-identical; chains with transcendental
functions are within the f64 library's 2 ulp. What the CPU treats specially (sizes that do not match,
bad permutations, empty results) declines the plan and gives MATLAB's answer or error."""
import numpy as np
import pytest

from engine import Session
from engine.accel import provider

from fusion_helpers import check_case, devices, run, three_ways

rng = np.random.default_rng(5)
X = rng.integers(-8, 9, (6, 4)).astype(float) / 4       # exact under + - * by small integers
T = rng.integers(-8, 9, (3, 4, 2)).astype(float)
R, C = rng.integers(0, 9, (1, 5)).astype(float), rng.integers(0, 9, (7, 1)).astype(float)
INPUTS = {"x": X, "t": T, "r": R, "c": C}

EXACT = {
    "reshape": "y = reshape(x .* 2, 12, []);\nz = reshape(x + 1, [4 3 2]);\nw = reshape(x - 1, 2, 3, 4) .* 2;\n"
               "v = reshape(t .* 2, [], 4) + 1;",
    "colon_all": "y = x(:) .* 2;\nz = t(:) - x(1);\nw = (x(:) + 1)';",
    "repmat": "y = repmat(x .* 2, 2, 3);\nz = repmat(r + 1, [4 1]);\nw = repmat(c .* 2, 1, 2, 2);\n"
              "v = repmat(t - 1, 2);",
    "permute": "y = permute(t .* 2, [3 1 2]);\nz = permute(x + 1, [2 1]);\nw = permute(x .* 3, [3 2 1]);\n"
               "v = permute(t - 1, [2 1 3]) + 1;",
    "grids": "[gx, gy] = meshgrid(r .* 2, c + 1);\n[hx, hy, hz] = ndgrid(c, r .* 2, c - 1);\nm = meshgrid(r + 1);\n"
             "[px, py, pz] = meshgrid(r, c .* 2, r - 1);",
    "cat": "y = [x .* 2, x];\nz = [x; x + 1];\nw = [x, x .* 2; x - 1, x];\nq = cat(3, x .* 2, x);\n"
           "h = horzcat(x, x .* 2, x);\nv = vertcat(c .* 2, 0, c);",
    "logical": "y = reshape(x > 0.5, 4, 6);\nz = [x > 0.2, x < 0.7];\nw = repmat(x > 0.5, 1, 2);\n"
               "q = [x > 0.5, x];",
    "size_rows": "m = 4; n = 6;\ny = reshape(x .* 2, [m n]);\nz = repmat(x + 1, [1 m]) + zeros([6, 4 * m]);",
    "nested": "y = reshape(permute(repmat(x .* 2, 1, 2), [2 1]), 1, []) + [x(:); x(:)]';\n"
              "z = [reshape(x + 1, 4, 6), repmat(c(1:4) .* 2, 1, 2)];",
}


def names_of(code: str) -> list[str]:
    found = []
    for line in code.splitlines():
        lhs = line.split("=")[0].strip("[] ")
        found += [n.strip() for n in lhs.split(",") if n.strip()]
    return found


@pytest.mark.parametrize("single", [False, True], ids=["double", "single"])
@pytest.mark.parametrize("case", sorted(EXACT))
def test_views_move_data_exactly(gpu, case, single):
    if not single and not gpu.f64:
        pytest.skip("the adapter has no shader-f64")
    inputs = {k: v.astype(np.float32) for k, v in INPUTS.items()} if single else INPUTS
    fused, unfused, cpu = three_ways(EXACT[case], inputs)
    assert "GPU" in devices(fused) and devices(unfused) == [] and devices(cpu) == [], fused.fusion.reports()
    for name in names_of(EXACT[case]):
        expected = cpu.get(name)
        for got in (fused.get(name), unfused.get(name)):
            assert got.dtype == expected.dtype and got.shape == expected.shape, (name, got, expected)
            np.testing.assert_array_equal(got, expected, err_msg=name)


TOLERANCE = {
    "reductions": ("a = sum(reshape(x .* 2, 4, 6), 2);\nb = max(permute(t, [2 3 1]), [], 3);\n"
                   "m = mean(repmat(x, 2, 1), 'all');\nd = sum([x, x .* 2] .^ 2);\ne = std(x(:));",
                   INPUTS, ["a", "b", "m", "d", "e"]),
    "math": ("y = reshape(sin(x), 4, 6) + 1;\n[gx, gy] = meshgrid(exp(r / 8), cos(c));\n"
             "z = sqrt(gx.^2 + gy.^2);\nw = [tanh(x); x .^ 3] ./ 2;", INPUTS, ["y", "gx", "gy", "z", "w"]),
    "read_not_recomputed": ("u = exp(x);\ns = sum(u, 2);\nz = u ./ s;\nw = u .* 2;\nm = max(z(:));\n"
                            "A = reshape(sin(t), 6, 4);\nB = A .* sum(A);\n[p, i] = max(A);",
                            INPUTS, ["u", "s", "z", "w", "m", "A", "B", "p", "i"]),
}


@pytest.mark.parametrize("single", [False, True], ids=["double", "single"])
@pytest.mark.parametrize("case", sorted(TOLERANCE))
def test_views_in_chains_and_reductions(gpu, case, single):
    check_case(gpu, TOLERANCE[case], single, 2e-5)


BENCHMARK = ("X = reshape(sin((1:{n}^2)'), {n}, {n}); a = sum(X(:).^2); b = mean(abs(X(:))); c = max(X(:)); "
             "d = std(X(:));")


def test_the_reductions_cell_is_one_window_with_no_transfers(gpu64):
    code = BENCHMARK.format(n=96)
    fused, cpu = run(code, {}, "gpu"), run(code, {}, "cpu")
    assert devices(fused) == ["GPU"]
    stats = fused.fusion.stats
    assert (stats.uploads, stats.downloads, stats.bytes_uploaded, stats.bytes_downloaded) == (0, 0, 0, 0)
    assert "reshape" in fused.fusion_report("plan")["text/plain"]
    groups = fused.fusion.reports()[0].groups             # the sine once: the reductions read X
    assert groups[0].kind == "ElementwiseChain" and "sin" in groups[0].ops
    assert all("sin" not in g.ops for g in groups[1:])
    np.testing.assert_array_max_ulp(fused.get("X"), cpu.get("X"), maxulp=2)
    for name in "abcd":
        np.testing.assert_allclose(fused.get(name), cpu.get(name), rtol=1e-13, err_msg=name)


def test_a_resident_variable_is_read_through_its_view_in_the_next_cell(gpu64):
    cells = ["X = reshape(sin((1:4096)'), 64, 64) .* 2;", "a = sum(X(:) .^ 2); Y = X(:)'; Z = [X, X .* 2];"]
    fused, cpu = Session(device="gpu"), Session(device="cpu")
    for s in (fused, cpu):
        assert s.execute(cells[0]).error is None
    fused.fusion.stats.__init__()
    for s in (fused, cpu):
        assert s.execute(cells[1]).error is None
    stats = fused.fusion.stats
    assert devices(fused) == ["GPU"] and (stats.uploads, stats.downloads) == (0, 0)
    for name in "aYZ":
        np.testing.assert_allclose(fused.get(name), cpu.get(name), rtol=1e-13, err_msg=name)


def test_a_function_argument_read_as_a_column(gpu64):
    fn = "function y = f(X)\n  y = sum(X(:) .^ 2) + sum(reshape(X, 2, []), 2)';\nend\n"
    fused, cpu = Session(device="gpu"), Session(device="cpu")
    for s in (fused, cpu):
        s.execute(fn)
        s.set("X", X)
        assert s.execute("y = f(X);").error is None
    assert "GPU" in devices(fused)
    np.testing.assert_allclose(fused.get("y"), cpu.get("y"), rtol=1e-14)


@pytest.mark.parametrize("code", [
    "y = reshape(x .* 2, 5, 5);", "y = reshape(x .* 2, [], 5);", "y = reshape(x .* 2, [], []);",
    "y = reshape(x .* 2, -1, 24);", "y = reshape(x .* 2, [24 1 1 1]);",
    "y = permute(x .* 2, [1 1]);", "y = permute(t .* 2, [2 1]);", "y = permute(x .* 2, [2 1 3]);",
    "y = [x .* 2; c];", "y = [x .* 2, zeros(6, 0)];", "y = cat(3, x .* 2, c);",
    "y = repmat(x .* 2, 0, 2);", "y = repmat(x .* 2, 1.5, 2);", "y = repmat(x .* 2, -1, 2);",
    "[a, b] = meshgrid(r .* 2, zeros(1, 0));", "y = reshape(x .* 2, 4, 6.5);"])
def test_what_the_cpu_treats_specially_gives_its_answer_or_error(gpu64, code):
    fused, cpu = Session(device="gpu"), Session(device="cpu")
    for s in (fused, cpu):
        for name, value in INPUTS.items():
            s.set(name, value)
    got, expected = fused.execute(code), cpu.execute(code)
    assert str(got.error) == str(expected.error)
    assert devices(fused)[-1] == ("GPU" if "[24 1 1 1]" in code or "[2 1 3]" in code else "CPU")
    if expected.error is None:
        for name in names_of(code):
            a, b = fused.get(name), cpu.get(name)
            assert a.shape == b.shape and a.dtype == b.dtype
            np.testing.assert_array_equal(a, b)


def test_views_of_host_arrays_alone_stay_on_the_host(gpu64):
    s = run("y = reshape(x, 4, 6); z = [x, x]; w = x(:);", INPUTS, "gpu")
    assert devices(s) == ["CPU"] and "views of host arrays" in s.fusion.reports()[0].reason
    np.testing.assert_array_equal(s.get("w"), X.reshape(-1, 1, order="F"))


def test_a_stored_draw_through_a_view_keeps_rngs_numbers(gpu64):
    code = "rng(4); A = reshape(rand(12, 1), 3, 4); B = [rand(2), rand(2)];"
    fused, cpu = run(code, {}, "gpu"), run(code, {}, "cpu")
    for name in "AB":
        np.testing.assert_array_equal(fused.get(name), cpu.get(name))


def test_unused_grids_are_not_made(gpu64):
    fused, _, cpu = three_ways("[gx, ~] = meshgrid(r .* 2, c);\n[~, hy] = ndgrid(c, r + 1);", INPUTS)
    assert devices(fused) == ["GPU"]
    for name in ("gx", "hy"):
        np.testing.assert_array_equal(fused.get(name), cpu.get(name))


def test_regions_hold_views_but_not_rows_of_scalars():
    s = Session(device="cpu")
    s.set("x", X)
    assert "[elementwise, view]" in s.mir("y = reshape(x .* 2, 4, []);")
    literal = s.mir("y = reshape(x .* 2, [3 8]);")                      # a literal size: one window
    assert literal.count("fusion region") == 1 and "literal, view]" in literal
    assert "view" in s.mir("z = [x .* 2, x];") and "view" in s.mir("w = sum(x(:));")
    assert "fusion region" not in s.mir("n = 2; m = 3; z = [n m];")
    rows = s.mir("n = 2; m = 12; y = reshape(x .* 2, [n m]);")            # a row of sizes: one window
    assert rows.count("fusion region") == 1 and "literal, view]" in rows
    assert "fusion region" not in s.mir("v = []; for k = 1:3, v = [v, k]; end")


@pytest.fixture
def fresh_device(gpu64):
    yield gpu64
    provider.reset_provider()


def test_values_made_through_views_survive_a_lost_device(fresh_device, monkeypatch):
    """Outputs only on the device are recomputed on the host from their recipes (recipe.py), which
    replay X(:) of a variable read by name and [A, B] too."""
    cells = ["X = reshape(sin((1:4096)'), 64, 64) .* 2;", "Y = X(:) .* 3; Z = [X; X + 1]; q = sum(X(:));"]
    s, cpu = Session(device="gpu"), Session(device="cpu")
    for cell in cells:
        assert s.execute(cell).error is None and cpu.execute(cell).error is None
    monkeypatch.setenv("MATFUSE_FAULTS", "lose")
    assert s.execute("t = sum(Y + 1);").error is None and cpu.execute("t = sum(Y + 1);").error is None
    for name in "XYZqt":
        np.testing.assert_allclose(s.get(name), cpu.get(name), rtol=1e-13, err_msg=name)
    assert fresh_device.lost


def test_a_reshaped_input_shares_its_buffer(gpu64):
    s = Session(device="gpu")
    assert s.execute("X = reshape(sin((1:4096)'), 64, 64) .* 2;").error is None
    s.fusion.stats.__init__()
    assert s.execute("Y = X(:); Z = reshape(X, 32, []); G = gpuArray(X); V = G(:);").error is None
    (window, gpu_window) = s.fusion.reports()
    assert [g.kind for g in window.groups] == ["Alias", "Alias"] and s.fusion.stats.dispatches == 0
    assert s.device_workspace["Y"].storage is s.device_workspace["Z"].storage       # X's buffer
    x = s.get("X")
    np.testing.assert_array_equal(s.get("Y"), x.reshape(-1, 1, order="F"))
    np.testing.assert_array_equal(s.get("Z"), x.reshape(32, -1, order="F"))
    np.testing.assert_array_equal(s.get("V"), x.reshape(-1, 1, order="F"))


def test_second_outputs_survive_a_lost_device(fresh_device, monkeypatch):
    """Every output of a window is a MIR temporary (the second output of std, max, meshgrid too), so a
    recipe replays it."""
    code = "[q, mu] = std(x .* 2); [m, i] = max(x - 0.5, [], 2); [gx, gy] = meshgrid(r .* 2, c);"
    s, cpu = run(code, INPUTS, "gpu"), run(code, INPUTS, "cpu")
    assert devices(s) == ["GPU"]
    monkeypatch.setenv("MATFUSE_FAULTS", "lose")
    assert s.execute("t = 1;").error is None
    for name in ("q", "mu", "m", "i", "gx", "gy"):
        np.testing.assert_allclose(s.get(name), cpu.get(name), rtol=1e-13, err_msg=name)
    assert fresh_device.lost
