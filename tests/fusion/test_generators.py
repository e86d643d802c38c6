"""Generators inside fused windows: linspace, colon ranges, zeros/ones/eye/true/false are computed by the
kernel from the element index (never uploaded). linspace and colon use the CPU's formulas with the same
operations in the same order, so fused, unfused and CPU values are bit-identical; so are the constant
generators. (Chains after them, exp/cos/..., are within the f64 library's 2 ulp, not bit-identical.)"""
import numpy as np
import pytest

from engine import Session
from engine.accel.fusion.report import plan_text

from fusion_helpers import devices, run, three_ways

INPUTS = {"a": np.arange(12.0).reshape(3, 4), "f": np.float32(2.5)}


def identical(code: str, names: tuple[str, ...] = ("x", "y"), fused_on_gpu: bool = True) -> Session:
    """Run ``code`` fused, unfused and on the CPU; the values of ``names`` are bit-identical."""
    fused, unfused, cpu = three_ways(code, INPUTS)
    assert devices(fused) == (["GPU"] if fused_on_gpu else ["CPU"]), fused.fusion.reports()
    for name in names:
        expected = cpu.get(name)
        for got in (fused.get(name), unfused.get(name)):
            assert got.dtype == expected.dtype and got.shape == expected.shape, (name, got, expected)
            np.testing.assert_array_equal(got, expected, err_msg=name)
    return fused


@pytest.mark.parametrize("args", ["0, 1, 5", "-3, 3, 4097", "5, -2, 7", "2, 2, 4", "0, 1, 1", "0, 1, 2",
                                  "0.1, 0.7, 13", "1e308, -1e308, 5", "0, 1e308, 5", "0, 1, 7.9"])
def test_linspace_is_bit_identical_to_the_cpu(gpu64, args):
    identical(f"x = linspace({args}); y = x .* 2;")


@pytest.mark.parametrize("rng", ["1:10", "10:-1:1", "0:0.1:1", "-3:0.25:3", "1:0.5:3.7", "0:1e-3:10",
                                 "0:0.1:0.3", "1.5:4"])
def test_colon_ranges_are_bit_identical_to_the_cpu(gpu64, rng):
    identical(f"x = {rng}; y = x .* 2;")


@pytest.mark.parametrize("rng", ["5:1", "1:-1:3", "1:0:3"])
def test_empty_ranges_follow_the_cpu(gpu64, rng):
    fused = identical(f"x = {rng}; y = x + 1;", fused_on_gpu=False)
    assert "empty or huge range" in fused.fusion.reports()[0].reason


@pytest.mark.parametrize("code", [
    "x = zeros(3, 4); y = x + a;", "x = ones(3, 4); y = a - x;", "x = zeros([2 3 4]); y = x + 1;",
    "x = eye(3, 4); y = x + a;", "x = eye(4, 3)'; y = x + a;", "x = true(3, 4); y = x & (a > 2);",
    "x = false(3); y = ~x;", "x = (1:3)' + (1:4); y = x .* a;"])
def test_constant_generators_in_double(gpu64, code):
    identical(code)


@pytest.mark.parametrize("code", [
    "x = ones(2, 3, 'single'); y = x .* f;", "x = zeros(5, 1, 'single'); y = x + f;",
    "y = ones(3, 4) .* f; x = y;",
    "x = linspace(single(0), single(1), 7); y = x .* f;", "x = single(0):single(0.1):single(1); y = x .* f;"])
def test_single_generators(gpu, code):
    if ("linspace" in code or ":" in code) and not gpu.f64:
        pytest.skip("linspace and colon are computed in double")
    fused = identical(code)
    assert fused.fusion.reports()[0].reason.endswith("single")


@pytest.mark.parametrize("code", ["y = zeros(2.5, 1) + 1;", "y = linspace(0, 1, NaN) + 1;",
                                  "y = ones(2, -1) + 1;", "y = (1:NaN) + 1;"])
def test_bad_sizes_give_the_cpus_answer_or_error(gpu64, code):
    fused, cpu = Session(device="gpu"), Session(device="cpu")
    got, expected = fused.execute(code), cpu.execute(code)
    assert devices(fused) == ["CPU"]
    assert str(got.error) == str(expected.error)
    if expected.error is None:
        np.testing.assert_array_equal(fused.get("y"), cpu.get("y"))


