"""Plain rand drawn on the device from MATLAB's Mersenne Twister (engine/accel/mersenne.py) through
Session: where the VM lets a draw stay on the device, the numbers, and the generator afterwards, are the
CPU session's, bit for bit, whatever mix of device draws, host draws and rng calls the code makes
(tests/accel/test_mersenne.py checks the generator itself)."""
import numpy as np
import pytest

from engine import Session
from engine.accel import mersenne
from engine.accel import provider
from engine.accel.residency import GpuTensor


@pytest.fixture(autouse=True)
def small_draws(monkeypatch):
    """Device draws from 1000 values on, in chunks of 2048 words (several chunks per draw)."""
    monkeypatch.setenv("MATFUSE_DEVICE_RAND_MIN", "1000")
    monkeypatch.setattr(mersenne, "CHUNK_WORDS", 2048)


def run(s, code):
    r = s.execute(code)
    assert r.error is None, (code, r.error)
    return r


def same(a, b, name):
    if isinstance(a, dict):                      # rng's settings: Type, Seed, State
        assert a.keys() == b.keys(), name
        for key in a:
            same(a[key], b[key], f"{name}.{key}")
    else:
        np.testing.assert_array_equal(a, b, err_msg=name)


def both(code, names, device="gpu"):
    """Run ``code`` on the device and on the CPU; the device session and its values, which must be the
    CPU's exactly."""
    s, cpu = Session(device=device), Session(device="cpu")
    run(s, code)
    run(cpu, code)
    for name in names:
        same(s.get(name), cpu.get(name), name)
    return s


def on_device(s, name):
    """Whether ``name`` was drawn on the device (a window may also keep a host draw there: not this)."""
    value = s.device_workspace[name]
    return type(value) is GpuTensor and value.implicit and type(value.recipe) is mersenne.HostDraw


def test_the_matmul_cell_draws_on_the_device(gpu):
    s = both("rng(7); A = rand(60, 'single'); B = rand(60, 'single'); r = rand(1, 60, 'single');"
             "c = rand(60, 1, 'single'); C = max((A*B).*r + c, 0).^1.5; st = rng;",
             ["A", "B", "r", "c", "st"])
    assert on_device(s, "A") and on_device(s, "B")
    assert not on_device(s, "r")            # 60 values: the host draws them (after the device's)


def test_consecutive_draws_then_host_draws_and_rng(gpu):
    code = ("rng(11); a = rand(1500, 1); b = rand(3, 700); c = rand(999, 2); "
            "t = a + 1; u = b .* 2; v = c - 1; s1 = rng; x = rand(1, 5); y = rand(2000, 1, 'single'); w = y .* 3;"
            "rng(s1); z = rand(1, 5); k = randi(10, 1, 8); n = randn(1, 4); p = randperm(6);")
    s = both(code, ["a", "b", "c", "x", "y", "z", "k", "n", "p", "s1"])
    assert all(on_device(s, v) for v in "abcy")
    np.testing.assert_array_equal(s.get("x"), s.get("z"))


def test_draws_across_cells_and_rng_state(gpu):
    s, cpu = Session(device="gpu"), Session(device="cpu")
    cells = ["rng(3); big = rand(4000, 1); q = rand(4000, 1, 'single');",
             "m = big .* q; big2 = rand(1300, 1);",
             "st = rng; w = big(3); e = rand(2, 2);",
             "rng(st); f = rand(2, 2); rng('default'); g = rand(1, 3);"]
    for cell in cells:
        run(s, cell)
        run(cpu, cell)
    for name in ("big", "q", "big2", "w", "e", "f", "g", "st"):
        same(s.get(name), cpu.get(name), name)
    np.testing.assert_array_equal(s.get("e"), s.get("f"))
    np.testing.assert_allclose(s.get("g"), [[0.8147236863931789, 0.9057919370756192, 0.1269868162935061]])


def test_only_variables_that_windows_read_are_drawn_on_the_device(gpu):
    s = both("x = rand(3000, 1); y = x(3); z = rand(3000, 1); w = z .* 2; v = rand(3000, 1); v(2) = 0;",
             ["x", "y", "z", "w", "v"])
    assert on_device(s, "z") and not on_device(s, "x") and not on_device(s, "v")


def test_inside_a_function(gpu, tmp_path, monkeypatch):
    (tmp_path / "noisy.m").write_text("function [y, x] = noisy(n)\n  r = rand(n, 1);\n  y = sum(r .* 2);\n"
                                      "  x = rand(n, 1);\n  x = x + 1;\nend\n")
    monkeypatch.chdir(tmp_path)
    code = "rng(4); [y, x] = noisy(2500); a = rand(1, 3);"
    s = both(code, ["x", "a"])
    assert not on_device(s, "y")
    cpu = Session(device="cpu")
    run(cpu, code)                    # the sum of the device's draws, in the device's order
    np.testing.assert_allclose(s.get("y"), cpu.get("y"), rtol=1e-14)


def test_what_stays_on_the_host(gpu):
    """Complex and 'like' draws, small draws, and gpuArray draws (gpurng's Philox stream) are not
    MATLAB's host stream made on the device: they stay as they were."""
    s = both("rng(2); z = rand(2000, 1, 'like', 1i); w = z .* 2; h = rand(50, 1); hh = h .* 2;"
             "d = rand(2000, 1, 'like', single(1)); dd = d + 1; after = rand(1, 3);",
             ["z", "h", "d", "after"])
    assert not on_device(s, "z") and not on_device(s, "h") and on_device(s, "d")
    run(s, "gpurng(5); g = rand(2000, 1, 'gpuArray'); rng(2); x = rand(2000, 1); y = x .* 2;")
    run(s, "gpurng(5); g2 = rand(2000, 1, 'gpuArray'); rng(2); x2 = rand(2000, 1); same = isequal(g, g2);")
    assert s.get("same") is True or s.get("same") == 1
    np.testing.assert_array_equal(s.get("x"), s.get("x2"))


def test_the_cpu_policy_and_exact_flag(gpu, monkeypatch):
    s = both("rng(9); a = rand(3000, 1); b = a .* 2;", ["a", "b"], device="cpu")
    assert not on_device(s, "a")
    monkeypatch.setenv("MATFUSE_EXACT_RNG", "1")
    s = both("rng(9); a = rand(3000, 1); b = a .* 2;", ["a", "b"])
    assert on_device(s, "a")                 # the device's numbers are MATLAB's: the flag holds


def test_a_failed_compilation_draws_on_the_host(gpu, monkeypatch):
    provider.reset_provider()
    try:
        monkeypatch.setenv("MATFUSE_FAULTS", "compile:1")
        s = both("rng(12); a = rand(3000, 1, 'single'); b = a .* 2; c = rand(1, 4);", ["a", "b", "c"])
        assert not on_device(s, "a")
        assert any("injected" in reason for reason in provider.get_provider().fallbacks)
    finally:
        provider.reset_provider()


def test_the_residency_report_says_where_it_was_drawn(gpu):
    s = Session(device="gpu")
    run(s, "q = rand(2000, 1, 'single');")
    assert "drawn on the device" in s.fusion_report("residency")["text/plain"]