def test_a_range_only_an_index_reads_makes_no_window(gpu64):
    s = run("y = a(2, 1:3);", INPUTS, "gpu")
    assert devices(s) == []
    np.testing.assert_array_equal(s.get("y"), [[4.0, 5.0, 6.0]])


CHAIN = ("x = linspace(-3,3,2^12)'; u = exp(-x.^2/2).*cos(4*x); v = u.*u + 0.5*sin(x); w = tanh(v) - 0.25*u;\n"
         "r = sum(w);")


def test_the_chain_cell_is_one_window_that_uploads_nothing(gpu64):
    fused, unfused, cpu = three_ways(CHAIN, {})
    assert devices(fused) == ["GPU"]
    stats = fused.fusion.stats
    assert stats.bytes_uploaded == 0 and stats.uploads == 0
    assert "linspace" in plan_text(fused.fusion.reports())
    np.testing.assert_array_equal(fused.get("x"), cpu.get("x"))
    np.testing.assert_array_equal(unfused.get("x"), cpu.get("x"))
    for name in ("u", "v", "w", "r"):
        np.testing.assert_allclose(fused.get(name), cpu.get(name), rtol=1e-14, atol=1e-15)


def test_a_generator_alone_is_a_window(gpu64):
    fused = identical("x = linspace(-3,3,2^12)';", names=("x",))
    assert fused.fusion.stats.bytes_uploaded == 0


def test_a_stored_generator_is_read_later_in_the_cell_and_in_the_next_cell(gpu64):
    cells = ["x = linspace(0, 2, 1001)'; y = x .* 3; z = x(4:6); n = numel(x);", "w = x + 1; m = max(x);"]
    fused, cpu = Session(device="gpu"), Session(device="cpu")
    for cell in cells:
        assert fused.execute(cell).error is None and cpu.execute(cell).error is None
    for name in ("x", "y", "z", "n", "w", "m"):
        np.testing.assert_array_equal(fused.get(name), cpu.get(name), err_msg=name)
    assert fused.fusion.stats.windows_fused >= 1


def test_sizes_computed_in_the_cell_run_before_the_window(gpu64):
    fused = identical("k = 2; x = -k:0.5:k; y = x .* 2;")
    assert fused.fusion.stats.plan_misses == 1


@pytest.mark.parametrize("code", ["x = single(linspace(-3, 3, 4097))'; y = x .* 2;",
                                  "x = single(0:0.5:100); y = x .* 2;",
                                  "x = single(ones(3, 5)); y = x .* 2;",
                                  "x = single(eye(4)); y = x .* 2;",
                                  "x = single(true(2, 3)); y = x .* 2;",
                                  "x = double(ones(3, 'single')); y = x .* 2;"])
def test_a_cast_generator_is_made_in_its_class(gpu64, code):
    """single(linspace(...)): the generator is computed in f64 and rounded once, as the CPU does."""
    identical(code)


def test_a_single_range_of_a_double_end_point_single_cannot_hold_runs_on_the_cpu(gpu64):
    identical("x = single(0:0.1:1); y = x .* 2;", fused_on_gpu=False)
    s = Session(device="gpu")
    for a, where in ((0.1, "CPU"), (0.5, "GPU")):          # one plan: whether a holds exactly, per run
        s.set("a", np.array([[a]]))
        assert s.execute("x = single(linspace(a, 1, 5000))'; y = x .* 2;").error is None
        assert devices(s) == [where]
    np.testing.assert_array_equal(s.get("y"), np.float32(np.linspace(0.5, 1, 5000)).reshape(-1, 1) * 2)


def test_counts_past_2_to_the_24_are_exact_in_a_single_window(gpu64):
    """A single window holds a generator's count as u32 bits (a single float cannot hold 2^24 + 3)."""
    s = Session(device="gpu")
    n = 2 ** 24 + 4                  # single holds the end point: the range runs on the device
    assert s.execute(f"k = single(1:{n})'; m = max(k);").error is None
    assert devices(s) == ["GPU"] and s.get("m")[0, 0] == np.float32(n)
    assert s.get("k")[-1, 0] == np.float32(n) and s.get("k")[2 ** 24 + 1, 0] == np.float32(2 ** 24 + 2)
